/// Key mapping for a Codable type, with `JSONModel`'s `JSONKey` semantics.
///
/// ```swift
/// struct Order: Codable, JSONKeyMapping {
///   var id: Int
///   var note: String
///   static var keyMapping: [String: JSONKey] { ["id": ["order_id", "id"], "note": "meta.note"] }
/// }
/// ```
///
/// Keys of `keyMapping` are the `CodingKey` string values. `ModelDecoder`
/// reads a mapped key from its key, key path or first present candidate;
/// `ModelEncoder` writes it at its key (path) or first candidate.
public protocol JSONKeyMapping {
  /// Coding key string value → JSON key, key path or fallback list.
  static var keyMapping: [String: JSONKey] { get }
}
