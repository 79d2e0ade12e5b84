import ModelKitJSON

/// The `Encoder` a value gets from a `EncodingStream`: its containers
/// write straight into the stream, while the value is being encoded.
final class StreamingEncoder: Encoder {
  /// The last step of a coding path, kept unassembled until asked for.
  enum PathKey {
    case none
    case key(any CodingKey)
    case index(Int)

    var codingKey: (any CodingKey)? {
      switch self {
      case .none: nil
      case .key(let key): key
      case .index(let index): AnyKey(index: index)
      }
    }
  }

  let encoding: EncodingStream
  /// The slot this value fills.
  let slot: Int
  private let parent: StreamingEncoder?
  private let key: PathKey
  /// Key renames from the type's `JSONKeyMapping`.
  let renames: [String: String]?
  /// Whether keys are written as they are, whatever the key strategy (a
  /// `String`-keyed dictionary's, as in `JSONEncoder`).
  let keysAsTheyAre: Bool
  /// Whether this value has opened its container (one thread, one access at a time).
  @exclusivity(unchecked) private var opened = false

  init(
    encoding: EncodingStream, slot: Int, parent: StreamingEncoder?, key: PathKey, renames: [String: String]? = nil,
    keysAsTheyAre: Bool = false
  ) {
    self.encoding = encoding
    self.slot = slot
    self.parent = parent
    self.key = key
    self.renames = renames
    self.keysAsTheyAre = keysAsTheyAre
  }

  var codingPath: [any CodingKey] { Self.path(parent, key) }

  var userInfo: [CodingUserInfoKey: Any] { encoding.call.userInfo }

  /// The path of a value at `key` under `parent`.
  static func path(_ parent: StreamingEncoder?, _ key: PathKey) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    if let last = key.codingKey { keys.append(last) }
    var current = parent
    while let encoder = current {
      if let step = encoder.key.codingKey { keys.append(step) }
      current = encoder.parent
    }
    return keys.reversed()
  }

  /// This value's container, opened in its slot. Asking again (a subclass
  /// and its superclass sharing one object, whose keys may repeat) abandons
  /// the stream for this value: the tree merges such keys.
  private func container(object: Bool) -> Int {
    guard !opened, (try? encoding.begin(slot)) != nil else {
      _ = encoding.abandon(at: slot)
      return 0
    }
    opened = true
    return encoding.open(object: object)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(StreamObjectContainer<Key>(encoder: self, frame: container(object: true)))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    StreamArrayContainer(encoder: self, frame: container(object: false))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    StreamValueContainer(encoder: self)
  }
}

struct StreamObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: StreamingEncoder
  let frame: Int
  /// The encoder's key renames, kept at hand for every key.
  private let renames: [String: String]?
  /// Whether the call's key strategy converts this object's keys.
  private let convertsKeys: Bool
  /// The encoder's stream, which the encoder keeps alive.
  private unowned(unsafe) let encoding: EncodingStream

  init(encoder: StreamingEncoder, frame: Int) {
    self.encoder = encoder
    self.frame = frame
    renames = encoder.renames
    encoding = encoder.encoding
    convertsKeys = encoding.call.keyStrategy != nil && !encoder.keysAsTheyAre
  }

  var codingPath: [any CodingKey] { encoder.codingPath }

  /// The JSON key for `key`: renamed by the type's mapping, else converted by the key strategy.
  private func name(_ key: Key) -> String {
    if let renamed = renames?[key.stringValue] { return renamed }
    guard convertsKeys else { return key.stringValue }
    return encoding.call.jsonKey(key.stringValue, codingPath: codingPath)
  }

  /// Enters this object and writes `key`, once.
  private func start(_ key: Key) throws {
    try encoding.enter(frame)
    var name = name(key)
    // One pass over the key's bytes for both its hash and its text.
    try name.withUTF8 { utf8 in
      try encoding.noteKey(hash: KeyHash.quick(utf8))
      encoding.write.json.writeKey(escapingAsNeeded: utf8)
    }
  }

  mutating func encodeNil(forKey key: Key) throws {
    try start(key)
    encoding.write.json.writeNull()
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try start(key)
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try start(key)
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    try start(key)
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try start(key)
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try start(key)
    encoding.write.json.write(value)
  }

  /// A non-finite number as the coder's strategy says (inside a model: left out).
  mutating func encode(_ value: Double, forKey key: Key) throws {
    guard value.isFinite else {
      guard encoding.call.isCoderCall else { return try encoding.enter(frame) }
      try start(key)
      return try encoding.writeNonFinite(value, at: codingPath + [key])
    }
    try start(key)
    encoding.write.json.write(value)
  }

  /// Writes an integer's digits at `key` (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger, forKey key: Key) throws {
    try start(key)
    encoding.write.json.write(JSONNumber(value))
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
    try encoding.enter(frame)
    let name = name(key)
    try encoding.noteKey(name)
    let slot = encoding.openSlot(key: name, needsNull: false)
    try encoding.encode(value, slot: slot, parent: encoder, key: .key(key))
  }

  /// A child encoder at `key`, for a nested container's coding path.
  private func child(_ key: Key) -> StreamingEncoder {
    StreamingEncoder(encoding: encoding, slot: 0, parent: encoder, key: .key(key))
  }

  /// Opens a nested object or array at `key`; 0 when the stream was abandoned.
  private func nested(_ key: Key, object: Bool) -> Int {
    guard (try? start(key)) != nil else { return 0 }
    return encoding.open(object: object)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let frame = nested(key, object: true)
    return KeyedEncodingContainer(StreamObjectContainer<NestedKey>(encoder: child(key), frame: frame))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let frame = nested(key, object: false)
    return StreamArrayContainer(encoder: child(key), frame: frame)
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(named: "super", key: .key(AnyKey("super")))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: name(key), key: .key(key))
  }

  /// An encoder for a value at `name`, written when (and if) it begins.
  private func superEncoder(named name: String, key: StreamingEncoder.PathKey) -> any Encoder {
    let entered = encoding.tryEnter(frame) && (try? encoding.noteKey(name)) != nil
    let slot = entered ? encoding.openSlot(key: name, needsNull: false) : 0
    return StreamingEncoder(encoding: encoding, slot: slot, parent: encoder, key: key)
  }
}

