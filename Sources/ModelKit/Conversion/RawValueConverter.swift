import ModelKitJSON

/// A `RawRepresentable` type (an enum with raw values): `init(rawValue:)`
/// after converting the JSON value to the raw type; an unknown raw value is
/// unconvertible.
final class RawValueConverter<Value: RawRepresentable>: ValueConverter<Value> {
  let raw: ValueConverter<Value.RawValue>

  init(raw: ValueConverter<Value.RawValue>) { self.raw = raw }

  override var encodingCanFail: Bool { raw.encodingCanFail }

  /// The raw type's shape, limited to the raw values of the type's cases
  /// where they can be listed (an enum's, or a `CaseIterable` type's).
  override var shape: ValueShape {
    let listed: [Value]? =
      if let iterable = Value.self as? any CaseIterable.Type { Self.cases(of: iterable) } else {
        payloadFreeEnumCases(of: Value.self)
      }
    let values = listed?.map { Self.json($0.rawValue) }
    guard let values, !values.contains(where: { $0 == nil }) else { return .rawValue(raw.shape, values: nil) }
    return .rawValue(raw.shape, values: values.compactMap { $0 })
  }

  private static func cases<Cases: CaseIterable>(of type: Cases.Type) -> [Value] {
    Cases.allCases.compactMap { $0 as? Value }
  }

  /// A raw value as the raw type's converter writes it, for the scalar
  /// types raw values are (nil for any other).
  private static func json(_ raw: Value.RawValue) -> JSONValue? {
    switch raw {
    case let text as String: .string(text)
    case let character as Character: .string(String(character))
    case let flag as Bool: .bool(flag)
    case let integer as any BinaryInteger: .number(JSONNumber(integer))
    case let number as Double: JSONNumber(number).map(JSONValue.number)
    case let number as Float: JSONNumber(number).map(JSONValue.number)
    default: nil
    }
  }

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
