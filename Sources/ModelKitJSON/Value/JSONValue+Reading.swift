extension JSONValue {
  /// The deepest nesting `JSONValue` reading accepts, whatever the options
  /// say: values are built, compared and freed recursively.
  public static let maximumDepth = 10_000

  /// Parses JSON text (any value at the top level).
  ///
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json text: String, options: JSONReadOptions = .init()) throws(JSONError) {
    let document = try JSONDocument(parsing: text, options: Self.clamped(options))
    self = document.value(of: document.root)
  }

  /// Parses UTF-8 JSON text.
  public init(json bytes: [UInt8], options: JSONReadOptions = .init()) throws(JSONError) {
    let document = try JSONDocument(parsing: bytes, options: Self.clamped(options))
    self = document.value(of: document.root)
  }

  /// Parses UTF-8 JSON text.
  public init(json bytes: UnsafeRawBufferPointer, options: JSONReadOptions = .init())
    throws(JSONError)
  {
    let document = try JSONDocument(parsing: bytes, options: Self.clamped(options))
    self = document.value(of: document.root)
  }

  /// Parses JSON text, accepting nesting up to `maxDepth`.
  public init(json text: String, maxDepth: Int) throws(JSONError) {
    try self.init(json: text, options: JSONReadOptions(maxDepth: maxDepth))
  }

  /// Parses UTF-8 JSON text, accepting nesting up to `maxDepth`.
  public init(json bytes: [UInt8], maxDepth: Int) throws(JSONError) {
    try self.init(json: bytes, options: JSONReadOptions(maxDepth: maxDepth))
  }

  static func clamped(_ options: JSONReadOptions) -> JSONReadOptions {
    var options = options
    options.maxDepth = min(options.maxDepth, maximumDepth)
    return options
  }
}

extension JSONDocument {
  /// The value at `node` as a `JSONValue` that owns all its data.
  ///
  /// - Complexity: O(n) in the size of the value.
  public func value(of node: Node) -> JSONValue {
    switch entry(node).tag {
    case .array:
      var elements: [JSONValue] = []
      elements.reserveCapacity(count(of: node))
      for element in self.elements(of: node) { elements.append(value(of: element)) }
      return .array(elements)
    case .object:
      let storage = JSONObjectStorage(capacity: count(of: node))
      for (key, member) in members(of: node) {
        storage.set(value(of: member), forKey: string(key) ?? "")
      }
      return .object(JSONObject(storage: storage))
    default:
      return scalarValue(of: node)
    }
  }

  /// The value at `node` where objects stay views into this document (for
  /// hooks: nothing is copied until somebody changes it).
  public func lazyValue(of node: Node) -> JSONValue {
    switch entry(node).tag {
    case .array:
      return .array(elements(of: node).map(lazyValue(of:)))
    case .object:
      return .object(JSONObjectStorage(document: self, node: node).wrapped)
    default:
      return scalarValue(of: node)
    }
  }

  private func scalarValue(of node: Node) -> JSONValue {
    switch entry(node).tag {
    case .null: .null
    case .true: .bool(true)
    case .false: .bool(false)
    case .int, .uint, .decimal: .number(JSONNumber(validText: numberText(node) ?? "0"))
    default: .string(string(node) ?? "")
    }
  }
}

extension JSONObjectStorage {
  var wrapped: JSONObject { JSONObject(storage: self) }
}
