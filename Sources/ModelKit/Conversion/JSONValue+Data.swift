public import Foundation

extension JSONDocument {
  /// Parses UTF-8 JSON text held in `Data`.
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - options: the nesting limit and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(parsing data: Data, options: JSONReadOptions = .init()) throws(JSONError) {
    let result = data.withUnsafeBytes { buffer in
      Result { () throws(JSONError) in try JSONDocument(parsing: buffer, options: options) }
    }
    self = try result.get()
  }
}

extension JSONValue {
  /// Parses UTF-8 JSON text held in `Data` (any value at the top level).
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - options: the nesting limit and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json data: Data, options: JSONReadOptions = .init()) throws(JSONError) {
    let result = data.withUnsafeBytes { buffer in
      Result { () throws(JSONError) in try JSONValue(json: buffer, options: options) }
    }
    self = try result.get()
  }

  /// Parses UTF-8 JSON text held in `Data`, accepting nesting up to `maxDepth`.
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json data: Data, maxDepth: Int) throws(JSONError) {
    try self.init(json: data, options: JSONReadOptions(maxDepth: maxDepth))
  }

  /// The value as UTF-8 JSON text.
  ///
  /// - Parameter options: pretty printing, sorted keys, unescaped slashes.
  /// - Returns: the JSON text.
  public func jsonData(options: JSONWriteOptions = []) -> Data {
    Data(jsonBytes(options: options))
  }
}
