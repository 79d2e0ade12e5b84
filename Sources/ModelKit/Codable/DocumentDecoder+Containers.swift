import Foundation

/// A keyed container over an object node (or over nothing, leniently).
struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: DocumentDecoder
  let object: JSONDocument.Node?
  /// The decoder's document, held here so that each read need not reach it through the decoder.
  private let document: JSONDocument
  /// A hash table of the members, for objects too large to scan.
  private let index: MemberIndex?

  init(decoder: DocumentDecoder, object: JSONDocument.Node?) {
    self.decoder = decoder
    self.object = object
    let document = decoder.context.document
    self.document = document
    index = object.flatMap { document.count(of: $0) > MemberIndex.scanLimit ? MemberIndex(document, $0) : nil }
  }

  /// The last member named `name`: from the table, or by scanning a small object.
  private func member(_ name: String) -> JSONDocument.Node? {
    if let index { return index.member(name) }
    guard let object else { return nil }
    return document.member(name, of: object)
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    guard let object else { return [] }
    return document.members(of: object).compactMap { key, _ in document.string(key).flatMap(Key.init(stringValue:)) }
  }

  /// The node for `key`: its mapped candidates (first present, non-null one
  /// wins) or its own name (snake_case with `.convertFromSnakeCase`).
  private func node(for key: Key) -> JSONDocument.Node? {
    guard let object else { return nil }
    guard let candidates = decoder.mapping?[key.stringValue] else {
      let snakeCase = decoder.context.options.keyDecoding == .convertFromSnakeCase
      return member(snakeCase ? SchemaBuilder.snakeCase(key.stringValue) : key.stringValue)
    }
    var firstNull: JSONDocument.Node?
    for candidate in candidates {
      var current = object
      var found = true
      for (step, segment) in candidate.enumerated() {
        let next = step == 0 ? member(segment) : document.member(segment, of: current)
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
    return document.isNull(node)
  }

  // The common scalars read their natural JSON kind directly; anything
  // else (a conversion, a missing key, an error) takes the generic path.

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    if let node = node(for: key), let value = document.string(node) { return value }
    return try decodeConverted(String.self, forKey: key)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    if let node = node(for: key), let value = document.bool(node) { return value }
    return try decodeConverted(Bool.self, forKey: key)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    if let node = node(for: key), let value = document.storedInteger(node).int.flatMap(Int.init(exactly:)) {
      return value
    }
    return try decodeConverted(Int.self, forKey: key)
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    if let node = node(for: key), let value = document.storedInteger(node).int { return value }
    return try decodeConverted(Int64.self, forKey: key)
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    if let node = node(for: key) {
      let stored = document.storedInteger(node)
      if let value = stored.uint ?? stored.int.flatMap(UInt64.init(exactly:)) { return value }
    }
    return try decodeConverted(UInt64.self, forKey: key)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    if let node = node(for: key), document.kind(of: node) == .number,
      let value = document.double(node)
    {
      return value
    }
    return try decodeConverted(Double.self, forKey: key)
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let node = node(for: key), !document.isNull(node) else { return nil }
    if let value = document.string(node) { return value }
    return try decodeConvertedIfPresent(String.self, node: node, forKey: key)
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let node = node(for: key), !document.isNull(node) else { return nil }
    if let value = document.storedInteger(node).int.flatMap(Int.init(exactly:)) { return value }
    return try decodeConvertedIfPresent(Int.self, node: node, forKey: key)
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let node = node(for: key), !document.isNull(node) else { return nil }
    if let value = document.bool(node) { return value }
    return try decodeConvertedIfPresent(Bool.self, node: node, forKey: key)
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let node = node(for: key), !document.isNull(node) else { return nil }
    if document.kind(of: node) == .number, let value = document.double(node) {
      return value
    }
    return try decodeConvertedIfPresent(Double.self, node: node, forKey: key)
  }

  private func decodeConverted<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let node = node(for: key)
    if node == nil && decoder.context.options.strict {
      throw ModelError(kind: .missingKey, message: "no value for key '\(key.stringValue)'", codingPath: path(key))
    }
    return try decoder.decode(T.self, from: node, key: key)
  }

  private func decodeConvertedIfPresent<T: Decodable>(_ type: T.Type, node: JSONDocument.Node, forKey key: Key)
    throws -> T?
  {
    if decoder.context.options.strict { return try decoder.decode(T.self, from: node, key: key) }
    return try decoder.decode(T?.self, from: node, key: key)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let node = node(for: key)
    if node == nil && decoder.context.options.strict {
      throw ModelError(kind: .missingKey, message: "no value for key '\(key.stringValue)'", codingPath: path(key))
    }
    return try decoder.decode(T.self, from: node, key: key)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let node = node(for: key), !document.isNull(node) else { return nil }
    // Leniently, a value ModelKit cannot convert makes the optional nil;
    // types only Codable reads are decoded as they are.
    let converts = try decoder.context.converters.entry(for: T.self).converter != nil
    if decoder.context.options.strict || !converts {
      return try decoder.decode(T.self, from: node, key: key)
    }
    return try decoder.decode(T?.self, from: node, key: key)
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
      context: decoder.context, node: member("super"), parent: decoder, key: AnyKey("super"),
      mapping: decoder.mapping)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { child(key) }

  private func child(_ key: Key) -> DocumentDecoder {
    DocumentDecoder(context: decoder.context, node: node(for: key), parent: decoder, key: key)
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
    return try decoder.decode(T.self, from: try next(), key: key)
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
    return DocumentDecoder(context: decoder.context, node: try next(), parent: decoder, key: key)
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
    try converted(T.self)
  }

  // The common scalars read their natural JSON kind directly, as in `ObjectContainer`.

  func decode(_ type: String.Type) throws -> String {
    if let node = decoder.node, let value = decoder.context.document.string(node) { return value }
    return try converted(String.self)
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    if let node = decoder.node, let value = decoder.context.document.bool(node) { return value }
    return try converted(Bool.self)
  }

  func decode(_ type: Int.Type) throws -> Int {
    if let node = decoder.node, let value = decoder.context.document.storedInteger(node).int.flatMap(Int.init(exactly:)) {
      return value
    }
    return try converted(Int.self)
  }

  func decode(_ type: Double.Type) throws -> Double {
    if let node = decoder.node, decoder.context.document.kind(of: node) == .number,
      let value = decoder.context.document.double(node)
    {
      return value
    }
    return try converted(Double.self)
  }

  /// The generic path, for conversions, missing values and errors.
  private func converted<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decode(T.self, from: decoder.node, key: nil, onMismatch: decoder.onMismatch)
  }
}

