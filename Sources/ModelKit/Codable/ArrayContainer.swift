import ModelKitJSON

/// An unkeyed container over an array node (or over nothing, leniently).
struct ArrayContainer: UnkeyedDecodingContainer {
  let decoder: DocumentDecoder
  private var elements: JSONDocument.Elements?
  private var upcoming: JSONDocument.Node?
  private(set) var currentIndex = 0
  let count: Int?

  init(decoder: DocumentDecoder, array: JSONDocument.Node?) {
    self.decoder = decoder
    elements = array.map { decoder.call.document.elements(of: $0) }
    count = array.map { decoder.call.document.count(of: $0) } ?? 0
    upcoming = elements?.next()
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var isAtEnd: Bool { upcoming == nil }

  private mutating func next(_ type: any Any.Type) throws -> JSONDocument.Node {
    guard let node = upcoming else {
      let path = decoder.call.path(codingPath + [AnyKey(index: currentIndex)])
      throw ModelError.pastTheEnd(index: currentIndex, at: path, type: type).decodingError
    }
    upcoming = elements?.next()
    currentIndex += 1
    return node
  }

  /// The next element, for readers outside this file.
  mutating func nextNode(_ type: any Any.Type) throws -> JSONDocument.Node { try next(type) }

  mutating func decodeNil() throws -> Bool {
    guard let node = upcoming, decoder.call.document.isNull(node) else { return false }
    _ = try next(Never.self)
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let key = AnyKey(index: currentIndex)
    return try decoder.decode(T.self, from: try next(T.self), key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try nestedDecoder().container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try nestedDecoder().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try nestedDecoder() }

  private mutating func nestedDecoder() throws -> DocumentDecoder {
    let key = AnyKey(index: currentIndex)
    return DocumentDecoder(call: decoder.call, node: try next([String: Any].self), parent: decoder, key: key)
  }
}
