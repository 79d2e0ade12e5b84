import ModelKitJSON
import ModelKitTestSupport
import Testing

/// The reader's JSON5 dialect: generated JSON5 texts read as their JSON
/// twins (written from the same value by the writer), with every node at
/// its place in the JSON5 text; errors at the offending byte of the text as
/// written; windows of a JSON5 array as the whole text.
@Suite("JSON5 reader")
struct JSON5ReaderTests {
  static var json5: JSONReadOptions {
    var options = JSONReadOptions()
    options.allowsJSON5 = true
    return options
  }

  /// Every node's offset points at its first byte in the JSON5 text: a
  /// bracket, the first byte of a number or word, the byte after a quote or
  /// the first byte of an unquoted key.
  static func expectNodesInPlace(
    _ document: JSONDocument, _ text: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    func check(_ node: JSONDocument.Node, isKey: Bool) {
      let offset = document.offset(of: node)
      let byte = text[offset]
      let before = offset > 0 ? text[offset - 1] : 0
      switch document.kind(of: node) {
      case .object: #expect(byte == UInt8(ascii: "{"), sourceLocation: sourceLocation)
      case .array: #expect(byte == UInt8(ascii: "["), sourceLocation: sourceLocation)
      case .string:
        let quoted = before == UInt8(ascii: "\"") || before == UInt8(ascii: "'")
        #expect(quoted || (isKey && byte != UInt8(ascii: "\"")), "offset \(offset)", sourceLocation: sourceLocation)
      case .number:
        #expect(Array("+-.0123456789IN".utf8).contains(byte), "offset \(offset)", sourceLocation: sourceLocation)
      case .bool, .null: #expect(Array("tfn".utf8).contains(byte), sourceLocation: sourceLocation)
      }
      if document.kind(of: node) == .array { document.elements(of: node).forEach { check($0, isKey: false) } }
      if document.kind(of: node) == .object {
        for member in document.members(of: node) {
          check(member.key, isKey: true)
          check(member.value, isKey: false)
        }
      }
    }
    check(document.root, isKey: false)
  }

