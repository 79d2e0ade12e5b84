/// The rules a call reads by: ModelKit's own (a model's `init(json:)`, a
/// Codable value inside a model), or `JSONDecoder`'s with a coder's
/// strategies (a `ModelDecoder` call). Converters ask it their questions
/// by name; the composition roots alone choose it, and a `CodableModel`
/// inside a coder's call is read by ModelKit's.
struct ReadRules {
  /// A coder's strategies (dates, data, floats, keys, JSON5, `userInfo`);
  /// nil by ModelKit's rules.
  var strategies: DecodingStrategies? { coder?.strategies }
  /// The strategies, held by reference: every call's context copies its
  /// rules, and a copy of the strategies themselves retained each of
  /// their fields through an outlined copy (about 140 instructions).
  private let coder: Coder?
  /// Of duplicate keys the first wins, as in `JSONDecoder`; by ModelKit's
  /// rules the last, as in `JSONSerialization`.
  let firstKeyWins: Bool
  /// A number is read as an integer as `JSONDecoder` reads it before any
  /// lenient rule (ModelKit's rules do so in strict mode only).
  let integersAsJSONDecoder: Bool
  /// A numeric string is a `Decimal`'s own form, strictly too; by
  /// `JSONDecoder`'s rules (numbers only) it is a lenient conversion.
  let decimalsFromStrings: Bool
  /// Base64 text is read exactly as `JSONDecoder` reads it in strict mode,
  /// untrimmed.
  let exactBase64WhenStrict: Bool

  /// ModelKit's rules.
  static let modelKit = ReadRules(
    coder: nil, firstKeyWins: false, integersAsJSONDecoder: false, decimalsFromStrings: true,
    exactBase64WhenStrict: false)

  /// `JSONDecoder`'s rules, with a coder's strategies.
  static func jsonDecoder(_ strategies: DecodingStrategies) -> ReadRules {
    ReadRules(
      coder: Coder(strategies), firstKeyWins: true, integersAsJSONDecoder: true, decimalsFromStrings: false,
      exactBase64WhenStrict: true)
  }

  /// A coder's strategies, as the rules hold them.
  private final class Coder: Sendable {
    let strategies: DecodingStrategies
    init(_ strategies: DecodingStrategies) { self.strategies = strategies }
  }
}

/// The rules a call writes by: ModelKit's own (`jsonData()`, a Codable
/// value inside a model), or `JSONEncoder`'s with a coder's strategies (a
/// `ModelEncoder` call). Chosen as `ReadRules` are.
struct WriteRules {
  /// A coder's strategies (dates, data, floats, keys, `userInfo`); nil by
  /// ModelKit's rules.
  let strategies: EncodingStrategies?
  /// What ModelKit's rules leave out (nil, a number that is not finite) is
  /// written, as `null` or as a strategy says, as `JSONEncoder` writes it.
  let writesOmittedValues: Bool
  /// Sets are written in `SetOrder`, so that equal sets write equal text;
  /// `JSONEncoder` writes them in their own order.
  let sortsSets: Bool
  /// A nested value that writes nothing is `{}`, as in `JSONEncoder`.
  let writesNothingAsObject: Bool

  /// ModelKit's rules.
  static let modelKit = WriteRules(
    strategies: nil, writesOmittedValues: false, sortsSets: true, writesNothingAsObject: false)

  /// `JSONEncoder`'s rules, with a coder's strategies.
  static func jsonEncoder(_ strategies: EncodingStrategies) -> WriteRules {
    WriteRules(strategies: strategies, writesOmittedValues: true, sortsSets: false, writesNothingAsObject: true)
  }
}
