import ModelKitJSON

/// What a converter reads and writes, as a JSON Schema describes it: each
/// converter names its own shape (`AnyConverter.shape`), so that a schema
/// is written from the same converters the decoder and encoder use.
indirect enum ValueShape {
  /// A fixed-width integer between `minimum` and `maximum`.
  case integer(minimum: JSONNumber, maximum: JSONNumber)
  /// A binary floating-point number; `magnitude` bounds it where the type
  /// is narrower than a JSON reader's `Double` (`Float`).
  case floating(magnitude: JSONNumber?)
  /// `true` or `false`.
  case bool
  /// Any string.
  case string
  /// A string of one `Character`.
  case character
  /// A `Date`, read and written as the options or a coder's strategy say.
  case date
  /// `Data`, base64 text unless a coder's strategy says otherwise.
  case data
  /// `NSData`: a UTF-8 string or an array of byte values.
  case byteText
  /// A `URL`: a non-empty string `URL(string:)` accepts.
  case url
  /// A `UUID`: its 36-character text.
  case uuid
  /// A `Decimal`: a number, or a string holding one.
  case decimal
  /// `NSNumber`: a number or a Boolean.
  case numberObject
  /// `NSNull`: `null` only.
  case null
  /// An array of `element`; `unique` for a set.
  case array(ValueShape, unique: Bool)
  /// An object whose every member is a `value`.
  case dictionary(ValueShape)
  /// `wrapped`, or `null` (written as an absent key).
  case optional(ValueShape)
  /// A `JSONModel`.
  case model(any JSONModel.Type)
  /// A type read through its own `Decodable` conformance.
  case codable(any Decodable.Type)
  /// A `RawRepresentable` type: its raw type's shape, restricted to `values`
  /// when the cases are known.
  case rawValue(ValueShape, values: [JSONValue]?)
  /// `JSONValue`: any JSON value.
  case anyValue
  /// `JSONObject`: any JSON object.
  case anyObject
  /// A Foundation graph (`Any`, `[Any]`, `[String: Any]`): nothing a schema can promise.
  case undescribable
}
