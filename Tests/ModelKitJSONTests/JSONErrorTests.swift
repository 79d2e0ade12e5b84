import ModelKitJSON
import Testing

@Suite("Reader errors")
struct JSONErrorTests {
  @Test func reportsLineColumnAndOffset() {
    let text = "{\n  \"a\": 1,\n  \"b\": 2 \"c\"\n}"
    let error = #expect(throws: JSONError.self) { try JSONValue(json: text) }
    #expect(error?.kind == .unexpectedCharacter)
    #expect(error?.line == 3)
    #expect(error?.column == 10)
    #expect(error?.offset == 21)
    #expect(error?.message == "unexpected character '\"': expected ',' or '}' after object member")
    #expect(error?.description == "unexpected character '\"': expected ',' or '}' after object member at line 3, column 10 (byte 21)")
  }

  @Test func columnsCountCharactersNotBytes() {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: "[\"é😀\" x]") }
    #expect(error?.column == 7)
    #expect(error?.offset == 10)
  }

  /// A literal read as one word is still refused at its first wrong byte:
  /// every byte after the first changed, and every prefix, in the middle of
  /// the text and at its end.
  @Test func literalsFailAtTheirFirstWrongByte() throws {
    for word in ["true", "false", "null"] {
      let bytes = Array(word.utf8)
      for (prefix, suffix) in [("[", "]"), ("", "")] {
        _ = try JSONValue(json: prefix + word + suffix)
        for offset in 1..<bytes.count {
          for replacement in [UInt8(ascii: "x"), bytes[offset] ^ 0x20, 0x00] {
            var changed = bytes
            changed[offset] = replacement
            let text = Array(prefix.utf8) + changed + Array(suffix.utf8)
            let error = #expect(throws: JSONError.self) { try JSONValue(json: text) }
            #expect(error?.offset == prefix.utf8.count + offset, "\(word) with byte \(offset) as \(replacement)")
          }
          let cut = Array(prefix.utf8) + bytes[..<offset]
          let error = #expect(throws: JSONError.self) { try JSONValue(json: cut) }
          #expect(error?.offset == prefix.utf8.count + offset, "\(word) cut after \(offset) bytes")
          #expect(error?.kind == .unexpectedEndOfInput)
        }
      }
    }
  }

  @Test(arguments: [
    ("{1: 2}", JSONError.Kind.unexpectedCharacter, "unexpected character '1': expected a string key in object"),
    ("{\"a\" 2}", .unexpectedCharacter, "unexpected character '2': expected ':' after object key"),
    ("[1,]", .unexpectedCharacter, "unexpected character ']': expected a value"),
    ("{\"a\":1,}", .unexpectedCharacter, "unexpected character '}': expected a string key in object"),
    ("[True]", .unexpectedCharacter, "unexpected character 'T': expected a value"),
    ("[nul]", .unexpectedCharacter, "unexpected character ']': invalid literal, expected 'null'"),
    ("[1 2]", .unexpectedCharacter, "unexpected character '2': expected ',' or ']' after array element"),
    ("[1.e5]", .invalidNumber, "invalid number: expected a digit after the decimal point, found character 'e'"),
    ("\"a\\qb\"", .invalidEscape, "invalid escape sequence '\\q' in string"),
    ("[] x", .trailingCharacters, "unexpected characters after the top-level value"),
  ])
  func explainsWhatWasExpected(_ text: String, _ kind: JSONError.Kind, _ message: String) {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: text) }
    #expect(error?.kind == kind)
    #expect(error?.message == message)
  }
}
