import Foundation
import ModelKit
import ModelKitFixtures
import Testing

/// ModelDecoder, strict and lenient, and Foundation's JSONDecoder agree on
/// well-typed input, and what ModelEncoder writes reads back equal in both.
@Suite("Codable parity with Foundation", .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
struct CodableParityTests {
  func expectParity<T: Codable & Equatable>(
    _ type: T.Type, _ folder: String, _ file: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(try TestData.bytes(folder, file))
    let foundation = try JSONDecoder().decode(T.self, from: data)
    let strict = try ModelDecoder(options: DecodingOptions(strict: true)).decode(T.self, from: data)
    let lenient = try ModelDecoder().decode(T.self, from: data)
    #expect(strict == foundation, sourceLocation: sourceLocation)
    #expect(lenient == foundation, sourceLocation: sourceLocation)
    let encoded = try ModelEncoder().encode(strict)
    #expect(try JSONDecoder().decode(T.self, from: encoded) == foundation, sourceLocation: sourceLocation)
    #expect(
      try ModelDecoder(options: DecodingOptions(strict: true)).decode(T.self, from: encoded) == foundation,
      sourceLocation: sourceLocation)
    let foundationEncoded = try JSONEncoder().encode(foundation)
    #expect(try ModelDecoder().decode(T.self, from: foundationEncoded) == foundation, sourceLocation: sourceLocation)
    // Both encoders write the same document (compared parsed: key order and escapes may differ).
    #expect(try JSONValue(json: encoded) == JSONValue(json: foundationEncoded), sourceLocation: sourceLocation)
    #expect(
      try ModelEncoder().encodeValue(strict) == JSONValue(json: foundationEncoded), sourceLocation: sourceLocation)
  }

  @Test func canada() throws { try expectParity(CanadaFile.self, "json-corpus", "canada.json") }
  @Test func twitter() throws { try expectParity(TwitterFile.self, "json-corpus", "twitter.json") }
  @Test func citm() throws { try expectParity(CitmFile.self, "json-corpus", "citm_catalog.json") }
  @Test func githubUser() throws { try expectParity(PlainGithubUser.self, "yymodel-benchmark", "user.json") }
  @Test func weibo() throws {
    // Its picture sizes are numbers in some entries and strings ("640") in
    // others, read by a `try?` fallback: lenient reading must not convert them.
    try expectParity(PlainWeiboStatus.self, "yymodel-benchmark", "weibo.json")
  }
}
