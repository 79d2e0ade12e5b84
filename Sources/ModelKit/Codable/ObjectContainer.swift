import ModelKitJSON

/// A keyed container over an object node (or over nothing, leniently).
struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: DocumentDecoder
  let object: JSONDocument.Node?
  /// The names of the keys, unretained (kept for the process), when `Key`
  /// is an enum `KeyNames` names: members read in order are found by them.
  private let names: Unmanaged<KeyNames>?
  // The container holds one reference, its decoder's, and reads the rest
  // through it: the `KeyedDecodingContainer` box copies the container for
  // every call, and each reference held would cost a retain and a release.
  private var document: JSONDocument { decoder.document }
  /// The members by their converted keys, when the call has a key strategy.
  private var converted: [String: JSONDocument.Node]? { decoder.convertedMembers }

  /// A container over `object`, the decoder's node, prepared (`prepare`).
  init(decoder: DocumentDecoder, object: JSONDocument.Node?) {
    self.decoder = decoder
    self.object = object
    names = KeyNames.of(Key.self)
    Self.prepare(decoder, object)
  }

  /// A container over the decoder's `object`, as `init(decoder:object:)`
  /// makes it (`names` are `Key`'s), without preparing the decoder again
  /// or looking up the names (`KeptObjectContainer`'s calls).
  @inline(__always)
  init(prepared decoder: DocumentDecoder, object: JSONDocument.Node?, names: Unmanaged<KeyNames>?) {
    self.decoder = decoder
    self.object = object
    self.names = names
  }

  /// Readies `decoder` for keyed containers over `object`: the key type
  /// noted for a report, the member index or converted keys made.
  static func prepare(_ decoder: DocumentDecoder, _ object: JSONDocument.Node?) {
    decoder.readsKeys(Key.self)
    decoder.prepareMembers(of: object)
  }

  /// The member whose JSON key is `name` (the first or last of a repeated
  /// key, as the call says): from the table, or by scanning a small object.
  @inline(__always)
  private func member(_ name: String) -> JSONDocument.Node? {
    guard let object else { return nil }
    return decoder.member(name, of: object)
  }

  /// The member for the coding key named `name`: by its converted key when
  /// the call has a key strategy.
  @inline(__always)
  private func member(forKey name: String) -> JSONDocument.Node? {
    guard let converted else { return member(name) }
    return converted[name]
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    decoder.readsAllKeys()
    if let converted { return converted.keys.compactMap(Key.init(stringValue:)) }
    guard let object else { return [] }
    var seen = Set<String>()
    return document.members(of: object).compactMap { key, _ in
      guard let name = document.string(key), seen.insert(name).inserted else { return nil }
      return Key(stringValue: name)
    }
  }

  /// The node for `key`: its mapped candidates (first present, non-null one
  /// wins; JSON keys as they are) or its own name.
  private func node(for key: Key) -> JSONDocument.Node? {
    guard let object else { return nil }
    if let names {
      switch decoder.member(key, named: names) {
      case .found(let value): return value
      case .absent: return nil
      case .unordered: break
      }
    }
    guard let candidates = decoder.mapping?[key.stringValue] else { return member(forKey: key.stringValue) }
    return KeyPathLookup.value(of: candidates, in: object, of: document, member: member(_:))?.node
  }

  func contains(_ key: Key) -> Bool { node(for: key) != nil }

  /// The node for `key`, for readers outside this file.
  func nodeForKey(_ key: Key) -> JSONDocument.Node? { node(for: key) }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let node = node(for: key) else {
      if decoder.call.options.strict && !decoder.awaits {
        throw ModelError.missing("key '\(key.stringValue)'", at: path(key)).decodingError
      }
      return true
    }
    return decoder.reading({ $0.isNull(node) })
  }

  // The common scalars read their natural JSON kind directly; anything
  // else (a conversion, a missing key, an error) takes the generic path.

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let node = node(for: key)
    if let node, let value = decoder.reading({ $0.naturalString(node) }) { return value }
    return try decodeConverted(String.self, node: node, forKey: key)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let node = node(for: key)
    if let node, let value = decoder.reading({ $0.naturalBool(node) }) { return value }
    return try decodeConverted(Bool.self, node: node, forKey: key)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let node = node(for: key)
    if let node, let value = decoder.reading({ $0.naturalInt(node) }) { return value }
    return try decodeConverted(Int.self, node: node, forKey: key)
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    let node = node(for: key)
    if let node, let value = decoder.reading({ $0.naturalInt64(node) }) { return value }
    return try decodeConverted(Int64.self, node: node, forKey: key)
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    let node = node(for: key)
    if let node, let value = decoder.reading({ $0.naturalUInt64(node) }) { return value }
    return try decodeConverted(UInt64.self, node: node, forKey: key)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let node = node(for: key)
    if let node, let value = decoder.reading({ $0.naturalDouble(node) }) { return value }
    return try decodeConverted(Double.self, node: node, forKey: key)
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let node = node(for: key), !decoder.reading({ $0.isNull(node) }) else { return nil }
    if let value = decoder.reading({ $0.naturalString(node) }) { return value }
    return try decodeConvertedIfPresent(String.self, node: node, forKey: key)
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let node = node(for: key), !decoder.reading({ $0.isNull(node) }) else { return nil }
    if let value = decoder.reading({ $0.naturalInt(node) }) { return value }
    return try decodeConvertedIfPresent(Int.self, node: node, forKey: key)
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let node = node(for: key), !decoder.reading({ $0.isNull(node) }) else { return nil }
    if let value = decoder.reading({ $0.naturalBool(node) }) { return value }
    return try decodeConvertedIfPresent(Bool.self, node: node, forKey: key)
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let node = node(for: key), !decoder.reading({ $0.isNull(node) }) else { return nil }
    if let value = decoder.reading({ $0.naturalDouble(node) }) { return value }
    return try decodeConvertedIfPresent(Double.self, node: node, forKey: key)
  }

  /// The generic path, for conversions, missing values and errors.
  func decodeConverted<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeConverted(T.self, node: node(for: key), forKey: key)
  }

  /// `decodeConverted(_:forKey:)` with the key's node (nil: missing) found.
  private func decodeConverted<T: Decodable>(_ type: T.Type, node: JSONDocument.Node?, forKey key: Key) throws -> T {
    if node == nil && decoder.call.options.strict && !decoder.awaits {
      throw ModelError.missing("key '\(key.stringValue)'", at: path(key)).decodingError
    }
    return try decoder.decode(T.self, from: node, key: key)
  }

  private func decodeConvertedIfPresent<T: Decodable>(_ type: T.Type, node: JSONDocument.Node, forKey key: Key)
    throws -> T?
  {
    if decoder.call.options.strict, document.partial == nil || !ReadContext.isIncomplete(node, of: document) {
      return try decoder.decode(T.self, from: node, key: key)
    }
    return try decoder.decode(T?.self, from: node, key: key)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let node = node(for: key)
    if let node, let array = naturalArray(T.self, at: node) { return array.value(as: T.self) }
    return try decodeConverted(T.self, node: node, forKey: key)
  }

  /// The array at `node` when `type` is `[Int]`, `[Double]` or `[String]`
  /// and each element is of its natural kind, read as the scalars above
  /// are: the generic path's converter would give the same array and note
  /// nothing, after a converter lookup, a temporary and a coding path
  /// (about a thousand instructions for an empty `[Int]`). Nil for other
  /// types and values, and in a text still arriving, which then take that
  /// path from the start. (Not generic: a `T?` result would be looked up
  /// on every call, in code not compiled for `T`.)
  @inline(__always)
  private func naturalArray(_ type: any Any.Type, at node: JSONDocument.Node) -> NaturalArray? {
    guard let compiled = CompiledArray(type), decoder.call.document.partial == nil else { return nil }
    return decoder.reading { compiled.naturalElements($0, node) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try decodeAnyIfPresent(type, forKey: key)
  }

  // The other scalars' `decodeIfPresent` take the generic rule (the
  // protocol's defaults would give a value that does not convert its empty
  // value instead of nil).
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeAnyIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeAnyIfPresent(type, forKey: key) }

  private func decodeAnyIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let node = node(for: key), !decoder.reading({ $0.isNull(node) }) else { return nil }
    if let array = naturalArray(T.self, at: node) { return array.value(as: T.self) }
    // Leniently, a value ModelKit cannot convert makes the optional nil;
    // types only Codable reads are decoded as they are.
    // (Strict reading asks for no converter here: the decoder looks it up.)
    if try decoder.call.options.strict || decoder.call.converters.entry(for: T.self).converter == nil {
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
      call: decoder.call, node: member(forKey: "super"), parent: decoder, key: AnyKey("super"),
      mapping: decoder.mapping)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { child(key) }

  private func child(_ key: Key) -> DocumentDecoder {
    DocumentDecoder(call: decoder.call, node: node(for: key), parent: decoder, key: key)
  }

  private func path(_ key: Key) -> CodingPath { decoder.path(appending: key) }
}
