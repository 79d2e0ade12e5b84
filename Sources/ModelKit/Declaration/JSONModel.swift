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
/// reflection and written in place; `let` properties and `weak` or
/// `unowned` references, of structs and classes alike, are left alone.
/// A property wrapper's storage appears as `_name` of the wrapper's type,
/// and is mapped only when that type is convertible; `lazy` storage is
/// never mapped.
///
/// Hooks cost nothing when a type does not implement them, and each runs
/// exactly once per decoded or encoded object, on the caller's own input:
/// ModelKit never calls a hook to find out whether a type implements it
/// (the default implementations say so when they first run). A large
/// input (a top-level array or a buffer of JSON Lines of 1 MiB or more) is
/// decoded on every core: its objects' hooks then run on several threads
/// at once, not in document order.
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
  ///
  /// - Parameter json: the object about to be decoded.
  /// - Returns: the model type to decode it as, or nil for `Self`.
  static func modelType(for json: JSONObject) -> (any JSONModel.Type)?

  /// Called before decoding: return a replacement input, or nil to keep it;
  /// throw to reject the object. Default: nil.
  ///
  /// - Parameter json: the object about to be decoded.
  /// - Returns: the object to decode instead, or nil to decode `json`.
  /// - Throws: any error, to reject the object: the decode throws
  ///   `ModelError.rejected` with it underneath, except that lenient
  ///   decoding drops a rejected nested model or element instead.
  mutating func willDecode(from json: JSONObject) throws -> JSONObject?

  /// Called after decoding, with the (possibly replaced) input, for custom
  /// transforms and validation; throw to reject. Default: nothing.
  ///
  /// - Parameter json: the object the model was decoded from.
  /// - Throws: any error, to reject the model, as `willDecode(from:)` does.
  mutating func didDecode(from json: JSONObject) throws

  /// Called after encoding, to add, replace or remove output keys; throw to
  /// reject. Default: nothing.
  ///
  /// - Parameter json: the object the model's properties were written to.
  /// - Throws: any error, to fail the encode with `ModelError.rejected`.
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
  ///
  /// - Parameter json: the object about to be decoded (not looked at).
  /// - Returns: nil.
  public static func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
    HookKnowledge.reportDefault(.modelType) { $0 is Self.Type }
    return nil
  }

  /// Keeps the input.
  ///
  /// - Parameter json: the object about to be decoded (not looked at).
  /// - Returns: nil.
  /// - Throws: never; a type's own implementation throws to reject.
  public mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
    HookKnowledge.reportDefault(.willDecode) { $0 is Self.Type }
    return nil
  }

  /// Does nothing.
  ///
  /// - Parameter json: the object the model was decoded from (not looked at).
  /// - Throws: never; a type's own implementation throws to reject.
  public mutating func didDecode(from json: JSONObject) throws {
    HookKnowledge.reportDefault(.didDecode) { $0 is Self.Type }
  }

  /// Does nothing.
  ///
  /// - Parameter json: the object the model's properties were written to (left as it is).
  /// - Throws: never; a type's own implementation throws to reject.
  public func didEncode(into json: inout JSONObject) throws {
    HookKnowledge.reportDefault(.didEncode) { $0 is Self.Type }
  }
}
