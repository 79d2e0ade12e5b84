import ModelKitFixtures
import ModelKitJSON
import Testing

/// parse → write → parse gives an equal value, compact and pretty.
@Suite("Round trips", .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
struct RoundTripTests {
  static let writeOptions: [JSONWriteOptions] = [[], .prettyPrinted, [.prettyPrinted, .sortedKeys]]

  func expectRoundTrip(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let value = try JSONValue(json: bytes)
    for options in Self.writeOptions {
      let written = value.jsonBytes(options: options)
      let reread = try JSONValue(json: written)
      #expect(reread == value, "options \(options.rawValue)", sourceLocation: sourceLocation)
      // Writing is deterministic: the same value writes the same bytes.
      #expect(reread.jsonBytes(options: options) == written, sourceLocation: sourceLocation)
    }
  }

  @Test("test_transform files", arguments: TestData.files(in: "JSONTestSuite/test_transform"))
  func transformFileRoundTrips(_ file: String) throws {
    let bytes = try TestData.bytes("JSONTestSuite/test_transform", file)
    let options = JSONReadOptions(replacesInvalidUnicode: true)
    let value = try JSONValue(json: bytes, options: options)
    for writeOptions in Self.writeOptions {
      #expect(try JSONValue(json: value.jsonBytes(options: writeOptions)) == value)
    }
  }

  @Test func transformFilesFollowTheDocumentedRules() throws {
    func read(_ name: String) throws -> JSONValue {
      try JSONValue(json: TestData.bytes("JSONTestSuite/test_transform", name))
    }
    #expect(try read("number_-9223372036854775808.json")[0]?.number?.int64 == Int64.min)
    #expect(try read("number_9223372036854775808.json")[0]?.number?.uint64 == 9_223_372_036_854_775_808)
    #expect(try read("number_10000000000000000999.json")[0]?.number?.text == "10000000000000000999")
    #expect(try read("number_1.000000000000000005.json")[0]?.number?.text == "1.000000000000000005")
    #expect(try read("number_1e-999.json")[0]?.double == 0)
    #expect(try read("number_1.0.json")[0]?.int == 1)
    // Duplicate keys: the last value wins.
    #expect(try read("object_same_key_different_values.json")["a"] == 2)
    #expect(try read("object_same_key_unclear_values.json").object?.count == 1)
    // Escaped NUL is a real character.
    #expect(try read("string_with_escaped_NULL.json")[0]?.string == "A\u{0}B")
    // Keys compare as Swift strings: NFC and NFD spellings are one key, the last wins.
    #expect(try read("object_key_nfc_nfd.json").object?.count == 1)
    #expect(try read("object_key_nfc_nfd.json")["\u{E9}"] == "NFD")
    #expect(try read("object_key_nfd_nfc.json")["e\u{301}"] == "NFC")
    let document = try JSONDocument(parsing: TestData.bytes("JSONTestSuite/test_transform", "object_key_nfc_nfd.json"))
    #expect(document.member("\u{E9}", of: document.root).flatMap(document.string) == "NFD")
    // Invalid code points: rejected by default.
    #expect(throws: JSONError.self) { try read("string_1_invalid_codepoint.json") }
  }

  @Test("corpus documents", arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
  func corpusDocumentRoundTrips(_ file: String) throws {
    try expectRoundTrip(try TestData.bytes("json-corpus", file))
  }

  @Test func twitterKeepsItsSixtyFourBitIDs() throws {
    let value = try JSONValue(json: TestData.bytes("json-corpus", "twitter.json"))
    let first = try #require(value["statuses"]?[0])
    #expect(first["id"]?.number?.int64 == 505_874_924_095_815_681)
    #expect(first["id_str"]?.string == "505874924095815681")
  }
}