struct StreamArrayContainer: UnkeyedEncodingContainer {
  let encoder: StreamingEncoder
  let frame: Int
  private(set) var count = 0
  /// The encoder's stream, which the encoder keeps alive.
  private unowned(unsafe) let encoding: EncodingStream

  init(encoder: StreamingEncoder, frame: Int) {
    self.encoder = encoder
    self.frame = frame
    encoding = encoder.encoding
  }

  var codingPath: [any CodingKey] { encoder.codingPath }

  /// Enters this array for one more element; returns its index.
  private mutating func start() throws -> Int {
    try encoding.enter(frame)
    count += 1
    return count - 1
  }

  mutating func encodeNil() throws {
    _ = try start()
    encoding.write.json.writeNull()
  }

  mutating func encode(_ value: Bool) throws {
    _ = try start()
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: String) throws {
    _ = try start()
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: Int) throws {
    _ = try start()
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: Int64) throws {
    _ = try start()
    encoding.write.json.write(value)
  }

  mutating func encode(_ value: UInt64) throws {
    _ = try start()
    encoding.write.json.write(value)
  }

  /// A non-finite number as the coder's strategy says (inside a model: `null`).
  mutating func encode(_ value: Double) throws {
    let index = try start()
    guard value.isFinite || !encoding.call.isCoderCall else {
      return try encoding.writeNonFinite(value, at: codingPath + [AnyKey(index: index)])
    }
    encoding.write.json.write(value)
  }

  /// Writes an integer's digits (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger) throws {
    _ = try start()
    encoding.write.json.write(JSONNumber(value))
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let index = try start()
    let slot = encoding.openSlot(key: nil, needsNull: true)
    try encoding.encode(value, slot: slot, parent: encoder, key: .index(index))
  }

  /// A child encoder for the next element, for a nested container's path.
  private mutating func nested(object: Bool) -> (StreamingEncoder, Int) {
    guard let index = try? start() else {
      return (StreamingEncoder(encoding: encoding, slot: 0, parent: encoder, key: .index(count)), 0)
    }
    return (StreamingEncoder(encoding: encoding, slot: 0, parent: encoder, key: .index(index)), encoding.open(object: object))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let (child, frame) = nested(object: true)
    return KeyedEncodingContainer(StreamObjectContainer<NestedKey>(encoder: child, frame: frame))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let (child, frame) = nested(object: false)
    return StreamArrayContainer(encoder: child, frame: frame)
  }

  mutating func superEncoder() -> any Encoder {
    guard let index = try? start() else {
      return StreamingEncoder(encoding: encoding, slot: 0, parent: encoder, key: .index(count))
    }
    let slot = encoding.openSlot(key: nil, needsNull: true)
    return StreamingEncoder(encoding: encoding, slot: slot, parent: encoder, key: .index(index))
  }
}

struct StreamValueContainer: SingleValueEncodingContainer {
  let encoder: StreamingEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws {
    try encoder.encoding.begin(encoder.slot)
    encoder.encoding.write.json.writeNull()
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encoding.encode(value, slot: encoder.slot, parent: encoder, key: .none)
  }

  /// Writes an integer's digits (the 128-bit widths).
  mutating func encodeDigits(_ value: some BinaryInteger) throws {
    try encoder.encoding.begin(encoder.slot)
    encoder.encoding.write.json.write(JSONNumber(value))
  }
}