  @Test func generatedJSON5ReadsAsItsJSONTwinWithEveryNodeInPlace() throws {
    var writer = JSON5TextGenerator(seed: 55)
    var features: [String: Int] = [:]
    for _ in 0..<3_000 {
      writer.text = []
      let expected = writer.value(depth: 4)
      let text = writer.text
      let document = try JSONDocument(parsing: text, options: Self.json5)
      // The twin: the same value written as JSON by the writer, read back.
      let twin = try JSONDocument(parsing: expected.jsonBytes())
      #expect(
        document.value(of: document.root) == twin.value(of: twin.root), "\(String(decoding: text, as: UTF8.self))")
      Self.expectNodesInPlace(document, text)
      for (feature, mark) in [("comment", "/*"), ("single quote", "'"), ("hex", "0x"), ("Infinity", "Infinity")]
      where String(decoding: text, as: UTF8.self).contains(mark) {
        features[feature, default: 0] += 1
      }
    }
    // The generator reaches every feature often.
    for feature in ["comment", "single quote", "hex", "Infinity"] {
      #expect(features[feature, default: 0] > 300, "\(feature): \(features)")
    }
  }

  @Test func numbersInJSON5sFormsKeepTheirTextAndReadAsJSONDoes() throws {
    let cases: [(json5: String, json: String?, double: Double?)] = [
      ("+7", "7", 7), (".5", "0.5", 0.5), ("-.5", "-0.5", -0.5), ("5.", "5", 5), ("5.e3", "5e3", 5000),
      ("0x1F", "31", 31), ("-0x10", "-16", -16), ("0X1f.", "31", 31), ("0x1F.00", "31", 31),
      ("0xFFFFFFFFFFFFFFFF", "18446744073709551615", 0x1p64),
      ("-0x8000000000000000", "-9223372036854775808", -9_223_372_036_854_775_808), ("-0x0", "-0", -0.0),
      ("Infinity", nil, nil), ("-Infinity", nil, nil), ("+NaN", nil, nil),
    ]
    for (json5, json, double) in cases {
      let document = try JSONDocument(parsing: Array("[\(json5)]".utf8), options: Self.json5)
      let node = Array(document.elements(of: document.root))[0]
      #expect(document.kind(of: node) == .number, "\(json5)")
      #expect(document.offset(of: node) == 1)
      #expect(document.double(node) == double, "\(json5)")
      if let json {
        #expect(document.numberText(node) == json, "\(json5)")
        #expect(document.value(of: node) == .number(JSONNumber(text: json)!), "\(json5)")
        // The JSON twin's node reads the same through every accessor.
        let twin = try JSONDocument(parsing: Array("[\(json)]".utf8))
        let twinNode = Array(twin.elements(of: twin.root))[0]
        #expect(document.int64(node) == twin.int64(twinNode), "\(json5)")
        #expect(document.uint64(node) == twin.uint64(twinNode), "\(json5)")
        #expect(document.double(node)?.bitPattern == twin.double(twinNode)?.bitPattern, "\(json5)")
        #expect(document.nonFiniteNumber(node) == nil)
      } else {
        #expect(document.numberText(node) == (json5.hasPrefix("+") ? String(json5.dropFirst()) : json5))
        #expect(document.value(of: node) == .null)
        #expect(document.int64(node) == nil)
        let value = try #require(document.nonFiniteNumber(node), "\(json5)")
        #expect(value.isNaN == json5.hasSuffix("NaN") && value.sign == (json5.hasPrefix("-") ? .minus : .plus))
      }
    }
    // JSON's own numbers stay the JSON reader's nodes: an integer keeps its value.
    let plain = try JSONDocument(parsing: Array("[12, -3.5e2]".utf8), options: Self.json5)
    #expect(Array(plain.elements(of: plain.root)).map { plain.storedInteger($0).int } == [12, nil])
  }

  @Test func stringsWithJSON5sEscapesAndQuotes() throws {
    let cases: [(json5: String, value: String)] = [
      (#"'it\'s'"#, "it's"), (#"'say "hi"'"#, #"say "hi""#), (#""\x41\x7e""#, "A~"), ("'a\\\nb'", "a\nb"),
      ("'a\\\r\nb'", "a\r\nb"), ("'a\\\rb'", "a\rb"), ("'a\\\u{2028}b'", "a\u{2028}b"), (#"'\u00e9\/'"#, "é/"),
      ("'é😀'", "é😀"), ("''", ""),
    ]
    for (json5, value) in cases {
      let document = try JSONDocument(parsing: Array("[\(json5)]".utf8), options: Self.json5)
      let node = Array(document.elements(of: document.root))[0]
      #expect(document.string(node) == value, "\(json5)")
      #expect(document.stringEquals(node, value), "\(json5)")
    }
    let keys = try JSONDocument(
      parsing: Array("{a: 1, $b_2: 2, é: 3, 'c d': 4, true: 5, Infinity: 6}".utf8), options: Self.json5)
    #expect(keys.members(of: keys.root).map { keys.string($0.key) } == ["a", "$b_2", "é", "c d", "true", "Infinity"])
  }

  @Test func errorsPointAtTheOffendingByteOfTheTextAsWritten() {
    let cases: [(text: String, kind: JSONError.Kind, offset: Int)] = [
      ("{a: 1, /* c */ b: 'x\\v'}", .invalidEscape, 20),
      ("[0x]", .invalidNumber, 1),
      ("[0x1F.5]", .invalidNumber, 1),
      ("[0x10000000000000000]", .invalidNumber, 1),
      ("[+]", .invalidNumber, 1),
      ("[.]", .invalidNumber, 1),
      ("[ /* c */ - Infinity]", .invalidNumber, 11),
      ("[Infinityx]", .invalidNumber, 1),
      ("[5, -0.", .unexpectedEndOfInput, 7),
      ("{a b: 1}", .unexpectedCharacter, 3),
      ("{a: 1,, b: 2}", .unexpectedCharacter, 6),
      ("[1, // c\n 2 x]", .unexpectedCharacter, 12),
      ("['ab", .unexpectedEndOfInput, 4),
      ("[1, 2 /* open", .unexpectedEndOfInput, 13),
      ("1 /* open", .unexpectedEndOfInput, 9),
      ("/* open", .unexpectedEndOfInput, 7),
      ("[1] /* open */ /* open", .unexpectedEndOfInput, 22),
      ("[1] // c\n x", .trailingCharacters, 10),
      ("{1: 2}", .unexpectedCharacter, 1),
      ("[a]", .unexpectedCharacter, 1),
      ("['\\x4']", .invalidEscape, 2),
      ("['a\u{1}']", .controlCharacterInString, 3),
    ]
    for (text, kind, offset) in cases {
      #expect {
        try JSONDocument(parsing: Array(text.utf8), options: Self.json5)
      } throws: { error in
        guard let error = error as? JSONError else { return false }
        return error.kind == kind && error.offset == offset
      }
    }
    // Without the option each JSON5 form is an error.
    for text in ["[+1]", "['a']", "{a: 1}", "[1,]", "[0x1]", "[Infinity]", "[1] // c", "[.5]"] {
      #expect(throws: JSONError.self, "\(text)") { try JSONDocument(parsing: Array(text.utf8)) }
    }
  }

  /// A number token longer than a window whose kind shows only at its end
  /// (found by the reader fuzzer: `[---…-0.` followed by other bytes).
  @Test func numberTokensAcrossTheCutOfAWindowReadAsTheWholeText() {
    for start in ["", "1.5e+9"] {
      for run in ["-", "0", "1", "e", "E", "+", ".5", "0x"] {
        for ending in ["0.\u{A3}]", "0.]", "99.]", "5]", ".]", "x]", "Infinity]", ", 1]"] {
          let text = Array(("[" + start + String(repeating: run, count: 150 / run.count) + ending).utf8)
          JSONArrayChunksTests.expectSame(text, windows: Array(1...12) + [48, 63, 64, 65, 100, 4096], Self.json5)
        }
      }
    }
  }

  /// A comment left open after the array, or inside it (found by the
  /// reader fuzzer: `[] /*b…` read in windows named other characters).
  @Test func aCommentLeftOpenReadsInWindowsAsInTheWholeText() {
    for text in ["[] /* open", " [1, 2] // c\n /*b./2*\"]", "[1, /* open", "[1, 2 /* c */, 3] /**", "[[]] /*/"] {
      JSONArrayChunksTests.expectSame(Array(text.utf8), windows: Array(1...12) + [4096], Self.json5)
    }
  }

  @Test func windowsOfAJSON5ArrayReadAsTheWholeText() {
    var writer = JSON5TextGenerator(seed: 56)
    for round in 0..<60 {
      writer.text = Array("/* head */ [".utf8)
      for index in 0..<Int.random(in: 1...12, using: &writer.rng) {
        if index > 0 { writer.text += Array(",".utf8) }
        _ = writer.value(depth: 2)
      }
      writer.text += Array((round % 2 == 0 ? ",] // tail" : "]").utf8)
      if round % 5 == 4 { writer.text.insert(contentsOf: Array("'open".utf8), at: writer.text.count / 2) }  // an error
      JSONArrayChunksTests.expectSame(writer.text, windows: Array(1...24) + [64, 4096], Self.json5)
    }
  }
}
