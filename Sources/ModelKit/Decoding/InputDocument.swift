import Foundation

/// The first step of every decoding entry point: the input parsed into a
/// document, and the node to decode (a syntax error as a `ModelError`).
struct InputDocument {
  let document: JSONDocument
  let node: JSONDocument.Node
  /// Where the node is: the top level, or an envelope's key path.
  private(set) var path = CodingPath()

  init(_ data: Data, _ options: DecodingOptions) throws(ModelError) {
    self = try Self.parse { () throws(JSONError) in try JSONDocument(parsing: data, options: options.readOptions) }
  }

  init(_ text: String, _ options: DecodingOptions) throws(ModelError) {
    self = try Self.parse { () throws(JSONError) in try JSONDocument(parsing: text, options: options.readOptions) }
  }

  init(_ bytes: UnsafeRawBufferPointer, _ options: DecodingOptions) throws(ModelError) {
    self = try Self.parse { () throws(JSONError) in try JSONDocument(parsing: bytes, options: options.readOptions) }
  }

  init(_ bytes: [UInt8], _ options: DecodingOptions) throws(ModelError) {
    self = try Self.parse { () throws(JSONError) in try JSONDocument(parsing: bytes, options: options.readOptions) }
  }

  /// A view is decoded where it stands; an owned object's document is
  /// built as its text is written.
  init(_ object: JSONObject, _ options: DecodingOptions) throws(ModelError) {
    if let view = object.documentView {
      self.init(document: view.document, node: view.node)
    } else {
      self = try Self.parse { () throws(JSONError) in
        try JSONDocument(building: .object(object), options: options.readOptions)
      }
    }
  }

  /// An object viewing a document is decoded where it stands; any other
  /// value's document is built as its text is written.
  init(_ value: JSONValue, _ options: DecodingOptions) throws(ModelError) {
    if case .object(let object) = value {
      try self.init(object, options)
    } else {
      self = try Self.parse { () throws(JSONError) in try JSONDocument(building: value, options: options.readOptions) }
    }
  }

  /// The value at `key` inside this one (an API envelope's payload), or
  /// this one when `key` is nil; a key that leads to no value is an error.
  func descending(to key: JSONKey?) throws(ModelError) -> InputDocument {
    guard let key else { return self }
    let kind = document.kind(of: node)
    guard kind == .object else { throw .wrongTopLevel(expected: "a JSON object around \(key)", found: kind) }
    let found = KeyPathLookup.value(of: key.candidates, in: node, of: document) { document.member($0, of: node) }
    guard let found else { throw .missing("the key path \(key)", at: CodingPath()) }
    var inner = InputDocument(document: document, node: found.node)
    inner.path = path.appending(.keyPath(found.candidate))
    return inner
  }

  init(document: JSONDocument, node: JSONDocument.Node) {
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
    guard kind == .object else { throw .wrongTopLevel(expected: "a JSON object", found: kind, for: type, at: path) }
  }
}
