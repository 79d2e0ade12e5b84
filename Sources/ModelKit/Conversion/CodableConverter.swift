import ModelKitJSON

/// Any other `Codable` type inside a model: read and written by the Codable
/// bridge (`ModelDecoder`'s and `ModelEncoder`'s rules), from where the
/// model reader or writer stands.
final class CodableConverter<Value: Codable>: ValueConverter<Value> {

  override var encodingCanFail: Bool { true }

  override var shape: ValueShape { .codable(Value.self) }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> Converted<Value>
  {
    let codable = context.codable
    return try codable.decode(Value.self, at: node, in: &context)
  }

  override func encode(_ value: Value, _ context: inout WriteContext) throws(ModelError) {
    let codable = context.codable
    try codable.encode(value, in: &context)
  }
}
