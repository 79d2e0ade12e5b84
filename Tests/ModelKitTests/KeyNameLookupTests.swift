import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Finding members by an enum key's name (`KeyNames`), reading on from the
/// last member found, at the top level and below it (where containers are
/// kept), against `JSONDecoder`: keys in and out of the order asked for,
/// skipped, repeated, escaped, non-ASCII, missing, asked for twice; key
/// types whose names are not all plain ASCII, or shared by two cases.
@Suite("Members by key names against JSONDecoder")
struct KeyNameLookupTests {
  /// The keys a probe asks for, in order, as indices into `Key.allCases`.
  static let asksKey = CodingUserInfoKey(rawValue: "asks")!

  enum Key: String, CodingKey, CaseIterable {
    case key0, key1, key2, key3, key4, key5, key6, key7, key8, key9, key10, key11
    case key12, key13, key14, key15, key16, key17, key18, key19, key20
    case cafe = "café"
    case spaced = "key 2"
    case kelvin = "\u{212A}"
    case capitalK = "K"
    case missing = "xmissing"
  }

  /// Asks its container for each key in turn, by every entry point, and
  /// keeps what it found.
  struct Probe: Decodable, Equatable {
    var found: [String]

    init(from decoder: any Decoder) throws {
      let asks = decoder.userInfo[KeyNameLookupTests.asksKey] as? [Int] ?? []
      let container = try decoder.container(keyedBy: Key.self)
      found = try asks.enumerated().map { turn, ask in
        let key = Key.allCases[ask]
        let name = key.stringValue
        guard container.contains(key) else { return "\(name)=absent" }
        switch turn % 3 {
        case 0: return "\(name)=\(try container.decode(Int.self, forKey: key))"
        case 1: return "\(name)=\(try container.decodeIfPresent(Int.self, forKey: key).map(String.init) ?? "nil")"
        default: return "\(name)=\(try container.decodeNil(forKey: key) ? "null" : String(container.decode(Int.self, forKey: key)))"
        }
      }
    }
  }

  /// Probes below the top level, where the container is kept from object to object.
  struct Batch: Decodable, Equatable {
    var items: [Probe]
    var nested: [[Probe]]
  }

  static let pool = Key.allCases.map(\.stringValue).filter { $0 != "xmissing" } + ["k\\u0065y1", "\\u004B", "ke\\u0079 2"]

  /// An object of `count` members drawn from the pool, in order without
  /// repeats a third of the time.
  static func object(_ count: Int, _ round: Int, _ generator: inout SeededGenerator) -> String {
    var keys = (0..<count).map { _ in pool.randomElement(using: &generator)! }
    if round % 3 == 0 { keys = Array(Set(keys)).sorted() }
    return "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
  }

  @Test func generatedObjectsFindTheMembersJSONDecoderFinds() throws {
    var generator = SeededGenerator(seed: 0xC0_501)
    for round in 0..<150 {
      let objects = (0..<6).map { _ in Self.object(Int.random(in: 0...30, using: &generator), round, &generator) }
      let json = "{\"items\": [\(objects[0...3].joined(separator: ","))], \"nested\": [[\(objects[4])], [\(objects[5])]]}"
      // Keys in declaration order (some skipped), then a few at random: out of order, again, or absent.
      var asks = Key.allCases.indices.filter { _ in Int.random(in: 0..<3, using: &generator) > 0 }
      if round % 2 == 1 { asks += (0..<5).map { _ in Int.random(in: Key.allCases.indices, using: &generator) } }
      let foundation = JSONDecoder()
      foundation.userInfo[Self.asksKey] = asks
      let expected = try foundation.decode(Batch.self, from: Data(json.utf8))
      for strict in [true, false] {
        let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
        decoder.userInfo[Self.asksKey] = asks
        let top = try foundation.decode(Probe.self, from: Data(objects[0].utf8))
        #expect(try decoder.decode(Probe.self, from: objects[0]) == top, "\(objects[0]) \(asks)")
        let decoded = try decoder.decode(Batch.self, from: json)
        let pairs = zip(decoded.items + decoded.nested.joined(), expected.items + expected.nested.joined())
        let first = zip(objects, pairs).first { $1.0 != $1.1 }
        if decoded != expected {
          Issue.record("\(first.map { "\($0.0) \($0.1.0.found) \($0.1.1.found)" } ?? json) \(asks), strict: \(strict)")
        }
      }
    }
  }

