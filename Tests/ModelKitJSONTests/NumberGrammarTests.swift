import Foundation
import ModelKitJSON
import ModelKitTestSupport
import Testing

/// The one number grammar against regular expressions written from RFC 8259
/// (and, for the lenient extensions, from section 4 of the design), over
/// every text of up to five bytes made of the bytes a number can hold, and
/// longer random ones.
@Suite("Number grammar")
struct NumberGrammarTests {
  /// RFC 8259's `number`.
  static let json = try! NSRegularExpression(pattern: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#)
  /// A number as people write it: a sign, leading zeros, digits on one side of the point.
  static let lenient = try! NSRegularExpression(pattern: #"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$"#)

  static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
    expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// Every text of `length` bytes from `alphabet`.
  static func texts(of length: Int, from alphabet: [Character]) -> [String] {
    (0..<length).reduce([""]) { texts, _ in texts.flatMap { text in alphabet.map { text + String($0) } } }
  }

  static let alphabet: [Character] = ["0", "1", "9", ".", "e", "E", "+", "-", "x"]

  static var shortTexts: [String] { (1...5).flatMap { texts(of: $0, from: alphabet) } }

  static var longTexts: [String] {
    var generator = SeededGenerator(seed: 0x6E75_6D62)
    return (0..<20_000).map { _ in
      String((0..<Int.random(in: 6...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }
  }

  @Test("JSONNumber(text:) and the reader take exactly RFC 8259's numbers")
  func strictGrammarIsRFC8259() throws {
    for text in Self.shortTexts + Self.longTexts {
      let expected = Self.matches(Self.json, text)
      #expect((JSONNumber(text: text) != nil) == expected, "JSONNumber(text: \(text))")
      let read = try? JSONValue(json: "[\(text)]")
      #expect((read != nil) == expected, "the reader on [\(text)]")
      if expected { #expect(read?[0]?.number?.text == text, "the reader keeps \(text)") }
    }
  }

  @Test("a numeric string is read leniently by the lenient grammar")
  func lenientGrammar() {
    for text in Self.shortTexts + Self.longTexts {
      let found = Array(text.utf8).withUnsafeBufferPointer { NumberGrammar.isNumber($0, allowing: .lenient) }
      #expect(found == Self.matches(Self.lenient, text), "\(text)")
    }
  }

  @Test(
    "the reader says where a number breaks the grammar",
    arguments: [
      ("[01]", 1, JSONError.Kind.invalidNumber), ("[-]", 2, .invalidNumber), ("[1.]", 3, .invalidNumber),
      ("[1.5e+]", 6, .invalidNumber), ("[-x]", 2, .invalidNumber), ("-", 1, .unexpectedEndOfInput),
      ("1e", 2, .unexpectedEndOfInput), ("[+1]", 1, .unexpectedCharacter),
    ])
  func errorsPointAtTheByte(_ text: String, _ offset: Int, _ kind: JSONError.Kind) {
    do {
      _ = try JSONValue(json: text)
      Issue.record("\(text) was read")
    } catch {
      #expect(error.kind == kind, "\(text)")
      #expect(error.offset == offset, "\(text)")
    }
  }
}
