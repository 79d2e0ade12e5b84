extension JSONModel {
  /// A copy whose nested class models are copies too (a struct's copy
  /// shares no class instance with the original; shared instances and
  /// cycles are copied once, so the copy has the same shape).
  ///
  /// Only the properties that take part in JSON are copied; the rest keep
  /// the values `init()` gives them.
  public func modelCopy() -> Self {
    ModelCopy.copy(self)
  }

  /// Whether `other` has the same type and equal values in every property
  /// that takes part in JSON.
  public func modelEquals(_ other: Self) -> Bool {
    if Self.self is AnyClass, (self as AnyObject) === (other as AnyObject) { return true }
    guard type(of: self) == type(of: other), let schema = try? ModelSchema.of(type(of: self)) else {
      return false
    }
    return ModelFields.encodedFields(self, schema) == ModelFields.encodedFields(other, schema)
  }

  /// Hashes the properties that take part in JSON, consistently with `modelEquals`.
  public func modelHash(into hasher: inout Hasher) {
    guard let schema = try? ModelSchema.of(type(of: self)) else { return }
    hasher.combine(ModelFields.encodedFields(self, schema))
  }

  /// A multi-line description: the type name, then every property that
  /// takes part in JSON, sorted by name, one per line, indented per level.
  ///
  /// ```
  /// Book {
  ///     author = {
  ///         name = "Ada"
  ///     };
  ///     name = "Notes";
  ///     page = 12
  /// }
  /// ```
  public var modelDescription: String {
    guard let schema = try? ModelSchema.of(type(of: self)) else { return "\(type(of: self))" }
    let fields = ModelFields.encodedFields(self, schema)
    var entries: [(String, String)] = []
    for (index, field) in schema.fields.enumerated() {
      let text: String
      if let bytes = fields[index], let value = try? JSONValue(json: bytes) {
        text = ModelFields.describe(value, indent: 2)
      } else {
        text = "<nil>"
      }
      entries.append((field.name, text))
    }
    entries.sort { $0.0 < $1.0 }
    guard !entries.isEmpty else { return "\(type(of: self)) {}" }
    let body = entries.map { "    \($0.0) = \($0.1)" }.joined(separator: ";\n")
    return "\(type(of: self)) {\n\(body)\n}"
  }
}

/// Field-wise comparison and description of a model through its schema.
enum ModelFields {
  /// Each field's value as compact JSON with sorted keys (nil when left out).
  static func encodedFields<Model: JSONModel>(_ model: Model, _ schema: ModelSchema) -> [[UInt8]?] {
    withFieldAddress(model, schema) { base in
      schema.fields.map { field -> [UInt8]? in
        let address = base + field.offset
        guard !field.converter.isFieldOmitted(address) else { return nil }
        var context = WriteContext(options: [.sortedKeys], capacity: 32)
        guard (try? field.converter.encodeField(address, &context)) != nil else { return nil }
        return context.json.bytes
      }
    }
  }

  private static func withFieldAddress<Model: JSONModel, Result>(
    _ model: Model, _ schema: ModelSchema, _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    if schema.isClass {
      let object = model as AnyObject
      return withExtendedLifetime(object) { body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())) }
    }
    return withUnsafePointer(to: model) { body(UnsafeRawPointer($0)) }
  }

  /// YYModel's description style: strings quoted, containers over several lines.
  static func describe(_ value: JSONValue, indent: Int) -> String {
    let padding = String(repeating: "    ", count: indent)
    let closing = String(repeating: "    ", count: indent - 1)
    switch value {
    case .null: return "<null>"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return number.text
    case .string(let string): return "\"\(string)\""
    case .array(let elements):
      guard !elements.isEmpty else { return "[]" }
      let lines = elements.map { padding + describe($0, indent: indent + 1) }
      return "[\n" + lines.joined(separator: ";\n") + "\n" + closing + "]"
    case .object(let object):
      guard !object.isEmpty else { return "{}" }
      let lines = object.map { padding + "\($0.key) = " + describe($0.value, indent: indent + 1) }
      return "{\n" + lines.joined(separator: ";\n") + "\n" + closing + "}"
    }
  }
}
