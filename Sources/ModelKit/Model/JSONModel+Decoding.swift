public import Foundation

// Every input a model decodes from: UTF-8 `Data`, `String`, `[UInt8]`,
// `JSONValue`, `JSONObject` and Foundation graphs; each can start at a key
// path inside the input (`at: "data.user"`, for API envelopes).

extension JSONModel {
  /// Decodes a model from UTF-8 JSON text.
  ///
  /// ```swift
  /// let user = try User(json: data)
  /// let inner = try User(json: data, at: "data.user")   // {"data": {"user": {…}}}
  /// ```
  ///
  /// On a class whose `modelType(for:)` picks a subclass, the result is an
  /// instance of that subclass.
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text whose value (or the value at `key`) is an object.
  ///   - key: a key or key path to the object inside the input; nil for the input itself.
  ///   - options: strict or lenient, key and date decoding, nesting limit.
  /// - Throws: `ModelError`: `.syntax` (with line and column) for invalid
  ///   JSON, `.wrongTopLevel` when the value is not an object, `.missingKey`
  ///   when `key` leads to no value, `.rejected` when a hook throws, and in
  ///   strict mode the conversion errors, each with its path.
  public init(json data: Data, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(data, options).descending(to: key), options: options)
  }

  /// Decodes a model from JSON text.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `init(json:at:options:)` with `Data` does.
  public init(json text: String, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(text, options).descending(to: key), options: options)
  }

  /// Decodes a model from UTF-8 JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON bytes.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `init(json:at:options:)` with `Data` does.
  public init(json bytes: [UInt8], at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(bytes, options).descending(to: key), options: options)
  }

  /// Decodes a model from a `JSONValue` (an `.object`).
  ///
  /// - Parameters:
  ///   - value: a JSON value.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `init(json:at:options:)` with `Data` does.
  @_disfavoredOverload
  public init(json value: JSONValue, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(value, options).descending(to: key), options: options)
  }

  /// Decodes a model from a JSON object.
  ///
  /// - Parameters:
  ///   - object: a JSON object.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `init(json:at:options:)` with `Data` does.
  public init(json object: JSONObject, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(object, options).descending(to: key), options: options)
  }

  /// Decodes a model from a Foundation graph (`[String: Any]`, `NSDictionary`, …).
  ///
  /// - Parameters:
  ///   - jsonObject: a Foundation graph (`[String: Any]`, `[Any]`, `NSDictionary`, `NSArray`, …).
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`: `.unsupportedType` for a value with no JSON
  ///   form (with its path), then as `init(json:at:options:)` with `Data`.
  public init(jsonObject: Any, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(
      Self.self, from: InputDocument(ModelEntry.graph(jsonObject, for: Self.self, at: key, options: options), options).descending(to: key), options: options)
  }

  /// Updates this model in place from UTF-8 JSON text: keys that are present
  /// overwrite their properties, the rest stay as they are; nested models
  /// are updated the same way. Hooks run as for decoding.
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `init(json:at:options:)` does; properties
  ///   written before the error keep their new values.
  public mutating func update(json data: Data, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions())
    throws
  {
    try ModelEntry.update(&self, from: InputDocument(data, options).descending(to: key), options: options)
  }

  /// Updates this model in place from JSON text.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  public mutating func update(
    json text: String, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()
  ) throws {
    try ModelEntry.update(&self, from: InputDocument(text, options).descending(to: key), options: options)
  }

  /// Updates this model in place from UTF-8 JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON bytes.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  public mutating func update(
    json bytes: [UInt8], at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()
  ) throws {
    try ModelEntry.update(&self, from: InputDocument(bytes, options).descending(to: key), options: options)
  }

  /// Updates this model in place from a `JSONValue` (an `.object`).
  ///
  /// - Parameters:
  ///   - value: a JSON value.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  @_disfavoredOverload
  public mutating func update(
    json value: JSONValue, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()
  ) throws {
    try ModelEntry.update(&self, from: InputDocument(value, options).descending(to: key), options: options)
  }

  /// Updates this model in place from a JSON object.
  ///
  /// - Parameters:
  ///   - object: a JSON object.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  public mutating func update(
    json object: JSONObject, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()
  ) throws {
    try ModelEntry.update(&self, from: InputDocument(object, options).descending(to: key), options: options)
  }
}

// A class instance updates in place without being a `var`.
extension JSONModel where Self: AnyObject {
  /// Updates this instance in place from UTF-8 JSON text, as the mutating
  /// `update(json:at:options:)` does; the instance need not be a `var`.
  ///
  /// ```swift
  /// let user = User()
  /// try user.update(json: data)
  /// ```
  ///
  /// - Parameters:
  ///   - data: UTF-8 JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `init(json:at:options:)` does.
  public func update(json data: Data, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    var instance = self
    try ModelEntry.update(&instance, from: InputDocument(data, options).descending(to: key), options: options)
  }

  /// Updates this instance in place from JSON text.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  public func update(json text: String, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    var instance = self
    try ModelEntry.update(&instance, from: InputDocument(text, options).descending(to: key), options: options)
  }

  /// Updates this instance in place from UTF-8 JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON bytes.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  public func update(json bytes: [UInt8], at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    var instance = self
    try ModelEntry.update(&instance, from: InputDocument(bytes, options).descending(to: key), options: options)
  }

  /// Updates this instance in place from a `JSONValue` (an `.object`).
  ///
  /// - Parameters:
  ///   - value: a JSON value.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  @_disfavoredOverload
  public func update(json value: JSONValue, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions()) throws {
    var instance = self
    try ModelEntry.update(&instance, from: InputDocument(value, options).descending(to: key), options: options)
  }

  /// Updates this instance in place from a JSON object.
  ///
  /// - Parameters:
  ///   - object: a JSON object.
  ///   - key: the key path of the value to decode inside the input (an API envelope); nil for the whole input.
  ///   - options: how to decode: lenient or strict, key and date decoding, a decode report.
  ///
  /// - Throws: `ModelError`, as `update(json:at:options:)` with `Data` does.
  public func update(json object: JSONObject, at key: JSONKey? = nil, options: DecodingOptions = DecodingOptions())
    throws
  {
    var instance = self
    try ModelEntry.update(&instance, from: InputDocument(object, options).descending(to: key), options: options)
  }
}
