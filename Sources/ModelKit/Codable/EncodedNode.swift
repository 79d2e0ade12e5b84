import ModelKitJSON

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

  /// Puts the elements in the order of their JSON text, as ModelKit writes
  /// sets everywhere, so equal sets always give the same output.
  func sortElements() {
    guard kind == .array else { return }
    items = SetOrder.sorted(items) { Self.value(of: $0).jsonBytes(options: .sortedKeys) }
  }

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

extension EncodedNode.Item {
  /// A finished member or element holding `scalar`.
  init(_ scalar: EncodedScalar) {
    if case .double(let double) = scalar {
      self = .double(double)
    } else {
      self = .value(scalar.value)
    }
  }
}

extension EncodedScalar {
  /// The scalar as a value (a non-finite double as `null`).
  var value: JSONValue {
    switch self {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .string(let text): .string(text)
    case .int(let integer): JSONValue(integer)
    case .uint(let integer): JSONValue(integer)
    case .double(let double): JSONValue(double)
    case .digits(let number): .number(number)
    }
  }
}
