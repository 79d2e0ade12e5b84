import Foundation

/// The strategies of one `ModelDecoder` call, Foundation's own types. They
/// reach every value the call reads, `JSONModel` fields included; a
/// context without them reads by ModelKit's table (the `JSONModel` entry
/// points).
struct DecodingStrategies: Sendable {
  var dates: JSONDecoder.DateDecodingStrategy = .deferredToDate
  var data: JSONDecoder.DataDecodingStrategy = .base64
  var nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
  /// Applies to Codable values (a `JSONModel`'s keys follow its schema and `options.keyDecoding`).
  var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}

/// The strategies of one `ModelEncoder` call; as `DecodingStrategies`, they
/// reach every value the call writes.
struct EncodingStrategies: Sendable {
  var dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
  var data: JSONEncoder.DataEncodingStrategy = .base64
  var nonConformingFloats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
  /// Applies to Codable values, as for decoding.
  var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}
