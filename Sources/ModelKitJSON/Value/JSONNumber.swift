/// A JSON number, kept as its exact text.
///
/// Nothing is lost: `18446744073709551615`, `-9223372036854775808` and a
/// 400-digit decimal come back exactly as read. Two numbers are equal when
/// their values are equal (`1`, `1.0` and `1e0` are one number).
///
/// ```swift
/// let n: JSONNumber = 42
/// n.int          // 42
/// JSONNumber(text: "1e400")?.double   // nil: beyond Double
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number's JSON text.
  public let text: String

  /// Creates a number from JSON number text; nil unless `text` follows the
  /// JSON grammar exactly (no `+`, no leading zeros, no `NaN`).
  ///
  /// - Parameter text: JSON number text, such as `-12.5e3`.
  public init?(text: String) {
    guard NumberGrammar.isNumber(text.utf8) else { return nil }
    self.text = text
  }

  /// Wraps text already known to be valid.
  package init(validText: String) { text = validText }

  /// Creates a number from an integer.
  ///
  /// - Parameter value: any integer, of any width.
  public init(_ value: some BinaryInteger) { text = String(value) }

  /// Creates a number from a finite `Double` in its shortest round-trip
  /// form, as `JSONEncoder` writes it (`1000`, `0.1`, `1e+20`); nil for NaN
  /// and infinities, which JSON cannot express.
  ///
  /// - Parameter value: the number.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    text = Self.shortestText(value)
  }

  /// Creates a number from a finite `Float`, as `JSONEncoder` writes it;
  /// nil for NaN and infinities.
  ///
  /// - Parameter value: the number.
  public init?(_ value: Float) {
    guard value.isFinite else { return nil }
    text = Self.shortestText(value)
  }

  /// `description` less a trailing `.0`: the text `JSONEncoder` writes.
  private static func shortestText(_ value: some BinaryFloatingPoint & LosslessStringConvertible) -> String {
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// The value as `Int` when it is an integer in range (`3`, `3.0`), else nil.
  public var int: Int? { int64.flatMap { Int(exactly: $0) } }

  /// The value as `Int64` when it is an integer in range, else nil.
  public var int64: Int64? { withText { NumberText.exactInt64($0) } }

  /// The value as `UInt64` when it is a non-negative integer in range, else nil.
  public var uint64: UInt64? { withText { NumberText.exactUInt64($0) } }

  /// The nearest `Double`, or nil when the magnitude is beyond `Double`.
  public var double: Double? { withText { NumberText.double($0) } }

  /// The text, as written in JSON.
  public var description: String { text }

  /// Numbers are equal when their values are: `1`, `1.0` and `10e-1` are one number.
  ///
  /// - Parameters:
  ///   - lhs: a number.
  ///   - rhs: another number.
  /// - Returns: whether they have the same decimal value.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    lhs.text == rhs.text || lhs.normalized == rhs.normalized
  }

  /// Hashes the number's decimal value, consistently with `==`.
  ///
  /// - Parameter hasher: the hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(normalized)
  }

  private var normalized: NumberText.Decimal { withText { NumberText.decimal($0) } }

  private func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    withUTF8Bytes(of: text, body)
  }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// Creates a number from an integer literal.
  ///
  /// - Parameter value: the literal.
  public init(integerLiteral value: Int64) { self.init(value) }

  /// Creates a number from a float literal; a non-finite literal traps.
  ///
  /// - Parameter value: the literal.
  public init(floatLiteral value: Double) {
    guard let number = JSONNumber(value) else { preconditionFailure("JSON numbers are finite") }
    self = number
  }
}
