import ModelKitJSON

/// A `RawRepresentable` type (an enum with raw values): `init(rawValue:)`
/// after converting the JSON value to the raw type; an unknown raw value is
/// unconvertible.
final class RawValueConverter<Value: RawRepresentable>: ValueConverter<Value> {
  let raw: ValueConverter<Value.RawValue>

  init(raw: ValueConverter<Value.RawValue>) { self.raw = raw }

  override var encodingCanFail: Bool { raw.encodingCanFail }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> Converted<Value>
  {
    // Raw values are the natural encoding of such a type, so strict mode
    // accepts the conversions the raw type makes (a string "2" for an Int raw value is still refused).
    try raw.decode(node, &context).mapped(Value.init(rawValue:))
  }

  override func encode(_ value: Value, _ context: inout WriteContext) throws(ModelError) {
    try raw.encode(value.rawValue, &context)
  }
}
