import Foundation

/// What every encoder of one `ModelEncoder` call (or one Codable value
/// inside a model) shares.
final class EncodeCall {
  let options: JSONWriteOptions
  let userInfo: [CodingUserInfoKey: Any]
  /// Where the call's top-level value goes: `$` for `ModelEncoder`, the
  /// field's path for a Codable value inside a model.
  let root: CodingPath
  /// How deeply the call's top-level value is nested (in a model, say).
  let rootDepth: Int
  /// The class instances being written when the call began.
  let active: Set<ObjectIdentifier>
  /// The rules the call writes by: `JSONEncoder`'s with the coder's
  /// strategies, or ModelKit's for a Codable value inside a model.
  let rules: WriteRules
  /// The coder's strategies (nil for a Codable value inside a model).
  var strategies: EncodingStrategies? { rules.strategies }
  lazy var converters = ConverterCache()
  /// How coding keys become JSON keys; nil when they are used as they are.
  let keyStrategy: KeyWriting?
  /// Whether this is a `ModelEncoder` call, whose top-level value must
  /// write something (a nested value that writes nothing is `{}`).
  let isOutermost: Bool
  /// Snake-case conversions made so far: arrays of objects repeat their keys.
  @exclusivity(unchecked) private var snakeCaseKeys: [String: String] = [:]

  /// Whether the call's caches grew past what is worth keeping for another call.
  var hasLargeCaches: Bool { snakeCaseKeys.count > 512 }

  init(from context: WriteContext, isOutermost: Bool = false) {
    self.isOutermost = isOutermost
    options = context.options
    root = context.path.resolved
    rootDepth = root.depth
    active = context.active
    rules = context.rules
    userInfo = context.strategies?.userInfo ?? [:] as [CodingUserInfoKey: any Sendable]
    let keys = context.strategies?.keys ?? .asIs
    if case .asIs = keys { keyStrategy = nil } else { keyStrategy = keys }
  }

  /// The JSON key for `key` by the key strategy; `codingPath` leads to its object.
  func jsonKey(_ key: String, codingPath: @autoclosure () -> [any CodingKey]) -> String {
    switch keyStrategy {
    case .convertToSnakeCase?:
      if let known = snakeCaseKeys[key] { return known }
      let converted = SnakeCase.snakeCase(fromCamelCase: key)
      snakeCaseKeys[key] = converted
      return converted
    case .custom(let convert)?:
      return convert(codingPath() + [AnyKey(key)]).stringValue
    default:
      return key
    }
  }

  /// A context for a converter to build one value apart, at `path`.
  func detachedContext(at path: CodingPath) -> WriteContext {
    WriteContext(
      options: options.subtracting(.prettyPrinted), buildsValue: true, path: path, active: active,
      rules: rules, models: ModelWriter(), codable: CodableBridge())
  }
}
