import Foundation
import ModelKitJSON

/// ModelKit's own converters (scalars, Foundation types, containers of them,
/// `JSONModel`s) for one Codable call, looked up once per type; nil for
/// types only Codable handles. Misses go to the process-wide caches.
final class ConverterCache {
  /// What a call needs to know of a type, found with one lookup.
  ///
  /// Its references are unowned: the process-wide caches that made them
  /// (`SchemaCache` and `CodableTraits`) keep them for the process's life,
  /// and a decoder asks for an entry once per value, where a retain and a
  /// release of each would cost more than the lookup.
  struct Entry {
    private let unmanagedConverter: Unmanaged<AnyConverter>?
    /// The type's traits (types without a converter only), unretained:
    /// traits are kept for the process, and read through this a decoder's
    /// value takes no retain and release for them.
    let unretainedTraits: Unmanaged<CodableTraits.Traits>?

    init(converter: AnyConverter?, traits: CodableTraits.Traits?) {
      unmanagedConverter = converter.map(Unmanaged.passUnretained)
      unretainedTraits = traits.map(Unmanaged.passUnretained)
    }

    /// ModelKit's converter, or nil for a type only Codable handles.
    var converter: AnyConverter? { unmanagedConverter?.takeUnretainedValue() }
  }

  // One call's cache, used by one thread at a time (`owner` checks it).
  @exclusivity(unchecked) var owner = CallOwner()
  @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry]
  @exclusivity(unchecked) private var containers: [ObjectIdentifier: Bool] = [:]
  @exclusivity(unchecked) private var outputMappings: [ObjectIdentifier: [String: [String]]?] = [:]
  @exclusivity(unchecked) private var stringKeyedDictionaries: [ObjectIdentifier: Bool] = [:]

  /// The entries the calls so far have made, which a call starts from:
  /// a copy taken under the lock once per call, so that lookups take none.
  private static let known = Locked<[ObjectIdentifier: Entry]>([:])

  init() {
    entries = Self.known.withLock { $0 }
  }

  func entry<Value>(for type: Value.Type) throws(ModelError) -> Entry {
    owner.check()
    let identifier = ObjectIdentifier(type)
    if let recent = recent.entry(for: identifier) { return recent }
    let entry: Entry
    if let known = entries[identifier] {
      entry = known
    } else {
      let converter = try SchemaCache.shared.converter(for: type, allowingDecodable: false)
      entry = Entry(converter: converter, traits: converter == nil ? CodableTraits.shared.traits(of: type) : nil)
      entries[identifier] = entry
      Self.known.withLock { $0[identifier] = entry }
    }
    recent.remember(entry, for: identifier)
    return entry
  }

  /// The entries asked for last, looked through before `entries`.
  @exclusivity(unchecked) private var recent = RecentEntries<Entry>()

  func converter<Value>(for type: Value.Type) throws(ModelError) -> ValueConverter<Value>? {
    // Cached by `Value`'s identity, so it is a `ValueConverter<Value>`.
    guard let converter = try entry(for: type).converter else { return nil }
    return converter.typed(as: Value.self)
  }

  /// Where `type`'s keys are written: the first candidate of each mapped key.
  func outputMapping<Value>(for type: Value.Type) -> [String: [String]]? {
    let identifier = ObjectIdentifier(type)
    if let cached = outputMappings[identifier] { return cached }
    let made = CodableTraits.shared.traits(of: type).mapping?.compactMapValues(\.first)
    outputMappings[identifier] = made
    return made
  }

  /// Foundation's sentence for a value of kind `found` where a `type` was
  /// expected ("Expected to decode Int but found a string instead."), made
  /// once per type and kind: a type's `try?` fallback may ask for every value.
  func mismatchDescription(of type: any Any.Type, found: JSONKind) -> String {
    let key = MismatchKey(type: ObjectIdentifier(type), found: found)
    if let last = lastMismatch, last.key == key { return last.description }
    let description: String
    if let known = mismatchDescriptions[key] {
      description = known
    } else {
      description = ModelError.mismatchSentence(expected: type, found: found)
      mismatchDescriptions[key] = description
    }
    lastMismatch = (key, description)
    return description
  }

  private struct MismatchKey: Hashable {
    let type: ObjectIdentifier
    let found: JSONKind
  }
  @exclusivity(unchecked) private var mismatchDescriptions: [MismatchKey: String] = [:]
  /// The description asked for last: a fallback fails the same way value after value.
  @exclusivity(unchecked) private var lastMismatch: (key: MismatchKey, description: String)?

  /// Whether `type` is a `String`-keyed dictionary, whose keys no key strategy converts.
  func isStringKeyedDictionary<Value>(_ type: Value.Type) -> Bool {
    let identifier = ObjectIdentifier(type)
    if let cached = stringKeyedDictionaries[identifier] { return cached }
    let made = CodableTraits.shared.traits(of: type).isStringKeyedDictionary
    stringKeyedDictionaries[identifier] = made
    return made
  }

  /// Whether `type` is an optional, array, set or dictionary (which encode
  /// their elements through the encoder rather than through a converter).
  func isContainer<Value>(_ type: Value.Type) -> Bool {
    let identifier = ObjectIdentifier(type)
    if let cached = containers[identifier] { return cached }
    let made = Value.self is any ContainerConvertible.Type || Value.self is any OptionalConvertible.Type
    containers[identifier] = made
    return made
  }
}
