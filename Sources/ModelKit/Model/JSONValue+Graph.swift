extension JSONValue {
  /// Converts a Foundation graph (`[String: Any]`, `[Any]`, `NSDictionary`,
  /// `NSArray`, `String`, `NSNumber`, `NSNull`, Swift numbers and Booleans,
  /// `Decimal`, `JSONValue`) as `JSONSerialization` produces or accepts it,
  /// and what else Swift graphs hold: `Date` (ISO 8601), `URL`, `Data`
  /// (base64), `UUID`, sets (as arrays, in a stable order), raw-value enums
  /// (their raw values) and `JSONModel` instances (their JSON objects).
  ///
  /// `NSNumber` Booleans become `.bool` and other `NSNumber`s `.number`,
  /// told apart by their type, not their value. NaN and infinities become
  /// `null`, as everywhere in ModelKit.
  ///
  /// - Parameter jsonObject: the graph.
  /// - Throws: `ModelError` of kind `.unsupportedType`, with the path of
  ///   the first value that has no JSON form (a custom class, a closure, …).
  public init(jsonObject: Any) throws {
    self = try ModelEntry.graph(jsonObject)
  }
}
