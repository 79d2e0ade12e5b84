/// The runtime's kind for enums (`MetadataKind::Enum`, a stable ABI value).
let runtimeEnumKind: UInt = 0x201

/// Every case of `type` in declaration order, when it is an enum whose cases
/// carry no payload (as every enum with raw values is), stored in at most
/// two bytes; nil for anything else. Relies on invariant 9 of
/// Documentation/Internals.md (a payload-free enum is its case's index).
func payloadFreeEnumCases<Value>(of type: Value.Type) -> [Value]? {
  switch payloadFreeEnumWidth(of: type) {
  case 0:
    // One case, and no bytes to read: any address holds it.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { buffer in
      [UnsafeRawPointer(buffer.baseAddress!).load(as: Value.self)]
    }
  case 1: return cases(of: type, tags: UInt8.self)
  case 2: return cases(of: type, tags: UInt16.self)
  default: return nil
  }
}

/// How many bytes hold `type`'s values (0, 1 or 2), when it is an enum
/// whose cases carry no payload, so that a value's bytes are its case's
/// index (invariant 9 of Documentation/Internals.md); nil for anything else.
func payloadFreeEnumWidth<Value>(of type: Value.Type) -> Int? {
  guard runtimeMetadataKind(type) == runtimeEnumKind else { return nil }
  let size = MemoryLayout<Value>.size
  guard size <= 2, MemoryLayout<Value?>.size == max(size, 1) || size == 0 else { return nil }
  return size
}

/// The cases of a payload-free enum stored in a `Tag`: the indices before
/// the first one an optional reads as `nil`.
private func cases<Value, Tag: FixedWidthInteger & UnsignedInteger>(of type: Value.Type, tags: Tag.Type) -> [Value] {
  var found: [Value] = []
  var tag = Tag.zero
  while true {
    let value = withUnsafeBytes(of: tag) { $0.load(as: Value?.self) }
    guard let value else { return found }
    found.append(value)
    guard tag < Tag.max else { return found }
    tag += 1
  }
}
