// Dynamic values as JSON text: the writer over `JSONValue` and `JSONObject`,
// and their descriptions, which are that text.

extension JSONValue {
  /// The value as UTF-8 JSON text.
  ///
  /// - Parameter options: pretty printing, sorted keys, unescaped slashes.
  /// - Returns: the JSON text.
  public func jsonBytes(options: JSONWriteOptions = []) -> [UInt8] {
    var writer = JSONWriter(options: options)
    writer.holdBufferAlone()
    writer.write(self)
    return writer.bytes
  }

  /// The value as JSON text.
  ///
  /// - Parameter options: pretty printing, sorted keys, unescaped slashes.
  /// - Returns: the JSON text.
  public func jsonString(options: JSONWriteOptions = []) -> String {
    String(decoding: jsonBytes(options: options), as: UTF8.self)
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON text.
  public var description: String { jsonString() }
}

extension JSONObject: CustomStringConvertible {
  /// The object as compact JSON text.
  public var description: String { JSONValue.object(self).jsonString() }
}
