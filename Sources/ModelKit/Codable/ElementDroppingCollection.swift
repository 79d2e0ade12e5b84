/// Thrown for a collection element that lenient decoding drops.
struct DroppedElement: Error {}

/// Arrays and string-keyed dictionaries of types only Codable reads: in
/// lenient mode an element that does not convert (null, the wrong kind of
/// value, or one its `init(from:)` rejects) is dropped, as ModelKit's own
/// containers drop theirs, instead of failing the whole collection.
protocol ElementDroppingCollection {
  /// The JSON kind the collection is read from; nil for one read whole.
  static var kind: JSONKind? { get }
  /// The collection of the elements of `node` that decode. Throws only
  /// where the stack ran out, which no leniency drops.
  static func decodeDroppingFailures(_ node: JSONDocument.Node, in decoder: DocumentDecoder) throws -> Self
}

extension DocumentDecoder {
  /// An element lenient decoding drops when it does not decode (nil); one
  /// whose walk ran out of stack fails the whole value instead: dropping it
  /// would cut the value short without a word.
  func decodeOrDrop<Value: Decodable>(_ type: Value.Type, from item: JSONDocument.Node, key: AnyKey) throws -> Value? {
    do {
      return try decode(Value.self, from: item, key: key, onMismatch: .drop)
    } catch {
      if ModelError.isStackExhaustion(error) { throw error }
      return nil
    }
  }
}

/// Collections of `Decodable` values that strict decoding reads element
/// by element itself rather than through their `init(from:)`: `String`-keyed
/// dictionaries member by member, as `JSONDecoder` reads them (the first of
/// a repeated key winning); arrays as `Array.init(from:)` reads them (each
/// element at its index), into storage reserved for all of them, where the
/// standard library's initialiser grows the array as it appends.
protocol ElementByElementDecodable {
  /// Whether `node`, at `depth`, is read here: a value of the collection's JSON kind.
  static func readsElementByElement(_ node: JSONDocument.Node, of document: JSONDocument, depth: Int) -> Bool
  /// Every element of `node`; `decoder` is the collection's.
  static func decodeEveryElement(_ node: JSONDocument.Node, in decoder: DocumentDecoder) throws -> Self
}

extension Dictionary: ElementByElementDecodable where Key == String, Value: Decodable {
  static func readsElementByElement(_ node: JSONDocument.Node, of document: JSONDocument, depth: Int) -> Bool {
    document.kind(of: node) == .object
  }

  static func decodeEveryElement(_ node: JSONDocument.Node, in decoder: DocumentDecoder) throws -> Self {
    let document = decoder.call.document
    var result: [String: Value] = [:]
    result.reserveCapacity(document.count(of: node))
    var entry: ConverterCache.Entry?
    for (keyNode, item) in document.members(of: node) {
      let key = document.string(keyNode) ?? ""
      guard result[key] == nil else { continue }
      result.updateValue(try decoder.decodeElement(Value.self, from: item, key: AnyKey(key), entry: &entry), forKey: key)
    }
    return result
  }
}

extension Array: ElementByElementDecodable where Element: Decodable {
  /// An array; below the first levels, only one of two or more elements.
  /// Deep nesting is mostly arrays of one element, which
  /// `Array.init(from:)` makes in one allocation too, and its frames,
  /// always optimised, take less stack than this path's in an unoptimised
  /// build: there, 500 nested arrays fit only through it.
  static func readsElementByElement(_ node: JSONDocument.Node, of document: JSONDocument, depth: Int) -> Bool {
    document.kind(of: node) == .array && (depth < firstLevels || document.count(of: node) >= 2)
  }

  /// The levels where every array is read here.
  private static var firstLevels: Int { 64 }

