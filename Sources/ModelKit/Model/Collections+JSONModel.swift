public import Foundation

// Top-level arrays and objects of models, from every input a model takes.

extension Array where Element: JSONModel {
  // Elements that are not objects, cannot convert or are rejected are
  // dropped; strict mode throws for the first instead.

  /// Decodes models from UTF-8 JSON text.
  ///
  /// ```swift
  /// let users = try [User](json: data)                    // [{…}, {…}]
  /// let page = try [User](json: data, at: "data.items")   // {"data": {"items": [{…}]}}
  /// ```
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an array, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(json data: Data, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try data.withUnsafeBytes { try ModelEntry.decodeArray(Self.self, from: $0, at: key, options: options) }
  }

  /// Decodes models from JSON text.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an array, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(json text: String, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    var text = text
    self = try text.withUTF8 { try ModelEntry.decodeArray(Self.self, from: UnsafeRawBufferPointer($0), at: key, options: options) }
  }

  /// Decodes models from UTF-8 JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON bytes.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an array, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(json bytes: [UInt8], at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try bytes.withUnsafeBytes { try ModelEntry.decodeArray(Self.self, from: $0, at: key, options: options) }
  }

  /// Decodes models from a `JSONValue`.
  ///
  /// - Parameters:
  ///   - value: a JSON value.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an array, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  @_disfavoredOverload
  public init(json value: JSONValue, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(value, options).descending(to: key), options: options)
  }

  /// Decodes models from a Foundation array (`[Any]`, `NSArray`).
  ///
  /// - Parameters:
  ///   - jsonObject: a Foundation graph (`[String: Any]`, `[Any]`, `NSDictionary`, `NSArray`, …).
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an array, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(jsonObject: Any, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(ModelEntry.graph(jsonObject, for: Self.self, at: key, options: options), options).descending(to: key), options: options)
  }
}

extension Dictionary where Key == String, Value: JSONModel {
  // Values are decoded with the same dropping rule as arrays.

  /// Decodes models from UTF-8 JSON text.
  ///
  /// ```swift
  /// let usersByID = try [String: User](json: data)   // {"7": {…}, "8": {…}}
  /// ```
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an object, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(json data: Data, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(data, options).descending(to: key), options: options)
  }

  /// Decodes models from JSON text.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an object, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(json text: String, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(text, options).descending(to: key), options: options)
  }

  /// Decodes models from UTF-8 JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON bytes.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an object, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(json bytes: [UInt8], at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(bytes, options).descending(to: key), options: options)
  }

  /// Decodes models from a `JSONValue`.
  ///
  /// - Parameters:
  ///   - value: a JSON value.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an object, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  @_disfavoredOverload
  public init(json value: JSONValue, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(value, options).descending(to: key), options: options)
  }

  /// Decodes models from a JSON object.
  ///
  /// - Parameters:
  ///   - object: a JSON object.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an object, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(json object: JSONObject, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(object, options).descending(to: key), options: options)
  }

  /// Decodes models from a Foundation dictionary (`[String: Any]`, `NSDictionary`).
  ///
  /// - Parameters:
  ///   - jsonObject: a Foundation graph (`[String: Any]`, `[Any]`, `NSDictionary`, `NSArray`, …).
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a value that is not an object, `.missingKey` when `key` leads to no
  ///   value, `.unsupportedType` for a Foundation value with no JSON form,
  ///   and in strict mode the first element's error, with its path.
  public init(jsonObject: Any, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decodeCollection(Self.self, from: InputDocument(ModelEntry.graph(jsonObject, for: Self.self, at: key, options: options), options).descending(to: key), options: options)
  }
}

/// A collection of models that encodes as a whole: `[Model]` as a JSON
/// array, `Set<Model>` as one sorted by the elements' JSON text,
/// `[String: Model]` as a JSON object with sorted keys.
public protocol _ModelCollection {}

extension Array: _ModelCollection where Element: JSONModel {}
extension Set: _ModelCollection where Element: JSONModel {}
extension Dictionary: _ModelCollection where Key == String, Value: JSONModel {}

extension _ModelCollection {
  /// The models as UTF-8 JSON text.
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON as UTF-8 text in `Data`.
  ///
  /// - Throws: `ModelError`, as a model's `jsonData(options:)` does, with
  ///   the element's path.
  public func jsonData(options: JSONWriteOptions = []) throws -> Data {
    var written = try ModelEntry.encodeCollection(self, options: options)
    return Data(taking: &written.json)
  }

  /// The models as JSON text.
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON text.
  ///
  /// - Throws: `ModelError`, as a model's `jsonData(options:)` does, with
  ///   the element's path.
  public func jsonString(options: JSONWriteOptions = []) throws -> String {
    try ModelEntry.encodeCollection(self, options: options).json.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// The models as a `JSONValue` (`.array` or `.object`).
  ///
  /// - Parameter options: how to write: sorted keys, pretty printing, nulls, date forms.
  /// - Returns: the JSON as a `JSONValue`.
  ///
  /// - Throws: `ModelError`, as a model's `jsonData(options:)` does, with
  ///   the element's path.
  public func jsonValue(options: JSONWriteOptions = []) throws -> JSONValue {
    try ModelEntry.encodeCollection(self, options: options, buildsValue: true).builtValue()
  }
}
