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
  /// Whether keys are written as they are, whatever the key strategy.
  let keysAsTheyAre: Bool

  /// The path to this value, assembled only when somebody asks.
  lazy var codingPath: [any CodingKey] = key.map { parentPath + [$0] } ?? parentPath

  var userInfo: [CodingUserInfoKey: Any] { call.userInfo }

  init(
    call: EncodeCall, node: EncodedNode, parentPath: [any CodingKey], key: (any CodingKey)? = nil,
    mapping: [String: [String]]? = nil, keysAsTheyAre: Bool = false
  ) {
    self.call = call
    self.node = node
    self.parentPath = parentPath
    self.key = key
    self.mapping = mapping
    self.keysAsTheyAre = keysAsTheyAre
  }

  /// The JSON key for `key` (unmapped) by the call's key strategy.
  func jsonKey(_ key: any CodingKey) -> String {
    guard call.keyStrategy != nil, !keysAsTheyAre else { return key.stringValue }
    return call.jsonKey(key.stringValue, codingPath: codingPath)
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
    // Containers encode themselves, so their elements come back here one by one.
    if !call.converters.isContainer(Value.self), let converter = try call.converters.converter(for: Value.self) {
      if !call.isCoderCall && converter.isOmitted(value) { return }
      // The path is only worth assembling for a value whose writing can fail.
      var context = call.detachedContext(at: converter.encodingCanFail ? key.map { parent + [$0] } ?? parent : [])
      try converter.encode(value, &context)
      node.set(try WriteContext.value(of: context.json.bytes))
      return
    }
    let mapping = call.converters.outputMapping(for: Value.self)
    let keysAsTheyAre = mapping == nil && call.converters.isStringKeyedDictionary(Value.self)
    try value.encode(
      to: TreeEncoder(call: call, node: node, parentPath: parent, key: key, mapping: mapping, keysAsTheyAre: keysAsTheyAre))
    if Value.self is any SetAlgebra.Type { node.sortElements() }
    // A value that writes nothing is `{}` in a coder's call, as in `JSONEncoder`.
    if node.isEmpty && call.isCoderCall && !(parent.isEmpty && key == nil && call.isOutermost) {
      node.makeObject()
    }
  }

  /// A NaN or infinity as the coder's strategy writes it; throws for it at `keys` otherwise.
  func nonFinite(_ value: Double, at keys: [any CodingKey]) throws -> EncodedNode.Item {
    var context = call.detachedContext(at: keys)
    try context.write(value)
    return .value(try WriteContext.value(of: context.json.bytes))
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
