/// How JSON text is written.
///
/// ```swift
/// value.jsonString(options: [.prettyPrinted, .sortedKeys])
/// ```
public struct JSONWriteOptions: OptionSet, Sendable, Hashable {
  /// The options' bits.
  public let rawValue: Int

  /// Creates options from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Line breaks and two-space indentation, `"key": value`.
  public static let prettyPrinted = JSONWriteOptions(rawValue: 1 << 0)
  /// Object keys in ascending order instead of insertion order.
  public static let sortedKeys = JSONWriteOptions(rawValue: 1 << 1)
  /// Writes `/` as is instead of `\/`.
  public static let withoutEscapingSlashes = JSONWriteOptions(rawValue: 1 << 2)
  /// For models: writes `null` for `nil` properties instead of omitting them.
  public static let includeNulls = JSONWriteOptions(rawValue: 1 << 3)
  /// For models: writes `Date`s as Unix seconds instead of ISO 8601 text.
  public static let datesAsSecondsSince1970 = JSONWriteOptions(rawValue: 1 << 4)
  /// For models: writes `Date`s as Unix milliseconds instead of ISO 8601 text.
  public static let datesAsMillisecondsSince1970 = JSONWriteOptions(rawValue: 1 << 5)
}
