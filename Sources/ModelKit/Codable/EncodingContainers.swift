import ModelKitJSON

/// A scalar a container is given. Each container writes every scalar in
/// one place (`put`), into the stream or into its node.
enum EncodedScalar {
  case null
  case bool(Bool)
  case string(String)
  case int(Int64)
  case uint(UInt64)
  /// Finite, or inside a model (where a non-finite element is `null`).
  case double(Double)
  /// The 128-bit widths.
  case digits(JSONNumber)
}

/// A keyed container's storage: what it writes through. A class, so that
/// an encoder can keep a container's box and point it at its next object
/// (`ValueEncoder.container(keyedBy:)`): making a `KeyedEncodingContainer`
/// costs about a thousand instructions (its metadata and its box's, the
/// conformance, an allocation), and an encoder writes object after object
/// of one type. One reference is also what the box copies for every call.
final class EncodingObjectState: KeptContainerTarget {
  // One call's, used by its thread alone (Internals.md §1).
  /// The container's encoder, unretained: held by `heldEncoder`, except by
  /// the state of a box the encoder keeps, which it outlives while it
  /// keeps it (Internals.md §12). A retain and a release of it for every
  /// object and every member cost more than the members' keys.
  let encoder: Unmanaged<ValueEncoder>
  /// `encoder`, held: by a container's own state, and by a kept one's
  /// once the box is held past its value (`holdCoder`).
  @exclusivity(unchecked) private var heldEncoder: ValueEncoder?
  @exclusivity(unchecked) var target: EncodingTarget
  /// The encoder's stream, held here: calls on a stored reference of the
  /// state's own cost nothing, where one reached through the encoder
  /// costs a retain and a release each.
  let encoding: EncodingStream
  /// The encoder's key mapping, kept at hand for every key.
  @exclusivity(unchecked) var mapping: [String: [String]]?
  /// Whether the call's key strategy converts this object's keys.
  @exclusivity(unchecked) var convertsKeys: Bool
  /// The names of the container's keys, unretained (kept for the
  /// process); nil for key types written by their `stringValue` alone.
  let names: Unmanaged<KeyNames>?

  /// The state of a container of its own for `Key`s, which holds `encoder`.
  convenience init<Key: CodingKey>(encoder: ValueEncoder, keyedBy type: Key.Type, target: EncodingTarget) {
    self.init(keptBy: encoder, keyedBy: type, target: target)
    heldEncoder = encoder
  }

  /// The state of the box for `Key`s that `encoder` keeps.
  init<Key: CodingKey>(keptBy encoder: ValueEncoder, keyedBy type: Key.Type, target: EncodingTarget) {
    self.encoder = Unmanaged.passUnretained(encoder)
    self.target = target
    encoding = encoder.encoding
    mapping = encoder.mapping
    convertsKeys = encoder.convertsKeys
    names = KeyNames.of(type)
  }

  /// Points the state at its encoder's next object, written through
  /// `target`, with what `encoder` (the same) says of its keys now.
  func set(_ encoder: ValueEncoder, _ target: EncodingTarget) {
    self.target = target
    // Nearly always nil, and nil before: no retain and release of it then.
    if mapping != nil || encoder.mapping != nil { mapping = encoder.mapping }
    convertsKeys = encoder.convertsKeys
  }

  /// Lets go of a tree's node while the box is idle.
  func endObject() { target = .frame(0) }

  func holdCoder() { heldEncoder = encoder.takeUnretainedValue() }
}

