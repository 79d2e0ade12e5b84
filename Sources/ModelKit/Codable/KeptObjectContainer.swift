import ModelKitJSON

/// A keyed container whose box its decoder keeps, to hand it out again for
/// the next object it reads (the next element of an array, say): making a
/// `KeyedDecodingContainer` costs about a thousand instructions (its
/// container's and box's metadata looked up, the conformance, an
/// allocation), and a decoder reads object after object of one type.
///
/// Each call reads the decoder and object from `target`, which the decoder
/// points at its next object, and forwards to the `ObjectContainer` over
/// them: the one reading. While the decoder keeps the box and nothing else
/// holds it, the target lets go of the decoder (the decoder holds the box:
/// a box holding the decoder would be a cycle); no call can come then.
struct KeptObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let target: ContainerTarget

  /// The most members an object whose container is kept has: each call
  /// costs a retain and a release more than `ObjectContainer`'s, and the
  /// box saves about 600 instructions per object. (4, 8 and 16 measured
  /// within 0.3% of each other on citm.json and twitter.json; with no
  /// limit, twitter.json's objects of 25 and 40 members decoded 2% slower.)
  @inline(__always) static var memberLimit: Int { 8 }

  /// The container over the target's decoder and object (which holds
  /// one whenever a call can come: Internals.md §12).
  @inline(__always)
  private var container: ObjectContainer<Key> {
    ObjectContainer(prepared: target.decoder.unsafelyUnwrapped, object: target.object)
  }

  var codingPath: [any CodingKey] { container.codingPath }
  var allKeys: [Key] { container.allKeys }
  func contains(_ key: Key) -> Bool { container.contains(key) }
  func decodeNil(forKey key: Key) throws -> Bool { try container.decodeNil(forKey: key) }

  func decode(_ type: String.Type, forKey key: Key) throws -> String { try container.decode(type, forKey: key) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try container.decode(type, forKey: key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try container.decode(type, forKey: key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try container.decode(type, forKey: key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try container.decode(type, forKey: key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try container.decode(type, forKey: key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try container.decode(type, forKey: key) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try container.decode(type, forKey: key) }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try container.decode(type, forKey: key) }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try container.decodeIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try container.decodeIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try container.decodeIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try container.decodeIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try container.decodeIfPresent(type, forKey: key)
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try container.decodeIfPresent(type, forKey: key)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try container.nestedContainer(keyedBy: type, forKey: key)
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try container.nestedUnkeyedContainer(forKey: key)
  }
  func superDecoder() throws -> any Decoder { try container.superDecoder() }
  func superDecoder(forKey key: Key) throws -> any Decoder { try container.superDecoder(forKey: key) }
}

/// What a `KeptObjectContainer` reads, which its decoder points at each
/// object it hands the container out for.
final class ContainerTarget: KeptContainerTarget {
  // One call's, used by its thread alone (Internals.md §1).
  /// The container's decoder, held; nil only while the decoder keeps the
  /// box and nothing else holds it, so never when the container is called.
  @exclusivity(unchecked) var decoder: DocumentDecoder?
  @exclusivity(unchecked) var object: JSONDocument.Node?

  init(decoder: DocumentDecoder, object: JSONDocument.Node?) {
    self.decoder = decoder
    self.object = object
  }

  func letGoOfCoder() {
    decoder = nil
    object = nil
  }
}
