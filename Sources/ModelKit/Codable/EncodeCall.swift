import Foundation

/// What every encoder of one `ModelEncoder` call (or one Codable value
/// inside a model) shares.
final class EncodeCall {
  let options: JSONWriteOptions
  let userInfo: [CodingUserInfoKey: Any]
  /// Where the call's top-level value goes: `$` for `ModelEncoder`, the
  /// field's path for a Codable value inside a model.
  let root: CodingPath
  /// The class instances being written when the call began.
  let active: Set<ObjectIdentifier>
  lazy var converters = ConverterCache()
  /// How dates and data are written; `nil` for ModelKit's own rules.
  let dateStrategy: ModelEncoder.DateEncodingStrategy?
  let dataStrategy: ModelEncoder.DataEncodingStrategy?

  init(
    from context: WriteContext, userInfo: [CodingUserInfoKey: Any],
    dates: ModelEncoder.DateEncodingStrategy = .modelKit, data: ModelEncoder.DataEncodingStrategy = .base64
  ) {
    options = context.options
    root = context.path
    active = context.active
    self.userInfo = userInfo
    if case .modelKit = dates { dateStrategy = nil } else { dateStrategy = dates }
    if case .base64 = data { dataStrategy = nil } else { dataStrategy = data }
  }

  /// Whether dates or data are written by a strategy.
  var hasStrategies: Bool { dateStrategy != nil || dataStrategy != nil }

  /// Writes `value` through a date or data strategy into `encoder`; false
  /// when `Value` is neither or its strategy is ModelKit's own.
  func encodeByStrategy<Value>(_ value: Value, to encoder: @autoclosure () -> any Encoder) throws -> Bool {
    if let dateStrategy, Value.self == Date.self {
      try dateStrategy.encode(unsafeBitCast(value, to: Date.self), to: encoder())
      return true
    }
    if let dataStrategy, Value.self == Data.self {
      try dataStrategy.encode(unsafeBitCast(value, to: Data.self), to: encoder())
      return true
    }
    return false
  }

  /// The path of a value at `keys` below the call's top level.
  func path(_ keys: [any CodingKey]) -> CodingPath { CodingPath(root, keys: keys) }

  /// A context for a converter to write one value apart, at `keys`.
  func detachedContext(at keys: [any CodingKey]) -> WriteContext {
    WriteContext(
      options: options.subtracting(.prettyPrinted), capacity: 64, path: path(keys), active: active,
      models: ModelWriter(), codable: CodableBridge())
  }
}
