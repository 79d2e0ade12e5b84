import Foundation
import ModelKit
import Testing

struct Item: JSONModel {
  var count = 0
  var name = ""
}

struct Shelf: JSONModel {
  var items: [Item] = []
  var byName: [String: Item] = [:]
  var tags: Set<String> = []
  var scores: ContiguousArray<Double> = []
  var matrix: [[Int]] = []
  var maybe: [Int?] = []
  var optionalItems: [Item]?
  var raw: JSONValue?
  var object: JSONObject?
  var any: Any?
  var foundation: [String: Any] = [:]
  var list: [Any] = []
}

@Suite("Containers")
struct ContainerTests {
  @Test func dropsJunkElements() throws {
    let shelf = try Shelf(json: #"{"items": [{"count": 1}, null, "x", 3, {"count": "2"}, [], {"name": "n"}], "byName": {"a": {"count": 1}, "b": null, "c": 7}}"#)
    #expect(shelf.items.map(\.count) == [1, 2, 0])
    #expect(shelf.items.last?.name == "n")
    #expect(shelf.byName.keys.sorted() == ["a"])
  }

  @Test func convertsElementsLeniently() throws {
    let shelf = try Shelf(json: #"{"tags": ["a", "b", "a", 1], "scores": [1, "2.5", "x", true], "matrix": [[1, "2"], "no", [3]], "maybe": [1, null, "z"]}"#)
    #expect(shelf.tags == ["a", "b", "1"])
    #expect(Array(shelf.scores) == [1, 2.5, 1])
    #expect(shelf.matrix == [[1, 2], [3]])
    #expect(shelf.maybe == [1, nil])
  }

  @Test func nonArraysAreIgnored() throws {
    var shelf = Shelf()
    shelf.items = [Item()]
    try shelf.update(json: #"{"items": {"count": 1}, "tags": "a"}"#)
    #expect(shelf.items.count == 1)
    #expect(shelf.tags.isEmpty)
  }

  @Test func dynamicValuesAreStoredAsTheyAre() throws {
    let shelf = try Shelf(json: #"{"raw": {"a": [1, 2.5]}, "object": {"k": null}, "any": [1, "x"], "foundation": {"n": 1, "b": true}, "list": [false, null]}"#)
    #expect(shelf.raw == ["a": [1, 2.5]])
    #expect(shelf.object?["k"] == .null)
    #expect((shelf.any as? [Any])?.count == 2)
    #expect(shelf.foundation["n"] as? Int == 1)
    #expect(shelf.foundation["b"] as? Bool == true)
    #expect(shelf.list.count == 2)
    let encoded = try shelf.jsonValue()
    #expect(encoded["raw"] == ["a": [1, 2.5]])
    #expect(encoded["any"] == [1, "x"])
    #expect(encoded["foundation"] == ["n": 1, "b": true])
    #expect(encoded["list"] == [false, nil])
  }

  @Test func topLevelArraysAndDictionariesOfModels() throws {
    let items = try [Item](json: #"[{"count": 1}, 5, {"count": 2}, null]"#)
    #expect(items.map(\.count) == [1, 2])
    let byID = try [String: Item](json: Data(#"{"a": {"count": 1}, "b": [], "c": {"name": "c"}}"#.utf8))
    #expect(byID.keys.sorted() == ["a", "c"])
    #expect(try items.jsonString() == #"[{"count":1,"name":""},{"count":2,"name":""}]"#)
    #expect(try byID.jsonString() == #"{"a":{"count":1,"name":""},"c":{"count":0,"name":"c"}}"#)
    #expect(try [Item](jsonObject: [["count": 3]] as [Any]).first?.count == 3)
  }

  @Test func wrongTopLevelKindsAreErrors() {
    let array = #expect(throws: ModelError.self) { try [Item](json: #"{"count": 1}"#) }
    #expect(array?.kind == .wrongTopLevel)
    let dictionary = #expect(throws: ModelError.self) { try [String: Item](json: "[]") }
    #expect(dictionary?.kind == .wrongTopLevel)
  }

  @Test func strictModeNamesTheBadElement() {
    let error = #expect(throws: ModelError.self) {
      try [Item](json: #"[{"count": 1}, {"count": 2}, {"count": 3}, {"count": "4"}]"#, options: DecodingOptions(strict: true))
    }
    #expect(error?.codingPath == "$[3].count")
    #expect(error?.kind == .typeMismatch)
    let junk = #expect(throws: ModelError.self) { try [Item](json: "[1]", options: DecodingOptions(strict: true)) }
    #expect(junk?.codingPath == "$[0]")
  }

  @Test func encodesNilElementsAsNull() throws {
    var shelf = Shelf()
    shelf.maybe = [1, nil, 3]
    shelf.scores = [1, .nan]
    let value = try shelf.jsonValue()
    #expect(value["maybe"] == [1, nil, 3])
    #expect(value["scores"] == [1, nil])
  }
}
