import Foundation

/// The strategies of one `ModelDecoder` call, in the conversion table's own
/// terms: `Codable/FoundationStrategies.swift` maps `JSONDecoder`'s onto
/// them, the one place that names Foundation's. They reach every value the
/// call reads, `JSONModel` fields included; a context without them reads by
/// ModelKit's table (the `JSONModel` entry points).
struct DecodingStrategies: Sendable {
  var dates: DateReading = .deferredToDate
  var data: DataReading = .base64
  /// The strings read as infinities and NaN; nil: none are.
  var nonFiniteStrings: NonFiniteStrings?
  /// Applies to Codable values (a `JSONModel`'s keys follow its schema and `options.keyDecoding`).
  var keys: KeyReading = .asIs
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Whether a strategy reads with a function of the caller's, which may
  /// have `try?` fallbacks of its own.
  var hasCustomReading: Bool {
    if case .custom = dates { return true }
    if case .custom = data { return true }
    return false
  }
}

/// The strategies of one `ModelEncoder` call, as `DecodingStrategies` are
/// for decoding; they reach every value the call writes.
struct EncodingStrategies: Sendable {
  var dates: DateWriting = .deferredToDate
  var data: DataWriting = .base64
  /// The strings written for infinities and NaN; nil: writing one is an error.
  var nonFiniteStrings: NonFiniteStrings?
  /// Applies to Codable values, as for decoding.
  var keys: KeyWriting = .asIs
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}

/// How a coder's call reads a `Date`.
enum DateReading: Sendable {
  /// Seconds since 2001 (`Date`'s own `Codable` form).
  case deferredToDate
  case secondsSince1970
  case millisecondsSince1970
  /// RFC 3339 internet date-time text.
  case iso8601
  /// The caller's function, handed a decoder over the value.
  case custom(@Sendable (any Decoder) throws -> Date)

  /// Whether dates are read from numbers.
  var readsNumbers: Bool {
    switch self {
    case .deferredToDate, .secondsSince1970, .millisecondsSince1970: true
    case .iso8601, .custom: false
    }
  }
}

/// How a coder's call writes a `Date`.
enum DateWriting: Sendable {
  /// Seconds since 2001 (`Date`'s own `Codable` form).
  case deferredToDate
  case secondsSince1970
  case millisecondsSince1970
  /// RFC 3339 internet date-time text.
  case iso8601
  /// The caller's function, handed an encoder for the value.
  case custom(@Sendable (Date, any Encoder) throws -> Void)
}

/// How a coder's call reads `Data`.
enum DataReading: Sendable {
  /// Base64 text.
  case base64
  /// `Data`'s own `Codable` form (an array of bytes).
  case deferredToData
  /// The caller's function, handed a decoder over the value.
  case custom(@Sendable (any Decoder) throws -> Data)
}

/// How a coder's call writes `Data`.
enum DataWriting: Sendable {
  /// Base64 text.
  case base64
  /// `Data`'s own `Codable` form (an array of bytes).
  case deferredToData
  /// The caller's function, handed an encoder for the value.
  case custom(@Sendable (Data, any Encoder) throws -> Void)
}

/// The strings that stand for the numbers JSON cannot write.
struct NonFiniteStrings: Sendable {
  let positiveInfinity: String
  let negativeInfinity: String
  let nan: String
}

/// How a coder's call makes coding keys of JSON keys.
enum KeyReading: Sendable {
  /// As they are.
  case asIs
  /// `snake_case` to `camelCase`.
  case convertFromSnakeCase
  /// The caller's function, handed the coding path ending in the key.
  case custom(@Sendable ([any CodingKey]) -> any CodingKey)
}

/// How a coder's call makes JSON keys of coding keys.
enum KeyWriting: Sendable {
  /// As they are.
  case asIs
  /// `camelCase` to `snake_case`.
  case convertToSnakeCase
  /// The caller's function, handed the coding path ending in the key.
  case custom(@Sendable ([any CodingKey]) -> any CodingKey)
}
