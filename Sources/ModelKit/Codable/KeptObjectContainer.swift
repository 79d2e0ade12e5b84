import ModelKitJSON

/// A keyed container whose box its decoder keeps, to hand it out again for
/// the next object it reads (the next element of an array, say): making a
/// `KeyedDecodingContainer` costs about a thousand instructions (its
/// container's and box's metadata looked up, the conformance, an
/// allocation), and a decoder reads object after object of one type.
///
/// Each call reads the decoder and object from `target`, which the decoder
/// points at its next object, and forwards to the `ObjectContainer` over
/// them: the one reading. The target reads the decoder unretained, the
/// decoder holding the box (a box holding the decoder would be a cycle),
/// until something else holds the box past its value (Internals.md §12).
struct KeptObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let target: ContainerTarget

  /// `body` applied to the container over the target's decoder and
  /// object, the decoder borrowed (Internals.md §13): taken, it was
  /// retained and released for every call.
  @inline(__always)
  private func reading<Result>(_ body: (ObjectContainer<Key>) throws -> Result) rethrows -> Result {
    try target.decoder._withUnsafeGuaranteedRef {
      try body(ObjectContainer(prepared: $0, object: target.object, names: target.names))
    }
  }

  var codingPath: [any CodingKey] { reading { $0.codingPath } }
  var allKeys: [Key] { reading { $0.allKeys } }
  func contains(_ key: Key) -> Bool { reading { $0.contains(key) } }
  func decodeNil(forKey key: Key) throws -> Bool { try reading { try $0.decodeNil(forKey: key) } }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try reading { try $0.decode(type, forKey: key) }
  }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reading { try $0.decode(type, forKey: key) } }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reading { try $0.decode(type, forKey: key) } }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reading { try $0.decode(type, forKey: key) } }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try reading { try $0.decode(type, forKey: key) }
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try reading { try $0.decode(type, forKey: key) }
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try reading { try $0.decode(type, forKey: key) }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try reading { try $0.decode(type, forKey: key) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try reading { try $0.decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try reading { try $0.decodeIfPresent(type, forKey: key) }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try reading { try $0.nestedContainer(keyedBy: type, forKey: key) }
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try reading { try $0.nestedUnkeyedContainer(forKey: key) }
  }
  func superDecoder() throws -> any Decoder { try reading { try $0.superDecoder() } }
  func superDecoder(forKey key: Key) throws -> any Decoder { try reading { try $0.superDecoder(forKey: key) } }
}

/// What a `KeptObjectContainer` reads, which its decoder points at each
/// object it hands the container out for.
final class ContainerTarget: KeptContainerTarget {
  // One call's, used by its thread alone (Internals.md §1).
  /// The container's decoder, the one that keeps the box, unretained:
  /// alive while it keeps it (Internals.md §12). A retain and a release of
  /// it for every object and every call were a tenth of a decode's work.
  let decoder: Unmanaged<DocumentDecoder>
  /// `decoder`, held once the box is held past its value, when the
  /// decoder no longer keeps it (`holdCoder`).
  @exclusivity(unchecked) private var heldDecoder: DocumentDecoder?
  /// The object the container reads now (nil: none, leniently), set by
  /// its decoder for each object it hands the box out for.
  @exclusivity(unchecked) var object: JSONDocument.Node?
  /// The names of the container's keys, looked up once for the objects it reads.
  let names: Unmanaged<KeyNames>?

  /// A target for containers of `Key`s over `object`, the value of `decoder`, which keeps it.
  init<Key: CodingKey>(keptBy decoder: DocumentDecoder, keyedBy type: Key.Type, object: JSONDocument.Node?) {
    self.decoder = Unmanaged.passUnretained(decoder)
    self.object = object
    names = KeyNames.of(type)
  }

  /// Nothing to let go of: a node is an index.
  func endObject() {}

  func holdCoder() { heldDecoder = decoder.takeUnretainedValue() }
}
