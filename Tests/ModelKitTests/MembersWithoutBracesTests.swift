import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// `assumesTopLevelDictionary`: a text of an object's members without
/// braces, read by the reader as it stands, against `JSONDecoder` as the
/// oracle, with errors placed in the text as written.
@Suite("Members without braces")
struct MembersWithoutBracesTests {
  static func decoders(json5: Bool) -> (ModelDecoder, JSONDecoder) {
    let ours = ModelDecoder(options: DecodingOptions(strict: true))
    ours.assumesTopLevelDictionary = true
    ours.allowsJSON5 = json5
    let foundation = JSONDecoder()
    foundation.assumesTopLevelDictionary = true
    foundation.allowsJSON5 = json5
    return (ours, foundation)
  }

  static let values = ["1", "-2.5e3", #""s""#, "true", "null", "[]", "[1, {\"k\": 2}]", "{}", #"{"k": [3]}"#]
  static let damage = ["}", "{", ",", ":", "]", "[", #""x""#, " ", "\n", "1"]

  /// Members with distinct keys (`JSONDecoder` keeps a repeated key's
  /// first value, `JSONValue` its last), in braces or not, with a
  /// trailing comma or not; and the same with one piece put in anywhere.
  static func texts(_ generator: inout SeededGenerator) -> [String] {
    let keys = ["a", "b", "c", "d"].shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator))
    let space = [" ", "", "\n", "\t "]
    var text = keys.map { key in
      "\"\(key)\"" + space.randomElement(using: &generator)! + ":" + space.randomElement(using: &generator)!
        + values.randomElement(using: &generator)!
    }.joined(separator: "," + space.randomElement(using: &generator)!)
    if !keys.isEmpty && Bool.random(using: &generator) { text += "," }
    text = space.randomElement(using: &generator)! + text + space.randomElement(using: &generator)!
    if Int.random(in: 0..<4, using: &generator) == 0 { text = "{" + text + "}" }
    var damaged = Array(text)
    damaged.insert(
      contentsOf: damage.randomElement(using: &generator)!, at: Int.random(in: 0...damaged.count, using: &generator))
    return [text, String(damaged)]
  }

  @Test("texts and damaged texts read as JSONDecoder reads them, or fail where it fails", arguments: [false, true])
  func generatedTexts(json5: Bool) throws {
    let (ours, foundation) = Self.decoders(json5: json5)
    var generator = SeededGenerator(seed: json5 ? 0xB4 : 0xB3)
    var (read, failed) = (0, 0)
    for _ in 0..<1_500 {
      for text in Self.texts(&generator) {
        let expected = try? foundation.decode(JSONValue.self, from: Data(text.utf8))
        let value = try? ours.decode(JSONValue.self, from: Data(text.utf8))
        #expect(value == expected, "\(text.debugDescription)")
        if expected == nil { failed += 1 } else { read += 1 }
      }
    }
    // Both outcomes are common, so that the comparison covers both.
    #expect(read > 1_000 && failed > 300, "read \(read), failed \(failed)")
  }

  @Test("comments around members, closed, open or to the end of a line, as JSONDecoder reads them")
  func comments() throws {
    let (ours, foundation) = Self.decoders(json5: true)
    let texts = [
      "// c", "/* c */", "/* c", "\"a\": 1 // c", "\"a\": 1 /* c", "\"a\": 1, /* c */", "/* c */ {\"a\": 1}",
      "{\"a\": 1} /* c", "\"a\": /* c */ 1",
    ]
    for text in texts {
      let expected = try? foundation.decode(JSONValue.self, from: Data(text.utf8))
      #expect((try? ours.decode(JSONValue.self, from: Data(text.utf8))) == expected, "\(text)")
    }
    // Without the top-level dictionary too: a comment left open is an error.
    let plain = JSONDecoder()
    plain.allowsJSON5 = true
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    decoder.allowsJSON5 = true
    for text in ["1 /* c", "[1] /* c", "[1 /* c */]"] {
      let expected = try? plain.decode(JSONValue.self, from: Data(text.utf8))
      #expect((try? decoder.decode(JSONValue.self, from: Data(text.utf8))) == expected, "\(text)")
    }
  }

  /// The offset, line and column of the syntax error `text` makes.
  static func syntaxError(in text: String, json5: Bool = false) -> (offset: Int?, line: Int?, column: Int?) {
    do {
      _ = try decoders(json5: json5).0.decode(JSONValue.self, from: text)
      return (nil, nil, nil)
    } catch {
      let model = underlyingModelError(error)
      return (model?.offset, model?.line, model?.column)
    }
  }

  @Test("errors are placed in the text as written, not in braces around it")
  func errorPositions() {
    #expect(Self.syntaxError(in: #""a": 1, "b" 2"#).offset == 12)
    #expect(Self.syntaxError(in: #""a": 1}"#).offset == 6)
    #expect(Self.syntaxError(in: #""a": [1, 2"#).offset == 10)
    let lines = Self.syntaxError(in: "\"a\": 1,\n\"b\" 2")
    #expect(lines.line == 2 && lines.column == 5)
    #expect(Self.syntaxError(in: "a: 1, b 2", json5: true).offset == 8)
  }

  @Test("an empty text is an empty object; a text in braces is read as it is")
  func emptyAndBracedTexts() throws {
    let (ours, _) = Self.decoders(json5: false)
    #expect(try ours.decode(JSONValue.self, from: "  ") == .object([:]))
    #expect(try ours.decode(JSONValue.self, from: #" {"a": 1} "#) == .object(["a": 1]))
    #expect(throws: DecodingError.self) { try ours.decode(JSONValue.self, from: "[1, 2]") }
  }

  @Test("a large array is not read in windows: it is no object's members")
  func largeArrayIsNotWindowed() throws {
    let (ours, foundation) = Self.decoders(json5: false)
    let text = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"
    #expect(throws: DecodingError.self) { try foundation.decode([Int].self, from: Data(text.utf8)) }
    #expect(throws: DecodingError.self) { try ours.decode([Int].self, from: Data(text.utf8)) }
  }

  @Test("JSON inside a string is read as JSON, whatever the input's form")
  func embeddedJSONIsPlain() throws {
    struct Holder: Decodable { var inner: [Int] }
    let decoder = ModelDecoder()
    decoder.assumesTopLevelDictionary = true
    #expect(try decoder.decode(Holder.self, from: #""inner": "[1, 2]""#).inner == [1, 2])
  }
}
