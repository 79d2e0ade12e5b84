import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

struct MappedBook: JSONModel {
  var name = ""
  var count = 0
  var desc1: String?
  var desc2: String?
  var desc3: String?
  var dotted: String?
  var modelID: String?
  var plain: String?

  static var keyMapping: [String: JSONKey] {
    [
      "name": "n", "count": "ext.c", "desc1": "ext.d", "desc2": "ext.d", "desc3": "ext..x.e",
      "dotted": .key("a.b"), "modelID": ["ID", "Id", "id", "ext.id"],
    ]
  }
}

struct SnakeUser: JSONModel {
  var userName = ""
  var avatarURL: URL?
  var followersCount = 0
  var id = 0
  static var keyMapping: [String: JSONKey] { ["id": "ID"] }
}

/// Keys alike in length and in their first and last eight bytes: every
/// one falls in the same place of a model's key table.
struct CollidingKeys: JSONModel {
  var k0 = 0, k1 = 0, k2 = 0, k3 = 0, k4 = 0, k5 = 0, k6 = 0, k7 = 0, k8 = 0, k9 = 0, k10 = 0, k11 = 0

  static var keyMapping: [String: JSONKey] {
    Dictionary(uniqueKeysWithValues: (0..<12).map { ("k\($0)", JSONKey.key(Self.key($0))) })
  }

  /// The JSON key of field `index`: the same 8 bytes before and after a different middle.
  static func key(_ index: Int) -> String { "prefix__\(index < 10 ? "0" : "")\(index)__suffix__" }
}

@Suite("Key mapping")
struct KeyMappingTests {
  /// A key the object names twice: the last value is read as if it were
  /// alone, as it is from the text's `JSONValue` (where only the last is
  /// kept): not merged into the earlier one, not left behind by a value
  /// that does not convert.
  @Test(arguments: [
    #"{"url": "https://a.example", "url": 0}"#,
    #"{"count": 5, "count": "many"}"#,
    #"{"count": 5, "count": null}"#,
    #"{"leaf": {"name": "a"}, "leaf": {"count": 1}}"#,
    #"{"leaf": {"name": "a", "name": [], "count": 1}}"#,
    #"{"url": "https://a.example", "count": 2, "url": "https://b.example"}"#,
  ])
  func aRepeatedKeyIsReadAsTheLastValueAlone(text: String) throws {
    struct Leaf: JSONModel, Equatable {
      var name = ""
      var count = 0
    }
    struct Site: JSONModel, Equatable {
      var url: URL?
      var count = 0
      var leaf = Leaf()
    }
    let fromText = try Site(json: text)
    #expect(try fromText == Site(json: JSONValue(json: text)))
    let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    #expect(try fromText == Site(jsonObject: #require(json)))
    // update(json:): a repeated key's property goes back to its type's default first.
    var updated = Site(url: URL(string: "https://c.example"), count: 9, leaf: Leaf(name: "kept", count: 3))
    try updated.update(json: text)
    var expected = fromText
    let named = try JSONValue(json: text).object ?? [:]
    if named["url"] == nil { expected.url = updated.url }
    if named["count"] == nil { expected.count = 9 }
    if named["leaf"] == nil { expected.leaf = Leaf(name: "kept", count: 3) }
    #expect(updated == expected)
  }

