import Foundation  // String.contains(String): Foundation's reaches the platform floor, the standard library's needs macOS 13
import ModelKitJSON
import ModelKitTestSupport
import Testing

@Suite("Strings")
struct StringTests {
  @Test func decodesEverySimpleEscape() throws {
    let value = try JSONValue(json: #""\" \\ \/ \b \f \n \r \t""#)
    #expect(value.string == "\" \\ / \u{08} \u{0C} \n \r \t")
  }

  @Test func decodesUnicodeEscapesAndSurrogatePairs() throws {
    #expect(try JSONValue(json: #""\u0041\u00e9\u4E2D\uD83D\uDE00""#).string == "Aé中😀")
    #expect(try JSONValue(json: #""\u0000""#).string == "\u{0}")
    #expect(try JSONValue(json: #""\uDBFF\uDFFF""#).string == "\u{10FFFF}")
  }

  @Test func keepsRawUTF8() throws {
    let text = "日本語 — ü 😀"
    #expect(try JSONValue(json: "\"\(text)\"").string == text)
  }

  @Test(arguments: [#""\uD800""#, #""\uDC00""#, #""\uD800\u0041""#, #""\uDE00\uD83D""#, #""\uD800\uD800""#])
  func rejectsLoneSurrogatesByDefault(_ text: String) {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: text) }
    #expect(error?.kind == .invalidUnicode)
  }

  @Test func replacesLoneSurrogatesWhenAsked() throws {
    let options = JSONReadOptions(replacesInvalidUnicode: true)
    #expect(try JSONValue(json: #""a\uD800b""#, options: options).string == "a\u{FFFD}b")
    #expect(try JSONValue(json: #""\uDE00\uD83D\uDE00""#, options: options).string == "\u{FFFD}😀")
  }

  @Test(arguments: [[0xFF], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE6, 0x97]] as [[UInt8]])
  func rejectsInvalidUTF8ByDefault(_ sequence: [UInt8]) {
    let bytes = [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "x"), UInt8(ascii: "\"")]
    let error = #expect(throws: JSONError.self) { try JSONValue(json: bytes) }
    #expect(error?.kind == .invalidUnicode)
    #expect(error?.offset == 1)
  }

  @Test func replacesInvalidUTF8WhenAsked() throws {
    let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0xC3, 0xA9, 0x22]
    let value = try JSONValue(json: bytes, options: JSONReadOptions(replacesInvalidUnicode: true))
    #expect(value.string == "a\u{FFFD}bé")
  }

  @Test(arguments: Array(UInt8(0)..<UInt8(0x20)))
  func rejectsRawControlCharacters(_ byte: UInt8) {
    let bytes: [UInt8] = [0x22, 0x61, byte, 0x22]
    let error = #expect(throws: JSONError.self) { try JSONValue(json: bytes) }
    #expect(error?.kind == .controlCharacterInString)
    #expect(error?.offset == 2)
  }

  @Test(arguments: [#""\x""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\'""#])
  func rejectsInvalidEscapes(_ text: String) {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: text) }
    #expect(error?.kind == .invalidEscape)
  }

  /// Escaped strings of every length to 40 with an escape of each kind at
  /// every position (runs between escapes are copied a word at a time),
  /// and mixed ones, read as `JSONSerialization` reads them.
  @Test func escapesAtEveryPositionOfEveryLengthReadAsFoundationReadsThem() throws {
    let escapes = [#"\""#, #"\\"#, #"\/"#, #"\n"#, #"\t"#, #"\u0041"#, #"\u00e9"#, #"\u65e5"#, #"\ud83d\ude00"#]
    let plain = Array("abcdefghij klmnopqrstuvwxyz é日本 0123456789")
    var generator = SeededGenerator(seed: 0x5C)
    var texts: [String] = []
    for length in 0...40 {
      let filler = String((0..<length).map { _ in plain.randomElement(using: &generator)! })
      for escape in escapes {
        for position in 0...filler.count {
          let index = filler.index(filler.startIndex, offsetBy: position)
          texts.append(String(filler[..<index]) + escape + String(filler[index...]))
        }
      }
      texts.append((0..<length).map { _ in Bool.random(using: &generator) ? escapes.randomElement(using: &generator)! : String(plain.randomElement(using: &generator)!) }.joined())
    }
    for text in texts {
      let json = "[\"" + text + "\"]"
      let expected = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
      let document = try JSONDocument(parsing: json)
      let node = Array(document.elements(of: document.root))[0]
      #expect(document.string(node) == expected?.first, "\(json)")
    }
  }

  /// Three-byte sequences, valid and not (every lead from E0 to EF with
  /// second and third bytes at and beyond the limits), alone and beside
  /// valid ones, at every place among the five sequences CJK text is
  /// checked in at once and past them: accepted exactly when
  /// `JSONSerialization` accepts them, and read as it reads them.
  @Test func threeByteSequencesAreCheckedAsFoundationChecksThem() throws {
    let valid: [UInt8] = [0xE6, 0x97, 0xA5]  // 日
    var accepted = 0
    for lead in UInt8(0xE0)...0xEF {
      for second: UInt8 in [0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
        for third: UInt8 in [0x7F, 0x80, 0xBF, 0xC0] {
          let sequence = [lead, second, third]
          for prefix in 0...1 {
            for (before, after) in (0...6).flatMap({ before in [0, 1, 5].map { (before, $0) } }) {
              let bytes =
                Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: prefix)
                + Array([[UInt8]](repeating: valid, count: before).joined()) + sequence
                + Array([[UInt8]](repeating: valid, count: after).joined()) + Array("\"]".utf8)
              let expected = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String]
              let document = try? JSONDocument(parsing: bytes)
              #expect((document != nil) == (expected != nil), "\(bytes.map { String($0, radix: 16) })")
              if let document, let expected {
                #expect(document.string(Array(document.elements(of: document.root))[0]) == expected.first)
                accepted += 1
              }
            }
          }
        }
      }
    }
    // Both outcomes were exercised.
    #expect(accepted > 100 && accepted < 16 * 6 * 4 * 2 * 21)
  }

  /// Runs of non-ASCII characters of every length (one to four bytes,
  /// three-byte ones most often, as in CJK text), with an ill-formed
  /// sequence now and then (a stray continuation byte, a lead cut short,
  /// E0 or ED with a second byte they forbid, an overlong, a surrogate):
  /// accepted exactly when `JSONSerialization` accepts them, and read as
  /// it reads them; with invalid Unicode replaced, read as the standard
  /// library repairs them.
  @Test func runsOfNonASCIICharactersAreCheckedAsFoundationChecksThem() throws {
    let valid: [[UInt8]] = [
      [0xE6, 0x97, 0xA5], [0xE3, 0x81, 0x82], [0xEF, 0xBC, 0x81], [0xEE, 0x80, 0x80], [0xE1, 0x80, 0x80],
      [0xEC, 0xBF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80],
      [0x61],
    ]
    let invalid: [[UInt8]] = [
      [0x80], [0xBF], [0xE6, 0x97], [0xE6], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
      [0xED, 0xBF, 0xBF], [0xC0, 0xAF], [0xF8, 0x88, 0x80, 0x80], [0xE6, 0x97, 0xC0], [0xE6, 0xC0, 0xA5],
    ]
    var generator = SeededGenerator(seed: 0x3B)
    var rejected = 0
    for _ in 0..<3_000 {
      var body: [UInt8] = []
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        let roll = Int.random(in: 0..<40, using: &generator)
        if roll == 0 {
          body += invalid.randomElement(using: &generator)!
        } else {
          body += roll < 28 ? valid[roll % 6] : valid.randomElement(using: &generator)!
        }
      }
      let bytes = Array("[\"".utf8) + body + Array("\"]".utf8)
      let expected = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String]
      let document = try? JSONDocument(parsing: bytes)
      #expect((document != nil) == (expected != nil), "\(body.map { String($0, radix: 16) })")
      if let document, let expected {
        #expect(document.string(Array(document.elements(of: document.root))[0]) == expected.first)
      } else {
        rejected += 1
      }
      let repaired = try JSONDocument(parsing: bytes, options: JSONReadOptions(replacesInvalidUnicode: true))
      #expect(repaired.string(Array(repaired.elements(of: repaired.root))[0]) == String(decoding: body, as: UTF8.self))
    }
    // Both outcomes were exercised.
    #expect(rejected > 100 && rejected < 2_900)
  }

  @Test func readsATenMegabyteString() throws {
    let body = String(repeating: "abcdefghij", count: 1_000_000)
    let value = try JSONValue(json: "\"\(body)\"")
    #expect(value.string?.utf8.count == 10_000_000)
    #expect(value.string == body)
    let escaped = String(repeating: "a\\n", count: 3_500_000)
    #expect(try JSONValue(json: "\"\(escaped)\"").string?.utf8.count == 7_000_000)
  }

  @Test func writesEscapesOnlyWhereNeeded() {
    let value = JSONValue("quote\" slash/ back\\ nl\n tab\t bell\u{7} nul\u{0} é 😀")
    #expect(value.jsonString() == #""quote\" slash\/ back\\ nl\n tab\t bell\u0007 nul\u0000 é 😀""#)
    #expect(value.jsonString(options: .withoutEscapingSlashes).contains("slash/ "))
  }

  /// A string is made from the bytes the reader checked without checking
  /// them again (where the runtime can), and told whether it is ASCII: it
  /// must be the string `JSONDecoder` makes, down to what that flag
  /// decides (UTF-16 length, characters, hashing, ordering). Generated
  /// texts of every length across the small-string limit, ASCII alone and
  /// mixed with two-, three- and four-byte scalars, combining marks and
  /// canonically equivalent spellings, each as it is and with escapes.
  @Test func stringsAreTheStringsFoundationMakes() throws {
    let pools: [[Unicode.Scalar]] = [
      (0x20..<0x7F).compactMap(Unicode.Scalar.init).filter { $0 != "\"" && $0 != "\\" },
      ["é", "ß", "\u{0301}", "\u{0308}", "Ω", "\u{212A}", "K", "Å", "\u{212B}", "\u{00C5}"],
      ["中", "日", "語", "\u{1100}", "\u{1161}", "\u{AC00}", "\u{FFFD}", "\u{FEFF}", "\u{2028}"],
      ["😀", "👩", "\u{200D}", "💻", "\u{1F1EF}", "\u{1F1F5}", "\u{10FFFF}"],
    ]
    var generator = SeededGenerator(seed: 0x5EED_57A1)
    var made: [String] = []
    for length in 0...40 {
      for poolCount in 1...pools.count {
        // ASCII alone, then ASCII with ever more kinds of non-ASCII scalars.
        let pool = pools.prefix(poolCount).flatMap { $0 }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length { scalars.append(pool.randomElement(using: &generator)!) }
        made.append(String(scalars))
      }
    }
    // Each text as it is, and with escapes: every scalar a third of the
    // time as `\uXXXX` (a surrogate pair above the BMP), and some `\/`
    // and `\n` put in (the unescaped text is then another one).
    var texts: [(json: String, text: String)] = []
    for text in made {
      texts.append((text, text))
      var json = ""
      var unescaped = ""
      for scalar in text.unicodeScalars {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1:
          for unit in String(scalar).utf16 {
            let hex = String(unit, radix: 16)
            json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          }
          unescaped.unicodeScalars.append(scalar)
        case 2:
          json += "\\/"
          unescaped += "/"
          json.unicodeScalars.append(scalar)
          unescaped.unicodeScalars.append(scalar)
        case 3:
          json += "\\n"
          unescaped += "\n"
          json.unicodeScalars.append(scalar)
          unescaped.unicodeScalars.append(scalar)
        default:
          json.unicodeScalars.append(scalar)
          unescaped.unicodeScalars.append(scalar)
        }
      }
      texts.append((json, unescaped))
    }
    for (inner, text) in texts {
      let json = Array("[\"\(inner)\"]".utf8)
      let document = try JSONDocument(parsing: json)
      let node = try #require(document.elements(of: document.root).first { _ in true })
      let read = try #require(document.string(node))
      // (Not JSONSerialization: on Linux it drops a raw U+FEFF from a string that has escapes.)
      let oracle = try #require(try JSONDecoder().decode([String].self, from: Data(json)).first)
      #expect(read == oracle, "\(inner.debugDescription)")
      #expect(read == text)
      #expect(Array(read.utf8) == Array(text.utf8))
      #expect(read.utf16.count == oracle.utf16.count, "\(text.debugDescription)")
      #expect(read.unicodeScalars.count == oracle.unicodeScalars.count)
      #expect(read.count == oracle.count, "\(text.debugDescription)")
      #expect(read.hashValue == oracle.hashValue, "\(text.debugDescription)")
      #expect(Set([read]).contains(oracle))
      #expect(read.lowercased() == oracle.lowercased())
      for other in made.prefix(12) { #expect((read < other) == (oracle < other)) }
    }
  }

  @Test func writtenStringsReadBackEqual() throws {
    var scalars = (0..<0x800).compactMap(Unicode.Scalar.init).map(Character.init)
    scalars.append(contentsOf: ["😀", "\u{10FFFF}", "\u{FFFF}"])
    let text = String(scalars)
    #expect(try JSONValue(json: JSONValue(text).jsonBytes()).string == text)
  }
}
