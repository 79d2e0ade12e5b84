/// Runs `body` with uninitialised room for one `Value`, on the stack; `body`
/// leaves it uninitialised again.
///
/// `withUnsafeTemporaryAllocation` does the same, but hands `body`'s answer
/// back through a `Result<Answer, Failure>`, whose metadata code not compiled
/// for `Answer` looks up on every call (some 330 instructions: 9,000 times
/// in a Codable decode of citm.json). Here a value of up to
/// `TemporarySlotBytes`' size and alignment lives in a buffer of the
/// caller's frame, which costs no lookup; a larger one takes
/// `withUnsafeTemporaryAllocation`.
@inline(__always)
func withTemporarySlot<Value, Answer, Failure: Error>(
  for type: Value.Type, _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Answer
) throws(Failure) -> Answer {
  guard MemoryLayout<Value>.size <= MemoryLayout<TemporarySlotBytes>.size,
    MemoryLayout<Value>.alignment <= MemoryLayout<TemporarySlotBytes>.alignment
  else {
    return try withAllocatedSlot(for: type, body)
  }
  var bytes = TemporarySlotBytes()
  return try withUnsafeMutableBytes(of: &bytes) { (raw) throws(Failure) in
    // Bound to `Value` for `body` only, then to the words again (Internals.md §11).
    defer { raw.bindMemory(to: UInt64.self) }
    return try body(raw.baseAddress!.bindMemory(to: Value.self, capacity: 1))
  }
}

/// `withTemporarySlot` for a value too large for its buffer. Apart, so
/// that its `Result` metadata is looked up here only: inlined, it would be
/// looked up at the start of every caller.
@inline(never)
private func withAllocatedSlot<Value, Answer, Failure: Error>(
  for type: Value.Type, _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Answer
) throws(Failure) -> Answer {
  try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { (slot) throws(Failure) in
    try body(slot.baseAddress!)
  }
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
