/// The growing bytes of a `JSONWriter`: raw appends without per-byte
/// bounds, uniqueness or capacity bookkeeping beyond one check per append.
final class OutputBuffer {
  private(set) var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// A copy with the same contents, for a writer that was copied.
  func copy() -> OutputBuffer {
    let copy = OutputBuffer(capacity: capacity)
    copy.start.initialize(from: start, count: count)
    copy.count = count
    return copy
  }

  var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

  @inline(__always)
  func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    start[count] = byte
    count += 1
  }

  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(to: count + bytes.count) }
    (start + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  private func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    larger.moveInitialize(from: start, count: count)
    start.deallocate()
    start = larger
    capacity = newCapacity
  }
}
