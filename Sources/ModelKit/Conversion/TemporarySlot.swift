/// Runs `body` with uninitialised room for one `Value`, on the stack; `body`
/// leaves it uninitialised again.
///
/// `withUnsafeTemporaryAllocation` does the same, but hands `body`'s answer
/// back through a `Result<Answer, Failure>`, whose metadata code not compiled
/// for `Answer` looks up on every call (some 330 instructions: 9,000 times
/// in a Codable decode of citm.json). Here a value of up to
/// `TemporarySlotBytes`' size and alignment lives in a buffer of the
/// caller's frame, which costs no lookup; a larger one in a buffer four
/// times the size in a frame of its own (a top-level model of thirty
/// fields: zeroing the buffer costs under a quarter of the lookup); a
/// larger one still takes `withUnsafeTemporaryAllocation`.
@inline(__always)
func withTemporarySlot<Value, Answer, Failure: Error>(
  for type: Value.Type, _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Answer
) throws(Failure) -> Answer {
  guard fits(Value.self, in: TemporarySlotBytes.self) else { return try withLargerSlot(for: type, body) }
  var bytes = TemporarySlotBytes()
  return try withUnsafeMutableBytes(of: &bytes) { (raw) throws(Failure) in
    // Bound to `Value` for `body` only, then to the words again (Internals.md §11).
    defer { raw.bindMemory(to: UInt64.self) }
    return try body(raw.baseAddress!.bindMemory(to: Value.self, capacity: 1))
  }
}

/// `withTemporarySlot` for a value too large for its buffer: in
/// `LargerSlotBytes` when it fits them, else in an allocation. Apart, so
/// that the larger buffer is not zeroed at the start of every caller.
@inline(never)
private func withLargerSlot<Value, Answer, Failure: Error>(
  for type: Value.Type, _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Answer
) throws(Failure) -> Answer {
  guard fits(Value.self, in: LargerSlotBytes.self) else { return try withAllocatedSlot(for: type, body) }
  var bytes = LargerSlotBytes()
  return try withSlot(inLarger: &bytes, for: type, body)
}

/// Whether a `Value` fits a buffer of `Buffer`'s size and alignment.
@inline(__always)
private func fits<Value, Buffer>(_ value: Value.Type, in buffer: Buffer.Type) -> Bool {
  MemoryLayout<Value>.size <= MemoryLayout<Buffer>.size
    && MemoryLayout<Value>.alignment <= MemoryLayout<Buffer>.alignment
}

/// `withTemporarySlot` for a value too large for either buffer. Apart, so
/// that its `Result` metadata is looked up here only: inlined, it would be
/// looked up at the start of its caller.
@inline(never)
private func withAllocatedSlot<Value, Answer, Failure: Error>(
  for type: Value.Type, _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Answer
) throws(Failure) -> Answer {
  try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { (slot) throws(Failure) in
    try body(slot.baseAddress!)
  }
}

/// Runs `body` with the bytes of `buffer`, a `LargerSlotBytes`, as room
/// for one `Value` (which fits them): bound to `Value` for `body` only,
/// then to words again (Internals.md §11). The buffer comes as a pointer
/// argument (`&buffer`, valid for this call): through
/// `withUnsafeMutableBytes`, here in a function not compiled for `Answer`,
/// an outlined copy looked up the `Result` metadata this file avoids.
@inline(__always)
private func withSlot<Value, Answer, Failure: Error>(
  inLarger buffer: UnsafeMutableRawPointer, for type: Value.Type,
  _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Answer
) throws(Failure) -> Answer {
  defer {
    buffer.bindMemory(to: UInt64.self, capacity: MemoryLayout<LargerSlotBytes>.size / MemoryLayout<UInt64>.size)
  }
  return try body(buffer.bindMemory(to: Value.self, capacity: 1))
}

/// The room `withTemporarySlot` keeps in the caller's frame: 256 bytes,
/// aligned as a `UInt64` (a model of a dozen strings fits).
struct TemporarySlotBytes {
  private var words: (
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64
  ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}

/// The room `withTemporarySlot` takes for a value larger than
/// `TemporarySlotBytes`: 1,024 bytes, aligned as a `UInt64`.
struct LargerSlotBytes {
  private var quarters = (TemporarySlotBytes(), TemporarySlotBytes(), TemporarySlotBytes(), TemporarySlotBytes())
}
