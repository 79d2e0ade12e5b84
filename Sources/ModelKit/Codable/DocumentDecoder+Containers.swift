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
    return try decoder.decode(T.self, from: node, parent: codingPath, key: key)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let node = node(for: key), !decoder.context.document.isNull(node) else { return nil }
    if decoder.context.options.strict { return try decoder.decode(T.self, from: node, parent: codingPath, key: key) }
    return try decoder.decode(T?.self, from: node, parent: codingPath, key: key)
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
    return try decoder.decode(T.self, from: try next(), parent: codingPath, key: key)
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
    try decoder.decode(T.self, from: decoder.node, parent: codingPath, key: nil)
  }
}

/// Finds an object's members by name, the last one winning as everywhere.
///
/// Small objects are scanned; larger ones get an open-addressed table of
/// their keys' hashes, taken from the raw bytes without making strings.
/// Keys with escapes or non-ASCII bytes go to a dictionary, for `String`
/// equality.
final class MemberIndex {
  private let document: JSONDocument
  private let object: JSONDocument.Node
  private var built = false
  private var keys: [JSONDocument.Node] = []
  private var values: [JSONDocument.Node] = []
  /// Member index + 1 by hash slot (0 = empty).
  private var slots: [Int] = []
  private var others: [String: JSONDocument.Node] = [:]

  init(_ document: JSONDocument, _ object: JSONDocument.Node) {
    self.document = document
    self.object = object
  }

  /// The last member named `name`.
  func member(_ name: String) -> JSONDocument.Node? {
    if document.count(of: object) <= 8 { return document.member(name, of: object) }
    if !built { build() }
    var name = name
    return name.withUTF8 { utf8 -> JSONDocument.Node? in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return others[String(decoding: utf8, as: UTF8.self)] }
      let mask = slots.count - 1
      var slot = KeyHash.fnv1a(utf8) & mask
      while slots[slot] != 0 {
        let index = slots[slot] - 1
        if document.withRawString(keys[index], { raw, _ in Self.equal(raw, utf8) }) == true { return values[index] }
        slot = (slot + 1) & mask
      }
      // An escaped key may still spell an ASCII name.
      return others.isEmpty ? nil : others[String(decoding: utf8, as: UTF8.self)]
    }
  }

  private func build() {
    built = true
    let count = document.count(of: object)
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    var size = 16
    while size < count * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
    for (key, value) in document.members(of: object) {
      let index = keys.count
      keys.append(key)
      values.append(value)
      let placed = document.withRawString(key) { raw, isPlainASCII -> Bool in
        guard isPlainASCII else { return false }
        var slot = KeyHash.fnv1a(raw) & (size - 1)
        while slots[slot] != 0 {
          let other = slots[slot] - 1
          if document.withRawString(keys[other], { otherRaw, _ in Self.equal(otherRaw, raw) }) == true { break }
          slot = (slot + 1) & (size - 1)
        }
        slots[slot] = index + 1  // a repeated key takes over its slot: the last wins
        return true
      }
      if placed != true { others[document.string(key) ?? ""] = value }
    }
  }

  private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
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
