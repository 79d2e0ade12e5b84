/// Any other `Codable` type inside a model: decoded through the lenient
/// Codable bridge (`ModelDecoder`'s rules), encoded through `ModelEncoder`'s.
final class CodableConverter<Value: Codable>: ValueConverter<Value> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) throws(ModelError)
    -> Converted<Value>
  {
    let context = DecodingContext(document: reader.document, options: reader.options, userInfo: [:])
    let decoder = DocumentDecoder(context: context, node: node, parent: nil, key: nil)
    do {
      return .value(try decoder.decode(Value.self, from: node, key: nil))
    } catch let error as ModelError {
      if reader.options.strict {
        throw ModelError(
          kind: error.kind, message: error.message,
          codingPath: reader.codingPath + error.codingPath.dropFirst(), underlying: error.underlying)
      }
      return .failed(.unconvertible)
    } catch {
      if reader.options.strict {
        throw ModelError(
          kind: .typeMismatch, message: "\(Value.self) could not be decoded: \(error)",
          codingPath: reader.codingPath, underlying: error)
      }
      return .failed(.unconvertible)
    }
  }

  override func encode(_ value: Value, _ writer: inout ModelWriter) throws(ModelError) {
    let path = writer.codingPath
    do {
      try StreamingEncoding.encode(value, into: &writer, context: EncodingContext(options: writer.options, userInfo: [:]))
    } catch {
      throw ModelError(
        kind: error.kind, message: error.message, codingPath: path + error.codingPath.dropFirst(),
        underlying: error.underlying)
    }
  }
}
