import Foundation

/// What the bridge needs to know of a Codable type, found once per process:
/// a conformance check costs microseconds, too much for every call.
final class CodableTraits: Sendable {
  /// One type's traits: a class, so that the decoders' copies of an entry
  /// cost one retain (immutable once made, so shared across threads).
  final class Traits: @unchecked Sendable {
    /// The type's `JSONKeyMapping` as key paths.
    let mapping: [String: [[String]]]?
    /// The type as a collection whose failing elements lenient decoding drops.
    let droppingCollection: (any ElementDroppingCollection.Type)?
    /// Whether the type is a `String`-keyed dictionary, whose keys no key
    /// strategy converts (as in `JSONDecoder`).
    let isStringKeyedDictionary: Bool
    /// The type as a collection strict decoding reads element by element.
    let elementByElement: (any ElementByElementDecodable.Type)?
    /// The type as an array the encoder writes element by element.
    let encodedElementByElement: (any ElementByElementEncodable.Type)?

    init<Value>(of type: Value.Type) {
      mapping = (Value.self as? any JSONKeyMapping.Type).map { $0.keyMapping.mapValues(\.candidates) }
      droppingCollection = Value.self as? any ElementDroppingCollection.Type
      isStringKeyedDictionary = Value.self is any StringKeyedDictionary.Type
      elementByElement = Value.self as? any ElementByElementDecodable.Type
      encodedElementByElement = Value.self as? any ElementByElementEncodable.Type
    }
  }

  static let shared = CodableTraits()
  private let traits = Locked<[ObjectIdentifier: Traits]>([:])

  /// The traits of `type`, made once: a type's traits are never replaced
  /// (callers may hold them unowned).
  func traits<Value>(of type: Value.Type) -> Traits {
    let identifier = ObjectIdentifier(type)
    if let known = traits.withLock({ $0[identifier] }) { return known }
    // Outside the lock: `keyMapping` is the type's own code.
    let made = Traits(of: type)
    return traits.withLock { traits in
      if let first = traits[identifier] { return first }
      traits[identifier] = made
      return made
    }
  }
}

/// `String`-keyed dictionaries, told apart from other keyed types.
protocol StringKeyedDictionary {}

extension Dictionary: StringKeyedDictionary where Key == String {}
