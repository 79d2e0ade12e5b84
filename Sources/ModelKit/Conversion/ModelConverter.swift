/// What the reader needs to fill a nested struct model in place, without
/// generic code: its schema, and how to make an optional one non-nil.
class AnyModelFiller {
  let schema: ModelSchema
  /// Whether the field is `Model?` rather than `Model`.
  let isOptional: Bool

  required init(schema: ModelSchema, isOptional: Bool) {
    self.schema = schema
    self.isOptional = isOptional
  }

  /// The in-place filler for a field converted by `converter`, if it is a
  /// struct model or an optional one.
  static func inPlace(_ converter: AnyConverter) -> AnyModelFiller? {
    (converter as? any ModelFieldFiller)?.filler
  }

  /// Whether the field holds nil (optional fields only).
  func isNil(_ field: UnsafeRawPointer) -> Bool { fatalError("abstract") }

  /// Makes a nil optional field hold `Model()`.
  func makeDefault(_ field: UnsafeMutableRawPointer) { fatalError("abstract") }
}

/// The in-place filler of a struct model `Model` (or `Model?`) field.
final class ModelFiller<Model: JSONModel>: AnyModelFiller {
  override func isNil(_ field: UnsafeRawPointer) -> Bool {
    field.assumingMemoryBound(to: Model?.self).pointee == nil
  }

  override func makeDefault(_ field: UnsafeMutableRawPointer) {
    field.assumingMemoryBound(to: Model?.self).pointee = Model()
  }
}

/// A converter that knows an in-place filler for its field.
protocol ModelFieldFiller {
  var filler: AnyModelFiller? { get }
}

/// A nested `JSONModel`, decoded from a JSON object (its `modelType(for:)`
/// applies). A rejection drops the value in lenient mode.
final class ModelConverter<Model: JSONModel>: ValueConverter<Model>, ModelFieldFiller {
  let schema: ModelSchema

  init(schema: ModelSchema) { self.schema = schema }

  /// Struct models fill in place; classes are made afresh.
  var filler: AnyModelFiller? {
    schema.isClass ? nil : ModelFiller<Model>(schema: schema, isOptional: false)
  }

  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) throws(ModelError)
    -> Converted<Model>
  {
    switch reader.document.kind(of: node) {
    case .object: break
    case .null: return .failed(.null)
    default: return .failed(.mismatch)
    }
    do {
      return .value(try reader.decodeModel(Model.self, schema: schema, node: node))
    } catch where error.kind == .rejected && !reader.options.strict {
      return .failed(.rejected)
    }
  }

  override func encode(_ value: Model, _ writer: inout ModelWriter) throws(ModelError) {
    try writer.encodeModel(value, schema: schema)
  }

  override func deepCopy(_ value: Model) -> Model {
    value.modelCopy()
  }
}

/// A `RawRepresentable` type (an enum with raw values): `init(rawValue:)`
/// after converting the JSON value to the raw type; an unknown raw value is
/// unconvertible.
final class RawValueConverter<Value: RawRepresentable>: ValueConverter<Value> {
  let raw: ValueConverter<Value.RawValue>

  init(raw: ValueConverter<Value.RawValue>) { self.raw = raw }

  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) throws(ModelError)
    -> Converted<Value>
  {
    // Raw values are the natural encoding of such a type, so strict mode
    // accepts the conversions the raw type makes (a string "2" for an Int raw value is still refused).
    switch try raw.decode(node, &reader) {
    case .value(let rawValue):
      guard let value = Value(rawValue: rawValue) else { return .failed(.unconvertible) }
      return .value(value)
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func encode(_ value: Value, _ writer: inout ModelWriter) throws(ModelError) {
    try raw.encode(value.rawValue, &writer)
  }
}
