import Foundation

/// What every encoder of one `ModelEncoder.encode` call shares.
final class EncodingContext {
  let options: JSONWriteOptions
  let userInfo: [CodingUserInfoKey: Any]
  lazy var converters = ConverterCache()
  /// How dates and data are written; `nil` for ModelKit's own rules.
  let dateStrategy: ModelEncoder.DateEncodingStrategy?
  let dataStrategy: ModelEncoder.DataEncodingStrategy?

  init(
    options: JSONWriteOptions, userInfo: [CodingUserInfoKey: Any],
    dates: ModelEncoder.DateEncodingStrategy = .modelKit, data: ModelEncoder.DataEncodingStrategy = .base64
  ) {
    self.options = options
    self.userInfo = userInfo
    if case .modelKit = dates { dateStrategy = nil } else { dateStrategy = dates }
    if case .base64 = data { dataStrategy = nil } else { dataStrategy = data }
  }

  /// Whether dates or data are written by a strategy.
  var hasStrategies: Bool { dateStrategy != nil || dataStrategy != nil }

  /// Writes `value` through a date or data strategy into `encoder`; false
  /// when `Value` is neither or its strategy is ModelKit's own.
  func encodeByStrategy<Value>(_ value: Value, to encoder: @autoclosure () -> any Encoder) throws -> Bool {
    if let dateStrategy, Value.self == Date.self {
      try dateStrategy.encode(unsafeBitCast(value, to: Date.self), to: encoder())
      return true
    }
    if let dataStrategy, Value.self == Data.self {
      try dataStrategy.encode(unsafeBitCast(value, to: Data.self), to: encoder())
      return true
    }
    return false
  }
}

/// A value under construction: a scalar, an object or an array whose
/// members may still be filled by nested containers.
final class EncodedNode {
  enum Kind { case empty, scalar, object, array }

  /// A member or element: a finished scalar, or a node still being built.
  enum Item {
    case value(JSONValue)
    case double(Double)
    case node(EncodedNode)

    var isEmpty: Bool {
      if case .node(let node) = self { return node.isEmpty }
      return false
    }
  }

  private(set) var kind = Kind.empty
  private var scalar = JSONValue.null
  /// Object keys (parallel to `items`); a repeated key is resolved when
  /// written: the last value at the first position.
  private var keys: [String] = []
  private var items: [Item] = []

  var isEmpty: Bool { kind == .empty }

  func set(_ value: JSONValue) {
    kind = .scalar
    scalar = value
  }

  func makeObject() {
    if kind != .object { (kind, keys, items) = (.object, [], []) }
  }

  func makeArray() {
    if kind != .array { (kind, keys, items) = (.array, [], []) }
  }

  /// Appends a finished member.
  func append(_ item: Item, forKey key: String) {
    makeObject()
    keys.append(key)
    items.append(item)
  }

  /// A new member `key` still to be built.
  func appendMember(_ key: String) -> EncodedNode {
    let node = EncodedNode()
    append(.node(node), forKey: key)
    return node
  }

  /// The member node `key`, created when absent (for key-path prefixes and re-opened containers).
  func member(_ key: String) -> EncodedNode {
    makeObject()
    if let index = keys.lastIndex(of: key), case .node(let node) = items[index] { return node }
    return appendMember(key)
  }

  /// Appends a finished element.
  func append(_ item: Item) {
    makeArray()
    items.append(item)
  }

  /// A new last element still to be built.
  func appendElement() -> EncodedNode {
    let node = EncodedNode()
    append(.node(node))
    return node
  }

  var elementCount: Int { kind == .array ? items.count : 0 }

  /// The members to write: each key once, at its first position, with its
  /// last non-empty value.
  private var members: [(key: String, item: Item)] {
    var seen = Set<String>()
    var unique = true
    for key in keys where !seen.insert(key).inserted { unique = false }
    if unique { return zip(keys, items).filter { !$0.1.isEmpty }.map { ($0.0, $0.1) } }
    var last: [String: Item] = [:]
    for (key, item) in zip(keys, items) where !item.isEmpty { last[key] = item }
    var written = Set<String>()
    return keys.compactMap { key in
      guard let item = last[key], written.insert(key).inserted else { return nil }
      return (key, item)
    }
  }

  /// Streams the value into `writer`.
  func write(into writer: inout JSONWriter) {
    switch kind {
    case .empty: writer.writeNull()
    case .scalar: writer.write(scalar)
    case .array:
      writer.beginArray()
      for item in items { Self.write(item, into: &writer) }
      writer.endArray()
    case .object:
      writer.beginObject()
      var members = members
      if writer.options.contains(.sortedKeys) { members.sort { $0.key < $1.key } }
      for (key, item) in members {
        writer.writeKey(key)
        Self.write(item, into: &writer)
      }
      writer.endObject()
    }
  }

  private static func write(_ item: Item, into writer: inout JSONWriter) {
    switch item {
    case .value(let value): writer.write(value)
    case .double(let double): writer.write(double)
    case .node(let node): node.write(into: &writer)
    }
  }

