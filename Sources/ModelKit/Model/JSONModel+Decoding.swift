public import Foundation

extension JSONModel {
  /// Decodes a model from UTF-8 JSON text.
  ///
  /// On a class whose `modelType(for:)` picks a subclass, the result is an
  /// instance of that subclass.
  ///
  /// - Throws: `ModelError`: `.syntax` (with line and column) for invalid
  ///   JSON, `.wrongTopLevel` when the text is not an object, `.rejected`
  ///   when a hook throws, and in strict mode the conversion errors.
  public init(json data: Data, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(data, options), options: options)
  }

  /// Decodes a model from JSON text.
  ///
  /// - Throws: `ModelError`, as `init(json:options:)` with `Data` does.
  public init(json text: String, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(text, options), options: options)
  }

  /// Decodes a model from a JSON object.
  ///
  /// - Throws: `ModelError`, as `init(json:options:)` with `Data` does.
  public init(json object: JSONObject, options: DecodingOptions = DecodingOptions()) throws {
    self = try ModelEntry.decode(Self.self, from: InputDocument(object, options), options: options)
  }

  /// Decodes a model from a Foundation graph (`[String: Any]`, `NSDictionary`, …).
  ///
  /// - Throws: `ModelError`: `.unsupportedType` for a value with no JSON
  ///   form (with its path), then as `init(json:options:)` with `Data`.
  public init(jsonObject: Any, options: DecodingOptions = DecodingOptions()) throws {
    let value = try JSONValue(jsonObject: jsonObject)
    self = try ModelEntry.decode(Self.self, from: InputDocument(value.jsonBytes(), options), options: options)
  }

  /// Updates this model in place from UTF-8 JSON text: keys that are present
  /// overwrite their properties, the rest stay as they are. Hooks run as for decoding.
  ///
  /// - Throws: `ModelError`, as `init(json:options:)` does; properties
  ///   written before the error keep their new values.
  public mutating func update(json data: Data, options: DecodingOptions = DecodingOptions())
    throws
  {
    try ModelEntry.update(&self, from: InputDocument(data, options), options: options)
  }

  /// Updates this model in place from JSON text.
  ///
  /// - Throws: `ModelError`, as `init(json:options:)` does; properties
  ///   written before the error keep their new values.
  public mutating func update(json text: String, options: DecodingOptions = DecodingOptions())
    throws
  {
    try ModelEntry.update(&self, from: InputDocument(text, options), options: options)
  }

  /// Updates this model in place from a JSON object.
  ///
  /// - Throws: `ModelError`, as `init(json:options:)` does; properties
  ///   written before the error keep their new values.
  public mutating func update(json object: JSONObject, options: DecodingOptions = DecodingOptions())
    throws
  {
    try ModelEntry.update(&self, from: InputDocument(object, options), options: options)
  }
}
