public import Foundation

extension ModelDecoder {
  /// How `ModelDecoder` reads the `Date` values of Codable types.
  ///
  /// ```swift
  /// decoder.dateDecodingStrategy = .formatted("dd/MM/yyyy HH:mm")
  /// ```
  public enum DateDecodingStrategy: Sendable {
    /// ModelKit's table: every date text form it knows (ISO 8601, the
    /// YYModel and Twitter forms), numbers as `options.dateDecoding` says.
    case modelKit
    /// `Date`'s own `Decodable`: seconds since 2001-01-01, as Foundation's default.
    case deferredToDate
    /// A number of seconds since 1970-01-01T00:00:00Z.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01T00:00:00Z.
    case millisecondsSince1970
    /// ISO 8601 text only; no zone means UTC.
    case iso8601
    /// Text in one `DateFormatter` pattern (POSIX locale), in `timeZone`
    /// unless the text carries its own zone.
    case formatted(String, timeZone: TimeZone = TimeZone(identifier: "UTC")!)
    /// The value, read by a function of your own.
    case custom(@Sendable (any Decoder) throws -> Date)
  }

  /// How `ModelDecoder` reads the `Data` values of Codable types.
  public enum DataDecodingStrategy: Sendable {
    /// Base64 text (surrounding spaces ignored). The default.
    case base64
    /// `Data`'s own `Decodable`: an array of bytes.
    case deferredToData
    /// The value, read by a function of your own.
    case custom(@Sendable (any Decoder) throws -> Data)
  }
}

extension ModelEncoder {
  /// How `ModelEncoder` writes the `Date` values of Codable types.
  public enum DateEncodingStrategy: Sendable {
    /// ModelKit's rule: ISO 8601 in UTC with fractional seconds when there
    /// are any, or Unix time as the write options ask.
    case modelKit
    /// `Date`'s own `Encodable`: seconds since 2001-01-01, as Foundation's default.
    case deferredToDate
    /// A number of seconds since 1970-01-01T00:00:00Z.
    case secondsSince1970
    /// A whole number of milliseconds since 1970-01-01T00:00:00Z.
    case millisecondsSince1970
    /// ISO 8601 text in UTC (`2024-05-01T12:00:00Z`, fractions kept).
    case iso8601
    /// Text in one `DateFormatter` pattern (POSIX locale) in `timeZone`.
    case formatted(String, timeZone: TimeZone = TimeZone(identifier: "UTC")!)
    /// The value, written by a function of your own.
    case custom(@Sendable (Date, any Encoder) throws -> Void)
  }

  /// How `ModelEncoder` writes the `Data` values of Codable types.
  public enum DataEncodingStrategy: Sendable {
    /// Base64 text. The default.
    case base64
    /// `Data`'s own `Encodable`: an array of bytes.
    case deferredToData
    /// The value, written by a function of your own.
    case custom(@Sendable (Data, any Encoder) throws -> Void)
  }
}

/// A `DateFormatter` for a pattern, made once per call.
private func formatter(_ pattern: String, _ timeZone: TimeZone) -> DateFormatter {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = timeZone
  formatter.dateFormat = pattern
  return formatter
}

extension ModelDecoder.DateDecodingStrategy {
  /// Reads a date from `decoder` by this strategy (never `.modelKit`).
  func decode(from decoder: any Decoder) throws -> Date {
    switch self {
    case .modelKit, .deferredToDate:
      return try Date(from: decoder)
    case .secondsSince1970:
      return Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self))
    case .millisecondsSince1970:
      return Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) / 1000)
    case .iso8601:
      let text = try decoder.singleValueContainer().decode(String.self)
      guard let date = DateText.parseISO8601(text) else { throw Self.unreadable(text, "ISO 8601", decoder) }
      return date
    case .formatted(let pattern, let timeZone):
      let text = try decoder.singleValueContainer().decode(String.self)
      guard let date = formatter(pattern, timeZone).date(from: text) else { throw Self.unreadable(text, pattern, decoder) }
      return date
    case .custom(let read):
      return try read(decoder)
    }
  }

  private static func unreadable(_ text: String, _ form: String, _ decoder: any Decoder) -> DecodingError {
    let root = (decoder as? DocumentDecoder)?.call.root ?? CodingPath()
    return ModelError.conversion(
      .unconvertible, found: "the string \"\(text)\"", target: "a date in the form \(form)",
      at: CodingPath(root, keys: decoder.codingPath), type: Date.self)
      .decodingError
  }
}

extension ModelDecoder.DataDecodingStrategy {
  /// Reads data from `decoder` by this strategy (never `.base64`).
  func decode(from decoder: any Decoder) throws -> Data {
    switch self {
    case .base64, .deferredToData: return try Data(from: decoder)
    case .custom(let read): return try read(decoder)
    }
  }
}

extension ModelEncoder.DateEncodingStrategy {
  /// Writes `date` into `encoder` by this strategy (never `.modelKit`).
  func encode(_ date: Date, to encoder: any Encoder) throws {
    func single<Value: Encodable>(_ value: Value) throws {
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
    switch self {
    case .modelKit, .deferredToDate: try date.encode(to: encoder)
    case .secondsSince1970: try single(date.timeIntervalSince1970)
    case .millisecondsSince1970: try single((date.timeIntervalSince1970 * 1000).rounded())
    case .iso8601:
      if let text = DateText.iso8601(date) { try single(text) } else { try single(date.timeIntervalSince1970) }
    case .formatted(let pattern, let timeZone): try single(formatter(pattern, timeZone).string(from: date))
    case .custom(let write): try write(date, encoder)
    }
  }
}

extension ModelEncoder.DataEncodingStrategy {
  /// Writes `data` into `encoder` by this strategy (never `.base64`).
  func encode(_ data: Data, to encoder: any Encoder) throws {
    switch self {
    case .base64, .deferredToData: try data.encode(to: encoder)
    case .custom(let write): try write(data, encoder)
    }
  }
}
