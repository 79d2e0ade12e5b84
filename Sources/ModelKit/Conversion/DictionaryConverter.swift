import ModelKitJSON

/// `[String: T]` from a JSON object, value-wise, with the same dropping rule.
final class DictionaryConverter<Value>: InPlaceConverter<[String: Value]> {
  let value: ValueConverter<Value>

  init(value: ValueConverter<Value>) { self.value = value }

  override var encodingCanFail: Bool { value.encodingCanFail }

  override var shape: ValueShape { .dictionary(value.shape) }

  override func graphValue(_ graph: Any, keys: DecodingOptions.KeyDecoding) -> Any {
    guard let object = graph as? [String: Any] else { return graph }
    return object.mapValues { value.graphValue($0, keys: keys) }
  }

  override var emptyValue: [String: Value]? { [:] }

  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<[String: Value]>, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    let document = context.document
    switch document.kind(of: node) {
    case .object: break
    case .null: return .failed(.null)
    case .string: return try decodeEmbedded(node, kind: .object, into: target, &context)
    default: return .failed(.mismatch)
    }
    // The common value types get code specialised for them: generic
    // dictionary code looks up metadata on every insertion.
    // (The target is reached as the concrete dictionary type: initialised
    // as `[String: Value]`, it would look up that type's metadata. Their
    // room is made in one step, `init(minimumCapacity:)`: an empty
    // dictionary grown by `reserveCapacity` ran the standard library's
    // generic code, about 1,300 instructions a dictionary; the generic
    // path keeps that way, which measured cheaper there.)
    let raw = UnsafeMutableRawPointer(target)
    let count = context.document.count(of: node)
    if Value.self == String.self {
      raw.assumingMemoryBound(to: [String: String].self).initialize(
        to: try specialised(node, &context, into: [String: String](minimumCapacity: count)))
    } else if Value.self == Int.self {
      raw.assumingMemoryBound(to: [String: Int].self).initialize(
        to: try specialised(node, &context, into: [String: Int](minimumCapacity: count)))
    } else {
      try decodeGeneric(node, count: count, into: target, &context)
    }
    return .natural(())
  }

  /// `decode` for any other value type. Apart, so that the specialised
  /// paths do not pay for the metadata of `Value?` and `[String: Value]`,
  /// which code not compiled for `Value` looks up on entry to a function
  /// that names them.
  @inline(never)
  private func decodeGeneric(
    _ node: JSONDocument.Node, count: Int, into target: UnsafeMutablePointer<[String: Value]>,
    _ context: inout ReadContext
  ) throws(ModelError) {
    var empty: [String: Value] = [:]
    empty.reserveCapacity(count)
    target.initialize(to: try specialised(node, &context, into: consume empty))
  }

  /// `decode` for `Value == Member`, compiled for `Member`, into `empty`
  /// (with room for the members).
  @inline(__always)
  private func specialised<Member>(
    _ node: JSONDocument.Node, _ context: inout ReadContext, into empty: consuming [String: Member]
  ) throws(ModelError) -> [String: Member] {
    let converter = value.typed(as: Member.self)
    let document = context.document
    var result = consume empty
    // A repeated key: the last wins, or for a coder the first, as in
    // `JSONDecoder` (a first that was dropped is remembered apart: drops are rare).
    let firstWins = context.rules.firstKeyWins
    var dropped: Set<String> = []
    try withUnsafeTemporaryAllocation(of: Member.self, capacity: 1) { (slot) throws(ModelError) in
      let target = slot.baseAddress!
      for (keyNode, item) in document.members(of: node) {
        let key = document.string(keyNode) ?? ""
        if firstWins && (result[key] != nil || dropped.contains(key)) { continue }
        if try context.element(item, at: .key(key), with: converter, into: target) {
          result.updateValue(target.move(), forKey: key)
        } else {
          result[key] = nil  // a later duplicate that cannot convert still replaces the earlier one
          if firstWins { dropped.insert(key) }
        }
      }
    }
    return result
  }

  override func encode(_ dictionary: [String: Value], _ context: inout WriteContext) throws(ModelError) {
    // Strings and `Int`s, which their converters write as they are, are
    // sorted as pairs, in code compiled for them; other values by their
    // keys, each looked up again (copying pairs of them costs more).
    if Value.self == String.self, value is StringConverter {
      return Self.encodePairs(unsafeBitCast(dictionary, to: [String: String].self), &context) { $0.write($1) }
    }
    if Value.self == Int.self, value is IntConverter {
      return Self.encodePairs(unsafeBitCast(dictionary, to: [String: Int].self), &context) { $0.write($1) }
    }
    context.json.beginObject()
    // Dictionaries have no order of their own: keys are always sorted, so output is deterministic.
    for key in Self.sortedKeys(of: dictionary) {
      // A coder's call writes every member, as `JSONEncoder` does.
      guard let item = dictionary[key], !value.isOmitted(item) || context.includesNulls || context.rules.writesOmittedValues
      else { continue }
      context.json.writeKey(key)
      try context.element(item, at: .key(key), with: value)
    }
    context.json.endObject()
  }

  override func describe(_ dictionary: [String: Value], level: Int, _ context: inout WriteContext) -> String {
    let entries = Self.sortedKeys(of: dictionary).map { key in
      "\(key) = " + value.describe(dictionary[key]!, level: level + 1, &context)
    }
    return ValueDescription.block("{", "}", entries, level: level)
  }

  /// `encode` for a dictionary of values `write` writes, its members in
  /// ascending order of their keys (as `sortedKeys` orders them).
  /// (Inlined, so that it is compiled for `Member`.)
  @inline(__always)
  private static func encodePairs<Member>(
    _ dictionary: [String: Member], _ context: inout WriteContext, write: (inout JSONWriter, Member) -> Void
  ) {
    var pairs = Array(dictionary)
    pairs.sort { $0.key < $1.key }
    context.json.beginObject()
    for (key, item) in pairs {
      context.json.writeKey(key)
      write(&context.json, item)
    }
    context.json.endObject()
  }

  /// `dictionary`'s keys in ascending order, sorted as an array of
  /// strings: sorting the keys view itself runs generic code that compares
  /// through witness tables (a fifth of a weibo status's encode). Reading
  /// the values in the keys' order into an array costs more than looking
  /// each key up again.
  private static func sortedKeys(of dictionary: [String: Value]) -> [String] {
    var keys: [String] = []
    keys.reserveCapacity(dictionary.count)
    for key in dictionary.keys { keys.append(key) }
    keys.sort()
    return keys
  }

  override func deepCopy(_ dictionary: [String: Value]) -> [String: Value] {
    dictionary.mapValues(value.deepCopy)
  }
}
