import Foundation
import ModelKit
import Testing

/// A `ModelDecoder` keeps its converter cache for its next call: calls
/// that fail, calls from inside a value's own `init(from:)` and calls from
/// many threads must still read what `JSONDecoder` reads.
@Suite("ModelDecoder reuse between calls")
struct DecoderReuseTests {
  struct Item: Codable, Equatable {
    var id: Int
    var tags: [String]
    var scores: [String: Double]?
  }

  /// Decodes, from its own `init(from:)`, a JSON text it holds with the same decoder.
  struct Wrapper: Decodable, Equatable {
    static let decoderKey = CodingUserInfoKey(rawValue: "decoder")!
    var inner: [Item]
    var flag: Bool
    enum CodingKeys: String, CodingKey { case text, flag }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let text = try container.decode(String.self, forKey: .text)
      let json = Data(text.utf8)
      if let own = decoder.userInfo[Self.decoderKey] as? ModelDecoder {
        inner = try own.decode([Item].self, from: json)
      } else {
        inner = try JSONDecoder().decode([Item].self, from: json)
      }
      flag = try container.decode(Bool.self, forKey: .flag)
    }
  }

  private let items = (0..<30).map { Item(id: $0, tags: ["t\($0)"], scores: $0.isMultiple(of: 2) ? ["s": Double($0)] : nil) }

  @Test func failuresLeaveNothingForTheNextCall() throws {
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    let json = try JSONEncoder().encode(items)
    for _ in 0..<3 {
      #expect(throws: DecodingError.self) { try decoder.decode([Item].self, from: Data(#"[{"id": "x"}]"#.utf8)) }
      #expect(try decoder.decode([Item].self, from: json) == items)
      #expect(throws: DecodingError.self) { try decoder.decode(Item.self, from: Data("[1]".utf8)) }
      #expect(try decoder.decode(Item.self, from: JSONEncoder().encode(items[3])) == items[3])
    }
  }

  @Test func aValueMayCallItsDecoderAgain() throws {
    let decoder = ModelDecoder()
    decoder.userInfo[Wrapper.decoderKey] = decoder
    let text = String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
    let json = try JSONEncoder().encode(["text": text])
    let outer = Data(#"{"text": \#(String(decoding: json, as: UTF8.self).dropFirst(8).dropLast()), "flag": true}"#.utf8)
    let expected = try JSONDecoder().decode(Wrapper.self, from: outer)
    for _ in 0..<3 { #expect(try decoder.decode(Wrapper.self, from: outer) == expected) }
  }

  @Test func oneDecoderSharedByManyThreads() async throws {
    let decoder = ModelDecoder()
    let texts = try items.map { try JSONEncoder().encode($0) }
    let whole = try JSONEncoder().encode(items)
    let items = items
    let results = try await resultsOfConcurrentTasks(8) { task in
      var same = true
      for round in 0..<150 {
        let index = (task * 5 + round) % texts.count
        let item = try decoder.decode(Item.self, from: texts[index])
        let all = round.isMultiple(of: 10) ? try decoder.decode([Item].self, from: whole) : items
        same = same && item == items[index] && all == items
      }
      return same
    }
    #expect(results.count == 8)
    for same in results { #expect(same) }
  }
}
