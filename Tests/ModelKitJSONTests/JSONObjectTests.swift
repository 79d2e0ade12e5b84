import ModelKitJSON
import Testing

@Suite("JSONObject")
struct JSONObjectTests {
  @Test func keepsInsertionOrder() {
    var object: JSONObject = ["z": 1, "a": 2]
    object["m"] = 3
    #expect(object.keys == ["z", "a", "m"])
    #expect(object.values == [1, 2, 3])
    #expect(object.map(\.key) == ["z", "a", "m"])
    #expect(object.count == 3)
  }

  @Test func replacingAKeyKeepsItsPlace() {
    var object: JSONObject = ["a": 1, "b": 2]
    object["a"] = "new"
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == "new")
  }

  @Test func removesKeys() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3]
    #expect(object.removeValue(forKey: "b") == 2)
    #expect(object.removeValue(forKey: "missing") == nil)
    object["a"] = nil
    #expect(object.keys == ["c"])
    #expect(object["a"] == nil)
  }

  @Test(arguments: [3, 40])
  func manyKeysStayAddressable(_ count: Int) {
    var object = JSONObject()
    for index in 0..<count { object["k\(index)"] = JSONValue(index) }
    for index in 0..<count { #expect(object["k\(index)"]?.int == index) }
    object["k1"] = nil
    #expect(object["k2"]?.int == 2)
    #expect(object["k1"] == nil)
    #expect(object.count == count - 1)
  }

  @Test func isACopyOnWriteValue() {
    let original: JSONObject = ["a": 1]
    var copy = original
    copy["a"] = 2
    #expect(original["a"] == 1)
    #expect(copy["a"] == 2)
  }

  @Test func equalityIgnoresOrder() {
    let left: JSONObject = ["a": 1, "b": [2]]
    let right: JSONObject = ["b": [2], "a": 1]
    #expect(left == right)
    #expect(left.hashValue == right.hashValue)
    #expect(left != ["a": 1])
    #expect(left != ["a": 1, "c": [2]])
  }

  @Test func viewsReadTheDocumentWithoutCopying() throws {
    let document = try JSONDocument(parsing: #"{"a": {"b": [1, {"c": "d"}]}, "e": 5, "e": 6}"#)
    let view = try #require(JSONObject(viewing: document.root, in: document))
    #expect(view["e"] == 6)
    #expect(view["a"]?["b"]?[1]?["c"] == "d")
    #expect(view.keys == ["a", "e"])
    #expect(view.count == 2)
    #expect(view == document.value(of: document.root).object)
    #expect(JSONObject(viewing: Array(document.members(of: document.root))[1].value, in: document) == nil)
  }

  @Test func changingAViewMakesAnOwnedCopy() throws {
    let document = try JSONDocument(parsing: #"{"a": 1, "b": 2}"#)
    var view = try #require(JSONObject(viewing: document.root, in: document))
    let untouched = view
    view["c"] = 3
    view["a"] = nil
    #expect(view.keys == ["b", "c"])
    #expect(untouched.keys == ["a", "b"])
    #expect(untouched["a"] == 1)
  }

  @Test func initialiserFromPairsKeepsTheLastDuplicate() {
    let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == 3)
  }
}
