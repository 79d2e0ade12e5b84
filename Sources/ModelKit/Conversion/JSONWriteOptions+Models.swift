extension JSONWriteOptions {
  /// For models: writes `null` for `nil` properties instead of omitting them.
  public static let includeNulls = JSONWriteOptions(rawValue: 1 << 8)
  /// For models: writes `Date`s as Unix seconds instead of ISO 8601 text.
  public static let datesAsSecondsSince1970 = JSONWriteOptions(rawValue: 1 << 9)
  /// For models: writes `Date`s as Unix milliseconds instead of ISO 8601 text.
  public static let datesAsMillisecondsSince1970 = JSONWriteOptions(rawValue: 1 << 10)
}