  @Test func renamesAndKeyPaths() throws {
    let model = try MappedBook(json: #"{"n": "Swift", "count": 9, "ext": {"c": 3, "d": "Apple", "x": {"e": "deep"}}}"#)
    #expect(model.name == "Swift")
    #expect(model.count == 3)
    #expect(model.desc1 == "Apple" && model.desc2 == "Apple")
    #expect(model.desc3 == "deep")
  }

  @Test func keyPathsNeedObjectsAllTheWay() throws {
    let model = try MappedBook(json: #"{"ext": 5}"#)
    #expect(model.count == 0 && model.desc1 == nil)
    #expect(try MappedBook(json: #"{"ext": {"x": [1]}}"#).desc3 == nil)
  }

  @Test func literalDottedKeysNeedJSONKeyKey() throws {
    let model = try MappedBook(json: #"{"a.b": "literal", "a": {"b": "nested"}, "ext.c": 5}"#)
    #expect(model.dotted == "literal")
    #expect(model.count == 0)
  }

  @Test func fallbacksTakeTheFirstPresentNonNullCandidate() throws {
    #expect(try MappedBook(json: #"{"id": "lower", "ext": {"id": "nested"}}"#).modelID == "lower")
    #expect(try MappedBook(json: #"{"ext": {"id": "nested"}}"#).modelID == "nested")
    #expect(try MappedBook(json: #"{"id": "abcd", "ID": "ABCD", "Id": "Abcd"}"#).modelID == "ABCD")
    #expect(try MappedBook(json: #"{"ID": null, "Id": "Abcd"}"#).modelID == "Abcd")
    var model = MappedBook()
    model.modelID = "old"
    try model.update(json: #"{"ID": null}"#)
    #expect(model.modelID == nil)
  }

  @Test func unmappedKeysAreIgnored() throws {
    let model = try MappedBook(json: #"{"plain": "p", "name": "not n", "unknown": 1}"#)
    #expect(model.plain == "p")
    #expect(model.name == "")
  }

  @Test func encodingNestsMergesAndUsesTheFirstCandidate() throws {
    var model = MappedBook()
    model.name = "N"
    model.count = 2
    model.desc1 = "d"
    model.desc3 = "e"
    model.modelID = "7"
    model.dotted = "x"
    let text = try model.jsonString()
    #expect(text == #"{"n":"N","ext":{"c":2,"d":"d","x":{"e":"e"}},"a.b":"x","ID":"7"}"#)
  }

  @Test func severalPropertiesOnOneKeyWriteTheFirstNonNil() throws {
    var model = MappedBook()
    model.desc2 = "second"
    #expect(try model.jsonValue()["ext"]?["d"] == "second")
  }

  @Test func snakeCaseAppliesToUnmappedProperties() throws {
    let json = #"{"user_name": "ada", "avatar_url": "https://a.b/c.png", "followers_count": "12", "ID": 4, "id": 5}"#
    let user = try SnakeUser(json: json, options: DecodingOptions(keyDecoding: .convertFromSnakeCase))
    #expect(user.userName == "ada")
    #expect(user.avatarURL == URL(string: "https://a.b/c.png"))
    #expect(user.followersCount == 12)
    #expect(user.id == 4)
    #expect(try SnakeUser(json: json).userName == "")
  }

  @Test func jsonKeyLiterals() {
    #expect(JSONKey("a..b") == .path(["a", "b"]))
    #expect(JSONKey(".ext") == .key("ext"))
    #expect(JSONKey("plain") == .key("plain"))
    let list: JSONKey = ["id", "ext.id"]
    #expect(list == .fallbacks([.key("id"), .path(["ext", "id"])]))
  }

  @Test func escapedAndNonASCIIKeysMatch() throws {
    struct Unicode: JSONModel {
      var café = ""
      var name = ""
    }
    let model = try Unicode(json: #"{"caf\u00e9": "nfc", "na\u006De": "escaped"}"#)
    #expect(model.café == "nfc")
    #expect(model.name == "escaped")
    #expect(try Unicode(json: "{\"cafe\u{301}\": \"nfd\"}").café == "nfd")
  }

  /// Keys that all hash alike (and unknown keys like them) find their
  /// fields in any order: a collision costs a probe, never a wrong field.
  @Test func keysThatAllCollideFindTheirFields() throws {
    var generator = SeededGenerator(seed: 0xC011)
    for _ in 0..<50 {
      var members = (0..<12).map { "\"\(CollidingKeys.key($0))\": \($0 * 7)" }
      // Unknown keys of the same shape, which probe the same slots.
      members += (12..<20).map { "\"\(CollidingKeys.key($0))\": -1" }
      members.shuffle(using: &generator)
      let model = try CollidingKeys(json: "{" + members.joined(separator: ", ") + "}")
      let values = [model.k0, model.k1, model.k2, model.k3, model.k4, model.k5, model.k6, model.k7, model.k8, model.k9, model.k10, model.k11]
      #expect(values == (0..<12).map { $0 * 7 })
    }
  }
}
