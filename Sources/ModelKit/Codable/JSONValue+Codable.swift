/// `JSONValue` through any coder: objects as keyed containers, arrays as
/// unkeyed ones, scalars as single values. ModelKit's own coders read and
/// write it directly instead.
extension JSONValue: Codable {
  /// Reads whatever the decoder holds: null, a Boolean, a number (an
  /// integer when it is one), a string, an array or an object.
  ///
  /// - Parameter decoder: the decoder to read from.
  /// - Throws: the decoder's own errors.
  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer() {
      if single.decodeNil() {
        self = .null
        return
      }
      if let flag = try? single.decode(Bool.self) {
        self = .bool(flag)
        return
      }
      if let integer = try? single.decode(Int64.self) {
        self = JSONValue(integer)
        return
      }
      if let integer = try? single.decode(UInt64.self) {
        self = JSONValue(integer)
        return
      }
      if let double = try? single.decode(Double.self) {
        self = JSONValue(double)
        return
      }
      if let text = try? single.decode(String.self) {
        self = .string(text)
        return
      }
    }
    if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      var object = JSONObject()
      for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
      self = .object(object)
      return
    }
    var unkeyed = try decoder.unkeyedContainer()
    var elements: [JSONValue] = []
    while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
    self = .array(elements)
  }

  /// Writes the value; numbers as `Int64`, `UInt64` or `Double`, whichever
  /// holds them exactly (a number beyond `Double` as its text).
  ///
  /// - Parameter encoder: the encoder to write to.
  /// - Throws: the encoder's own errors.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .number(let number):
      var single = encoder.singleValueContainer()
      if let integer = number.int64 {
        try single.encode(integer)
      } else if let integer = number.uint64 {
        try single.encode(integer)
      } else if let double = number.double {
        try single.encode(double)
      } else {
        try single.encode(number.description)
      }
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    case .array(let elements):
      var unkeyed = encoder.unkeyedContainer()
      for element in elements { try unkeyed.encode(element) }
    case .object(let object):
      var keyed = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in object { try keyed.encode(value, forKey: AnyKey(key)) }
    }
  }
}
