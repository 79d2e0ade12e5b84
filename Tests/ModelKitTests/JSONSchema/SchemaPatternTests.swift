import Foundation
import ModelKitJSON
import ModelKitTestSupport
import Testing

@testable import ModelKit

/// Each pattern a schema writes against the parser it restates, over
/// generated texts: the pattern matches exactly the texts the parser reads.
@Suite struct SchemaPatternTests {
  /// Whether `pattern`, whole, matches `text` (ICU's regular expressions,
  /// which agree with ECMA-262 on the constructs the patterns use, but for
  /// `$` before a final line feed: the match must cover the whole text).
  static func matches(_ pattern: String, _ text: String) -> Bool {
    let expression = try! NSRegularExpression(pattern: SchemaPatterns.whole(pattern, trimmed: false))
    let whole = NSRange(text.startIndex..., in: text)
    return expression.firstMatch(in: text, range: whole)?.range == whole
  }

  /// The texts among `texts` where the pattern and the parser disagree.
  static func disagreements(_ pattern: String, _ texts: [String], parses: (String) -> Bool) -> [String] {
    texts.filter { matches(pattern, $0) != parses($0) }
  }

  static func pick(_ choices: [String], _ rng: inout SeededGenerator) -> String {
    choices.randomElement(using: &rng)!
  }

  static func twoDigits(_ range: ClosedRange<Int>, _ rng: inout SeededGenerator) -> String {
    let value = Int.random(in: range, using: &rng)
    return value < 10 ? "0\(value)" : "\(value)"
  }

