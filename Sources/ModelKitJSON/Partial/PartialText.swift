/// The bytes of a JSON text that is still arriving, kept for the
/// snapshots taken of it.
///
/// Append-only: bytes below `count` never change once written, so a
/// snapshot holds the storage and the count it saw, and the reader writes
/// on past it (from another thread, too: they touch different bytes).
/// When the storage is full the reader moves to a larger one and the
/// snapshots keep the old one alive; the copies double, so appending costs
/// O(1) a byte, amortised.
@usableFromInline package final class PartialText: @unchecked Sendable {
  // Unchecked: `bytes` below any `count` a snapshot was given is never
  // written again; the one writer (the reader) only writes past it.

  /// The storage; the first `count` bytes are the text.
  @usableFromInline package let bytes: UnsafeMutablePointer<UInt8>
  @usableFromInline let capacity: Int
  /// How many bytes are written (read and written by the reader only).
  @usableFromInline @exclusivity(unchecked) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    bytes = .allocate(capacity: capacity)
  }

  deinit { bytes.deallocate() }

  /// A larger copy, with room for `extra` more bytes at least.
  func moved(reserving extra: Int) -> PartialText {
    let larger = PartialText(capacity: max(capacity * 2, count + extra, 256))
    larger.bytes.update(from: bytes, count: count)
    larger.count = count
    return larger
  }

  /// Appends `byte` when there is room for it; false, appending nothing, otherwise.
  @inlinable @inline(__always)
  func append(_ byte: UInt8) -> Bool {
    guard count < capacity else { return false }
    bytes[count] = byte
    count += 1
    return true
  }

  /// Appends `source` when it is short (a few bytes), there is room for
  /// it, and `accepts` every byte of it; false, appending nothing, otherwise.
  @inline(__always)
  func append(_ source: UnsafeRawBufferPointer, ifEvery accepts: (UInt8) -> Bool) -> Bool {
    guard source.count <= 8, count + source.count <= capacity else { return false }
    for offset in 0..<source.count {
      let byte = source[offset]
      guard accepts(byte) else { return false }
      bytes[count + offset] = byte
    }
    count += source.count
    return true
  }

  /// Appends `source`, for which there is room.
  @inline(__always)
  func append(_ source: UnsafeRawBufferPointer) {
    guard let base = source.baseAddress else { return }
    if source.count < 16 {
      // A call of `memmove` costs more than a few bytes copied here (1-byte chunks).
      for offset in 0..<source.count { bytes[count + offset] = base.load(fromByteOffset: offset, as: UInt8.self) }
    } else {
      UnsafeMutableRawPointer(bytes + count).copyMemory(from: base, byteCount: source.count)
    }
    count += source.count
  }
}
