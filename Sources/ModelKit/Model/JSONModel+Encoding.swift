public import Foundation

extension JSONModel {
  /// The model as UTF-8 JSON text (compact unless `.prettyPrinted`).
  ///
  /// ```swift
  /// let data = try user.jsonData()                               // {"id":7,"name":"Ada"}
  /// let text = try user.jsonString(options: [.prettyPrinted, .sortedKeys])
  /// ```
  ///
  /// `nil` properties are left out (written as `null` with `.includeNulls`),
  /// non-finite numbers are left out, dates are ISO 8601 in UTC, and keys
  /// come in declaration order unless `.sortedKeys`.
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON as UTF-8 text in `Data`.
  ///
  /// - Throws: `ModelError`: `.unencodable` for a reference cycle between
  ///   class models or an `Any` value with no JSON form; `.rejected` when
  ///   `didEncode` throws.
  public func jsonData(options: JSONWriteOptions = []) throws -> Data {
    var written = try ModelEntry.write(self, options: options)
    return Data(taking: &written.json)
  }

  /// The model as JSON text.
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON text.
  ///
  /// - Throws: `ModelError`, as `jsonData(options:)` does.
  public func jsonString(options: JSONWriteOptions = []) throws -> String {
    String(decoding: try jsonBytes(options: options), as: UTF8.self)
  }

  /// The model as a `JSONValue` (an `.object`).
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON as a `JSONValue`.
  ///
  /// - Throws: `ModelError`, as `jsonData(options:)` does.
  public func jsonValue(options: JSONWriteOptions = []) throws -> JSONValue {
    try ModelEntry.write(self, options: options, buildsValue: true).builtValue()
  }

  /// The model as a Foundation graph (`[String: Any]`).
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON as a Foundation graph (`[String: Any]`, `[Any]`, `NSNull`, …), as `JSONSerialization` makes it.
  ///
  /// - Throws: `ModelError`, as `jsonData(options:)` does.
  public func jsonObject(options: JSONWriteOptions = []) throws -> Any {
    try jsonValue(options: options).jsonObject()
  }

  /// The model as UTF-8 JSON bytes.
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON as UTF-8 bytes.
  ///
  /// - Throws: `ModelError`, as `jsonData(options:)` does.
  public func jsonBytes(options: JSONWriteOptions = []) throws -> [UInt8] {
    try ModelEntry.write(self, options: options).json.bytes
  }
}
