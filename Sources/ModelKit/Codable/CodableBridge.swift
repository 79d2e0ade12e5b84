import ModelKitJSON

/// The Codable bridge as the model layer sees it: a model's field of a type
/// only Codable handles is read and written here, with `ModelDecoder`'s and
/// `ModelEncoder`'s rules, starting from the field's path; so is a value a
/// coder's date or data strategy reads or writes with its own function.
struct CodableBridge: CodableReading, CodableWriting {
  func decode<Value: Decodable>(_ type: Value.Type, at node: JSONDocument.Node, in context: inout ReadContext)
    throws(ModelError) -> Converted<Value>
  {
    let decoder = DocumentDecoder(call: DecodeCall(context), node: node, parent: nil, key: NoKey())
    do {
      return .natural(try decoder.decode(Value.self, from: node, key: NoKey()))
    } catch {
      if context.options.strict { throw .decoding(error, of: Value.self, at: context.path) }
      return .failed(.unconvertible)
    }
  }

  func decode<Value>(at node: JSONDocument.Node, in context: inout ReadContext, by read: (any Decoder) throws -> Value)
    throws(ModelError) -> Converted<Value>
  {
    do {
      return .natural(try read(DocumentDecoder(call: DecodeCall(context), node: node, parent: nil, key: NoKey())))
    } catch {
      if context.options.strict { throw .decoding(error, of: Value.self, at: context.path) }
      return .failed(.unconvertible)
    }
  }

  func encode<Value: Encodable>(_ value: Value, in context: inout WriteContext) throws(ModelError) {
    try EncodingStream.encode(value, into: &context, call: EncodeCall(from: context))
  }

  func encode(in context: inout WriteContext, by write: @escaping (any Encoder) throws -> Void) throws(ModelError) {
    try EncodingStream.encode(WrittenByFunction(write: write), into: &context, call: EncodeCall(from: context))
  }
}

/// A value whose encoding is a strategy's own function.
private struct WrittenByFunction: Encodable {
  let write: (any Encoder) throws -> Void
  func encode(to encoder: any Encoder) throws { try write(encoder) }
}
