import Foundation
import ModelKit
import Testing
import ModelKitTestSupport

/// Finding an object's members by name, against `JSONDecoder`: objects
/// small enough to scan and large enough for the member index, their keys
/// in and out of the order the type asks for them, repeated, escaped,
/// missing, asked for twice.
@Suite("Member lookup against JSONDecoder")
struct MemberLookupTests {
  /// The names a `Probe` asks for, in order, through `userInfo`.
  static let namesKey = CodingUserInfoKey(rawValue: "names")!

  struct Name: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// Asks its container for each name in turn and keeps what it found.
  struct Probe: Decodable, Equatable {
    var found: [String]

    init(from decoder: any Decoder) throws {
      let names = decoder.userInfo[MemberLookupTests.namesKey] as? [String] ?? []
      let container = try decoder.container(keyedBy: Name.self)
      found = try names.map { name in
        guard container.contains(Name(name)) || name.hasPrefix("x") else { return "\(name)=absent" }
        return "\(name)=\(try container.decodeIfPresent(Int.self, forKey: Name(name)).map(String.init) ?? "nil")"
      }
    }
  }

  @Test func generatedObjectsFindTheMembersJSONDecoderFinds() throws {
    var generator = SeededGenerator(seed: 0xC0FFEE)
    // "K" also as U+212A KELVIN SIGN, which equals it as a `String`.
    let pool = (0..<24).map { "key\($0)" } + ["k\\u0065y1", "café", "key 2", "ключ", "K", "\\u004B"]
    for round in 0..<400 {
      let count = Int.random(in: 2...30, using: &generator)
      var keys = (0..<count).map { _ in pool.randomElement(using: &generator)! }
      if round % 3 == 0 { keys = Array(Set(keys)).sorted() }  // in order, no repeats
      let json = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
      // Names in the object's order (some skipped), then a few out of order, repeated or absent.
      var names = keys.map { $0 == "k\\u0065y1" ? "key1" : $0 == "\\u004B" ? "\u{212A}" : $0 }
        .filter { _ in Int.random(in: 0..<4, using: &generator) > 0 }
      if round % 2 == 1 {
        names += (0..<4).map { _ in
          (pool + ["xmissing", "\u{212A}"]).randomElement(using: &generator)!.replacingOccurrences(of: "\\u0065", with: "e")
        }
      }
      let foundation = JSONDecoder()
      foundation.userInfo[Self.namesKey] = names
      let expected = try foundation.decode(Probe.self, from: Data(json.utf8))
      for strict in [true, false] {
        let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
        decoder.userInfo[Self.namesKey] = names
        #expect(try decoder.decode(Probe.self, from: json) == expected, "\(json) \(names)")
      }
    }
  }

  /// A large object read backwards, shuffled, and with names behind the
  /// last one found: members found by looking back, until looking back
  /// has cost enough and the table answers.
  @Test func largeObjectsReadOutOfOrder() throws {
    var generator = SeededGenerator(seed: 0xBAC4)
    let count = 3_000
    var keys = (0..<count).map { "member\($0)" }
    keys += ["member7", "member2999", "member0"]  // repeated: the first wins
    let json = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
    let forwards = (0..<count).map { "member\($0)" }
    let orders: [[String]] = [
      forwards.reversed(),
      forwards.shuffled(using: &generator),
      // In order, then each name a little behind the last one found.
      Array(forwards.prefix(200)) + (0..<200).map { "member\(199 - $0 / 2)" } + ["member7", "xmissing", "member2999"],
    ]
    for names in orders {
      let foundation = JSONDecoder()
      foundation.userInfo[Self.namesKey] = names
      let expected = try foundation.decode(Probe.self, from: Data(json.utf8))
      let decoder = ModelDecoder(options: DecodingOptions(strict: true))
      decoder.userInfo[Self.namesKey] = names
      #expect(try decoder.decode(Probe.self, from: json) == expected)
    }
  }
}
