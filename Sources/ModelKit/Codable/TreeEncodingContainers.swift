import ModelKitJSON

struct TreeObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  /// The node for `key`: at its mapped key path, or a new member under its own name.
  private func node(for key: Key) -> EncodedNode {
    guard let path = encoder.mapping?[key.stringValue] else { return encoder.node.appendMember(encoder.jsonKey(key)) }
    return path.reduce(encoder.node) { $0.member($1) }
  }

  /// The node of a nested container at `key`: the one opened there before, if any, as in `JSONEncoder`.
  private func containerNode(for key: Key) -> EncodedNode {
    guard let path = encoder.mapping?[key.stringValue] else { return encoder.node.member(encoder.jsonKey(key)) }
    return path.reduce(encoder.node) { $0.member($1) }
  }

  /// Stores a finished scalar at `key` (under its key path when mapped).
  private func store(_ item: EncodedNode.Item, forKey key: Key) {
    if let path = encoder.mapping?[key.stringValue], let last = path.last {
      path.dropLast().reduce(encoder.node) { $0.member($1) }.append(item, forKey: last)
    } else {
      encoder.node.append(item, forKey: encoder.jsonKey(key))
    }
  }

  mutating func encodeNil(forKey key: Key) throws { store(.value(.null), forKey: key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { store(.value(.bool(value)), forKey: key) }
  mutating func encode(_ value: String, forKey key: Key) throws { store(.value(.string(value)), forKey: key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { store(.value(JSONValue(value)), forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { store(.value(JSONValue(value)), forKey: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { store(.value(JSONValue(value)), forKey: key) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { store(.value(.number(JSONNumber(value))), forKey: key) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { store(.value(.number(JSONNumber(value))), forKey: key) }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    if value.isFinite {
      store(.double(value), forKey: key)
    } else if encoder.call.isCoderCall {
      store(try encoder.nonFinite(value, at: codingPath + [key]), forKey: key)
    }  // inside a model: left out
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encoder.encode(value, into: node(for: key), parent: codingPath, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    TreeEncoder(call: encoder.call, node: containerNode(for: key), parentPath: codingPath, key: key)
      .container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    TreeEncoder(call: encoder.call, node: containerNode(for: key), parentPath: codingPath, key: key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(call: encoder.call, node: encoder.node.member("super"), parentPath: codingPath, key: AnyKey("super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeEncoder(call: encoder.call, node: node(for: key), parentPath: codingPath, key: key)
  }
}

struct TreeArrayContainer: UnkeyedEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.node.elementCount }

  mutating func encodeNil() throws { encoder.node.append(.value(.null)) }
  mutating func encode(_ value: Bool) throws { encoder.node.append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { encoder.node.append(.value(.string(value))) }
  mutating func encode(_ value: Int) throws { encoder.node.append(.value(JSONValue(value))) }
  mutating func encode(_ value: Int64) throws { encoder.node.append(.value(JSONValue(value))) }
  mutating func encode(_ value: UInt64) throws { encoder.node.append(.value(JSONValue(value))) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: Int128) throws { encoder.node.append(.value(.number(JSONNumber(value)))) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: UInt128) throws { encoder.node.append(.value(.number(JSONNumber(value)))) }
  /// A non-finite number as the coder's strategy says (inside a model: `null`).
  mutating func encode(_ value: Double) throws {
    guard value.isFinite || !encoder.call.isCoderCall else {
      return encoder.node.append(try encoder.nonFinite(value, at: codingPath + [AnyKey(index: count)]))
    }
    encoder.node.append(.double(value))
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = AnyKey(index: count)
    let element = encoder.node.appendElement()
    try encoder.encode(value, into: element, parent: codingPath, key: key)
    if element.isEmpty { element.set(.null) }  // a non-finite number keeps its place
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let key = AnyKey(index: count)
    return TreeEncoder(call: encoder.call, node: encoder.node.appendElement(), parentPath: codingPath, key: key)
      .container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = AnyKey(index: count)
    return TreeEncoder(call: encoder.call, node: encoder.node.appendElement(), parentPath: codingPath, key: key)
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let key = AnyKey(index: count)
    return TreeEncoder(call: encoder.call, node: encoder.node.appendElement(), parentPath: codingPath, key: key)
  }
}

struct TreeValueContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws {
    encoder.node.set(.null)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: Int128) throws { encoder.node.set(.number(JSONNumber(value))) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: UInt128) throws { encoder.node.set(.number(JSONNumber(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encode(value, into: encoder.node, parent: codingPath, key: nil)
  }
}
