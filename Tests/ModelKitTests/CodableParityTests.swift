import Foundation
import ModelKit
import ModelKitFixtures
import Testing

/// Strict ModelDecoder and Foundation's JSONDecoder agree on well-typed input,
/// and what ModelEncoder writes reads back equal in both.
@Suite("Codable parity with Foundation", .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
struct CodableParityTests {
  /// `lenient` says what lenient decoding should give for Foundation's
  /// value (itself, unless the type reads text that lenient mode converts).
  func expectParity<T: Codable & Equatable>(
    _ type: T.Type, _ folder: String, _ file: String, lenient expected: (T) -> T = { $0 }
  ) throws {
    let data = Data(try TestData.bytes(folder, file))
    let foundation = try JSONDecoder().decode(T.self, from: data)
    let strict = try ModelDecoder(options: DecodingOptions(strict: true)).decode(T.self, from: data)
    let lenient = try ModelDecoder().decode(T.self, from: data)
    #expect(strict == foundation)
    #expect(lenient == expected(foundation))
    let encoded = try ModelEncoder().encode(strict)
    #expect(try JSONDecoder().decode(T.self, from: encoded) == foundation)
    #expect(try ModelDecoder(options: DecodingOptions(strict: true)).decode(T.self, from: encoded) == foundation)
    let foundationEncoded = try JSONEncoder().encode(foundation)
    #expect(try ModelDecoder().decode(T.self, from: foundationEncoded) == expected(foundation))
    // Both encoders write the same document (compared parsed: key order and escapes may differ).
    #expect(try JSONValue(json: encoded) == JSONValue(json: foundationEncoded))
    #expect(try ModelEncoder().encodeValue(strict) == JSONValue(json: foundationEncoded))
  }

  @Test func canada() throws { try expectParity(CanadaFile.self, "json-corpus", "canada.json") }
  @Test func twitter() throws { try expectParity(TwitterFile.self, "json-corpus", "twitter.json") }
  @Test func citm() throws { try expectParity(CitmFile.self, "json-corpus", "citm_catalog.json") }
  @Test func githubUser() throws { try expectParity(PlainGithubUser.self, "yymodel-benchmark", "user.json") }
  @Test func weibo() throws {
    // Lenient mode reads the sizes given as strings ("640") as numbers.
    try expectParity(PlainWeiboStatus.self, "yymodel-benchmark", "weibo.json") { original in
      var status = original
      for (id, var picture) in status.pic_infos {
        for size in [\PlainWeiboStatus.Picture.thumbnail, \.bmiddle, \.middleplus, \.large, \.largest, \.original] {
          guard var measured = picture[keyPath: size] else { continue }
          for measure in [\PlainWeiboStatus.PictureSize.width, \.height] {
            if case .text(let text) = measured[keyPath: measure], let number = Int(text) {
              measured[keyPath: measure] = .number(number)
            }
          }
          picture[keyPath: size] = measured
        }
        status.pic_infos[id] = picture
      }
      #expect(status != original, "the document has sizes given as strings")
      return status
    }
  }
}
