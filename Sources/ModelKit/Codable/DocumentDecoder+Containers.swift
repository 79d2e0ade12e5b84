import Foundation

/// A keyed container over an object node (or over nothing, leniently).
struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: DocumentDecoder
  let object: JSONDocument.Node?
  private let index: MemberIndex?

  init(decoder: DocumentDecoder, object: JSONDocument.Node?) {
    self.decoder = decoder
    self.object = object
    index = object.map { MemberIndex(decoder.context.document, $0) }
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    guard let object else { return [] }
    let document = decoder.context.document
    return document.members(of: object).compactMap { key, _ in document.string(key).flatMap(Key.init(stringValue:)) }
  }

  /// The node for `key`: its mapped candidates (first present, non-null one
  /// wins) or its own name (snake_case with `.convertFromSnakeCase`).
  private func node(for key: Key) -> JSONDocument.Node? {
    guard let object, let index else { return nil }
    let document = decoder.context.document
    let candidates =
      decoder.mapping?[key.stringValue]
      ?? [[decoder.context.options.keyDecoding == .convertFromSnakeCase ? SchemaBuilder.snakeCase(key.stringValue) : key.stringValue]]
    var firstNull: JSONDocument.Node?
    for candidate in candidates {
      var current = object
      var found = true
      for (step, segment) in candidate.enumerated() {
        let next = step == 0 ? index.member(segment) : document.member(segment, of: current)
        guard let next, step == candidate.count - 1 || document.kind(of: next) == .object else {
          found = false
          break
        }
        current = next
      }
      guard found else { continue }
      if !document.isNull(current) { return current }
      firstNull = firstNull ?? current
    }
    return firstNull
  }

  func contains(_ key: Key) -> Bool { node(for: key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let node = node(for: key) else {
      if decoder.context.options.strict {
        throw ModelError(kind: .missingKey, message: "no value for key '\(key.stringValue)'", codingPath: path(key))
      }
      return true
    }
    return decoder.context.document.isNull(node)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let node = node(for: key)
    if node == nil && decoder.context.options.strict {
      throw ModelError(kind: .missingKey, message: "no value for key '\(key.stringValue)'", codingPath: path(key))
    }
    return try decoder.decode(T.self, from: node, at: codingPath + [key])
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let node = node(for: key), !decoder.context.document.isNull(node) else { return nil }
    if decoder.context.options.strict { return try decoder.decode(T.self, from: node, at: codingPath + [key]) }
    return try decoder.decode(T?.self, from: node, at: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try child(key).container(keyedBy: NestedKey.self)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    DocumentDecoder(
      context: decoder.context, node: index?.member("super"), codingPath: codingPath + [AnyKey("super")],
      mapping: decoder.mapping)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { child(key) }

  private func child(_ key: Key) -> DocumentDecoder {
    DocumentDecoder(context: decoder.context, node: node(for: key), codingPath: codingPath + [key])
  }

  private func path(_ key: Key) -> String { DecodingContext.describe(codingPath + [key]) }
}

/// An unkeyed container over an array node (or over nothing, leniently).
struct ArrayContainer: UnkeyedDecodingContainer {
  let decoder: DocumentDecoder
  private var elements: JSONDocument.Elements?
  private var upcoming: JSONDocument.Node?
  private(set) var currentIndex = 0
  let count: Int?

  init(decoder: DocumentDecoder, array: JSONDocument.Node?) {
    self.decoder = decoder
    elements = array.map { decoder.context.document.elements(of: $0) }
    count = array.map { decoder.context.document.count(of: $0) } ?? 0
    upcoming = elements?.next()
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var isAtEnd: Bool { upcoming == nil }

  private mutating func next() throws(ModelError) -> JSONDocument.Node {
    guard let node = upcoming else {
      throw ModelError(
        kind: .missingKey, message: "the array has no element \(currentIndex)",
        codingPath: DecodingContext.describe(codingPath + [AnyKey(index: currentIndex)]))
    }
    upcoming = elements?.next()
    currentIndex += 1
    return node
  }

  mutating func decodeNil() throws -> Bool {
    guard let node = upcoming, decoder.context.document.isNull(node) else { return false }
    _ = try next()
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let key = AnyKey(index: currentIndex)
    return try decoder.decode(T.self, from: try next(), at: codingPath + [key])
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

  private mutating func nestedDecoder() throws(ModelError) -> DocumentDecoder {
    let key = AnyKey(index: currentIndex)
    return DocumentDecoder(context: decoder.context, node: try next(), codingPath: codingPath + [key])
  }
}

/// A single-value container over one node.
struct ValueContainer: SingleValueDecodingContainer {
  let decoder: DocumentDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool {
    guard let node = decoder.node else { return true }
    return decoder.context.document.isNull(node)
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decode(T.self, from: decoder.node, at: codingPath)
  }
}

/// Finds an object's members by name; large objects get a dictionary once.
final class MemberIndex {
  private let document: JSONDocument
  private let object: JSONDocument.Node
  private var byName: [String: JSONDocument.Node]?

  init(_ document: JSONDocument, _ object: JSONDocument.Node) {
    self.document = document
    self.object = object
  }

  /// The last member named `name`.
  func member(_ name: String) -> JSONDocument.Node? {
    if document.count(of: object) <= 8 { return document.member(name, of: object) }
    if byName == nil {
      var table: [String: JSONDocument.Node] = [:]
      table.reserveCapacity(document.count(of: object))
      for (key, value) in document.members(of: object) { table[document.string(key) ?? ""] = value }
      byName = table
    }
    return byName?[name]
  }
}

/// A coding key made at run time: an index, `super`, or a name.
struct AnyKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ string: String) {
    stringValue = string
    intValue = nil
  }

  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) { self.init(index: intValue) }
}
