import Foundation
import ModelKit
import Testing

// Values that cross between the model walkers and the Codable coders twice:
// a Codable value holding a model holding Codable values holding models.
// Their paths must name the whole way from the top level, whichever walker
// makes the error, the report entry or the `codingPath`.

/// The innermost model.
private struct CrossLeaf: JSONModel, Codable {
  var n: UInt8 = 0
}

/// A Codable value inside a model, which keeps its decoder and encoder and
/// notes the coding path each gave it.
private final class CrossInner: Codable, @unchecked Sendable {
  var count: UInt8
  var leaf: CrossLeaf
  /// The decoder's coding path while the value was decoded.
  let decodedAt: [String]
  /// The decoder itself, kept after its call.
  let decoder: any Decoder
  /// The encoder's coding path while the value was last encoded.
  private(set) var encodedAt: [String] = []

  private enum Keys: String, CodingKey { case count, leaf }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    count = try container.decode(UInt8.self, forKey: .count)
    leaf = try container.decodeIfPresent(CrossLeaf.self, forKey: .leaf) ?? CrossLeaf()
    decodedAt = CrossingPathTests.names(decoder.codingPath)
    self.decoder = decoder
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(count, forKey: .count)
    try container.encode(leaf, forKey: .leaf)
    encodedAt = CrossingPathTests.names(encoder.codingPath)
  }
}

/// A model between the two Codable levels.
private struct CrossShelf: JSONModel, Codable {
  var items: [CrossInner] = []
}

/// The Codable top level.
private struct CrossOuter: Codable {
  var shelf: CrossShelf
}

/// A model whose shelf may come as JSON in a string (a lenient rule):
/// the shelf is read from a second document, under a key of the first.
private struct CrossWrapper: JSONModel {
  var shelf = CrossShelf()
}

@Suite("Paths across model and Codable crossings")
struct CrossingPathTests {
  /// A coding path as its keys' names, an index as `[i]`.
  static func names(_ path: [any CodingKey]) -> [String] {
    path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
  }

  static let json = #"{"shelf": {"items": [{"count": 1}, {"count": 2, "leaf": {"n": 3}}]}}"#

  @Test func aCodableValueBelowAModelBelowACodableValueSeesItsWholePath() throws {
    let outer = try ModelDecoder().decode(CrossOuter.self, from: Self.json)
    #expect(outer.shelf.items.map(\.decodedAt) == [["shelf", "items", "[0]"], ["shelf", "items", "[1]"]])
    #expect(outer.shelf.items[1].leaf.n == 3)
  }

  @Test func aDecoderKeptAfterItsCallStillNamesItsPath() throws {
    let outer = try ModelDecoder().decode(CrossOuter.self, from: Self.json)
    // The walk that lent its keys is gone: the kept decoders name their own.
    #expect(outer.shelf.items.map { Self.names($0.decoder.codingPath) } == [
      ["shelf", "items", "[0]"], ["shelf", "items", "[1]"],
    ])
  }

  @Test(arguments: [
    (#"{"shelf": {"items": [{"count": 1}, {"count": "x"}]}}"#, "$.shelf.items[1].count", ["shelf", "items", "[1]", "count"]),
    (
      #"{"shelf": {"items": [{"count": 1, "leaf": {"n": "x"}}]}}"#, "$.shelf.items[0].leaf.n",
      ["shelf", "items", "[0]", "leaf", "n"]
    ),
    (#"{"shelf": {"items": [{"count": 1}, 7]}}"#, "$.shelf.items[1]", ["shelf", "items", "[1]"]),
  ])
  func strictErrorsNameTheWholeWay(json: String, path: String, keys: [String]) {
    do {
      _ = try ModelDecoder(options: DecodingOptions(strict: true)).decode(CrossOuter.self, from: json)
      Issue.record("no error for \(json)")
    } catch let error as DecodingError {
      let context = decodingContext(error)
      #expect(context.map { Self.names($0.codingPath) } == keys)
      #expect(underlyingModelError(error)?.codingPath == path)
    } catch {
      Issue.record("\(error) is not a DecodingError")
    }
  }

  @Test func reportEntriesNameTheWholeWay() throws {
    let report = DecodeReport()
    let json = #"{"shelf": {"items": [{"count": 1}, {"count": "2", "leaf": {"n": "3"}, "extra": 0}]}}"#
    let outer = try ModelDecoder(options: DecodingOptions(report: report)).decode(CrossOuter.self, from: json)
    #expect(outer.shelf.items[1].count == 2 && outer.shelf.items[1].leaf.n == 3)
    let paths = Set(report.entries.map { "\($0.kind) \($0.path)" })
    #expect(paths.contains("converted $.shelf.items[1].count"))
    #expect(paths.contains("converted $.shelf.items[1].leaf.n"))
    #expect(paths.contains("unknownKey $.shelf.items[1].extra"))
  }

  /// The keys of a document are named lazily, without keeping it; a value
  /// read from JSON in a string (a second document) keeps a decoder whose
  /// path begins with a key of the first, which is gone after the call.
  @Test func aDecoderKeptFromJSONInAStringNamesTheKeyOfTheString() throws {
    let wrappers = try (0..<8).map { index in
      try CrossWrapper(json: #"{"shelf": "{\"items\": [{\"count\": \#(index)}]}"}"#)
    }
    // Other documents take the memory of the first ones.
    for index in 0..<64 { _ = try CrossWrapper(json: #"{"shelf": {"items": [{"count": \#(index % 200)}]}}"#) }
    for (index, wrapper) in wrappers.enumerated() {
      let inner = try #require(wrapper.shelf.items.first)
      #expect(inner.count == UInt8(index))
      #expect(Self.names(inner.decoder.codingPath) == ["shelf", "items", "[0]"])
    }
  }

  @Test func encodersSeeTheWholePathToo() throws {
    let outer = try ModelDecoder().decode(CrossOuter.self, from: Self.json)
    _ = try ModelEncoder().encode(outer)
    #expect(outer.shelf.items.map(\.encodedAt) == [["shelf", "items", "[0]"], ["shelf", "items", "[1]"]])
    _ = try outer.shelf.jsonData()
    #expect(outer.shelf.items.map(\.encodedAt) == [["items", "[0]"], ["items", "[1]"]])
  }
}