  /// Date-like texts: every part now right, now slightly wrong.
  static func dateTexts(count: Int, seed: UInt64) -> [String] {
    var rng = SeededGenerator(seed: seed)
    let years = [
      "2020", "2021", "2024", "1900", "2000", "2100", "0000", "1970", "+10000", "-0001", "-0004", "-0100", "+2024", "+00400",
      "-12345678904", "+123456789012", "+123", "20201", "abcd", "199",
    ]
    let zones = ["", "Z", "z", "+05", "+05:", "+0530", "+05:30", "-23:59", "+24", "+05:60", "+5", "+05:3", "-00:00", "+0560"]
    let fractions = ["", ".", ".5", ".123456", ".0", ".12", ".1234"]
    var texts: [String] = []
    for _ in 0..<count {
      let hour = twoDigits(0...25, &rng)
      let minute = twoDigits(0...61, &rng)
      let second = twoDigits(0...61, &rng)
      let fraction = pick(fractions, &rng)
      let zone = pick(zones, &rng)
      if Bool.random(using: &rng) {
        let year = pick(years, &rng)
        let month = Int.random(in: 0..<10, using: &rng) == 0 ? "\(Int.random(in: 1...9, using: &rng))" : twoDigits(0...13, &rng)
        let day = Bool.random(using: &rng) ? twoDigits(27...31, &rng) : twoDigits(0...32, &rng)
        var text = year + pick(["-", "-", "-", "/"], &rng) + month + "-" + day
        if Int.random(in: 0..<4, using: &rng) > 0 {
          text += pick(["T", " ", "t", "_"], &rng) + hour + ":" + minute + ":" + second + fraction + zone
        }
        texts.append(text)
      } else {
        let weekday = pick(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Xyz", "sun"], &rng)
        let month = pick(["Jan", "Feb", "Feb", "Mar", "Apr", "Jun", "Sep", "Nov", "Dec", "Foo"], &rng)
        let day = Bool.random(using: &rng) ? twoDigits(27...31, &rng) : twoDigits(0...32, &rng)
        let year = pick(["2020", "2021", "2000", "1900", "2024", "20", "abcd"], &rng)
        let twitterZone = pick(["+0800", "-05:00", "+08", "+08:", "Z", "+2400", "+08:61", "0800"], &rng)
        texts.append(weekday + " " + month + " " + day + " " + hour + ":" + minute + ":" + second + fraction + " " + twitterZone + " " + year)
      }
    }
    return texts
  }

  @Test func dateTextIsWhatDateTextParses() {
    let texts = Self.dateTexts(count: 20_000, seed: 7)
    let wrong = Self.disagreements(SchemaPatterns.dateText, texts) { UnixTimeText.seconds(parsing: $0) != nil }
    #expect(wrong.isEmpty, "first disagreements: \(wrong.prefix(5))")
    // The generator reaches both verdicts often.
    let accepted = texts.filter { UnixTimeText.seconds(parsing: $0) != nil }.count
    #expect(accepted > 2_000 && accepted < 18_000)
  }

  @Test func internetDateTimeIsWhatTheISO8601StrategyReads() {
    let texts = Self.dateTexts(count: 20_000, seed: 8)
    let wrong = Self.disagreements(SchemaPatterns.internetDateTime, texts) { DateText.parseInternetDateTime($0) != nil }
    #expect(wrong.isEmpty, "first disagreements: \(wrong.prefix(5))")
    #expect(texts.contains { DateText.parseInternetDateTime($0) != nil })
  }

  @Test func writtenDatesMatchTheirPattern() {
    var rng = SeededGenerator(seed: 9)
    for _ in 0..<5_000 {
      let seconds = Double.random(in: -1e13...1e13, using: &rng).rounded() / (Bool.random(using: &rng) ? 1 : 1000)
      let text = DateText.iso8601(Date(timeIntervalSince1970: seconds))!
      #expect(Self.matches(SchemaPatterns.writtenDate, text), "\(text)")
    }
  }

  @Test func base64IsWhatDataReads() {
    var rng = SeededGenerator(seed: 10)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var texts: [String] = []
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...12, using: &rng)
      var text = String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: text += "="
      case 1: text += "=="
      case 2: text += "==="
      case 3: text.insert(contentsOf: Self.pick(["=", "-", "_", " ", "\n", "*"], &rng), at: text.startIndex)
      default: break
      }
      texts.append(text)
    }
    // Foundation on Linux also reads some texts that are not RFC 4648
    // base64 (extra padding, a lone line feed); the pattern is the form
    // every platform reads: what it matches decodes, and every RFC 4648
    // text Foundation decodes, it matches.
    let unread = texts.filter { Self.matches(SchemaPatterns.base64, $0) && Data(base64Encoded: $0) == nil }
    let missed = texts.filter { Self.isRFC4648($0) && Data(base64Encoded: $0) != nil && !Self.matches(SchemaPatterns.base64, $0) }
    #expect(unread.isEmpty && missed.isEmpty, "\(unread.prefix(5)) \(missed.prefix(5))")
    #expect(texts.contains { Self.matches(SchemaPatterns.base64, $0) } && texts.contains { !Self.matches(SchemaPatterns.base64, $0) })
  }

  /// RFC 4648 base64, checked by counting: whole groups of four, `=` only
  /// as the last one or two characters.
  static func isRFC4648(_ text: String) -> Bool {
    let characters = Array(text)
    guard characters.count % 4 == 0 else { return false }
    let padding = characters.reversed().prefix { $0 == "=" }.count
    guard padding <= 2 else { return false }
    return characters.dropLast(padding).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }
  }

  @Test func uuidIsWhatUUIDReads() {
    var rng = SeededGenerator(seed: 11)
    var texts: [String] = []
    for _ in 0..<5_000 {
      var characters = Array(UUID().uuidString)
      if Bool.random(using: &rng) { characters = Array(String(characters).lowercased()) }
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: characters[Int.random(in: 0..<36, using: &rng)] = Self.pick(["g", "-", "0", " ", "Z"], &rng).first!
      case 1: characters.remove(at: Int.random(in: 0..<36, using: &rng))
      case 2: characters.append("0")
      default: break
      }
      texts.append(String(characters))
    }
    // Foundation on Linux also reads some malformed texts (a space or a
    // hyphen for a digit); the pattern is the 36-character form.
    let unread = texts.filter { Self.matches(SchemaPatterns.uuid, $0) && UUID(uuidString: $0) == nil }
    let missed = texts.filter { Self.isUUIDText($0) != Self.matches(SchemaPatterns.uuid, $0) }
    #expect(unread.isEmpty && missed.isEmpty, "\(unread.prefix(5)) \(missed.prefix(5))")
  }

  /// Eight, four, four, four and twelve hex digits, joined by hyphens.
  static func isUUIDText(_ text: String) -> Bool {
    let characters = Array(text)
    guard characters.count == 36 else { return false }
    return characters.enumerated().allSatisfy { index, character in
      [8, 13, 18, 23].contains(index) ? character == "-" : character.isHexDigit
    }
  }

  @Test func lenientNumberIsWhatTheLenientTableReads() {
    var rng = SeededGenerator(seed: 12)
    let alphabet = Array("0123456789+-.eE")
    var texts: [String] = []
    for _ in 0..<20_000 {
      let length = Int.random(in: 1...7, using: &rng)
      texts.append(String((0..<length).map { _ in alphabet.randomElement(using: &rng)! }))
    }
    let wrong = Self.disagreements(SchemaPatterns.lenientNumber, texts) {
      Array($0.utf8).withUnsafeBufferPointer { NumberGrammar.isNumber($0, allowing: .lenient) }
    }
    #expect(wrong.isEmpty, "first disagreements: \(wrong.prefix(5))")
  }

  @Test func wordsAreTheLenientTablesWords() {
    for word in LenientText.trueWords.union(LenientText.falseWords) {
      #expect(Self.matches(SchemaPatterns.booleanWords, word))
    }
    for word in LenientText.nullWords { #expect(Self.matches(SchemaPatterns.nullWords, word)) }
    for other in ["TRue", "yES", "nul", "<nil>", "(nil)", "y", "0"] {
      #expect(!Self.matches(SchemaPatterns.booleanWords, other) && !Self.matches(SchemaPatterns.nullWords, other))
    }
  }
}
