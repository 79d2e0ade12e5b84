public import Foundation

extension Array where Element: JSONModel {
  /// Decodes a top-level JSON array of models. Elements that are not
  /// objects, cannot convert or are rejected are dropped (strict mode: an
  /// error naming the element).
  public init(json data: Data, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    self = try ModelEntry.decodeCollection([Element].self, from: InputDocument(data, options), options: options)
  }

  /// Decodes a top-level JSON array of models from text.
  public init(json text: String, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    self = try ModelEntry.decodeCollection([Element].self, from: InputDocument(text, options), options: options)
  }

  /// Decodes models from a Foundation array (`[Any]`, `NSArray`).
  public init(jsonObject: Any, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    let bytes = try JSONValue(jsonObject: jsonObject).jsonBytes()
    self = try ModelEntry.decodeCollection([Element].self, from: InputDocument(bytes, options), options: options)
  }
}

extension Dictionary where Key == String, Value: JSONModel {
  /// Decodes a top-level JSON object whose values are models, with the
  /// same dropping rule as arrays.
  public init(json data: Data, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    self = try ModelEntry.decodeCollection([String: Value].self, from: InputDocument(data, options), options: options)
  }

  /// Decodes a top-level JSON object of models from text.
  public init(json text: String, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
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
  public func jsonData(options: JSONWriteOptions = []) throws(ModelError) -> Data {
    Data(try ModelEntry.encodeCollection(self, options: options))
  }

  /// The models as JSON text.
  public func jsonString(options: JSONWriteOptions = []) throws(ModelError) -> String {
    String(decoding: try ModelEntry.encodeCollection(self, options: options), as: UTF8.self)
  }

  /// The models as a `JSONValue` (`.array` or `.object`).
  public func jsonValue(options: JSONWriteOptions = []) throws(ModelError) -> JSONValue {
    try WriteContext.value(of: ModelEntry.encodeCollection(self, options: options.subtracting(.prettyPrinted)))
  }
}

extension ModelEntry {
  static func decodeCollection<Collection>(
    _ type: Collection.Type, from input: InputDocument, options: DecodingOptions
  ) throws(ModelError) -> Collection {
    guard let converter = try SchemaCache.shared.converter(for: Collection.self) as? ValueConverter<Collection>
    else {
      throw .unsupported("\(Collection.self) cannot be decoded")
    }
    var context = ReadContext(document: input.document, options: options)
    switch try converter.decode(input.node, &context) {
    case .value(let collection):
      return collection
    case .failed:
      let expected = Collection.self is [String: Any].Type ? "a JSON object" : "a JSON array"
      throw .wrongTopLevel(expected: expected, found: input.document.kind(of: input.node), for: Collection.self)
    }
  }

  static func encodeCollection<Collection>(_ collection: Collection, options: JSONWriteOptions) throws(ModelError)
    -> [UInt8]
  {
    guard let converter = try SchemaCache.shared.converter(for: Collection.self) as? ValueConverter<Collection>
    else {
      throw .unsupported("\(Collection.self) cannot be encoded")
    }
    var context = WriteContext(options: options)
    try converter.encode(collection, &context)
    return context.json.bytes
  }
}
