import ModelKitJSON

/// What every decoder of one `ModelDecoder.decode` call (or one Codable
/// value inside a model) shares.
final class DecodeCall {
  let document: JSONDocument
  let options: DecodingOptions
  let userInfo: [CodingUserInfoKey: Any]
  /// Where the call's top-level value is: `$` for `ModelDecoder`, the
  /// field's path for a Codable value inside a model.
  let root: CodingPath
  /// What ModelKit's converters read with (one call's, used by one thread
  /// at a time, so unchecked).
  @exclusivity(unchecked) var read: ReadContext
  let converters = ConverterCache()

  /// How dates and data are read; `nil` for ModelKit's own rules.
  let dateStrategy: ModelDecoder.DateDecodingStrategy?
  let dataStrategy: ModelDecoder.DataDecodingStrategy?
  /// Whether dates or data are read by a strategy.
  var hasStrategies: Bool { dateStrategy != nil || dataStrategy != nil }

  init(
    _ read: ReadContext, userInfo: [CodingUserInfoKey: Any],
    dates: ModelDecoder.DateDecodingStrategy = .modelKit, data: ModelDecoder.DataDecodingStrategy = .base64
  ) {
    document = read.document
    options = read.options
    root = read.path
    self.read = read
    self.userInfo = userInfo
    if case .modelKit = dates { dateStrategy = nil } else { dateStrategy = dates }
    if case .base64 = data { dataStrategy = nil } else { dataStrategy = data }
  }

  /// The path of a value at `keys` below the call's top level.
  func path(_ keys: [any CodingKey]) -> CodingPath { CodingPath(root, keys: keys) }
}
