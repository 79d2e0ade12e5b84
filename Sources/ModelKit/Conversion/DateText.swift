import Foundation

/// Parses and formats dates without `DateFormatter` (one parse there costs
/// tens of microseconds on Linux): `Date` over `UnixTimeText`, which says
/// which forms are read and how dates are written.
package enum DateText {
  /// The date `text` denotes, or nil.
  package static func parse(_ text: String) -> Date? {
    UnixTimeText.seconds(parsing: text).map(Date.init(timeIntervalSince1970:))
  }

  /// The date RFC 3339 `text` denotes (`yyyy-MM-dd'T'HH:mm:ss`, any
  /// fraction, a zone `Z` or `±HH:MM` required), as `JSONDecoder`'s
  /// `.iso8601` reads it; nil for any other form.
  package static func parseInternetDateTime(_ text: String) -> Date? {
    UnixTimeText.seconds(parsingInternetDateTime: text).map(Date.init(timeIntervalSince1970:))
  }

  /// `yyyy-MM-dd'T'HH:mm:ss[.f…]Z` in UTC, the year expanded outside
  /// 0000–9999, the fraction only when non-zero and with the fewest digits
  /// that read back exactly; nil for NaN, infinities and Unix times of 10¹⁷
  /// seconds or more in magnitude.
  package static func iso8601(_ date: Date) -> String? {
    UnixTimeText.iso8601(secondsSince1970: date.timeIntervalSince1970, fractions: true)
  }

  /// `yyyy-MM-dd'T'HH:mm:ssZ` in UTC, the seconds rounded down, as
  /// `JSONEncoder`'s `.iso8601` writes a date; nil as for `iso8601(_:)`.
  package static func internetDateTime(_ date: Date) -> String? {
    UnixTimeText.iso8601(secondsSince1970: date.timeIntervalSince1970, fractions: false)
  }
}
