import Foundation

/// A `ModelDecoder`'s strategies as its properties hold them, Foundation's
/// own types; `conversion` maps them onto the conversion table's, the one
/// place that reads them.
struct FoundationDecodingStrategies: Sendable {
  var dates: JSONDecoder.DateDecodingStrategy = .deferredToDate
  var data: JSONDecoder.DataDecodingStrategy = .base64
  var nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
  var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// The strategies in the conversion table's terms.
  var conversion: DecodingStrategies {
    var strategies = DecodingStrategies(userInfo: userInfo)
    switch dates {
    case .deferredToDate: strategies.dates = .deferredToDate
    case .secondsSince1970: strategies.dates = .secondsSince1970
    case .millisecondsSince1970: strategies.dates = .millisecondsSince1970
    case .iso8601: strategies.dates = .iso8601
    case .custom(let read): strategies.dates = .custom(read)
    #if canImport(Darwin)
      // An enum case on Apple platforms only (on Linux a function returning `.custom`).
      case .formatted(let formatter):
        strategies.dates = .custom { try FormattedDates.read(from: $0, with: formatter) }
    #endif
    @unknown default: strategies.dates = .custom { try Date(from: $0) }
    }
    switch data {
    case .base64: strategies.data = .base64
    case .deferredToData: strategies.data = .deferredToData
    case .custom(let read): strategies.data = .custom(read)
    @unknown default: strategies.data = .deferredToData
    }
    if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = nonConformingFloats {
      strategies.nonFiniteStrings = NonFiniteStrings(
        positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
    }
    switch keys {
    case .useDefaultKeys: strategies.keys = .asIs
    case .convertFromSnakeCase: strategies.keys = .convertFromSnakeCase
    case .custom(let convert): strategies.keys = .custom(convert)
    @unknown default: strategies.keys = .asIs
    }
    return strategies
  }
}

/// A `ModelEncoder`'s strategies as its properties hold them; `conversion`
/// maps them as `FoundationDecodingStrategies` does.
struct FoundationEncodingStrategies: Sendable {
  var dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
  var data: JSONEncoder.DataEncodingStrategy = .base64
  var nonConformingFloats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
  var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// The strategies in the conversion table's terms.
  var conversion: EncodingStrategies {
    var strategies = EncodingStrategies(userInfo: userInfo)
    switch dates {
    case .deferredToDate: strategies.dates = .deferredToDate
    case .secondsSince1970: strategies.dates = .secondsSince1970
    case .millisecondsSince1970: strategies.dates = .millisecondsSince1970
    case .iso8601: strategies.dates = .iso8601
    case .custom(let write): strategies.dates = .custom(write)
    #if canImport(Darwin)
      // An enum case on Apple platforms only (on Linux a function returning `.custom`).
      case .formatted(let formatter):
        strategies.dates = .custom { try FormattedDates.write($0, to: $1, with: formatter) }
    #endif
    @unknown default: strategies.dates = .custom { try $0.encode(to: $1) }
    }
    switch data {
    case .base64: strategies.data = .base64
    case .deferredToData: strategies.data = .deferredToData
    case .custom(let write): strategies.data = .custom(write)
    @unknown default: strategies.data = .custom { try $0.encode(to: $1) }
    }
    if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = nonConformingFloats {
      strategies.nonFiniteStrings = NonFiniteStrings(
        positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
    }
    switch keys {
    case .useDefaultKeys: strategies.keys = .asIs
    case .convertToSnakeCase: strategies.keys = .convertToSnakeCase
    case .custom(let convert): strategies.keys = .custom(convert)
    @unknown default: strategies.keys = .asIs
    }
    return strategies
  }
}
