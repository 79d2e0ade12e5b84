import ModelKitJSON

extension SchemaWriter {
  /// The object schema of a `JSONModel` type, from its field table: keys
  /// and key paths as properties (nested objects for paths), fallback
  /// lists as conditions (the first candidate present and not null
  /// decides), several properties on one key as all of their schemas
  /// (input) or any of them (output). Missing and unknown keys are never
  /// errors for a model, so no property is required.
  mutating func modelBody(_ type: any JSONModel.Type, at path: CodingPath) throws(ModelError) -> JSONValue {
    let model = try SchemaCache.shared.schema(for: type)
    if let field = model.unconvertible.first {
      throw .unsupported(
        "property '\(field.name)' of \(TypeNames.name(of: type)) holds \(TypeNames.name(of: field.type)), which has no JSON form",
        at: path.appending(.key(field.name)))
    }
    let descriptions = (type as? any JSONSchemaDescribing.Type)?.propertyDescriptions ?? [:]
    var properties = PropertyTree()
    var conditions: [JSONValue] = []
    for field in model.fields {
      let candidates: [[String]]
      if contract == .output {
        guard let written = field.outputPath else { continue }
        candidates = [written]
      } else {
        candidates = field.candidates(options.decoding.keyDecoding)
      }
      let shape = field.converter.shape
      var value = try schema(for: shape, at: path.appending(.keyPath(candidates[0])))
      if let description = descriptions[field.name] { value = described(value, description) }
      if candidates.count == 1 || hasProfile {
        properties.add(value, at: candidates[0])
      } else {
        conditions.append(fallback(candidates, value, acceptsNull: Self.acceptsNull(shape)))
      }
    }
    let object = properties.schema(self, typed: true, conditions: conditions)
    return described(object, (type as? any JSONSchemaDescribing.Type)?.schemaDescription)
  }

  /// `schema` with `description` (a reference wrapped, as nothing may stand beside it).
  func described(_ schema: JSONValue, _ description: String?) -> JSONValue {
    guard let description, case .object(var object) = schema else { return schema }
    if object["$ref"] != nil { return ["allOf": [schema], "description": .string(description)] }
    object["description"] = .string(description)
    return .object(object)
  }

  /// Whether `null` is a value of `shape` (so a fallback list that finds
  /// only nulls still decodes).
  private static func acceptsNull(_ shape: ValueShape) -> Bool {
    switch shape {
    case .optional, .anyValue, .null: true
    default: false
    }
  }

  /// A fallback list: the value at the first candidate that is present and
  /// not null is `value`; where none is, every candidate is absent, or
  /// null and `value` accepts null.
  func fallback(_ candidates: [[String]], _ value: JSONValue, acceptsNull: Bool) -> JSONValue {
    var otherwise: JSONValue =
      acceptsNull ? .object([:]) : ["not": ["anyOf": .array(candidates.map { present($0, notNull: false) })]]
    for candidate in candidates.reversed() {
      otherwise = vocabulary.conditional(if: present(candidate, notNull: true), then: at(candidate, value), else: otherwise)
    }
    return otherwise
  }

  /// Holds where the key path `path` reaches a member (through objects
  /// only), with `notNull` one that is not null.
  func present(_ path: [String], notNull: Bool) -> JSONValue {
    let key = JSONValue.string(path[0])
    if path.count == 1 {
      guard notNull else { return ["required": [key]] }
      return ["required": [key], "properties": .object([path[0]: vocabulary.nonNull()])]
    }
    var inner = present(Array(path.dropFirst()), notNull: notNull)
    if case .object(var object) = inner {
      object["type"] = "object"
      inner = .object(object)
    }
    return ["required": [key], "properties": .object([path[0]: inner])]
  }

  /// `value` at the key path `path`.
  private func at(_ path: [String], _ value: JSONValue) -> JSONValue {
    let inner = path.count == 1 ? value : at(Array(path.dropFirst()), value)
    return ["properties": .object([path[0]: inner])]
  }
}

/// The properties of an object schema as key paths reach them, in the
/// order first reached: each key's own schemas and the members below it.
struct PropertyTree {
  private var keys: [String] = []
  private var nodes: [String: Node] = [:]

  private struct Node {
    var schemas: [JSONValue] = []
    var children = PropertyTree()
  }

  /// Adds `schema` for the member at `path`.
  mutating func add(_ schema: JSONValue, at path: [String]) {
    let key = path[0]
    if nodes[key] == nil {
      keys.append(key)
      nodes[key] = Node()
    }
    if path.count == 1 {
      nodes[key]!.schemas.append(schema)
    } else {
      nodes[key]!.children.add(schema, at: Array(path.dropFirst()))
    }
  }

  /// The object schema: `typed` says it is an object (a model's own; a
  /// key path's intermediate object is one only where the output writes
  /// it or a profile closes it, as input whose path meets anything else
  /// simply finds nothing there).
  func schema(_ writer: SchemaWriter, typed: Bool, requiring requiredKeys: [String] = [], conditions: [JSONValue] = []) -> JSONValue {
    var properties = JSONObject()
    let closedIntermediates = writer.contract == .output || writer.hasProfile
    for key in keys {
      let node = nodes[key]!
      var parts = node.schemas
      if !node.children.keys.isEmpty { parts.append(node.children.schema(writer, typed: closedIntermediates)) }
      properties[key] = writer.contract == .output ? writer.vocabulary.anyOf(parts) : writer.vocabulary.allOf(parts)
    }
    var object = JSONObject()
    if typed { object["type"] = "object" }
    object["properties"] = .object(properties)
    if !requiredKeys.isEmpty { object["required"] = .array(requiredKeys.map(JSONValue.string)) }
    if !conditions.isEmpty { object["allOf"] = .array(conditions) }
    return .object(object)
  }
}
