import ModelKitJSON

/// Puts a schema together: the root type's schema in place, the types it
/// reaches as definitions (`$defs`, or OpenAPI components), the dialect's
/// header, then the profile's rewrite.
enum SchemaDocument {
  /// `JSONSchema.of`.
  static func of(_ type: any Any.Type, options: JSONSchemaOptions) throws(ModelError) -> JSONValue {
    let options = try profiled(options)
    let root = try SchemaWriter.shape(of: type, at: CodingPath())
    var writer = SchemaWriter(options: options, reader: reader(for: root), referencesComponents: false)
    let body = try writer.body(of: type, selfReference: "#", at: CodingPath())
    var document = JSONObject()
    if options.dialect == .draft2020_12 && options.profile == .none {
      document["$schema"] = .string(JSONSchema.draft2020_12)
    }
    if case .object(let members) = body {
      for (key, value) in members { document[key] = value }
    }
    if options.dialect != .openAPI3_0 && !writer.definitions.isEmpty {
      document["$defs"] = .object(writer.definitions)
    }
    return try SchemaProfiles.rewrite(.object(document), for: options.profile, definitions: writer.definitions)
  }

  /// `JSONSchema.components`.
  static func components(for types: [any Any.Type], options: JSONSchemaOptions) throws(ModelError) -> JSONValue {
    let options = try profiled(options)
    var schemas = JSONObject()
    var readers: [SchemaWriter.Reader] = []
    for type in types { readers.append(reader(for: try SchemaWriter.shape(of: type, at: CodingPath()))) }
    var writer = SchemaWriter(
      options: options, reader: readers.contains(.coder) && !readers.contains(.model) ? .coder : .model,
      referencesComponents: true)
    for type in types {
      _ = try writer.definition(of: type, at: CodingPath())
    }
    for (name, schema) in writer.definitions {
      schemas[name] = try SchemaProfiles.rewrite(
        schema, for: options.profile, definitions: writer.definitions, inComponents: true)
    }
    return ["schemas": .object(schemas)]
  }

  /// The options a profile writes by: the dialect it speaks; a profile
  /// describes strict input.
  private static func profiled(_ options: JSONSchemaOptions) throws(ModelError) -> JSONSchemaOptions {
    var options = options
    switch options.profile {
    case .none: return options
    case .openAIStrict, .anthropic: options.dialect = .draft2020_12
    case .gemini: options.dialect = .openAPI3_0
    }
    guard options.contract == .strictInput else {
      throw .unsupported("the \(options.profile) profile describes strict input; its contract must be .strictInput")
    }
    return options
  }

  /// Whose rules a root of `shape` is decoded by: a model's entry point
  /// for models and containers of them, a coder for anything else.
  private static func reader(for shape: ValueShape) -> SchemaWriter.Reader {
    switch shape {
    case .model: .model
    case .array(let element, _): reader(for: element)
    case .dictionary(let value), .optional(let value): reader(for: value)
    default: .coder
    }
  }
}
