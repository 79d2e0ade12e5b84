import ModelKitJSON

/// A scalar a container is given. Each container writes every scalar in
/// one place (`put`), into the stream or into its node.
enum EncodedScalar {
  case null
  case bool(Bool)
  case string(String)
  case int(Int64)
  case uint(UInt64)
  /// Finite, or inside a model (where a non-finite element is `null`).
  case double(Double)
  /// The 128-bit widths.
  case digits(JSONNumber)
}

struct EncodingObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ValueEncoder
  let target: EncodingTarget
  /// The encoder's key mapping, kept at hand for every key.
  private let mapping: [String: [String]]?
  /// Whether the call's key strategy converts this object's keys.
  private let convertsKeys: Bool
  /// The encoder's stream, held here: calls on a stored reference of the
  /// container's own cost nothing, where one reached through the encoder
  /// costs a retain and a release each.
  private let encoding: EncodingStream

  init(encoder: ValueEncoder, target: EncodingTarget) {
    self.encoder = encoder
    self.target = target
    encoding = encoder.encoding
    mapping = encoder.mapping
    convertsKeys = encoder.encoding.call.keyStrategy != nil && !encoder.keysAsTheyAre
  }

  var codingPath: [any CodingKey] { encoder.codingPath }

  /// The JSON key for `key`: the first segment of its mapping, else
  /// converted by the key strategy.
  private func name(_ key: Key) -> String {
    if let mapped = mapping?[key.stringValue]?.first { return mapped }
    guard convertsKeys else { return key.stringValue }
    return encoding.call.jsonKey(key.stringValue, codingPath: codingPath)
  }

  /// Enters this object's frame and writes `key`, once.
  private func start(_ key: Key, in frame: Int) throws {
    try encoding.enter(frame)
    var name = name(key)
    try encoding.writeKey(&name)
  }

  /// The node for `key` in `node`: at its mapped key path, or a new member.
  private func member(_ key: Key, of node: EncodedNode) -> EncodedNode {
    guard let path = mapping?[key.stringValue] else { return node.appendMember(name(key)) }
    return path.reduce(node) { $0.member($1) }
  }

  /// The node of a nested container at `key`: the one opened there before, if any, as in `JSONEncoder`.
  private func containerMember(_ key: Key, of node: EncodedNode) -> EncodedNode {
    guard let path = mapping?[key.stringValue] else { return node.member(name(key)) }
    return path.reduce(node) { $0.member($1) }
  }

  @inline(__always)
  private func put(_ scalar: EncodedScalar, forKey key: Key) throws {
    switch target {
    case .frame(let frame):
      try start(key, in: frame)
      encoding.write(scalar)
    case .node(let node):
      let item = EncodedNode.Item(scalar)
      if let path = mapping?[key.stringValue], let last = path.last {
        path.dropLast().reduce(node) { $0.member($1) }.append(item, forKey: last)
      } else {
        node.append(item, forKey: name(key))
      }
    }
  }

  mutating func encodeNil(forKey key: Key) throws { try put(.null, forKey: key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try put(.bool(value), forKey: key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try put(.string(value), forKey: key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try put(.int(Int64(value)), forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try put(.int(value), forKey: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(.uint(value), forKey: key) }

  /// A non-finite number as the coder's strategy says (inside a model: left out).
  mutating func encode(_ value: Double, forKey key: Key) throws {
    if value.isFinite { return try put(.double(value), forKey: key) }
    guard encoding.call.rules.writesOmittedValues else {
      if case .frame(let frame) = target { try encoding.enter(frame) }
      return
    }
    try put(encoding.nonFinite(value, at: encoder.path(appending: key)), forKey: key)
  }

  /// Writes an integer's digits at `key` (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger, forKey key: Key) throws {
    try put(.digits(JSONNumber(value)), forKey: key)
  }

  // Written out, not left to the protocol's generic defaults, which cost
  // several indirect calls per optional field.

  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    switch target {
    case .frame(let frame):
      try encoding.enter(frame)
      let name = name(key)
      try encoding.noteKey(name)
      let slot = encoding.openSlot(key: name, needsNull: false)
      try encoding.encode(value, slot: slot, parent: encoder, key: .codingKey(key))
    case .node(let node):
      try encoding.encode(value, into: member(key, of: node), parent: encoder, key: .codingKey(key))
    }
  }

  /// A nested object or array at `key`, and an encoder for its coding path.
  private func nested(_ key: Key, object: Bool) -> (ValueEncoder, EncodingTarget) {
    let nestedTarget: EncodingTarget
    switch target {
    case .frame(let frame):
      nestedTarget = (try? start(key, in: frame)) != nil ? .frame(encoding.open(object: object)) : .frame(0)
    case .node(let node):
      let member = containerMember(key, of: node)
      if object { member.makeObject() } else { member.makeArray() }
      nestedTarget = .node(member)
    }
    return (ValueEncoder(encoding: encoding, destination: .slot(0), parent: encoder, key: .codingKey(key)), nestedTarget)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let (child, nestedTarget) = nested(key, object: true)
    return KeyedEncodingContainer(EncodingObjectContainer<NestedKey>(encoder: child, target: nestedTarget))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let (child, nestedTarget) = nested(key, object: false)
    return EncodingArrayContainer(encoder: child, target: nestedTarget)
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(named: "super", key: .codingKey(AnyKey("super"))) { $0.member("super") }
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: name(key), key: .codingKey(key)) { member(key, of: $0) }
  }

  /// An encoder for a value at `name` (in a tree: at the node `member` gives),
  /// written when (and if) it begins.
  private func superEncoder(
    named name: String, key: CodingPathNode.Key, member: (EncodedNode) -> EncodedNode
  ) -> any Encoder {
    switch target {
    case .frame(let frame):
      let entered = encoding.tryEnter(frame) && (try? encoding.noteKey(name)) != nil
      let slot = entered ? encoding.openSlot(key: name, needsNull: false) : 0
      return ValueEncoder(encoding: encoding, destination: .slot(slot), parent: encoder, key: key)
    case .node(let node):
      return ValueEncoder(encoding: encoding, destination: .node(member(node)), parent: encoder, key: key)
    }
  }
}

struct EncodingArrayContainer: UnkeyedEncodingContainer {
  let encoder: ValueEncoder
  let target: EncodingTarget
  /// The elements written into the stream so far.
  private var streamed = 0
  /// The encoder's stream, held here: calls on a stored reference of the
  /// container's own cost nothing, where one reached through the encoder
  /// costs a retain and a release each.
  private let encoding: EncodingStream

  init(encoder: ValueEncoder, target: EncodingTarget) {
    self.encoder = encoder
    self.target = target
    encoding = encoder.encoding
  }

  var codingPath: [any CodingKey] { encoder.codingPath }

  var count: Int {
    if case .node(let node) = target { return node.elementCount }
    return streamed
  }

  /// Enters this array's frame for one more element; returns its index.
  private mutating func start(in frame: Int) throws -> Int {
    try encoding.enter(frame)
    streamed += 1
    return streamed - 1
  }

  @inline(__always)
  private mutating func put(_ scalar: EncodedScalar) throws {
    switch target {
    case .frame(let frame):
      _ = try start(in: frame)
      encoding.write(scalar)
    case .node(let node):
      node.append(EncodedNode.Item(scalar))
    }
  }

  mutating func encodeNil() throws { try put(.null) }
  mutating func encode(_ value: Bool) throws { try put(.bool(value)) }
  mutating func encode(_ value: String) throws { try put(.string(value)) }
  mutating func encode(_ value: Int) throws { try put(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { try put(.int(value)) }
  mutating func encode(_ value: UInt64) throws { try put(.uint(value)) }

  /// A non-finite number as the coder's strategy says (inside a model: `null`).
  mutating func encode(_ value: Double) throws {
    guard value.isFinite || !encoding.call.rules.writesOmittedValues else {
      return try put(encoding.nonFinite(value, at: encoder.path(appending: AnyKey(index: count))))
    }
    try put(.double(value))
  }

  /// Writes an integer's digits (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger) throws { try put(.digits(JSONNumber(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    switch target {
    case .frame(let frame):
      let index = try start(in: frame)
      let slot = encoding.openSlot(key: nil, needsNull: true)
      try encoding.encode(value, slot: slot, parent: encoder, key: .index(index))
    case .node(let node):
      let index = node.elementCount
      let element = node.appendElement()
      try encoding.encode(value, into: element, parent: encoder, key: .index(index))
      if element.isEmpty { element.set(.null) }  // a non-finite number keeps its place
    }
  }

  /// A nested object or array as the next element, and an encoder for its coding path.
  private mutating func nested(object: Bool) -> (ValueEncoder, EncodingTarget) {
    var index = count
    let nestedTarget: EncodingTarget
    switch target {
    case .frame(let frame):
      if let started = try? start(in: frame) {
        index = started
        nestedTarget = .frame(encoding.open(object: object))
      } else {
        nestedTarget = .frame(0)
      }
    case .node(let node):
      let element = node.appendElement()
      if object { element.makeObject() } else { element.makeArray() }
      nestedTarget = .node(element)
    }
    return (ValueEncoder(encoding: encoding, destination: .slot(0), parent: encoder, key: .index(index)), nestedTarget)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let (child, nestedTarget) = nested(object: true)
    return KeyedEncodingContainer(EncodingObjectContainer<NestedKey>(encoder: child, target: nestedTarget))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let (child, nestedTarget) = nested(object: false)
    return EncodingArrayContainer(encoder: child, target: nestedTarget)
  }

  mutating func superEncoder() -> any Encoder {
    switch target {
    case .frame(let frame):
      guard let index = try? start(in: frame) else {
        return ValueEncoder(encoding: encoding, destination: .slot(0), parent: encoder, key: .index(count))
      }
      let slot = encoding.openSlot(key: nil, needsNull: true)
      return ValueEncoder(encoding: encoding, destination: .slot(slot), parent: encoder, key: .index(index))
    case .node(let node):
      let index = node.elementCount
      return ValueEncoder(encoding: encoding, destination: .node(node.appendElement()), parent: encoder, key: .index(index))
    }
  }
}

struct EncodingValueContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func put(_ scalar: EncodedScalar) throws {
    switch encoder.destination {
    case .slot(let slot):
      try encoder.encoding.begin(slot)
      encoder.encoding.write(scalar)
    case .node(let node):
      node.set(scalar.value)
    }
  }

  mutating func encodeNil() throws { try put(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    switch encoder.destination {
    case .slot(let slot): try encoder.encoding.encode(value, slot: slot, parent: encoder, key: .none)
    case .node(let node): try encoder.encoding.encode(value, into: node, parent: encoder, key: .none)
    }
  }

  /// Writes an integer's digits (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger) throws { try put(.digits(JSONNumber(value))) }
}
