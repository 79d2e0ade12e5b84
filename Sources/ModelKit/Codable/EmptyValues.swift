import Foundation

/// The empty values of the scalar types and of containers.
enum EmptyValues {
  static func value<Value>(of type: Value.Type) -> Value? {
    switch Value.self {
    case is String.Type: return "" as? Value
    case is Bool.Type: return false as? Value
    case is Int.Type: return 0 as? Value
    case is Int8.Type: return Int8(0) as? Value
    case is Int16.Type: return Int16(0) as? Value
    case is Int32.Type: return Int32(0) as? Value
    case is Int64.Type: return Int64(0) as? Value
    case is UInt.Type: return UInt(0) as? Value
    case is UInt8.Type: return UInt8(0) as? Value
    case is UInt16.Type: return UInt16(0) as? Value
    case is UInt32.Type: return UInt32(0) as? Value
    case is UInt64.Type: return UInt64(0) as? Value
    case is Double.Type: return 0.0 as? Value
    case is Float.Type: return Float(0) as? Value
    case is Decimal.Type: return Decimal(0) as? Value
    case is JSONValue.Type: return JSONValue.null as? Value
    default: break
    }
    if let empty = Value.self as? any EmptyConstructible.Type { return empty.emptyValue as? Value }
    return nil
  }
}

/// Types with an obvious empty value: optionals and collections.
protocol EmptyConstructible {
  static var emptyValue: Self { get }
}

extension Optional: EmptyConstructible {
  static var emptyValue: Self { nil }
}

extension Array: EmptyConstructible {
  static var emptyValue: Self { [] }
}

extension Set: EmptyConstructible {
  static var emptyValue: Self { [] }
}

extension Dictionary: EmptyConstructible {
  static var emptyValue: Self { [:] }
}
