import ModelKitJSON

/// The tree encoder: an `Encoder` that builds the value as a tree of
/// `EncodedNode`s, with `JSONKeyMapping` and ModelKit's encoding rules (ISO
/// dates in UTC, non-finite numbers left out). It accepts containers in
/// any order and merges repeated keys; `encodeValue`, `.sortedKeys` and
/// the types a stream cannot follow use it.
final class TreeEncoder: Encoder {
  let call: EncodeCall
  let node: EncodedNode
  private let parentPath: [any CodingKey]
  private let key: (any CodingKey)?
  let mapping: [String: [String]]?

  /// The path to this value, assembled only when somebody asks.
  lazy var codingPath: [any CodingKey] = key.map { parentPath + [$0] } ?? parentPath

  var userInfo: [CodingUserInfoKey: Any] { call.userInfo }

  init(
    call: EncodeCall, node: EncodedNode, parentPath: [any CodingKey], key: (any CodingKey)? = nil,
    mapping: [String: [String]]? = nil
  ) {
    self.call = call
    self.node = node
    self.parentPath = parentPath
    self.key = key
    self.mapping = mapping
  }

  /// `value` as a tree, the whole of a call.
  static func encode<Value: Encodable>(_ value: Value, call: EncodeCall) throws(ModelError) -> EncodedNode {
    let node = EncodedNode()
    do {
      try TreeEncoder(call: call, node: node, parentPath: []).encode(value, into: node, parent: [], key: nil)
    } catch {
      throw ModelError.encoding(error, of: Value.self, at: call.root)
    }
    return node
  }

  /// Encodes `value` into `node`: ModelKit's converters for the types it
  /// knows, the value's own `encode(to:)` for the others.
  func encode<Value: Encodable>(
    _ value: Value, into node: EncodedNode, parent: [any CodingKey], key: (any CodingKey)?
  ) throws {
    try StackGuard.check(depth: parent.count, at: call.path(key.map { parent + [$0] } ?? parent))
    if try call.encodeByStrategy(value, to: TreeEncoder(call: call, node: node, parentPath: parent, key: key)) {
      return
    }
    // Containers encode themselves, so their elements come back here one by one.
    if !call.converters.isContainer(Value.self), let converter = try call.converters.converter(for: Value.self) {
      if converter.isOmitted(value) { return }
      // The path is only worth assembling for a value whose writing can fail.
      var context = call.detachedContext(at: converter.encodingCanFail ? key.map { parent + [$0] } ?? parent : [])
      try converter.encode(value, &context)
      node.set(try WriteContext.value(of: context.json.bytes))
      return
    }
    let mapping = call.converters.outputMapping(for: Value.self)
    try value.encode(to: TreeEncoder(call: call, node: node, parentPath: parent, key: key, mapping: mapping))
    if Value.self is any SetAlgebra.Type { node.sortElements() }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(TreeObjectContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return TreeArrayContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TreeValueContainer(encoder: self)
  }
}
