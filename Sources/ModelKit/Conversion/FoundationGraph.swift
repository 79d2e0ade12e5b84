public import Foundation

extension JSONValue {
  /// Converts a Foundation graph (`[String: Any]`, `[Any]`, `NSDictionary`,
  /// `NSArray`, `String`, `NSNumber`, `NSNull`, Swift numbers and Booleans,
  /// `Decimal`, `JSONValue`) as `JSONSerialization` produces or accepts it.
  ///
  /// `NSNumber` Booleans become `.bool` and other `NSNumber`s `.number`,
  /// told apart by their type, not their value. NaN and infinities become
  /// `null`, as everywhere in ModelKit.
  ///
  /// - Throws: `ModelError` of kind `.unsupportedType`, with the path of
  ///   the first value that has no JSON form (a `Date`, a custom class, …).
  public init(jsonObject: Any) throws {
    var path = CodingPath()
    self = try FoundationGraph.value(from: jsonObject, path: &path)
  }

  /// The value as a Foundation graph: `[String: Any]`, `[Any]`, `String`,
  /// `Bool`, `Int`/`UInt64` for integers in range, `Double` for numbers it
  /// holds exactly, `Decimal` for the others, and `NSNull`.
  public func jsonObject() -> Any {
    switch self {
    case .null: return NSNull()
    case .bool(let flag): return flag
    case .number(let number): return FoundationGraph.foundationNumber(number)
    case .string(let string): return string
    case .array(let elements): return elements.map { $0.jsonObject() }
    case .object(let object):
      var dictionary: [String: Any] = [:]
      dictionary.reserveCapacity(object.count)
      for (key, value) in object { dictionary[key] = value.jsonObject() }
      return dictionary
    }
  }
}

/// Conversions between Foundation object graphs and `JSONValue`.
enum FoundationGraph {
  /// Deeper Foundation graphs are refused rather than risk the stack.
  static let maximumDepth = JSONValue.maximumDepth

  private static let booleanType: AnyClass = type(of: NSNumber(value: true))

  /// The JSON form of `any`, which sits at `path`; a value with none is
  /// an error of kind `failure` (`.unsupportedType` for an input graph,
  /// `.unencodable` for one a model holds).
  static func value(from any: Any, path: inout CodingPath, failure: ModelError.Kind = .unsupportedType)
    throws(ModelError) -> JSONValue
  {
    guard path.steps.count < maximumDepth else {
      throw ModelError(failure, "the graph is nested deeper than \(maximumDepth) levels", at: path)
    }
    if let number = any as? NSNumber, type(of: any) is NSNumber.Type {
      return value(from: number)
    }
    switch any {
    case let value as JSONValue: return value
    case let object as JSONObject: return .object(object)
    case is NSNull: return .null
    case let flag as Bool: return .bool(flag)
    case let string as String: return .string(string)
    case let string as Substring: return .string(String(string))
    case let integer as Int: return JSONValue(integer)
    case let integer as Int8: return .number(JSONNumber(integer))
    case let integer as Int16: return .number(JSONNumber(integer))
    case let integer as Int32: return .number(JSONNumber(integer))
    case let integer as Int64: return .number(JSONNumber(integer))
    case let integer as UInt: return .number(JSONNumber(integer))
    case let integer as UInt8: return .number(JSONNumber(integer))
    case let integer as UInt16: return .number(JSONNumber(integer))
    case let integer as UInt32: return .number(JSONNumber(integer))
    case let integer as UInt64: return .number(JSONNumber(integer))
    case let double as Double: return JSONValue(double)
    case let float as Float: return JSONNumber(float).map(JSONValue.number) ?? .null
    case let decimal as Decimal: return decimalValue(decimal)
    case let dictionary as [String: Any]:
      var object = JSONObject()
      for (key, element) in dictionary {
        path.push(.key(key))
        defer { path.pop() }
        object[key] = try value(from: element, path: &path, failure: failure)
      }
      return .object(object)
    case let array as [Any]:
      var elements: [JSONValue] = []
      elements.reserveCapacity(array.count)
      for (index, element) in array.enumerated() {
        path.push(.index(index))
        defer { path.pop() }
        elements.append(try value(from: element, path: &path, failure: failure))
      }
      return .array(elements)
    case let optional as any OptionalProtocol:
      guard let wrapped = optional.wrappedAny else { return .null }
      return try value(from: wrapped, path: &path, failure: failure)
    default:
      throw ModelError(failure, "a value of type \(type(of: any)) has no JSON form", at: path)
    }
  }

  private static func value(from number: NSNumber) -> JSONValue {
    if type(of: number) == booleanType { return .bool(number.boolValue) }
    if let decimal = number as? NSDecimalNumber { return decimalValue(decimal.decimalValue) }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "f"), UInt8(ascii: "d"): return JSONValue(number.doubleValue)
    case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
      return JSONValue(number.uint64Value)
    default: return JSONValue(number.int64Value)
    }
  }

  private static func decimalValue(_ decimal: Decimal) -> JSONValue {
    guard decimal.isFinite, let number = JSONNumber(text: decimal.description) else { return .null }
    return .number(number)
  }

  /// `Int` or `UInt64` for integers in range, `Double` when it holds the
  /// number exactly, else `Decimal` (exact up to 38 digits).
  static func foundationNumber(_ number: JSONNumber) -> Any {
    if let integer = number.int { return integer }
    if let unsigned = number.uint64 { return unsigned }
    if let double = number.double, JSONNumber(double) == number { return double }
    if let decimal = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX")) {
      return decimal
    }
    return number.double ?? Double(number.text) ?? 0
  }
}

/// Lets an `Any` that holds an `Optional` be unwrapped.
private protocol OptionalProtocol {
  var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
  fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}
