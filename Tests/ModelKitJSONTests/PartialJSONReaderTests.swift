import ModelKitJSON
import ModelKitTestSupport
import Testing

/// The partial reader against an independent reference: the whole text
/// parsed once with every value's and every character's end offset, from
/// which the rules of design section 13 say what each prefix shows.
@Suite("Partial JSON reader")
struct PartialJSONReaderTests {
  static let corpus: [String] = [
    #"{"title": "Pancakes", "servings": 4, "vegan": false, "steps": [{"text": "Mix \"flour\" and eggs", "minutes": 5.5e0}, {"text": "Fry 🍳 in a pan", "minutes": 10}], "tags": [], "notes": null, "meta": {}}"#,
    #"[1, -0.5, 2E+3, true, false, null, "a\u00e9\ud83d\ude00b", [], {}, [[]], {"x": [1, {"y": "z"}]}]"#,
    #"  {"k\u0041y": "v\n\t\\\/", "ünï": "こんにちは", "e": "é"}  "#,
    #""just a string with \"quotes\" and \ud834\udd1e""#,
    "12345",
    "-0.25e-7 ",
    "true",
    "[]",
    #"{"a":{"b":{"c":[1,[2,[3,"deep"]]]}}}"#,
    "\u{FEFF}{\"bom\": 1}",
  ]

  @Test func everyPrefixShowsWhatTheRulesSay() throws {
    for text in Self.corpus {
      let bytes = Array(text.utf8)
      let reference = try PartialTextReference(bytes)
      var byteByByte = PartialJSONReader(maxDepth: 64)
      var previous: JSONValue?
      for count in 0...bytes.count {
        var atOnce = PartialJSONReader(maxDepth: 64)
        try bytes[..<count].withUnsafeBytes { try atOnce.append($0) }
        if count > 0 { try bytes[(count - 1)..<count].withUnsafeBytes { try byteByByte.append($0) } }
        let expected = reference.shown(prefix: count, finished: false)
        for var reader in [atOnce, byteByByte] {
          let snapshot = reader.snapshot
          let shown = try Self.value(of: snapshot)
          #expect(shown == expected, "\(text) cut at \(count)")
          #expect(snapshot.isComplete == reference.isComplete(prefix: count, finished: false), "\(text) cut at \(count)")
        }
        // Monotonic: nothing shown disappears or shrinks.
        if let previous, let shown = try Self.value(of: byteByByte.snapshot) {
          #expect(PartialTextReference.grows(from: previous, to: shown), "\(text) cut at \(count)")
        }
        previous = try Self.value(of: byteByByte.snapshot)
      }
      try byteByByte.finish()
      #expect(try Self.value(of: byteByByte.snapshot) == JSONValue(json: bytes))
      #expect(byteByByte.snapshot.isComplete)
    }
  }

  @Test func theFirstByteThatCanNeverBeValidIsTheError() {
    let cases: [(String, Int)] = [
      ("[1,]", 3), ("{\"a\" 1}", 5), ("[01]", 2), ("[1.]", 3), ("[-]", 2), ("[1e]", 3), ("[tru ]", 4),
      ("\"a\u{01}\"", 2), ("\"\\x\"", 1), ("\"\\u12G4\"", 5), ("\"\\udc00\"", 1), ("\"\\ud800x\"", 1),
      ("{} x", 3), ("{\"a\":}", 5), ("[1 2]", 3), ("{1:2}", 1),
      // The byte after a number, read as structure.
      ("[1x]", 2), ("[12}", 3), ("[1.5e+3 }", 8), ("{\"a\": 10]", 8), ("12 x", 3), ("1x", 1), ("-0.5\"", 4),
    ]
    for (text, offset) in cases {
      let bytes = Array(text.utf8)
      for chunk in [1, 2, bytes.count] {
        var reader = PartialJSONReader(maxDepth: 64)
        var thrown: JSONError?
        for start in stride(from: 0, to: bytes.count, by: chunk) where thrown == nil {
          do {
            try bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { try reader.append($0) }
          } catch {
            thrown = error as? JSONError
          }
        }
        #expect(thrown?.offset == offset, "\(text) in chunks of \(chunk): \(String(describing: thrown))")
        #expect(throws: JSONError.self) { try reader.append(UnsafeRawBufferPointer(start: nil, count: 0)) }
      }
    }
    // Invalid UTF-8, and a text cut short at its end.
    var reader = PartialJSONReader(maxDepth: 64)
    #expect(throws: JSONError.self) { try [0x22, 0x61, 0xC0, 0x80].withUnsafeBytes { try reader.append($0) } }
    reader = PartialJSONReader(maxDepth: 64)
    #expect(throws: Never.self) { try Array("[1, {\"a\": ".utf8).withUnsafeBytes { try reader.append($0) } }
    #expect(throws: JSONError.self) { try reader.finish() }
    reader = PartialJSONReader(maxDepth: 2)
    #expect(throws: JSONError.self) { try Array("[[[".utf8).withUnsafeBytes { try reader.append($0) } }
  }

  /// Texts fed a byte at a time in which white space, a string's text, a
  /// number's digits and the bytes that end them fall where the reader's
  /// storage is full (its first size, 4,096 bytes, then twice that): each
  /// reads as the whole text does.
  @Test func bytesWhereTheStorageIsFullReadAsTheWholeText() throws {
    for shift in 0..<24 {
      // `[` and a string padded so that what follows it begins at `4096 - shift`.
      var text = "[\"" + String(repeating: "a", count: 4096 - 3 - shift) + "\"  ,  12345678 , \"abc\" ,\n{\"k\" :  [ 1 ,2 ] } "
      text += String(repeating: " ", count: 4096) + ", \"" + String(repeating: "b", count: 4100) + "\"  ]  "
      let bytes = Array(text.utf8)
      var reader = PartialJSONReader(maxDepth: 64)
      for index in bytes.indices { try bytes[index...index].withUnsafeBytes { try reader.append($0) } }
      try reader.finish()
      #expect(try Self.value(of: reader.snapshot) == JSONValue(json: bytes), "shifted by \(shift)")
    }
  }

  static func value(of snapshot: PartialJSONSnapshot) throws -> JSONValue? {
    guard snapshot.hasValue else { return nil }
    return try JSONValue(json: snapshot.closedText)
  }
}
