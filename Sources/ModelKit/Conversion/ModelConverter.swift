/// A nested `JSONModel`, decoded from a JSON object (its `modelType(for:)`
/// applies). A rejection drops the value in lenient mode.
final class ModelConverter<Model: JSONModel>: ValueConverter<Model> {
  let schema: ModelSchema

  init(schema: ModelSchema) { self.schema = schema }

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
