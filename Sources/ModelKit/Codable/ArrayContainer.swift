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
      let path = decoder.path(appending: AnyKey(index: currentIndex))
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

  /// Leniently, past the end is a missing value (the type's empty value),
  /// as a missing key is in a keyed container.
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) }

  /// `decode(_:)`'s body, for the overloads that name a type.
  mutating func decodeNext<T: Decodable>(_ type: T.Type) throws -> T {
    let key = AnyKey(index: currentIndex)
    if upcoming == nil && !decoder.call.options.strict {
      currentIndex += 1
      return try decoder.decode(T.self, from: nil, key: key)
    }
    return try decoder.decode(T.self, from: try next(T.self), key: key)
  }

  /// Nil past the end and for `null`; leniently also for a value that does
  /// not convert, as in a keyed container.
  mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try decodeAnyIfPresent(type) }

  // Every scalar's `decodeIfPresent` takes the generic rule above (the
  // protocol's defaults would give a value that does not convert its empty
  // value instead of nil).
  mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try decodeAnyIfPresent(type) }
  mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try decodeAnyIfPresent(type) }

  private mutating func decodeAnyIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    guard let node = upcoming else {
      if decoder.call.options.strict { return nil }
      currentIndex += 1
      return nil
    }
    let key = AnyKey(index: currentIndex)
    _ = try next(T.self)
    if decoder.call.document.isNull(node) { return nil }
    let converts = try decoder.call.converters.entry(for: T.self).converter != nil
    if decoder.call.options.strict || !converts { return try decoder.decode(T.self, from: node, key: key) }
    return try decoder.decode(T?.self, from: node, key: key)
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
