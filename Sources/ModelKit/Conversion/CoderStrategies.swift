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
  /// Whether the call's input is JSON5, whose `Infinity` and `NaN` reach
  /// the reader as the numbers of `nonFiniteTexts`.
  var readsJSON5 = false

  /// Whether a strategy reads with a function of the caller's, which may
  /// have `try?` fallbacks of its own.
  var hasCustomReading: Bool {
    if case .custom = dates { return true }
    #if canImport(Darwin)
      // A formatter's reading, as on Linux, where `.formatted` is `.custom`.
      if case .formatted = dates { return true }
    #endif
    if case .custom = data { return true }
    return false
  }

  /// The number texts JSON5's `Infinity`, `-Infinity`, `NaN` and `-NaN`
  /// are rewritten as: beyond every floating-point type, so that a reader
  /// that does not know them fails; no number of the input is rewritten as one.
  static let nonFiniteTexts: [(text: [UInt8], value: Double)] = [
    (Array("1e999999".utf8), .infinity), (Array("-1e999999".utf8), -.infinity),
    (Array("2e999999".utf8), .nan), (Array("-2e999999".utf8), -.nan),
  ]

  /// The value `text` stands for when it is one of `nonFiniteTexts`.
  static func nonFiniteValue(_ text: some Collection<UInt8>) -> Double? {
    nonFiniteTexts.first { $0.text.elementsEqual(text) }?.value
  }
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
