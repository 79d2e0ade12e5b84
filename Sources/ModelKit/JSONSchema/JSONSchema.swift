import ModelKitJSON

/// JSON Schema of model types, written from the field tables their
/// decoder and encoder use: to publish an API (OpenAPI components), to
/// validate payloads elsewhere, and to ask a language model for
/// structured output that decodes.
///
/// ```swift
/// let schema: JSONValue = try JSONSchema.of(User.self)
/// let forOpenAI = try JSONSchema.of(Recipe.self, options: JSONSchemaOptions(profile: .openAIStrict))
/// let components = try JSONSchema.components(for: [User.self, Order.self],
///                                            options: JSONSchemaOptions(dialect: .openAPI3_1))
/// ```
public enum JSONSchema {
  /// The 2020-12 meta-schema's address, written as `$schema`.
  public static let draft2020_12 = "https://json-schema.org/draft/2020-12/schema"

  /// The schema of `type`: a `JSONModel` through its field table, a
  /// `Decodable` type through its coding keys and what its `init(from:)`
  /// asks for, or any other type ModelKit converts (`[User]`, `Int`, …).
  ///
  /// Self-contained for 2020-12 and OpenAPI 3.1 (nested types in `$defs`);
  /// for OpenAPI 3.0, nested types are references to
  /// `#/components/schemas/Name`, which `components(for:options:)` writes.
  ///
  /// - Parameters:
  ///   - type: the type to describe.
  ///   - options: dialect, contract, profile and the coder options described.
  /// - Returns: the schema, as a `JSONValue`.
  /// - Throws: `ModelError` of kind `.unsupportedType`, naming the path of
  ///   what cannot be described (an `Any` field, a closure, a dictionary
  ///   in a profile whose objects are closed, recursion where a profile
  ///   forbids it).
  public static func of(_ type: any Any.Type, options: JSONSchemaOptions = JSONSchemaOptions()) throws -> JSONValue {
    try SchemaDocument.of(type, options: options)
  }

  /// An OpenAPI components object, `{"schemas": {…}}`, with the schema of
  /// each of `types` and of every type they reach, under names matching
  /// `^[a-zA-Z0-9._-]+$` (generic types spelled out: `Page_Address`).
  ///
  /// - Parameters:
  ///   - types: the types to describe.
  ///   - options: as for `of(_:options:)`; the dialect should be an OpenAPI one.
  /// - Returns: the components object.
  /// - Throws: `ModelError`, as `of(_:options:)`.
  public static func components(for types: [any Any.Type], options: JSONSchemaOptions = JSONSchemaOptions(dialect: .openAPI3_1))
    throws -> JSONValue
  {
    try SchemaDocument.components(for: types, options: options)
  }
}
