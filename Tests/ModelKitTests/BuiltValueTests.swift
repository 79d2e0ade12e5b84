import Foundation
import ModelKit
import ModelKitJSON
import Testing

/// Everything a model's value is built from, beside text of its own.
private struct BuiltShelf: JSONModel {
  var name = "a/b \"shelf\" é 😀"
  var count = 3
  var ratio = 0.1
  var missing = Double.nan
  var nothing: String?
  var tags: Set<String> = ["a/", "a0", "b", "a\\"]
  var sizes: Set<Int> = [10, 9, 100]
  var rooms: Set<BuiltShelfRoom> = [BuiltShelfRoom(id: 2), BuiltShelfRoom(id: 1)]
  var labels = ["z": 1, "a/": 2]
  var books = [BuiltShelfBook(), BuiltShelfBook(title: "Two")]
  var first: BuiltShelfBook? = BuiltShelfBook(title: "One")
  var when = Date(timeIntervalSince1970: 1_000_000)
  var blob = Data([0, 1, 2, 250])
  var link = URL(string: "https://swift.org/a?b=c")
  var amount = Decimal(string: "12345678901234567890.123")!
  var anything: Any? = ["nested": [1, "two", NSNull(), ["three": 3.5]] as [Any]] as [String: Any]
  var coded = BuiltShelfCoded(code: "x/y", weights: [1.5, 2])
  var owner: BuiltShelfOwner? = BuiltShelfOwner()

  static var keyMapping: [String: JSONKey] { ["count": "meta.count", "ratio": "meta.ratio", "name": "title"] }
}

private struct BuiltShelfBook: JSONModel {
  var title = "Untitled"
  var pages: [Int] = [1, 2]
}

private struct BuiltShelfRoom: JSONModel, Hashable {
  var id = 0
}

private struct BuiltShelfCoded: Codable {
  var code: String
  var weights: [Double]
}

/// A class model whose hook edits what it writes.
private final class BuiltShelfOwner: JSONModel {
  var name = "Ada"
  var since = 1843
  required init() {}

  func didEncode(into json: inout JSONObject) throws {
    json["since"] = nil
    json["edited"] = .bool(true)
  }
}

/// Values built without text (`jsonValue()`, a hook's object, sets put in
/// order, values inside Codable trees) against the oracle, the model's text
/// read back: the same members in the same order, numbers as written.
@Suite("Values built without text")
struct BuiltValueTests {
  static let optionSets: [JSONWriteOptions] = [
    [], [.sortedKeys], [.includeNulls], [.withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes],
  ]

  @Test("a model's jsonValue is its text read back", arguments: optionSets)
  func modelValue(options: JSONWriteOptions) throws {
    let read = try JSONValue(json: BuiltShelf().jsonData(options: options))
    let built = try BuiltShelf().jsonValue(options: options)
    #expect(built.jsonBytes(options: options) == read.jsonBytes(options: options))
    #expect(built.jsonBytes() == read.jsonBytes(), "member order")
  }

  @Test("a collection's jsonValue is its text read back", arguments: optionSets)
  func collectionValue(options: JSONWriteOptions) throws {
    let shelves = [BuiltShelf(), BuiltShelf()]
    #expect(
      try shelves.jsonValue(options: options).jsonBytes()
        == JSONValue(json: shelves.jsonData(options: options)).jsonBytes())
    let byName = ["one": BuiltShelf()]
    #expect(
      try byName.jsonValue(options: options).jsonBytes()
        == JSONValue(json: byName.jsonData(options: options)).jsonBytes())
  }

  @Test("sets are ordered by each element's text as the options write it")
  func setOrderFollowsSlashes() throws {
    struct Tags: JSONModel { var tags: Set<String> = ["a/", "a0"] }
    // `/` is 0x2F, below `0`; escaped, `\/` begins with 0x5C, above it.
    #expect(try Tags().jsonString(options: .withoutEscapingSlashes) == #"{"tags":["a/","a0"]}"#)
    #expect(try Tags().jsonString() == #"{"tags":["a0","a\/"]}"#)
  }

  @Test("a hook edits the object its model's fields were built into")
  func hookEditsBuiltObject() throws {
    let value = try BuiltShelf().jsonValue()
    #expect(value["owner"] == .object(["name": "Ada", "edited": true]))
    #expect(value["owner"]?.object?.keys == ["name", "edited"])
  }

  @Test("a Codable value inside a model's Any and a ModelEncoder tree read as their text")
  func codableTrees() throws {
    struct Wrapper: Encodable {
      var when = Date(timeIntervalSince1970: 0)
      var blob = Data([1, 2])
      var amount = Decimal(string: "1.25")!
      var link = URL(string: "https://swift.org/a")!
      var values: [JSONValue] = [1, "two", [3], ["a/": 0.5]]
      var tags: Set<String> = ["a/", "a0"]
      var coded = BuiltShelfCoded(code: "x/y", weights: [1.5, 2])
    }
    let encoder = ModelEncoder()
    let wrapper = Wrapper()  // one instance: a set's own order can differ between equal sets
    let built = try encoder.encodeValue(wrapper)
    #expect(try built.jsonBytes() == JSONValue(json: encoder.encode(wrapper)).jsonBytes())
  }

  @Test("a value nested deeper than reading allows is an error, as reading it back was")
  func tooDeepModel() {
    final class Link: JSONModel {
      var next: Link?
      required init() {}
    }
    let first = Link()
    var last = first
    for _ in 0..<JSONValue.maximumDepth + 10 {
      let next = Link()
      last.next = next
      last = next
    }
    let error = #expect(throws: ModelError.self) { try first.jsonValue() }
    #expect(error?.kind == .tooDeep)
    // Taken apart a link at a time: released whole, the chain would recurse once per link.
    var current = first.next
    while let link = current {
      current = link.next
      link.next = nil
    }
  }

  @Test("models compare and describe through values built without text")
  func equalityAndDescription() {
    var other = BuiltShelf()
    #expect(BuiltShelf().modelEquals(other))
    other.tags.insert("new")
    #expect(!BuiltShelf().modelEquals(other))
    let description = BuiltShelf().modelDescription
    #expect(description.contains(#"when = "1970-01-12T13:46:40Z""#))
    #expect(description.contains("ratio = 0.1;"))
  }
}
