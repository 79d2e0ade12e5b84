import Foundation
import ModelKitJSON
import Testing

@testable import ModelKit

/// What a string means to a number or Boolean (design section 4), read from
/// its bytes in place, against the rule written out with `String`s and a
/// regular expression: trimmed of ASCII white space, one of the words, or
/// a whole number as people write it.
@Suite("Lenient text")
struct LenientTextTests {
  /// The lenient number grammar, as `SchemaPatterns` publishes it (its
  /// `\d` an ASCII digit, as in the ECMA-262 patterns of JSON Schema:
  /// `NSRegularExpression` takes every Unicode digit).
  static let number = try! NSRegularExpression(
    pattern: "^" + SchemaPatterns.lenientNumber.replacingOccurrences(of: #"\d"#, with: "[0-9]") + "$")

  /// The meaning by the rule, as text: `true`, `false`, `null`, `number <text>`, `other`.
  static func expected(_ text: String) -> String {
    let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
    let bytes = Array(text.utf8)
    let start = bytes.firstIndex { !space.contains($0) } ?? bytes.count
    let end = (bytes.lastIndex { !space.contains($0) } ?? -1) + 1
    let trimmed = start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
    if LenientText.trueWords.contains(trimmed) { return "true" }
    if LenientText.falseWords.contains(trimmed) { return "false" }
    if LenientText.nullWords.contains(trimmed) { return "null" }
    guard number.firstMatch(in: trimmed, range: NSRange(trimmed.startIndex..., in: trimmed)) != nil else {
      return "other"
    }
    return "number " + (trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed)
  }

  static func described(_ meaning: LenientText.Meaning) -> String {
    switch meaning {
    case .trueWord: "true"
    case .falseWord: "false"
    case .nullWord: "null"
    case .number(let text): "number " + String(decoding: text, as: UTF8.self)
    case .other: "other"
    }
  }

  /// Words, near-words and numbers, each alone and padded with white space
  /// (and with a no-break space, which is not trimmed).
  static let texts: [String] = {
    let words = LenientText.trueWords.union(LenientText.falseWords).union(LenientText.nullWords)
    let nearWords = [
      "tRue", "yess", "ye", "nul", "<nul>", "(null", "null)", "no\u{0}", "\u{0}no", "n o", "NIL ", "yes\u{0}\u{0}\u{0}",
      "<null>x", "x", "", "ñ", "yés", "\u{0}", "1234567", "null\u{0}",
    ]
    let numbers = [
      "0", "42", "-7", "+7", "007", "+007", ".5", "-.5", "5.", "+5.", "1e3", "1E+3", "2.5e-3", "+.5e-2", "-0", "+-1",
      "1e", "e1", ".", "+", "-", "1.2.3", "١٢", "0x10", "1_000", "12345678901234567890123", "9" + String(repeating: "0", count: 40),
      "1 2", "- 1", "Infinity", "NaN",
    ]
    let paddings = [("", ""), (" ", ""), ("", "\t"), ("\n ", "\r\n"), ("\u{0B}", "\u{0C}"), ("\u{A0}", ""), ("  ", "  ")]
    return (Array(words) + nearWords + numbers).flatMap { text in paddings.map { $0.0 + text + $0.1 } }
  }()

  @Test func bytesMeanWhatTheRuleSays() {
    for text in Self.texts {
      var copy = text
      let meaning = copy.withUTF8 { LenientText.withMeaning(ofUTF8: $0, Self.described) }
      #expect(meaning == Self.expected(text), "\(text.debugDescription)")
    }
  }

  /// The same texts as strings of a document: written as `JSONSerialization`
  /// writes them (in place when plain ASCII), and with every character
  /// escaped (unescaped first).
  @Test func documentStringsMeanWhatTheRuleSays() throws {
    for text in Self.texts {
      let written = try JSONSerialization.data(withJSONObject: [text], options: .fragmentsAllowed)
      let escaped = "[\"" + text.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined() + "\"]"
      for json in [written, Data(escaped.utf8)] {
        let document = try JSONDocument(parsing: json)
        let string = try #require(document.elements(of: document.root).first { _ in true })
        let meaning = LenientText.withMeaning(ofStringAt: string, in: document, Self.described)
        #expect(meaning == Self.expected(text), "\(String(decoding: json, as: UTF8.self))")
      }
    }
  }

  @Test func nullWordsAreFoundTrimmed() {
    for text in Self.texts {
      var copy = text
      let isNull = copy.withUTF8 { LenientText.isNullWord($0) }
      #expect(isNull == (Self.expected(text) == "null"), "\(text.debugDescription)")
    }
  }
}
