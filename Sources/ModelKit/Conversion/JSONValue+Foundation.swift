import Foundation

extension JSONValue {
  /// The value as a Foundation graph, as `JSONSerialization.jsonObject`
  /// gives it: `[String: Any]`, `[Any]`, `String`, `NSNull`, and `NSNumber`
  /// for numbers and Booleans (an integer in range as `Int` or `UInt64`,
  /// a number `Double` holds exactly as `Double`, any other as an
  /// `NSDecimalNumber` with its exact digits).
  ///
  /// - Returns: the value as Foundation objects.
  public func jsonObject() -> Any {
    switch self {
    case .null: return NSNull()
    case .bool(let flag): return NSNumber(value: flag)
    case .number(let number): return Self.foundationNumber(number)
    case .string(let string): return string
    case .array(let elements): return elements.map { $0.jsonObject() }
    case .object(let object):
      var dictionary: [String: Any] = [:]
      dictionary.reserveCapacity(object.count)
      for (key, value) in object { dictionary[key] = value.jsonObject() }
      return dictionary
    }
  }

  private static func foundationNumber(_ number: JSONNumber) -> NSNumber {
    if let integer = number.int { return NSNumber(value: integer) }
    if let unsigned = number.uint64 { return NSNumber(value: unsigned) }
    if let double = number.double, JSONNumber(double) == number { return NSNumber(value: double) }
    if let decimal = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX")) {
      return NSDecimalNumber(decimal: decimal)
    }
    return NSNumber(value: number.double ?? Double(number.text) ?? 0)
  }

  /// An `NSNumber` (a Boolean one included) as JSON: Booleans told apart by
  /// their type, not their value; NaN and infinities as `null`.
  init(foundationNumber number: NSNumber) {
    if type(of: number) == Self.booleanType {
      self = .bool(number.boolValue)
    } else if let decimal = number as? NSDecimalNumber {
      self = JSONValue(exactly: decimal.decimalValue)
    } else {
      switch UInt8(bitPattern: number.objCType.pointee) {
      case UInt8(ascii: "f"), UInt8(ascii: "d"): self = JSONValue(number.doubleValue)
      case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
        self = JSONValue(number.uint64Value)
      default: self = JSONValue(number.int64Value)
      }
    }
  }

  /// A `Decimal`'s exact digits; `null` for NaN.
  init(exactly decimal: Decimal) {
    guard decimal.isFinite, let number = JSONNumber(text: decimal.description) else {
      self = .null
      return
    }
    self = .number(number)
  }

  private static let booleanType: AnyClass = type(of: NSNumber(value: true))
}
