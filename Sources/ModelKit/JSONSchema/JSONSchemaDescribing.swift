/// Descriptions a type gives its JSON Schema: for the type, and for its
/// properties by name (a `Codable` type's by coding key). Optional: a type
/// that does not conform has a schema without them.
///
/// ```swift
/// extension Recipe: JSONSchemaDescribing {
///   static var schemaDescription: String? { "A recipe, as a cook reads it." }
///   static var propertyDescriptions: [String: String] { ["minutes": "Total time, preparation included."] }
/// }
/// ```
public protocol JSONSchemaDescribing {
  /// What the type is, for its schema's `description`. Default nil.
  static var schemaDescription: String? { get }
  /// What each property is, by property name (coding key for a Codable
  /// type), for its schema's `description`. Default empty.
  static var propertyDescriptions: [String: String] { get }
}

extension JSONSchemaDescribing {
  /// No description.
  public static var schemaDescription: String? { nil }
  /// No descriptions.
  public static var propertyDescriptions: [String: String] { [:] }
}