/// Finds the members of an object too large to scan by name, the last one
/// winning as everywhere: an open-addressed table of their keys' hashes,
/// taken from the raw bytes without making strings. Keys with escapes or
/// non-ASCII bytes go to a dictionary, for `String` equality.
final class MemberIndex {
  private let document: JSONDocument
  private let keys: [JSONDocument.Node]
  private let values: [JSONDocument.Node]
  /// Member index + 1 by hash slot (0 = empty).
  private let slots: [Int]
  private let others: [String: JSONDocument.Node]

  /// Objects of up to this many members are scanned instead.
  static let scanLimit = 8

  init(_ document: JSONDocument, _ object: JSONDocument.Node) {
    self.document = document
    let count = document.count(of: object)
    var keys: [JSONDocument.Node] = []
    var values: [JSONDocument.Node] = []
    var others: [String: JSONDocument.Node] = [:]
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    var size = 16
    while size < count * 2 { size *= 2 }
    var slots = [Int](repeating: 0, count: size)
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
    (self.keys, self.values, self.slots, self.others) = (keys, values, slots, others)
  }

  /// The last member named `name`.
  func member(_ name: String) -> JSONDocument.Node? {
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

  private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
  }
}

/// A coding key made at run time: an index, `super`, or a name.
struct AnyKey: CodingKey {
  private let name: String
  let intValue: Int?

  /// An index's name is only made when asked for: arrays make a key per element.
  var stringValue: String { intValue.map { "Index \($0)" } ?? name }

  init(_ string: String) {
    name = string
    intValue = nil
  }

  init(index: Int) {
    name = ""
    intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) { self.init(index: intValue) }
}