  /// Objects read in the order asked for, with members the type does not
  /// read between the keys, near and far, and repeated keys after them.
  @Test func membersBetweenTheKeysAskedFor() throws {
    let asks = [0, 1, 2, 3, 20, 1]
    let filler = (0..<40).map { "\"other\($0)\": \($0)" }
    let objects = [
      "{\"key0\": 0, \"key1\": 1, \"key2\": 2, \"key3\": 3, \"key20\": 20}",
      "{\"key0\": 0, \(filler[0..<3].joined(separator: ", ")), \"key1\": 1, \"key2\": 2, \"key3\": 3, \"key20\": 20}",
      "{\(filler[0..<20].joined(separator: ", ")), \"key0\": 0, \"key1\": 1, \"key2\": 2, \"key3\": 3, \"key20\": 20}",
      "{\"key0\": 0, \"key1\": 1, \"key0\": 9, \"key2\": 2, \"key1\": 8, \"key3\": 3, \"key20\": 20, \"key3\": 7}",
      "{\"key20\": 20, \"key3\": 3, \"key2\": 2, \"key1\": 1, \"key0\": 0}",
      "{\"key0\": 0, \"k\\u0065y1\": 5, \"key1\": 1, \"key2\": 2, \"key3\": 3, \"key20\": 20}",
      "{\"key0\": 0, \"key1\": 1, \"key2\": 2, \"\\u004B\": 3, \"key3\": 3}",
    ]
    let json = "{\"items\": [\(objects.joined(separator: ","))], \"nested\": []}"
    let foundation = JSONDecoder()
    foundation.userInfo[Self.asksKey] = asks
    let expected = try foundation.decode(Batch.self, from: Data(json.utf8))
    let decoder = ModelDecoder()
    decoder.userInfo[Self.asksKey] = asks
    #expect(try decoder.decode(Batch.self, from: json) == expected)
    #expect(expected.items[3].found == ["key0=0", "key1=1", "key2=2", "key3=3", "key20=20", "key1=1"])
    #expect(expected.items[5].found.prefix(2) == ["key0=0", "key1=5"])
  }

  /// Two cases named alike: both read the first member of that name.
  enum Twins: CodingKey {
    case first, second, other
    var stringValue: String { self == .other ? "other" : "same" }
    init?(stringValue: String) { nil }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  struct TwinProbe: Decodable, Equatable {
    var first: Int
    var second: Int
    var other: Int

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Twins.self)
      first = try container.decode(Int.self, forKey: .first)
      other = try container.decode(Int.self, forKey: .other)
      second = try container.decode(Int.self, forKey: .second)
    }
  }

  /// A key type of one case (no bytes), and one that is a struct.
  enum Only: String, CodingKey { case only }

  struct OnlyProbe: Decodable, Equatable {
    var only: Int
    var named: Int

    init(from decoder: any Decoder) throws {
      only = try decoder.container(keyedBy: Only.self).decode(Int.self, forKey: .only)
      let byName = try decoder.container(keyedBy: MemberLookupTests.Name.self)
      named = try byName.decode(Int.self, forKey: MemberLookupTests.Name("named"))
    }
  }

  struct Odd: Decodable, Equatable {
    var twins: [TwinProbe]
    var onlies: [OnlyProbe]
  }

  @Test func keyTypesWithSharedNamesOrNoBytes() throws {
    let json = """
      {"twins": [{"same": 1, "other": 2, "same": 3}, {"other": 4, "same": 5}, {"same": 6, "other": 7}],
       "onlies": [{"only": 1, "named": 2}, {"named": 3, "only": 4, "only": 5}]}
      """
    let expected = try JSONDecoder().decode(Odd.self, from: Data(json.utf8))
    #expect(expected.twins[0] == TwinProbe(first: 1, second: 1, other: 2))
    #expect(try ModelDecoder().decode(Odd.self, from: json) == expected)
  }
}

/// A Codable value inside a model reads a repeated key as the model does:
/// the last one wins, so its containers do not read on from the first.
struct LastKeyWinsInsideModelsTests {
  struct Pair: Codable, Equatable {
    var key0: Int
    var key1: Int
  }

  struct Holder: Codable, Equatable {
    var pairs: [Pair]
  }

  struct Shelf: JSONModel {
    var holder = Holder(pairs: [])
  }

  @Test func theLastOfARepeatedKeyWins() throws {
    let json = #"{"holder": {"pairs": [{"key0": 1, "key1": 2, "key0": 3}, {"key0": 4, "key0": 5, "key1": 6}]}}"#
    let shelf = try Shelf(json: json)
    #expect(shelf.holder.pairs == [Pair(key0: 3, key1: 2), Pair(key0: 5, key1: 6)])
    #expect(try ModelDecoder().decode(Holder.self, from: #"{"pairs": [{"key0": 1, "key1": 2, "key0": 3}]}"#).pairs == [Pair(key0: 1, key1: 2)])
  }
}

extension KeyNameLookupTests.TwinProbe {
  init(first: Int, second: Int, other: Int) {
    self.first = first
    self.second = second
    self.other = other
  }
}
