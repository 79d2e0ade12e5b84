/// The calendar arithmetic behind `DateText`, on Unix time as seconds:
/// date texts read into seconds since 1970 and seconds written as ISO 8601.
///
/// It needs nothing but the standard library, and computes in `Int64`, so
/// that it is the same where `Int` has 32 bits (years of up to eleven
/// digits, times far past 2038): Scripts/check-embedded.sh runs it on a
/// 32-bit target beside the JSON engine and compares the results.
///
/// Accepted: `yyyy-MM-dd`; `yyyy-MM-dd HH:mm:ss` and `yyyy-MM-dd'T'HH:mm:ss`,
/// both with any fractional seconds and an optional zone (`Z`, `±HH`,
/// `±HHMM`, `±HH:MM`); ISO 8601's expanded years (`+10000-01-01`,
/// `-0001-12-31`, up to eleven digits); and the Twitter/Weibo form
/// `EEE MMM dd HH:mm:ss Z yyyy`, with or without `.SSS`. No zone means UTC.
///
/// Written: ISO 8601 in UTC, years outside 0000–9999 expanded, with the
/// fewest fraction digits that read back as exactly the same seconds; so
/// every time below 10¹⁷ seconds in magnitude survives a round trip as text.
package enum UnixTimeText {
  /// The seconds since 1970 that `text` denotes, or nil.
  package static func seconds(parsing text: String) -> Double? {
    let bytes = Array(text.utf8)
    if isISO(bytes) { return parseISO(bytes) }
    return parseTwitter(bytes)
  }

  /// The seconds RFC 3339 `text` denotes (`yyyy-MM-dd'T'HH:mm:ss`, any
  /// fraction, a zone `Z` or `±HH:MM` required), as `JSONDecoder`'s
  /// `.iso8601` reads it; nil for any other form.
  package static func seconds(parsingInternetDateTime text: String) -> Double? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T") else { return nil }
    let last = bytes[bytes.count - 1]
    let hasZone =
      last == UInt8(ascii: "Z")
      || (bytes.count >= 25 && bytes[bytes.count - 3] == UInt8(ascii: ":")
        && (bytes[bytes.count - 6] == UInt8(ascii: "+") || bytes[bytes.count - 6] == UInt8(ascii: "-")))
    return hasZone ? parseISO(bytes) : nil
  }

  /// Whether `bytes` start like an ISO date: four digits and `-`, or a sign.
  private static func isISO(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 10 else { return false }
    return bytes[4] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-")
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    /// `count` (at most four) digits.
    mutating func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<count {
        let digit = bytes[index + offset] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      index += count
      return value
    }

    mutating func expect(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// `.123…` as a fraction of a second, correctly rounded; 0 when absent.
    mutating func fraction() -> Double? {
      guard expect(UInt8(ascii: ".")) else { return 0 }
      let start = index
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
      guard index > start else { return nil }
      return UnixTimeText.fraction(bytes[start..<index])
    }

    /// A year: four digits, or ISO 8601's expanded form (a sign and four to eleven digits).
    mutating func year() -> Int64? {
      guard index < bytes.count else { return nil }
      let sign = bytes[index]
      guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return digits(4).map(Int64.init) }
      index += 1
      let start = index
      var value: Int64 = 0
      while index < bytes.count, index - start < 11, bytes[index] &- UInt8(ascii: "0") < 10 {
        value = value * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
      guard index - start >= 4 else { return nil }
      return sign == UInt8(ascii: "-") ? -value : value
    }

    /// `Z`, `±HH`, `±HHMM` or `±HH:MM` as seconds east of UTC.
    mutating func zone() -> Int? {
      if expect(UInt8(ascii: "Z")) { return 0 }
      guard index < bytes.count else { return nil }
      let sign: Int
      switch bytes[index] {
      case UInt8(ascii: "+"): sign = 1
      case UInt8(ascii: "-"): sign = -1
      default: return nil
      }
      index += 1
      guard let hours = digits(2), hours <= 23 else { return nil }
      var minutes = 0
      if !atEnd {
        _ = expect(UInt8(ascii: ":"))
        if !atEnd && bytes[index] != UInt8(ascii: " ") {
          guard let parsed = digits(2), parsed <= 59 else { return nil }
          minutes = parsed
        }
      }
      return sign * (hours * 3600 + minutes * 60)
    }
  }

  private static func parseISO(_ bytes: [UInt8]) -> Double? {
    var scanner = Scanner(bytes: bytes)
    guard let year = scanner.year(), scanner.expect(UInt8(ascii: "-")),
      let month = scanner.digits(2), scanner.expect(UInt8(ascii: "-")),
      let day = scanner.digits(2)
    else { return nil }
    var time = TimeOfDay()
    if !scanner.atEnd {
      guard scanner.expect(UInt8(ascii: "T")) || scanner.expect(UInt8(ascii: " ")),
        let hour = scanner.digits(2), scanner.expect(UInt8(ascii: ":")),
        let minute = scanner.digits(2), scanner.expect(UInt8(ascii: ":")),
        let second = scanner.digits(2), let fraction = scanner.fraction()
      else { return nil }
      time = TimeOfDay(hour: hour, minute: minute, second: second, fraction: fraction)
      if !scanner.atEnd {
        guard let zone = scanner.zone() else { return nil }
        time.offset = zone
      }
    }
    guard scanner.atEnd else { return nil }
    return seconds(year, month, day, time)
  }

  /// The names of months and days, each as its three bytes in one number
  /// (`name(_:at:)`): matched without making a string.
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    .map { name(Array($0.utf8), at: 0) }
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { name(Array($0.utf8), at: 0) }

  /// The three bytes at `start` as one number.
  private static func name(_ bytes: [UInt8], at start: Int) -> UInt32 {
    UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16
  }

  /// `EEE MMM dd HH:mm:ss[.SSS] Z yyyy`, as Twitter and Weibo write dates.
  private static func parseTwitter(_ bytes: [UInt8]) -> Double? {
    guard bytes.count >= 30, bytes[3] == UInt8(ascii: " "), bytes[7] == UInt8(ascii: " "),
      weekdays.contains(name(bytes, at: 0)),
      let monthIndex = months.firstIndex(of: name(bytes, at: 4))
    else { return nil }
    var scanner = Scanner(bytes: bytes, index: 8)
    guard let day = scanner.digits(2), scanner.expect(UInt8(ascii: " ")),
      let hour = scanner.digits(2), scanner.expect(UInt8(ascii: ":")),
      let minute = scanner.digits(2), scanner.expect(UInt8(ascii: ":")),
      let second = scanner.digits(2), let fraction = scanner.fraction(),
      scanner.expect(UInt8(ascii: " ")), let offset = scanner.zone(),
      scanner.expect(UInt8(ascii: " ")), let year = scanner.digits(4), scanner.atEnd
    else { return nil }
    let time = TimeOfDay(hour: hour, minute: minute, second: second, fraction: fraction, offset: offset)
    return seconds(Int64(year), monthIndex + 1, day, time)
  }

  /// A time of day as written, with its zone's offset in seconds east of UTC.
  private struct TimeOfDay {
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    var offset = 0
  }

  private static func seconds(_ year: Int64, _ month: Int, _ day: Int, _ time: TimeOfDay) -> Double? {
    guard (1...12).contains(month), (1...daysIn(month, year)).contains(day), time.hour <= 23, time.minute <= 59,
      time.second <= 60
    else { return nil }
    // Eleven-digit years keep this far from overflow: |days| < 4·10¹³.
    let days = daysSinceEpoch(year, Int64(month), Int64(day))
    let seconds = days * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second - time.offset)
    return Double(seconds) + time.fraction
  }

  private static func daysIn(_ month: Int, _ year: Int64) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date.
  private static func daysSinceEpoch(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// `yyyy-MM-dd'T'HH:mm:ss[.f…]Z` in UTC for `interval` seconds since
  /// 1970, the year expanded outside 0000–9999; the fraction (with
  /// `fractions`) only when non-zero and with the fewest digits that read
  /// back exactly, else the seconds rounded down; nil for NaN, infinities
  /// and times of 10¹⁷ seconds or more in magnitude.
  package static func iso8601(secondsSince1970 interval: Double, fractions: Bool) -> String? {
    guard interval.isFinite, interval.magnitude < 1e17 else { return nil }
    let whole = interval.rounded(.down)
    let seconds = Int64(whole)  // exact: the magnitude is checked above
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civilDate(days)
    let fraction = interval - whole  // exact, in [0, 1)
    let fractionText = fractions && fraction != 0 ? fractionDigits(fraction, seconds: whole, interval: interval) : ""
    // Written byte by byte (a date was a dozen strings joined): a sign and
    // eleven digits of year at most, 16 bytes of date and time, ".", the
    // fraction's digits and "Z".
    return String(unsafeUninitializedCapacity: 30 + fractionText.utf8.count) { text in
      var count = 0
      func put(_ byte: UInt8) {
        text[count] = byte
        count += 1
      }
      /// `value`'s digits, with zeros before them up to `width`.
      func put(_ value: UInt64, width: Int) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
          digits += 1
          rest /= 10
        }
        let end = count + max(width, digits)
        rest = value
        for index in (count..<end).reversed() {
          text[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
          rest /= 10
        }
        count = end
      }
      if !(0...9999).contains(year) { put(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")) }
      put(year.magnitude, width: 4)
      /// `separator`, then `value`'s two digits.
      func put(_ separator: Unicode.Scalar, _ value: Int64) {
        put(UInt8(ascii: separator))
        put(UInt64(value), width: 2)
      }
      put("-", month)
      put("-", day)
      put("T", secondOfDay / 3600)
      put(":", secondOfDay % 3600 / 60)
      put(":", secondOfDay % 60)
      if !fractionText.isEmpty {
        put(UInt8(ascii: "."))
        for byte in fractionText.utf8 { put(byte) }
      }
      put(UInt8(ascii: "Z"))
      return count
    }
  }

  /// The fewest digits `d` such that `seconds + 0.d` is `interval` again,
  /// the sum the parser makes.
  private static func fractionDigits(_ fraction: Double, seconds: Double, interval: Double) -> String {
    var scale = 1.0
    var digits = ""
    for count in 1...17 {
      scale *= 10
      let scaled = (fraction * scale).rounded()
      guard scaled < scale else { continue }
      digits = pad(Int64(scaled), count)
      while digits.hasSuffix("0") { digits.removeLast() }
      if seconds + (self.fraction(Array(digits.utf8)[...]) ?? 0) == interval { return digits }
    }
    return digits
  }

  /// `0.digits`, correctly rounded.
  private static func fraction(_ digits: ArraySlice<UInt8>) -> Double? {
    Double("0." + String(decoding: digits, as: UTF8.self))
  }

  private static func pad<Value: BinaryInteger>(_ value: Value, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  /// The proleptic Gregorian date `days` after 1970-01-01.
  private static func civilDate(_ days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
