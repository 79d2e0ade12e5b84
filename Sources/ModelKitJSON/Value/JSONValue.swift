/// Any JSON value, for code that wants JSON without a model.
///
/// ```swift
/// let value = try JSONValue(json: #"{"id": 18446744073709551615, "tags": ["a"]}"#)
/// value["id"]?.number?.uint64   // 18446744073709551615, exactly
/// value["tags"]?[0]?.string     // "a"
/// let literal: JSONValue = ["ok": true, "items": [1, 2.5, nil]]
/// print(literal.jsonString())   // {"ok":true,"items":[1,2.5,null]}
/// ```
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as its exact text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, in insertion order.
  case object(JSONObject)
}

// MARK: - Runtime values

extension JSONValue {
  /// A Boolean value.
  ///
  /// - Parameter value: the Boolean.
  public init(_ value: Bool) { self = .bool(value) }

  /// An integer value.
  ///
  /// - Parameter value: the integer.
  public init(_ value: Int) { self = .number(JSONNumber(value)) }

  /// A 64-bit integer value.
  ///
  /// - Parameter value: the integer.
  public init(_ value: Int64) { self = .number(JSONNumber(value)) }

  /// An unsigned 64-bit integer value, kept exactly.
  ///
  /// - Parameter value: the integer.
  public init(_ value: UInt64) { self = .number(JSONNumber(value)) }

  /// A floating-point value; NaN and infinities, which JSON cannot express, become `null`.
  ///
  /// - Parameter value: the number.
  public init(_ value: Double) { self = JSONNumber(value).map(JSONValue.number) ?? .null }

  /// A string value.
  ///
  /// - Parameter value: the string.
  public init(_ value: String) { self = .string(value) }

  /// An array value.
  ///
  /// - Parameter value: the elements.
  public init(_ value: [JSONValue]) { self = .array(value) }

  /// An object value.
  ///
  /// - Parameter value: the object.
  public init(_ value: JSONObject) { self = .object(value) }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `nil` is JSON `null`.
  ///
  /// - Parameter nilLiteral: the empty tuple a `nil` literal stands for.
  public init(nilLiteral: ()) { self = .null }

  /// A Boolean literal.
  ///
  /// - Parameter value: the literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }

  /// An integer literal.
  ///
  /// - Parameter value: the literal.
  public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }

  /// A float literal.
  ///
  /// - Parameter value: the literal.
  public init(floatLiteral value: Double) { self.init(value) }

  /// A string literal.
  ///
  /// - Parameter value: the literal.
  public init(stringLiteral value: String) { self = .string(value) }

  /// An array literal.
  ///
  /// - Parameter elements: the literal's elements.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// A dictionary literal; a repeated key keeps its last value.
  ///
  /// - Parameter elements: the literal's keys and values.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}

// MARK: - Accessors

extension JSONValue {
  /// The string, or nil for any other kind.
  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number as `Int` when it is an integer in range, or nil.
  public var int: Int? { number?.int }

  /// The number as the nearest `Double`, or nil when not a number (or beyond `Double`).
  public var double: Double? { number?.double }

  /// The number with its exact text, or nil for any other kind.
  public var number: JSONNumber? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The Boolean, or nil for any other kind.
  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The elements, or nil for any other kind.
  public var array: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, or nil for any other kind.
  public var object: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The kind of value.
  public var kind: JSONKind {
    switch self {
    case .null: .null
    case .bool: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// The member named `key` of an object, or nil (absent key or not an object).
  ///
  /// - Parameter key: the member's name.
  /// - Returns: the member's value, or nil.
  public subscript(key: String) -> JSONValue? {
    object?[key]
  }

  /// The element at `index` of an array, or nil (out of range or not an array).
  ///
  /// - Parameter index: the element's 0-based position.
  /// - Returns: the element, or nil.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}
