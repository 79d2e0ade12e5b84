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

/// A value under construction: a finished value, an object or an array
/// whose members may still be filled by nested containers.
final class EncodedNode {
  enum Content {
    case empty
    case value(JSONValue)
    case object([(key: String, node: EncodedNode)])
    case array([EncodedNode])
  }

  var content: Content = .empty

  /// The member `key` of an object node, created (with the node made an object) when absent.
  func member(_ key: String) -> EncodedNode {
    guard case .object(var members) = content else {
      let node = EncodedNode()
      content = .object([(key, node)])
      return node
    }
    if let existing = members.first(where: { $0.key == key }) { return existing.node }
    let node = EncodedNode()
    members.append((key, node))
    content = .object(members)
    return node
  }

  /// A new last element of an array node.
  func appendElement() -> EncodedNode {
    let node = EncodedNode()
    if case .array(var elements) = content {
      elements.append(node)
      content = .array(elements)
    } else {
      content = .array([node])
    }
    return node
  }

  /// The finished JSON; members left empty are dropped.
  var value: JSONValue {
    switch content {
    case .empty: return .null
    case .value(let value): return value
    case .object(let members):
      var object = JSONObject()
      for (key, node) in members where !node.isEmpty { object[key] = node.value }
      return .object(object)
    case .array(let elements): return .array(elements.map(\.value))
    }
  }

  var isEmpty: Bool {
    if case .empty = content { return true }
    return false
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
    if let converter = try context.converters.converter(for: Value.self) {
      if converter.isOmitted(value) { return }
      var writer = ModelWriter(options: context.options.subtracting(.prettyPrinted), capacity: 64)
      try converter.encode(value, &writer)
      node.content = .value(try ModelEntry.value(of: writer.json.bytes))
      return
    }
    let mapping = (Value.self as? any JSONKeyMapping.Type).map { $0.keyMapping.compactMapValues(\.candidates.first) }
    try value.encode(to: ValueEncoder(context: context, node: node, codingPath: path, mapping: mapping))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.content {} else { node.content = .object([]) }
    return KeyedEncodingContainer(ObjectEncodingContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.content {} else { node.content = .array([]) }
    return ArrayEncodingContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    ValueEncodingContainer(encoder: self)
  }
}

struct ObjectEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  /// The node for `key`: at its mapped key path, or under its own name.
  private func node(for key: Key) -> EncodedNode {
    let path = encoder.mapping?[key.stringValue] ?? [key.stringValue]
    return path.reduce(encoder.node) { $0.member($1) }
  }

  mutating func encodeNil(forKey key: Key) throws {
    node(for: key).content = .value(.null)
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

  var count: Int {
    if case .array(let elements) = encoder.node.content { return elements.count }
    return 0
  }

  mutating func encodeNil() throws {
    encoder.node.appendElement().content = .value(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = AnyKey(index: count)
    let element = encoder.node.appendElement()
    try encoder.encode(value, into: element, at: codingPath + [key])
    if element.isEmpty { element.content = .value(.null) }  // a non-finite number keeps its place
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
    encoder.node.content = .value(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encode(value, into: encoder.node, at: codingPath)
  }
}
