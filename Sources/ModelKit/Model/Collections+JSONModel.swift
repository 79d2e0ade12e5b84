public import Foundation

extension Array where Element: JSONModel {
  /// Decodes a top-level JSON array of models. Elements that are not
  /// objects, cannot convert or are rejected are dropped (strict mode: an
  /// error naming the element).
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a top-level value of the other kind, `.unsupportedType` for a
  ///   Foundation value with no JSON form, and in strict mode the first
  ///   element's error, with its path.
  public init(json data: Data, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection([Element].self, from: InputDocument(data, options), options: options)
  }

  /// Decodes a top-level JSON array of models from text.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a top-level value of the other kind, `.unsupportedType` for a
  ///   Foundation value with no JSON form, and in strict mode the first
  ///   element's error, with its path.
  public init(json text: String, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection([Element].self, from: InputDocument(text, options), options: options)
  }

  /// Decodes models from a Foundation array (`[Any]`, `NSArray`).
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a top-level value of the other kind, `.unsupportedType` for a
  ///   Foundation value with no JSON form, and in strict mode the first
  ///   element's error, with its path.
  public init(jsonObject: Any, options: DecodingOptions = DecodingOptions()) throws {
    let bytes = try JSONValue(jsonObject: jsonObject).jsonBytes()
    self = try ModelEntry.decodeCollection([Element].self, from: InputDocument(bytes, options), options: options)
  }
}

extension Dictionary where Key == String, Value: JSONModel {
  /// Decodes a top-level JSON object whose values are models, with the
  /// same dropping rule as arrays.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a top-level value of the other kind, `.unsupportedType` for a
  ///   Foundation value with no JSON form, and in strict mode the first
  ///   element's error, with its path.
  public init(json data: Data, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection([String: Value].self, from: InputDocument(data, options), options: options)
  }

  /// Decodes a top-level JSON object of models from text.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a top-level value of the other kind, `.unsupportedType` for a
  ///   Foundation value with no JSON form, and in strict mode the first
  ///   element's error, with its path.
  public init(json text: String, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection([String: Value].self, from: InputDocument(text, options), options: options)
  }
}

/// A collection of models that encodes as a whole: `[Model]` as a JSON
/// array, `[String: Model]` as a JSON object with sorted keys.
public protocol _ModelCollection {}

extension Array: _ModelCollection where Element: JSONModel {}
extension Dictionary: _ModelCollection where Key == String, Value: JSONModel {}

extension _ModelCollection {
  /// The models as UTF-8 JSON text.
  ///
  /// - Throws: `ModelError`, as a model's `jsonData(options:)` does, with
  ///   the element's path.
  public func jsonData(options: JSONWriteOptions = []) throws -> Data {
    Data(try ModelEntry.encodeCollection(self, options: options))
  }

  /// The models as JSON text.
  ///
  /// - Throws: `ModelError`, as a model's `jsonData(options:)` does, with
  ///   the element's path.
  public func jsonString(options: JSONWriteOptions = []) throws -> String {
    String(decoding: try ModelEntry.encodeCollection(self, options: options), as: UTF8.self)
  }

  /// The models as a `JSONValue` (`.array` or `.object`).
  ///
  /// - Throws: `ModelError`, as a model's `jsonData(options:)` does, with
  ///   the element's path.
  public func jsonValue(options: JSONWriteOptions = []) throws -> JSONValue {
    try WriteContext.value(of: ModelEntry.encodeCollection(self, options: options.subtracting(.prettyPrinted)))
  }
}
