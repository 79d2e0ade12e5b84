import Foundation
import ModelKit
import Testing

/// A `ModelEncoder` keeps its last call's buffer and caches for the next
/// call: every call must still write exactly what `JSONEncoder` writes,
/// whatever the calls before it did (keys sorted: `JSONEncoder`'s own order
/// is its dictionary's, which differs from run to run).
@Suite("ModelEncoder reuse between calls")
struct EncoderReuseTests {
  struct Item: Codable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var nested: [String: Double]?
  }

  /// Throws from its `encode(to:)` after writing part of an object.
  struct FailsHalfway: Encodable {
    struct Stop: Error {}
    enum CodingKeys: String, CodingKey { case first, second }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(1, forKey: .first)
      var nested = container.nestedUnkeyedContainer(forKey: .second)
      try nested.encode("half")
      throw Stop()
    }
  }

  /// Encodes, from its own `encode(to:)`, another value with the same encoder.
  struct Reentrant: Encodable {
    let encoder: ModelEncoder
    let inner: Item
    enum CodingKeys: String, CodingKey { case outer, innerText }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(true, forKey: .outer)
      let text = String(decoding: try self.encoder.encode(inner), as: UTF8.self)
      try container.encode(text, forKey: .innerText)
    }
  }

  /// Keeps its container after the call and writes to it in a later one.
  final class Keeper: Encodable, @unchecked Sendable {
    enum CodingKeys: String, CodingKey { case value, late }
    var kept: KeyedEncodingContainer<CodingKeys>?
    var value = 0
    func encode(to encoder: any Encoder) throws {
      if var old = kept { try? old.encode(99, forKey: .late) }
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value, forKey: .value)
      kept = container
    }
  }

  /// `JSONEncoder`'s bytes for `value`, keys sorted.
  private func foundation<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(value)
  }

  /// A `ModelEncoder` that sorts keys, as `foundation(_:)` does.
  private func sortingEncoder() -> ModelEncoder {
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  private func items(_ count: Int) -> [Item] {
    (0..<count).map {
      Item(id: $0, name: "item \($0) \"quoted\"", tags: Array(repeating: "t", count: $0 % 4), nested: $0.isMultiple(of: 3) ? nil : ["x": Double($0) / 4])
    }
  }

  @Test func everyCallWritesWhatJSONEncoderWrites() throws {
    let encoder = sortingEncoder()
    for item in items(50) {
      #expect(try encoder.encode(item) == foundation(item))
      #expect(try encoder.encode([item, item]) == foundation([item, item]))
    }
  }

  @Test func aCallThatThrowsLeavesNothingForTheNext() throws {
    let encoder = sortingEncoder()
    let item = items(2)[1]
    for _ in 0..<3 {
      #expect(throws: FailsHalfway.Stop.self) { try encoder.encode(FailsHalfway()) }
      #expect(try encoder.encode(item) == foundation(item))
      #expect(throws: EncodingError.self) { try encoder.encode(Double.nan) }
      #expect(try encoder.encode([item]) == foundation([item]))
    }
  }

  @Test func aValueMayCallItsEncoderAgain() throws {
    let encoder = sortingEncoder()
    let item = items(3)[2]
    let expectedInner = String(decoding: try foundation(item), as: UTF8.self)
    for _ in 0..<3 {
      let json = try JSONValue(json: encoder.encode(Reentrant(encoder: encoder, inner: item)))
      #expect(json["outer"]?.bool == true)
      #expect(json["innerText"]?.string == expectedInner)
      #expect(try encoder.encode(item) == foundation(item))
    }
  }

  @Test func aContainerKeptFromAnEarlierCallWritesNothingLater() throws {
    let encoder = ModelEncoder()
    let keeper = Keeper()
    for value in 0..<4 {
      keeper.value = value
      #expect(String(decoding: try encoder.encode(keeper), as: UTF8.self) == #"{"value":\#(value)}"#)
    }
  }

  @Test func changedSettingsTakeEffectOnTheNextCall() throws {
    let encoder = sortingEncoder()
    let item = items(5)[4]
    #expect(try encoder.encode(item) == foundation(item))
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let pretty = JSONEncoder()
    pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
    #expect(try encoder.encode(item) == pretty.encode(item))
    encoder.keyEncodingStrategy = .convertToSnakeCase
    pretty.keyEncodingStrategy = .convertToSnakeCase
    #expect(try encoder.encode(item) == pretty.encode(item))
  }

  @Test func aLargeOutputIsFollowedByCorrectSmallOnes() throws {
    let encoder = sortingEncoder()
    let large = items(3_000)
    let small = items(1)
    // A large text's memory is handed to its Data: later calls must not write into it.
    let first = try encoder.encode(large)
    let smallText = try encoder.encode(small)
    let second = try encoder.encode(large)
    let third = try encoder.encode(small)
    #expect(first.count > 64 * 1024)
    #expect(first == (try foundation(large)))
    #expect(second == first)
    #expect(smallText == (try foundation(small)))
    #expect(third == smallText)
  }

  @Test func oneEncoderSharedByManyThreads() async throws {
    let encoder = sortingEncoder()
    let all = items(40)
    let expected = try all.map { try foundation($0) }
    let results = try await resultsOfConcurrentTasks(8) { task in
      var same = true
      for round in 0..<200 {
        let index = (task * 7 + round) % all.count
        let data = try encoder.encode(all[index])
        same = same && data == expected[index]
      }
      return same
    }
    #expect(results.count == 8)
    for same in results { #expect(same) }
  }
}