  /// The finished JSON.
  var value: JSONValue {
    switch kind {
    case .empty: return .null
    case .scalar: return scalar
    case .object: return .object(JSONObject(members.map { ($0.key, Self.value(of: $0.item)) }))
    case .array: return .array(items.map(Self.value(of:)))
    }
  }

  private static func value(of item: Item) -> JSONValue {
    switch item {
    case .value(let value): value
    case .double(let double): JSONValue(double)
    case .node(let node): node.value
    }
  }
}

/// An `Encoder` that builds a `JSONValue`, with `JSONKeyMapping` and
/// ModelKit's encoding rules (ISO dates in UTC, non-finite numbers left out).
final class ValueEncoder: Encoder {
  let context: EncodingContext
  let node: EncodedNode
  private let parentPath: [any CodingKey]
  private let key: (any CodingKey)?
  let mapping: [String: [String]]?

  /// The path to this value, assembled only when somebody asks.
  lazy var codingPath: [any CodingKey] = key.map { parentPath + [$0] } ?? parentPath

  var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

  init(
    context: EncodingContext, node: EncodedNode, parentPath: [any CodingKey], key: (any CodingKey)? = nil,
    mapping: [String: [String]]? = nil
  ) {
    self.context = context
    self.node = node
    self.parentPath = parentPath
    self.key = key
    self.mapping = mapping
  }

  /// Encodes `value` into `node`: ModelKit's converters for the types it
  /// knows, the value's own `encode(to:)` for the others.
  func encode<Value: Encodable>(
    _ value: Value, into node: EncodedNode, parent: [any CodingKey], key: (any CodingKey)?
  ) throws {
    if try context.encodeByStrategy(value, to: ValueEncoder(context: context, node: node, parentPath: parent, key: key)) {
      return
    }
    // Containers encode themselves, so their elements come back here one by one.
    if !context.converters.isContainer(Value.self), let converter = try context.converters.converter(for: Value.self) {
      if converter.isOmitted(value) { return }
      var writer = ModelWriter(options: context.options.subtracting(.prettyPrinted), capacity: 64)
      try converter.encode(value, &writer)
      node.set(try ModelEntry.value(of: writer.json.bytes))
      return
    }
    let mapping = context.converters.outputMapping(for: Value.self)
    try value.encode(to: ValueEncoder(context: context, node: node, parentPath: parent, key: key, mapping: mapping))
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

  /// Stores a finished scalar at `key` (under its key path when mapped).
  private func store(_ item: EncodedNode.Item, forKey key: Key) {
    if let path = encoder.mapping?[key.stringValue], let last = path.last {
      path.dropLast().reduce(encoder.node) { $0.member($1) }.append(item, forKey: last)
    } else {
      encoder.node.append(item, forKey: key.stringValue)
    }
  }

  mutating func encodeNil(forKey key: Key) throws { store(.value(.null), forKey: key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { store(.value(.bool(value)), forKey: key) }
  mutating func encode(_ value: String, forKey key: Key) throws { store(.value(.string(value)), forKey: key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { store(.value(JSONValue(value)), forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { store(.value(JSONValue(value)), forKey: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { store(.value(JSONValue(value)), forKey: key) }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    if value.isFinite { store(.double(value), forKey: key) }  // non-finite: left out
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encoder.encode(value, into: node(for: key), parent: codingPath, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    ValueEncoder(context: encoder.context, node: node(for: key), parentPath: codingPath, key: key)
      .container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    ValueEncoder(context: encoder.context, node: node(for: key), parentPath: codingPath, key: key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    ValueEncoder(context: encoder.context, node: encoder.node.member("super"), parentPath: codingPath, key: AnyKey("super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    ValueEncoder(context: encoder.context, node: node(for: key), parentPath: codingPath, key: key)
  }
}

struct ArrayEncodingContainer: UnkeyedEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.node.elementCount }

  mutating func encodeNil() throws { encoder.node.append(.value(.null)) }
  mutating func encode(_ value: Bool) throws { encoder.node.append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { encoder.node.append(.value(.string(value))) }
  mutating func encode(_ value: Int) throws { encoder.node.append(.value(JSONValue(value))) }
  mutating func encode(_ value: Int64) throws { encoder.node.append(.value(JSONValue(value))) }
  mutating func encode(_ value: UInt64) throws { encoder.node.append(.value(JSONValue(value))) }
  /// A non-finite number keeps its place as `null`.
  mutating func encode(_ value: Double) throws { encoder.node.append(.double(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = AnyKey(index: count)
    let element = encoder.node.appendElement()
    try encoder.encode(value, into: element, parent: codingPath, key: key)
    if element.isEmpty { element.set(.null) }  // a non-finite number keeps its place
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let key = AnyKey(index: count)
    return ValueEncoder(context: encoder.context, node: encoder.node.appendElement(), parentPath: codingPath, key: key)
      .container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = AnyKey(index: count)
    return ValueEncoder(context: encoder.context, node: encoder.node.appendElement(), parentPath: codingPath, key: key)
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let key = AnyKey(index: count)
    return ValueEncoder(context: encoder.context, node: encoder.node.appendElement(), parentPath: codingPath, key: key)
  }
}

struct ValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws {
    encoder.node.set(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encode(value, into: encoder.node, parent: codingPath, key: nil)
  }
}
