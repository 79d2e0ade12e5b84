import Foundation

/// The coders' `.formatted(DateFormatter)` date strategies, as Foundation's
/// coders read and write them: a string the formatter parses (a
/// `DecodingError.dataCorrupted` when it does not), and the formatter's text.
///
/// On Apple platforms the strategies are enum cases, which
/// `Codable/FoundationStrategies.swift` maps to custom readings and
/// writings by these functions; on Linux, Foundation's `formatted` is a
/// function that returns `.custom` with the same reading (the tests compare
/// the two).
package enum FormattedDates {
  /// The date `formatter` reads from the string `decoder` holds.
  ///
  /// - Throws: `DecodingError.typeMismatch` for anything but a string,
  ///   `DecodingError.dataCorrupted` for a string the formatter rejects.
  package static func read(from decoder: any Decoder, with formatter: DateFormatter) throws -> Date {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = formatter.date(from: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Date string does not match format expected by formatter.")
    }
    return date
  }

  /// Writes `date` as the string `formatter` makes of it.
  package static func write(_ date: Date, to encoder: any Encoder, with formatter: DateFormatter) throws {
    var container = encoder.singleValueContainer()
    try container.encode(formatter.string(from: date))
  }
}
