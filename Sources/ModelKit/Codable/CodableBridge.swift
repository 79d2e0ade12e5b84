import ModelKitJSON

/// The Codable bridge as the model layer sees it: a model's field of a type
/// only Codable handles is read and written here, with `ModelDecoder`'s and
/// `ModelEncoder`'s rules, starting from the field's path.
struct CodableBridge: CodableReading, CodableWriting {
  func decode<Value: Decodable>(_ type: Value.Type, at node: JSONDocument.Node, in context: inout ReadContext)
    throws(ModelError) -> Converted<Value>
  {
    let call = DecodeCall(context, userInfo: [:])
    let decoder = DocumentDecoder(call: call, node: node, parent: nil, key: nil)
    do {
      return .value(try decoder.decode(Value.self, from: node, key: nil))
    } catch {
      if context.options.strict { throw .decoding(error, of: Value.self, at: context.path) }
      return .failed(.unconvertible)
    }
  }

  func encode<Value: Encodable>(_ value: Value, in context: inout WriteContext) throws(ModelError) {
    try EncodingStream.encode(value, into: &context, call: EncodeCall(from: context, userInfo: [:]))
  }
}

extension ReadContext {
  /// A context for reading `document` with the model reader and the Codable bridge.
  init(document: JSONDocument, options: DecodingOptions) {
    self.init(document: document, options: options, models: ModelReader(), codable: CodableBridge())
  }
}

extension WriteContext {
  /// A context for writing with the model writer and the Codable bridge.
  init(options: JSONWriteOptions, capacity: Int = 16_384) {
    self.init(options: options, capacity: capacity, models: ModelWriter(), codable: CodableBridge())
  }
}