  static func decodeEveryElement(_ node: JSONDocument.Node, in decoder: DocumentDecoder) throws -> Self {
    let document = decoder.call.document
    let count = document.count(of: node)
    guard count >= ArraysMadeInPlace.fewest else {
      var result: [Element] = []
      result.reserve(count)
      var index = 0
      var entry: ConverterCache.Entry?
      for item in document.elements(of: node) {
        result.append(try decoder.decodeElement(Element.self, from: item, key: AnyKey(index: index), entry: &entry))
        index += 1
      }
      return result
    }
    // Each element decoded into the array's own storage (the initialiser
    // keeps those counted when a decode throws, and drops them).
    return try Self(unsafeUninitializedCapacity: count) { room, made in
      var entry: ConverterCache.Entry?
      for item in document.elements(of: node) {
        (room.baseAddress! + made).initialize(
          to: try decoder.decodeElement(Element.self, from: item, key: AnyKey(index: made), entry: &entry))
        made += 1
      }
    }
  }
}

extension Array: ElementDroppingCollection where Element: Decodable {
  static var kind: JSONKind? { .array }

  static func decodeDroppingFailures(_ node: JSONDocument.Node, in decoder: DocumentDecoder) throws -> Self {
    var result: [Element] = []
    result.reserveCapacity(decoder.call.document.count(of: node))
    try appendDroppingFailures(of: node, from: 0, to: &result, in: decoder)
    return result
  }

  /// Appends the elements of the array at `node` that decode, the first
  /// being element `firstIndex` of the array the path names (a window of a
  /// large top-level array starts further on).
  static func appendDroppingFailures(
    of node: JSONDocument.Node, from firstIndex: Int, to result: inout Self, in decoder: DocumentDecoder
  ) throws {
    var index = firstIndex
    for item in decoder.call.document.elements(of: node) {
      let key = AnyKey(index: index)
      if let element = try decoder.decodeOrDrop(Element.self, from: item, key: key) {
        result.append(element)
      } else {
        decoder.note(.dropped, item, key: key, target: TypeNames.name(of: Element.self))
      }
      index += 1
    }
  }
}

extension Dictionary: ElementDroppingCollection where Key: Decodable, Value: Decodable {
  /// An object for the keys Foundation writes as JSON keys (strings,
  /// integers, `CodingKeyRepresentable` types); other keys make an array of
  /// keys and values, which is not dropped from.
  static var kind: JSONKind? {
    Key.self == String.self || Key.self == Int.self || Key.self is any CodingKeyRepresentable.Type ? .object : nil
  }

  static func decodeDroppingFailures(_ node: JSONDocument.Node, in decoder: DocumentDecoder) throws -> Self {
    let document = decoder.call.document
    var result: [Key: Value] = [:]
    result.reserveCapacity(document.count(of: node))
    let firstWins = decoder.call.firstKeyWins
    var dropped: Set<Key> = []
    for (keyNode, item) in document.members(of: node) {
      let text = document.string(keyNode) ?? ""
      // A key that does not read as `Key` drops its member, as a value that does not convert does.
      guard let key = Self.key(text) else {
        decoder.note(.dropped, item, key: AnyKey(text), target: TypeNames.name(of: Key.self) + " key")
        continue
      }
      // A repeated key: the first wins in a coder's call, as in `JSONDecoder`
      // (a first that was dropped is remembered apart); else the last, even
      // one that does not decode.
      if firstWins && (result[key] != nil || dropped.contains(key)) { continue }
      result[key] = try decoder.decodeOrDrop(Value.self, from: item, key: AnyKey(text))
      if result[key] == nil { decoder.note(.dropped, item, key: AnyKey(text), target: TypeNames.name(of: Value.self)) }
      if firstWins && result[key] == nil { dropped.insert(key) }
    }
    return result
  }

  /// `text` as a key, as Foundation's `Dictionary` reads its JSON keys.
  private static func key(_ text: String) -> Key? {
    if Key.self == String.self { return unsafeBitCast(text, to: Key.self) }
    if Key.self == Int.self { return Int(text).map { unsafeBitCast($0, to: Key.self) } }
    guard let representable = Key.self as? any CodingKeyRepresentable.Type else { return nil }
    return representable.init(codingKey: DictionaryKey(text)) as? Key
  }
}

/// A JSON key as a coding key with its integer reading, as Foundation hands
/// keys to `CodingKeyRepresentable` types.
private struct DictionaryKey: CodingKey {
  let stringValue: String
  let intValue: Int?
  init(_ text: String) {
    stringValue = text
    intValue = Int(text)
  }
  init?(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { self.init(String(intValue)) }
}
