extension JSONValue {
  /// The deepest nesting `JSONValue` reading accepts, whatever the options
  /// say: values are built, compared and freed recursively.
  public static let maximumDepth = 10_000

  /// Parses JSON text (any value at the top level).
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - options: the nesting limit (at most `maximumDepth`) and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json text: String, options: JSONReadOptions = .init()) throws(JSONError) {
    let document = try JSONDocument(parsing: text, options: Self.clamped(options))
    self = document.value(of: document.root)
  }

  /// Parses UTF-8 JSON text.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: the nesting limit (at most `maximumDepth`) and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json bytes: [UInt8], options: JSONReadOptions = .init()) throws(JSONError) {
    let document = try JSONDocument(parsing: bytes, options: Self.clamped(options))
    self = document.value(of: document.root)
  }

  /// Parses UTF-8 JSON text.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text; only read during the call.
  ///   - options: the nesting limit (at most `maximumDepth`) and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json bytes: UnsafeRawBufferPointer, options: JSONReadOptions = .init())
    throws(JSONError)
  {
    let document = try JSONDocument(parsing: bytes, options: Self.clamped(options))
    self = document.value(of: document.root)
  }

  /// Parses JSON text, accepting nesting up to `maxDepth`.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted (at most `maximumDepth`).
  /// - Throws: `JSONError` with the position of the first problem.
  public init(json text: String, maxDepth: Int) throws(JSONError) {
    try self.init(json: text, options: JSONReadOptions(maxDepth: maxDepth))
  }

  /// Parses UTF-8 JSON text, accepting nesting up to `maxDepth`.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted (at most `maximumDepth`).
  /// - Throws: `JSONError` with the position of the first problem.
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
  /// - Parameter node: a value node of this document.
  /// - Returns: the value, independent of the document.
  /// - Complexity: O(n) in the size of the value.
  public func value(of node: Node) -> JSONValue {
    switch entry(node).tag {
    case .array:
      var elements: [JSONValue] = []
      elements.reserveCapacity(count(of: node))
      for element in self.elements(of: node) { elements.append(value(of: element)) }
      return .array(elements)
    case .object:
      return .object(JSONObject(storage: ownedObject(node)))
    default:
      return scalarValue(of: node)
    }
  }

  /// The value at `node` where objects stay views into this document (for
  /// hooks: nothing is copied until somebody changes it).
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the value; its objects keep the document alive.
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

  /// The object at `node` as owned storage; a repeated key keeps its last
  /// value at its first position.
  private func ownedObject(_ node: Node) -> JSONObjectStorage {
    let count = count(of: node)
    var keys: [String] = []
    var values: [JSONValue] = []
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    // Small objects are checked for repeated keys by a scan, large ones by hashing.
    var index: [String: Int]? =
      count > JSONObjectStorage.indexThreshold ? [String: Int](minimumCapacity: count) : nil
    for (keyNode, member) in members(of: node) {
      let key = string(keyNode) ?? ""
      let value = value(of: member)
      if index != nil {
        if let existing = index![key] {
          values[existing] = value
          continue
        }
        index![key] = keys.count
      } else if let existing = keys.firstIndex(of: key) {
        values[existing] = value
        continue
      }
      keys.append(key)
      values.append(value)
    }
    return JSONObjectStorage(uniqueKeys: keys, values: values, index: index)
  }

  private func scalarValue(of node: Node) -> JSONValue {
    switch entry(node).tag {
    case .null: .null
    case .true: .bool(true)
    case .false: .bool(false)
    case .int, .uint, .decimal, .double: .number(JSONNumber(validText: numberText(node) ?? "0"))
    // JSON5's `Infinity` and `NaN` are `null`, as `JSONValue(Double.infinity)` is.
    case .json5Number:
      json5Text(entry(node)).map { .number(JSONNumber(validText: String(decoding: $0, as: UTF8.self))) } ?? .null
    default: .string(string(node) ?? "")
    }
  }
}

extension JSONObjectStorage {
  var wrapped: JSONObject { JSONObject(storage: self) }
}
