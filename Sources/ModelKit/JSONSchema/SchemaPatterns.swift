/// The regular expressions (ECMA-262, as JSON Schema's `pattern` reads
/// them) for the texts ModelKit's own parsers accept, each restating one
/// parser's grammar: `DateText` (`UnixTimeText`), base64, UUIDs, the
/// lenient table's numeric strings and words. `SchemaPatternTests`
/// compares each with its parser over generated texts, so they cannot drift.
enum SchemaPatterns {
  /// White space the lenient table trims (`LenientText`): ASCII space, tab,
  /// and line feed through carriage return.
  static let space = "[\\t-\\r ]*"

  /// `body`, whole, with white space allowed around it when `trimmed`.
  static func whole(_ body: String, trimmed: Bool) -> String {
    trimmed ? "^" + space + "(?:" + body + ")" + space + "$" : "^(?:" + body + ")$"
  }

  private static let hour = "(?:[01]\\d|2[0-3])"
  private static let minute = "[0-5]\\d"
  private static let second = "(?:[0-5]\\d|60)"
  /// A zone as `UnixTimeText` reads it: `Z`, `±HH`, `±HH:`, `±HHMM`, `±HH:MM`.
  private static let zone = "(?:Z|[+-]" + hour + "(?::?" + minute + "|:)?)"
  /// Month and day of a year that is not leap, by month length.
  private static let monthDay =
    "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))"
  /// A year of four digits, or ISO 8601's expanded form (a sign and four to eleven digits).
  private static let year = "(?:\\d{4}|[+-]\\d{4,11})"
  /// A leap year in those forms: divisible by 4 and not by 100, or by 400.
  private static let leapYear =
    "(?:(?:\\d{2}|[+-]\\d{2,9})(?:0[48]|[2468][048]|[13579][26])|(?:[+-]\\d{0,7})?(?:[02468][048]|[13579][26])00)"
  private static let leapYear4 = "(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)"
  private static let isoDate = "(?:" + year + "-" + monthDay + "|" + leapYear + "-02-29)"
  private static let isoDate4 = "(?:\\d{4}-" + monthDay + "|" + leapYear4 + "-02-29)"
  private static let isoTime = hour + ":" + minute + ":" + second + "(?:\\.\\d+)?"

  /// The date texts `DateText.parse` reads: ISO 8601 dates with an optional
  /// time (`T` or a space), fraction and zone; and Twitter's
  /// `EEE MMM dd HH:mm:ss[.S…] Z yyyy`, which the parser reads from 30
  /// characters on (so a short zone needs a longer fraction).
  static let dateText: String = {
    let iso = isoDate + "(?:[T ]" + isoTime + zone + "?)?"
    let weekday = "(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) "
    let monthName =
      "(?:(?:Jan|Mar|May|Jul|Aug|Oct|Dec) (?:0[1-9]|[12]\\d|3[01])|(?:Apr|Jun|Sep|Nov) (?:0[1-9]|[12]\\d|30)|Feb (?:0[1-9]|1\\d|2[0-8]))"
    // Weekday, month, day, time and year with their spaces are 25
    // characters: the fraction and the zone make up the other five or more.
    let offset = "[+-]" + hour
    let timeAndZone =
      " " + hour + ":" + minute + ":" + second
      + "(?:(?:\\.\\d+)? " + offset + ":?" + minute + "|\\.\\d+ " + offset + ":?|\\.\\d{3,} Z) "
    let twitter = weekday + "(?:" + monthName + timeAndZone + "\\d{4}|Feb 29" + timeAndZone + leapYear4 + ")"
    return iso + "|" + twitter
  }()

  /// RFC 3339 date-times as `JSONDecoder`'s `.iso8601` reads them
  /// (`DateText.parseInternetDateTime`): a four-digit year, a `T`,
  /// seconds, any fraction, and a zone `Z` or `±HH:MM`.
  static let internetDateTime = isoDate4 + "T" + isoTime + "(?:Z|[+-]" + hour + ":" + minute + ")"

  /// Dates as ModelKit writes them (`DateText.iso8601`): UTC, `Z`, the
  /// fraction only when non-zero.
  static let writtenDate = "(?:\\d{4}|[+-]\\d{4,})-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d*[1-9])?Z"

  /// Base64 as `Data(base64Encoded:)` reads it: groups of four, padded.
  static let base64 = "(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?"

  /// A UUID's 36 characters, either case.
  static let uuid = "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"

  /// A number as the lenient table reads a numeric string: a sign (`+`
  /// too), leading zeros and a bare decimal point allowed.
  static let lenientNumber = "[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?"

  /// The lenient table's true and false words.
  static let booleanWords = "true|True|TRUE|yes|Yes|YES|false|False|FALSE|no|No|NO"

  /// The lenient table's null words.
  static let nullWords = "null|Null|NULL|nil|Nil|NIL|\\(null\\)|\\(Null\\)|\\(NULL\\)|<null>|<Null>|<NULL>"

  /// Some character that is not white space: a string that is not blank.
  static let notBlank = "[^\\t-\\r ]"
}
