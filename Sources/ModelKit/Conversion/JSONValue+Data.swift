public import Foundation

extension JSONDocument {
  /// Parses UTF-8 JSON text held in `Data`.
  ///
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
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json data: Data, options: JSONReadOptions = .init()) throws(JSONError) {
    let result = data.withUnsafeBytes { buffer in
      Result { () throws(JSONError) in try JSONValue(json: buffer, options: options) }
    }
    self = try result.get()
  }

  /// Parses UTF-8 JSON text held in `Data`, accepting nesting up to `maxDepth`.
  ///
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json data: Data, maxDepth: Int) throws(JSONError) {
    try self.init(json: data, options: JSONReadOptions(maxDepth: maxDepth))
  }

  /// The value as UTF-8 JSON text.
  public func jsonData(options: JSONWriteOptions = []) -> Data {
    Data(jsonBytes(options: options))
  }
}
