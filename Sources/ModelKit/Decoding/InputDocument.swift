import Foundation

/// The first step of every decoding entry point: the input parsed into a
/// document, and the node to decode (a syntax error as a `ModelError`).
struct InputDocument {
  let document: JSONDocument
  let node: JSONDocument.Node

  init(_ data: Data, _ options: DecodingOptions) throws(ModelError) {
    self = try Self.parse { () throws(JSONError) in try JSONDocument(parsing: data, options: options.readOptions) }
  }

  init(_ text: String, _ options: DecodingOptions) throws(ModelError) {
    self = try Self.parse { () throws(JSONError) in try JSONDocument(parsing: text, options: options.readOptions) }
  }

  init(_ bytes: [UInt8], _ options: DecodingOptions) throws(ModelError) {
    self = try Self.parse { () throws(JSONError) in try JSONDocument(parsing: bytes, options: options.readOptions) }
  }

  /// A view is decoded where it stands; an owned object is written and read once.
  init(_ object: JSONObject, _ options: DecodingOptions) throws(ModelError) {
    if let view = object.documentView {
      self.init(document: view.document, node: view.node)
    } else {
      try self.init(JSONValue.object(object).jsonBytes(), options)
    }
  }

  private init(document: JSONDocument, node: JSONDocument.Node) {
    self.document = document
    self.node = node
  }

  private static func parse(_ reading: () throws(JSONError) -> JSONDocument) throws(ModelError) -> InputDocument {
    do {
      let document = try reading()
      return InputDocument(document: document, node: document.root)
    } catch {
      throw ModelError(error)
    }
  }

  /// Throws unless the node is an object, as a model needs.
  func requireObject(for type: Any.Type) throws(ModelError) {
    let kind = document.kind(of: node)
    guard kind == .object else { throw .wrongTopLevel(expected: "a JSON object", found: kind, for: type) }
  }
}
