/// Thrown for a collection element that lenient decoding drops.
struct DroppedElement: Error {}

/// Arrays and string-keyed dictionaries of types only Codable reads: in
/// lenient mode an element that does not convert (null, the wrong kind of
/// value, or one its `init(from:)` rejects) is dropped, as ModelKit's own
/// containers drop theirs, instead of failing the whole collection.
protocol ElementDroppingCollection {
  /// The JSON kind the collection is read from.
  static var kind: JSONKind { get }
  /// The collection of the elements of `node` that decode.
  static func decodeDroppingFailures(_ node: JSONDocument.Node, in decoder: DocumentDecoder) -> Self
}

extension Array: ElementDroppingCollection where Element: Decodable {
  static var kind: JSONKind { .array }

  static func decodeDroppingFailures(_ node: JSONDocument.Node, in decoder: DocumentDecoder) -> Self {
    let document = decoder.call.document
    var result: [Element] = []
    result.reserveCapacity(document.count(of: node))
    var index = 0
    for item in document.elements(of: node) {
      if let element = try? decoder.decode(Element.self, from: item, key: AnyKey(index: index), onMismatch: .drop) {
        result.append(element)
      }
      index += 1
    }
    return result
  }
}

extension Dictionary: ElementDroppingCollection where Key == String, Value: Decodable {
  static var kind: JSONKind { .object }

  static func decodeDroppingFailures(_ node: JSONDocument.Node, in decoder: DocumentDecoder) -> Self {
    let document = decoder.call.document
    var result: [String: Value] = [:]
    result.reserveCapacity(document.count(of: node))
    let firstWins = decoder.call.firstKeyWins
    var dropped: Set<String> = []
    for (keyNode, item) in document.members(of: node) {
      let key = document.string(keyNode) ?? ""
      // A repeated key: the first wins in a coder's call, as in `JSONDecoder`
      // (a first that was dropped is remembered apart); else the last, even
      // one that does not decode.
      if firstWins && (result[key] != nil || dropped.contains(key)) { continue }
      result[key] = try? decoder.decode(Value.self, from: item, key: AnyKey(key), onMismatch: .drop)
      if firstWins && result[key] == nil { dropped.insert(key) }
    }
    return result
  }
}