struct EncodingObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: EncodingObjectState

  init(encoder: ValueEncoder, target: EncodingTarget) {
    state = EncodingObjectState(encoder: encoder, keyedBy: Key.self, target: target)
  }

  init(state: EncodingObjectState) {
    self.state = state
  }

  private var encoder: ValueEncoder { state.encoder.takeUnretainedValue() }
  private var target: EncodingTarget { state.target }
  private var encoding: EncodingStream { state.encoding }

  var codingPath: [any CodingKey] { encoder.codingPath }

  /// The name of `key`'s member as `KeyNames` keep it, when the member is
  /// named as the key is (no mapping, no key strategy) and there is one.
  @inline(__always)
  private func spelled(_ key: Key) -> KeyNames.Name? {
    guard state.mapping == nil, !state.convertsKeys else { return nil }
    return state.names?._withUnsafeGuaranteedRef { $0.name(of: key) }
  }

  /// Where `key`'s member goes: its mapped key path, named by its first
  /// segment; else named as the key strategy converts the key.
  private func member(_ key: Key) -> EncodingTarget.MemberPlace {
    let path = state.mapping?[key.stringValue]
    if let mapped = path?.first { return EncodingTarget.MemberPlace(name: mapped, path: path) }
    guard state.convertsKeys else { return EncodingTarget.MemberPlace(name: key.stringValue, path: path) }
    return EncodingTarget.MemberPlace(name: encoding.call.jsonKey(key.stringValue, codingPath: codingPath), path: path)
  }

  @inline(__always)
  private func put(_ scalar: EncodedScalar, forKey key: Key) throws {
    // The stream borrowed from the state, which holds it: read as a
    // property, it was retained and released around every member (Internals.md §13).
    try Unmanaged.passUnretained(state.encoding)._withUnsafeGuaranteedRef { encoding in
      if let name = spelled(key) { return try target.put(scalar, spelled: name, in: encoding) }
      try target.put(scalar, as: member(key), in: encoding)
    }
  }

  mutating func encodeNil(forKey key: Key) throws { try put(.null, forKey: key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try put(.bool(value), forKey: key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try put(.string(value), forKey: key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try put(.int(Int64(value)), forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try put(.int(value), forKey: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(.uint(value), forKey: key) }

  /// A non-finite number as the coder's strategy says (inside a model: left out).
  mutating func encode(_ value: Double, forKey key: Key) throws {
    if value.isFinite { return try put(.double(value), forKey: key) }
    guard encoding.call.rules.writesOmittedValues else { return try target.skip(in: encoding) }
    try put(encoding.nonFinite(value, at: encoder.path(appending: key)), forKey: key)
  }

  /// Writes an integer's digits at `key` (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger, forKey key: Key) throws {
    try put(.digits(JSONNumber(value)), forKey: key)
  }

  // Written out, not left to the protocol's generic defaults, which cost
  // several indirect calls per optional field.

  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    // The encoder and the stream borrowed from the state, which holds them:
    // read as properties, each was retained and released around every
    // member (Internals.md §13).
    try state.encoder._withUnsafeGuaranteedRef { encoder in
      try Unmanaged.passUnretained(state.encoding)._withUnsafeGuaranteedRef { encoding in
        if let name = spelled(key) {
          return try target.encode(value, spelled: name, in: encoding, below: encoder, key: .codingKey(key))
        }
        try target.encode(value, as: member(key), in: encoding, below: encoder, key: .codingKey(key))
      }
    }
  }

  /// A nested object or array at `key`, and an encoder for its coding path.
  private func nested(_ key: Key, object: Bool) -> (ValueEncoder, EncodingTarget) {
    let nestedTarget = target.nested(member(key), object: object, in: encoding)
    return (ValueEncoder(encoding: encoding, destination: .slot(0), parent: encoder, key: .codingKey(key)), nestedTarget)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let (child, nestedTarget) = nested(key, object: true)
    return KeyedEncodingContainer(EncodingObjectContainer<NestedKey>(encoder: child, target: nestedTarget))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let (child, nestedTarget) = nested(key, object: false)
    return EncodingArrayContainer(encoder: child, target: nestedTarget)
  }

  mutating func superEncoder() -> any Encoder {
    target.superEncoder(
      named: "super", at: { $0.member("super") }, in: encoding, below: encoder, key: .codingKey(AnyKey("super")))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let member = member(key)
    return target.superEncoder(named: member.name, at: member.node(in:), in: encoding, below: encoder, key: .codingKey(key))
  }
}

struct EncodingArrayContainer: UnkeyedEncodingContainer {
  let encoder: ValueEncoder
  let target: EncodingTarget
  /// The elements written into the stream so far.
  private var streamed = 0
  /// The elements' plan when it is `.own`, kept from the first for the others (`ElementPlan`).
  private var elementPlan: ElementPlan?
  /// The encoder's stream, held here: calls on a stored reference of the
  /// container's own cost nothing, where one reached through the encoder
  /// costs a retain and a release each.
  private let encoding: EncodingStream

  init(encoder: ValueEncoder, target: EncodingTarget) {
    self.encoder = encoder
    self.target = target
    encoding = encoder.encoding
  }

  var codingPath: [any CodingKey] { encoder.codingPath }

  var count: Int { target.count(streamed: streamed) }

  @inline(__always)
  private mutating func put(_ scalar: EncodedScalar) throws {
    try target.append(scalar, in: encoding, streamed: &streamed)
  }

  mutating func encodeNil() throws { try put(.null) }
  mutating func encode(_ value: Bool) throws { try put(.bool(value)) }
  mutating func encode(_ value: String) throws { try put(.string(value)) }
  mutating func encode(_ value: Int) throws { try put(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { try put(.int(value)) }
  mutating func encode(_ value: UInt64) throws { try put(.uint(value)) }

  /// A non-finite number as the coder's strategy says (inside a model: `null`).
  mutating func encode(_ value: Double) throws {
    guard value.isFinite || !encoding.call.rules.writesOmittedValues else {
      return try put(encoding.nonFinite(value, at: encoder.path(appending: AnyKey(index: count))))
    }
    try put(.double(value))
  }

  /// Writes an integer's digits (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger) throws { try put(.digits(JSONNumber(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try target.append(value, in: encoding, below: encoder, streamed: &streamed, elementPlan: &elementPlan)
  }

  /// A nested object or array as the next element, and an encoder for its coding path.
  private mutating func nested(object: Bool) -> (ValueEncoder, EncodingTarget) {
    let (nestedTarget, index) = target.nestedElement(object: object, in: encoding, streamed: &streamed)
    return (ValueEncoder(encoding: encoding, destination: .slot(0), parent: encoder, key: .index(index)), nestedTarget)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let (child, nestedTarget) = nested(object: true)
    return KeyedEncodingContainer(EncodingObjectContainer<NestedKey>(encoder: child, target: nestedTarget))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let (child, nestedTarget) = nested(object: false)
    return EncodingArrayContainer(encoder: child, target: nestedTarget)
  }

  mutating func superEncoder() -> any Encoder {
    target.superEncoder(in: encoding, below: encoder, streamed: &streamed)
  }
}

struct EncodingValueContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func put(_ scalar: EncodedScalar) throws { try encoder.destination.put(scalar, in: encoder.encoding) }

  mutating func encodeNil() throws { try put(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.destination.encode(value, in: encoder.encoding, below: encoder)
  }

  /// Writes an integer's digits (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger) throws { try put(.digits(JSONNumber(value))) }
}
