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
  public init(json data: Data, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    self = try ModelEntry.decode(Self.self, from: ModelEntry.document(data, options), options: options)
  }

  /// Decodes a model from JSON text.
  public init(json text: String, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    self = try ModelEntry.decode(Self.self, from: ModelEntry.document(text, options), options: options)
  }

  /// Decodes a model from a JSON object.
  public init(json object: JSONObject, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    self = try ModelEntry.decode(Self.self, from: ModelEntry.document(object, options), options: options)
  }

  /// Decodes a model from a Foundation graph (`[String: Any]`, `NSDictionary`, …).
  public init(jsonObject: Any, options: DecodingOptions = DecodingOptions()) throws(ModelError) {
    let value = try JSONValue(jsonObject: jsonObject)
    self = try ModelEntry.decode(
      Self.self, from: ModelEntry.document(value.jsonBytes(), options), options: options)
  }

  /// Updates this model in place from UTF-8 JSON text: keys that are present
  /// overwrite their properties, the rest stay as they are. Hooks run as for decoding.
  public mutating func update(json data: Data, options: DecodingOptions = DecodingOptions())
    throws(ModelError)
  {
    try ModelEntry.update(&self, from: ModelEntry.document(data, options), options: options)
  }

  /// Updates this model in place from JSON text.
  public mutating func update(json text: String, options: DecodingOptions = DecodingOptions())
    throws(ModelError)
  {
    try ModelEntry.update(&self, from: ModelEntry.document(text, options), options: options)
  }

  /// Updates this model in place from a JSON object.
  public mutating func update(json object: JSONObject, options: DecodingOptions = DecodingOptions())
    throws(ModelError)
  {
    try ModelEntry.update(&self, from: ModelEntry.document(object, options), options: options)
  }
}

/// The shared steps of the decoding entry points.
enum ModelEntry {
  /// A parsed input and the node to decode.
  typealias Source = (document: JSONDocument, node: JSONDocument.Node)

  static func document(_ data: Data, _ options: DecodingOptions) throws(ModelError) -> Source {
    try parse { () throws(JSONError) in try JSONDocument(parsing: data, options: options.readOptions) }
  }

  static func document(_ text: String, _ options: DecodingOptions) throws(ModelError) -> Source {
    try parse { () throws(JSONError) in try JSONDocument(parsing: text, options: options.readOptions) }
  }

  static func document(_ bytes: [UInt8], _ options: DecodingOptions) throws(ModelError) -> Source {
    try parse { () throws(JSONError) in try JSONDocument(parsing: bytes, options: options.readOptions) }
  }

  /// The document `reading` makes, from its root; a syntax error as a `ModelError`.
  private static func parse(_ reading: () throws(JSONError) -> JSONDocument) throws(ModelError) -> Source {
    do {
      let document = try reading()
      return (document, document.root)
    } catch {
      throw ModelError(error)
    }
  }

  /// A view is decoded where it stands; an owned object is written and read once.
  static func document(_ object: JSONObject, _ options: DecodingOptions) throws(ModelError) -> Source {
    if let view = object.documentView { return (view.document, view.node) }
    return try document(JSONValue.object(object).jsonBytes(), options)
  }

  static func requireObject(_ document: JSONDocument, _ node: JSONDocument.Node, for type: Any.Type) throws(ModelError) {
    let kind = document.kind(of: node)
    guard kind == .object else {
      throw ModelError(
        kind: .wrongTopLevel, message: "expected a JSON object for \(type), found \(kind.article)")
    }
  }

  static func decode<Model: JSONModel>(
    _ type: Model.Type, from source: Source, options: DecodingOptions
  ) throws(ModelError) -> Model {
    let (document, node) = source
    try requireObject(document, node, for: Model.self)
    var reader = ModelReader(document: document, options: options)
    return try reader.decodeModel(Model.self, schema: ModelSchema.of(Model.self), node: node)
  }

  static func update<Model: JSONModel>(
    _ model: inout Model, from source: Source, options: DecodingOptions
  ) throws(ModelError) {
    let (document, node) = source
    try requireObject(document, node, for: Model.self)
    var reader = ModelReader(document: document, options: options)
    try reader.populate(&model, schema: ModelSchema.of(type(of: model)), node: node)
  }
}

extension JSONKind {
  /// "an array", "a number", … for messages.
  var article: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
