import Foundation
import ModelKitJSON

/// What every decoder of one `ModelDecoder.decode` call (or one Codable
/// value inside a model) shares.
final class DecodeCall {
  /// The document and options of `read`, kept apart: read through the
  /// context, each level of a Codable decode takes more stack (measured
  /// under the address sanitizer), and the deepest texts `JSONDecoder`
  /// reads would reach the stack guard.
  let document: JSONDocument
  let options: DecodingOptions
  /// The coder's `userInfo`, made when a type first asks for it (most never do).
  private(set) lazy var userInfo: [CodingUserInfoKey: Any] =
    read.strategies?.userInfo ?? [:] as [CodingUserInfoKey: any Sendable]
  /// Where the call's top-level value is: `$` for `ModelDecoder`, the
  /// field's path for a Codable value inside a model.
  let root: CodingPath
  /// How deeply the call's top-level value is nested (in a model, say).
  let rootDepth: Int
  /// What ModelKit's converters read with (one call's, used by one thread
  /// at a time, so unchecked); it carries the coder's strategies.
  @exclusivity(unchecked) var read: ReadContext
  let converters: ConverterCache
  /// How JSON keys become coding keys; nil when they are used as they are.
  let keyStrategy: KeyReading?
  /// Whether a repeated JSON key gives its first value, as in `JSONDecoder`
  /// (a coder's call), or its last (a Codable value inside a model).
  let firstKeyWins: Bool
  /// Snake-case conversions made so far: arrays of objects repeat their keys.
  @exclusivity(unchecked) private var camelCaseKeys: [String: String] = [:]

  /// A call reading with `read`, its converters looked up in `converters`.
  /// (`read` is stored last, moved, not copied.)
  init(_ read: consuming ReadContext, converters: ConverterCache = ConverterCache()) {
    self.converters = converters
    document = read.document
    options = read.options
    root = read.path.resolved
    rootDepth = read.depth
    firstKeyWins = read.rules.firstKeyWins
    switch read.strategies?.keys ?? .asIs {
    case .asIs:
      keyStrategy = read.options.keyDecoding == .convertFromSnakeCase ? .convertFromSnakeCase : nil
    case let keys:
      keyStrategy = keys
    }
    self.read = read
  }

  /// The members of `object` by their keys as the key strategy converts
  /// them (`codingPath` is the object's), the first of a repeated key
  /// winning, as `JSONDecoder` builds its containers.
  func convertedMembers(of object: JSONDocument.Node, codingPath: [any CodingKey]) -> [String: JSONDocument.Node] {
    var members: [String: JSONDocument.Node] = [:]
    members.reserveCapacity(document.count(of: object))
    for (keyNode, value) in document.members(of: object) {
      let key = convert(document.string(keyNode) ?? "", codingPath)
      if members[key] == nil { members[key] = value }
    }
    return members
  }

  /// `key` as the key strategy makes it a coding key's name.
  func convert(_ key: String, _ codingPath: [any CodingKey]) -> String {
    switch keyStrategy {
    case .convertFromSnakeCase?:
      if let known = camelCaseKeys[key] { return known }
      let converted = SnakeCase.camelCase(fromSnakeCase: key)
      camelCaseKeys[key] = converted
      return converted
    case .custom(let convert)?:
      return convert(codingPath + [AnyKey(key)]).stringValue
    default:
      return key
    }
  }
}
