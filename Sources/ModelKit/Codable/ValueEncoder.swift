import Foundation

/// What every encoder of one `ModelEncoder.encode` call shares.
final class EncodingContext {
  let options: JSONWriteOptions
  let userInfo: [CodingUserInfoKey: Any]
  let converters = ConverterCache()

  init(options: JSONWriteOptions, userInfo: [CodingUserInfoKey: Any]) {
    self.options = options
    self.userInfo = userInfo
  }
}

/// A value under construction: a scalar, an object or an array whose
/// members may still be filled by nested containers.
final class EncodedNode {
  enum Kind { case empty, scalar, object, array }

  private(set) var kind = Kind.empty
  private var scalar = JSONValue.null
  /// Object keys (parallel to `children`) or nothing for arrays; a repeated
  /// key is resolved when written: the last value at the first position.
  private var keys: [String] = []
  private var children: [EncodedNode] = []

  var isEmpty: Bool { kind == .empty }

  func set(_ value: JSONValue) {
    kind = .scalar
    scalar = value
  }

  func makeObject() {
    if kind != .object { (kind, keys, children) = (.object, [], []) }
  }

  func makeArray() {
    if kind != .array { (kind, keys, children) = (.array, [], []) }
  }

  /// A new member `key` (an object node is made when needed).
  func appendMember(_ key: String) -> EncodedNode {
    makeObject()
    let node = EncodedNode()
    keys.append(key)
    children.append(node)
    return node
  }

  /// The member `key`, created when absent (for key-path prefixes and re-opened containers).
  func member(_ key: String) -> EncodedNode {
    makeObject()
    if let index = keys.lastIndex(of: key) { return children[index] }
    return appendMember(key)
  }

  /// A new last element (an array node is made when needed).
  func appendElement() -> EncodedNode {
    makeArray()
    let node = EncodedNode()
    children.append(node)
    return node
  }

  var elementCount: Int { kind == .array ? children.count : 0 }

  /// The members to write: each key once, at its first position, with its
  /// last non-empty value.
  private var members: [(key: String, node: EncodedNode)] {
    var seen = Set<String>()
    var unique = true
    for key in keys where !seen.insert(key).inserted { unique = false }
    if unique { return zip(keys, children).filter { !$0.1.isEmpty }.map { ($0.0, $0.1) } }
    var last: [String: EncodedNode] = [:]
    for (key, node) in zip(keys, children) where !node.isEmpty { last[key] = node }
    var written = Set<String>()
    return keys.compactMap { key in
      guard let node = last[key], written.insert(key).inserted else { return nil }
      return (key, node)
    }
  }

  /// Streams the value into `writer`.
  func write(into writer: inout JSONWriter) {
    switch kind {
    case .empty: writer.writeNull()
    case .scalar: writer.write(scalar)
    case .array:
      writer.beginArray()
      for child in children { child.write(into: &writer) }
      writer.endArray()
    case .object:
      writer.beginObject()
      var members = members
      if writer.options.contains(.sortedKeys) { members.sort { $0.key < $1.key } }
      for (key, node) in members {
        writer.writeKey(key)
        node.write(into: &writer)
      }
      writer.endObject()
    }
  }

  /// The finished JSON.
  var value: JSONValue {
    switch kind {
    case .empty: return .null
    case .scalar: return scalar
    case .object: return .object(JSONObject(members.map { ($0.key, $0.node.value) }))
    case .array: return .array(children.map(\.value))
    }
  }
}

/// An `Encoder` that builds a `JSONValue`, with `JSONKeyMapping` and
/// ModelKit's encoding rules (ISO dates in UTC, non-finite numbers left out).
final class ValueEncoder: Encoder {
  let context: EncodingContext
  let node: EncodedNode
  let codingPath: [any CodingKey]
  let mapping: [String: [String]]?

  var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

  init(context: EncodingContext, node: EncodedNode, codingPath: [any CodingKey], mapping: [String: [String]]? = nil) {
    self.context = context
    self.node = node
    self.codingPath = codingPath
    self.mapping = mapping
  }

  /// `value` as JSON.
  static func encode<Value: Encodable>(_ value: Value, options: JSONWriteOptions, at path: String = "$")
    throws(ModelError) -> JSONValue
  {
    let context = EncodingContext(options: options, userInfo: [:])
    let node = EncodedNode()
    do {
      try ValueEncoder(context: context, node: node, codingPath: []).encode(value, into: node, at: [])
    } catch let error as ModelError {
      throw ModelError(kind: error.kind, message: error.message, codingPath: path + error.codingPath.dropFirst(), underlying: error.underlying)
    } catch {
      throw ModelError(kind: .unencodable, message: "\(Value.self) could not be encoded: \(error)", codingPath: path, underlying: error)
    }
    return node.value
  }

