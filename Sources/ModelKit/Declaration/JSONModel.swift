/// A struct or class that maps to and from JSON through its stored properties.
///
/// ```swift
/// struct User: JSONModel {
///   var uid: UInt64 = 0
///   var name = ""
///   var created: Date?
/// }
/// let user = try User(json: data)
/// ```
///
/// Everything but `init()` has a default. Stored properties are found by
/// reflection and written in place; `let` properties of structs are left
/// alone (classes cannot tell `let` from `var`, so theirs are written too).
/// A property wrapper's storage appears as `_name` of the wrapper's type,
/// and is mapped only when that type is convertible; `lazy` storage is
/// never mapped.
///
/// Hooks cost nothing when a type does not implement them: when its schema
/// is first built, ModelKit learns which hooks the type implements by
/// calling each once on a fresh instance with an empty object, so keep
/// hooks free of side effects outside the instance.
public protocol JSONModel {
  /// Creates a model with default values; decoding starts from it.
  init()

  /// Property name → JSON key, key path or fallback list. Default: empty.
  static var keyMapping: [String: JSONKey] { get }

  /// Properties that take no part in JSON (decoding, encoding, utilities). Default: none.
  static var ignoredProperties: Set<String> { get }

  /// When non-nil, the only properties that take part. Default: nil (all).
  static var allowedProperties: Set<String>? { get }

  /// The type to decode `json` as, for polymorphism (a subclass, or any other
  /// model type where one is expected); nil for `Self`. Default: nil.
  static func modelType(for json: JSONObject) -> (any JSONModel.Type)?

  /// Called before decoding: return a replacement input, or nil to keep it;
  /// throw to reject the object. Default: nil.
  mutating func willDecode(from json: JSONObject) throws -> JSONObject?

  /// Called after decoding, with the (possibly replaced) input, for custom
  /// transforms and validation; throw to reject. Default: nothing.
  mutating func didDecode(from json: JSONObject) throws

  /// Called after encoding, to add, replace or remove output keys; throw to
  /// reject. Default: nothing.
  func didEncode(into json: inout JSONObject) throws
}

extension JSONModel {
  /// No mapping: every property uses its own name.
  public static var keyMapping: [String: JSONKey] { [:] }

  /// No ignored properties.
  public static var ignoredProperties: Set<String> { [] }

  /// All properties take part.
  public static var allowedProperties: Set<String>? { nil }

  /// Always `Self`.
  public static func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
    HookProbe.markDefault(.modelType)
    return nil
  }

  /// Keeps the input.
  ///
  /// - Throws: never; a type's own implementation throws to reject.
  public mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
    HookProbe.markDefault(.willDecode)
    return nil
  }

  /// Does nothing.
  ///
  /// - Throws: never; a type's own implementation throws to reject.
  public mutating func didDecode(from json: JSONObject) throws {
    HookProbe.markDefault(.didDecode)
  }

  /// Does nothing.
  ///
  /// - Throws: never; a type's own implementation throws to reject.
  public func didEncode(into json: inout JSONObject) throws {
    HookProbe.markDefault(.didEncode)
  }
}
