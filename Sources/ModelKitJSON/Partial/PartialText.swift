/// The bytes of a JSON text that is still arriving, kept for the
/// snapshots taken of it.
///
/// Append-only: bytes below `count` never change once written, so a
/// snapshot holds the storage and the count it saw, and the reader writes
/// on past it (from another thread, too: they touch different bytes).
/// When the storage is full the reader moves to a larger one and the
/// snapshots keep the old one alive; the copies double, so appending costs
/// O(1) a byte, amortised.
package final class PartialText: @unchecked Sendable {
  // Unchecked: `bytes` below any `count` a snapshot was given is never
  // written again; the one writer (the reader) only writes past it.

  /// The storage; the first `count` bytes are the text.
  package let bytes: UnsafeMutablePointer<UInt8>
  let capacity: Int
  /// How many bytes are written (read and written by the reader only).
  var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    bytes = .allocate(capacity: capacity)
  }

  deinit { bytes.deallocate() }

  /// `self`, or a larger copy when `extra` more bytes do not fit.
  func reserving(_ extra: Int) -> PartialText {
    guard count + extra > capacity else { return self }
    let larger = PartialText(capacity: max(capacity * 2, count + extra, 256))
    larger.bytes.update(from: bytes, count: count)
    larger.count = count
    return larger
  }

  /// Appends `source` (room reserved by `reserving`).
  func append(_ source: UnsafeRawBufferPointer) {
    guard let base = source.baseAddress else { return }
    UnsafeMutableRawPointer(bytes + count).copyMemory(from: base, byteCount: source.count)
    count += source.count
  }
}