  /// Encodes `value` into `node`: ModelKit's converters for the types it
  /// knows, the value's own `encode(to:)` for the others.
  func encode<Value: Encodable>(_ value: Value, into node: EncodedNode, at path: [any CodingKey]) throws {
    // Containers encode themselves, so their elements come back here one by one.
    if !(Value.self is any ContainerConvertible.Type), !(Value.self is any OptionalConvertible.Type),
      let converter = try context.converters.converter(for: Value.self)
    {
      if converter.isOmitted(value) { return }
      var writer = ModelWriter(options: context.options.subtracting(.prettyPrinted), capacity: 64)
      try converter.encode(value, &writer)
      node.set(try ModelEntry.value(of: writer.json.bytes))
      return
    }
    let mapping = (Value.self as? any JSONKeyMapping.Type).map { $0.keyMapping.compactMapValues(\.candidates.first) }
    try value.encode(to: ValueEncoder(context: context, node: node, codingPath: path, mapping: mapping))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(ObjectEncodingContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return ArrayEncodingContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    ValueEncodingContainer(encoder: self)
  }
}

struct ObjectEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  /// The node for `key`: at its mapped key path, or a new member under its own name.
  private func node(for key: Key) -> EncodedNode {
    guard let path = encoder.mapping?[key.stringValue] else { return encoder.node.appendMember(key.stringValue) }
    return path.reduce(encoder.node) { $0.member($1) }
  }

  mutating func encodeNil(forKey key: Key) throws { node(for: key).set(.null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { node(for: key).set(.bool(value)) }
  mutating func encode(_ value: String, forKey key: Key) throws { node(for: key).set(.string(value)) }
  mutating func encode(_ value: Int, forKey key: Key) throws { node(for: key).set(JSONValue(value)) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { node(for: key).set(JSONValue(value)) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { node(for: key).set(JSONValue(value)) }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    if let number = JSONNumber(value) { node(for: key).set(.number(number)) }  // non-finite: left out
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encoder.encode(value, into: node(for: key), at: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    ValueEncoder(context: encoder.context, node: node(for: key), codingPath: codingPath + [key])
      .container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    ValueEncoder(context: encoder.context, node: node(for: key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    ValueEncoder(context: encoder.context, node: encoder.node.member("super"), codingPath: codingPath + [AnyKey("super")])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    ValueEncoder(context: encoder.context, node: node(for: key), codingPath: codingPath + [key])
  }
}

struct ArrayEncodingContainer: UnkeyedEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.node.elementCount }

  mutating func encodeNil() throws { encoder.node.appendElement().set(.null) }
  mutating func encode(_ value: Bool) throws { encoder.node.appendElement().set(.bool(value)) }
  mutating func encode(_ value: String) throws { encoder.node.appendElement().set(.string(value)) }
  mutating func encode(_ value: Int) throws { encoder.node.appendElement().set(JSONValue(value)) }
  mutating func encode(_ value: Int64) throws { encoder.node.appendElement().set(JSONValue(value)) }
  mutating func encode(_ value: UInt64) throws { encoder.node.appendElement().set(JSONValue(value)) }
  /// A non-finite number keeps its place as `null`.
  mutating func encode(_ value: Double) throws { encoder.node.appendElement().set(JSONValue(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = AnyKey(index: count)
    let element = encoder.node.appendElement()
    try encoder.encode(value, into: element, at: codingPath + [key])
    if element.isEmpty { element.set(.null) }  // a non-finite number keeps its place
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let key = AnyKey(index: count)
    return ValueEncoder(context: encoder.context, node: encoder.node.appendElement(), codingPath: codingPath + [key])
      .container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = AnyKey(index: count)
    return ValueEncoder(context: encoder.context, node: encoder.node.appendElement(), codingPath: codingPath + [key])
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let key = AnyKey(index: count)
    return ValueEncoder(context: encoder.context, node: encoder.node.appendElement(), codingPath: codingPath + [key])
  }
}

struct ValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws {
    encoder.node.set(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encode(value, into: encoder.node, at: codingPath)
  }
}
