import Foundation
import ModelKit
import Observation
import Testing
import ModelKitTestSupport

// The model layer on the types users write: hooks that validate or count,
// weak and let properties of classes, nested models with defaults.

/// Keeps the objects its `didDecode` was given.
private final class RealCounted: JSONModel {
  static let seen = Locked<[JSONObject]>([])
  var id = 0
  required init() {}
  func didDecode(from json: JSONObject) throws {
    Self.seen.withLock { $0.append(json) }
  }
}

/// Counts its `didDecode` calls; used by one test only, as tests run in parallel.
private final class RealTallied: JSONModel {
  static let calls = Locked(0)
  var id = 0
  required init() {}
  func didDecode(from json: JSONObject) throws { Self.calls.withLock { $0 += 1 } }
}

/// Validates with `didDecode` alone (no `willDecode`).
private struct RealStamped: JSONModel {
  var stamp = ""
  struct Unstamped: Error {}
  mutating func didDecode(from json: JSONObject) throws {
    guard json["stamp"]?.string?.isEmpty == false else { throw Unstamped() }
  }
}

/// The issue's example: a hook that crashes when it runs on anything but real, decoded input.
private final class RealEvent: JSONModel {
  var createdAt: Date!
  required init() {}
  func didEncode(into json: inout JSONObject) throws {
    json["ts"] = JSONValue(createdAt.timeIntervalSince1970)
  }
}

/// Crashes if `init()`-fresh instances get their hooks called.
private struct RealFussy: JSONModel {
  var name: String?
  static let modelTypeCalls = Locked(0)
  static func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
    precondition(json["name"] != nil, "modelType(for:) ran on made-up input")
    modelTypeCalls.withLock { $0 += 1 }
    return nil
  }
  mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
    precondition(!json.isEmpty, "willDecode ran on made-up input")
    return nil
  }
}

private final class RealAnchor: Sendable {
  static let shared = RealAnchor()
}

/// The issue's example, with an unowned reference and a `let` too.
private final class RealNode: JSONModel {
  weak var parent: RealNode?
  unowned var owner = RealAnchor.shared
  var name = ""
  let kind = "node"
  init() {}
}

private struct RealHolder: JSONModel {
  weak var link: RealNode?
  let fixed = 7
  var count = 0
}

private final class RealSettings: JSONModel {
  var theme = "light"
  var fontSize = 12
  required init() {}
}

private struct RealLimits: JSONModel {
  var low = 1
  var high = 9
  var checked = false
  mutating func didDecode(from json: JSONObject) throws { checked = true }
}

private struct RealProfile: JSONModel {
  var name = ""
  var settings = RealSettings()
  var limits = RealLimits()
  var optionalSettings: RealSettings?
}

@Suite("Real types")
struct RealTypesTests {
  @Test func didDecodeSeesTheObjectWithoutWillDecode() throws {
    let stamped = try [RealStamped](json: #"[{"stamp": "a"}, {"stamp": ""}, {"stamp": "c"}]"#)
    #expect(stamped.map(\.stamp) == ["a", "c"])
    let counted = try RealCounted(json: #"{"id": 4}"#)
    #expect(counted.id == 4)
    #expect(RealCounted.seen.withLock { $0.last?["id"] } == 4)
  }

  @Test func hooksRunOnceOnRealInputOnly() throws {
    _ = try [RealTallied](json: #"[{"id": 1}, {"id": 2}, {"id": 3}]"#)
    #expect(RealTallied.calls.withLock { $0 } == 3)

    let event = try RealEvent(json: #"{"createdAt": 100}"#)
    #expect(try event.jsonValue()["ts"] == 100)

    let fussy = try RealFussy(json: #"{"name": "x"}"#)
    #expect(fussy.name == "x")
    #expect(RealFussy.modelTypeCalls.withLock { $0 } >= 1)
    _ = try fussy.jsonData()
    _ = try ModelSchema.of(RealFussy.self)
  }

  @Test func weakUnownedAndLetPropertiesOfClassesAreLeftAlone() throws {
    let node = try RealNode(json: #"{"name": "c", "parent": {"name": "p"}, "owner": {"name": "o"}, "kind": "k"}"#)
    #expect(node.name == "c")
    #expect(node.parent == nil)
    #expect(node.owner === RealAnchor.shared)
    #expect(node.kind == "node")
    #expect(try node.jsonString(options: [.sortedKeys]) == #"{"name":"c"}"#)
    #expect(node.modelDescription.contains("name"))
    #expect(!node.modelDescription.contains("parent"))
    let copy = node.modelCopy()
    #expect(copy.name == "c")
    let diagnostics = try ModelSchema.of(RealNode.self).diagnostics
    #expect(diagnostics.contains { $0.contains("'parent'") && $0.contains("weak") })
    #expect(diagnostics.contains { $0.contains("'owner'") && $0.contains("weak or unowned") })
    #expect(diagnostics.contains { $0.contains("'kind'") && $0.contains("let") })

    let holder = try RealHolder(json: #"{"link": {"name": "l"}, "fixed": 1, "count": 2}"#)
    #expect(holder.link == nil && holder.fixed == 7 && holder.count == 2)
  }

  @Test func reflectionReportsVarAndStrongPerField() {
    let fields = TypeInfo(of: RealNode.self).fields
    #expect(fields.map(\.name) == ["parent", "owner", "name", "kind"])
    #expect(fields.map(\.isVariable) == [true, true, true, false])
    #expect(fields.map(\.isStrong) == [false, false, true, true])
  }

  @Test func nestedModelsAreFilledNotReplaced() throws {
    let profile = try RealProfile(json: #"{"name": "n", "settings": {"fontSize": 14}, "limits": {"high": 5}}"#)
    #expect(profile.settings.theme == "light" && profile.settings.fontSize == 14)
    #expect(profile.limits.low == 1 && profile.limits.high == 5 && profile.limits.checked)

    var updated = profile
    let settings = updated.settings
    try updated.update(json: #"{"settings": {"theme": "dark"}, "limits": {"low": 2}}"#)
    #expect(updated.settings === settings)
    #expect(updated.settings.theme == "dark" && updated.settings.fontSize == 14)
    #expect(updated.limits.low == 2 && updated.limits.high == 5)
    #expect(updated.name == "n")

    var withOptional = RealProfile()
    withOptional.optionalSettings = RealSettings()
    withOptional.optionalSettings?.fontSize = 20
    let kept = withOptional.optionalSettings
    try withOptional.update(json: #"{"optionalSettings": {"theme": "dark"}}"#)
    #expect(withOptional.optionalSettings === kept)
    #expect(withOptional.optionalSettings?.fontSize == 20 && withOptional.optionalSettings?.theme == "dark")
    try withOptional.update(json: #"{"optionalSettings": null}"#)
    #expect(withOptional.optionalSettings == nil)
  }

  @Test func theSourcesUseNoPrivateInterface() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    #expect(files.count > 50)
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(!text.contains("@_spi"), "\(file.lastPathComponent) imports a private interface")
    }
  }
}

private struct EntryUser: JSONModel, Hashable {
  var id = 0
  var name = ""
}

private final class EntryAccount: JSONModel {
  var id = 0
  var tags: [String] = []
  required init() {}
}

@Suite("Entry points")
struct EntryPointTests {
  let object = #"{"id": 1, "name": "a"}"#
  let envelope = #"{"data": {"user": {"id": 2, "name": "b"}, "items": [{"id": 3}, {"id": 4}], "byID": {"x": {"id": 5}}}}"#

  @Test func everyInputDecodesAModel() throws {
    let value = try JSONValue(json: object)
    let inputs: [EntryUser] = [
      try EntryUser(json: Data(object.utf8)), try EntryUser(json: object), try EntryUser(json: Array(object.utf8)),
      try EntryUser(json: value), try EntryUser(json: value.object ?? [:]),
      try EntryUser(jsonObject: ["id": 1, "name": "a"] as [String: Any]),
    ]
    #expect(inputs.allSatisfy { $0 == EntryUser(id: 1, name: "a") })
  }

  @Test func everyInputUpdatesAModel() throws {
    var user = EntryUser()
    try user.update(json: Data(#"{"id": 1}"#.utf8))
    try user.update(json: #"{"name": "a"}"#)
    try user.update(json: Array(#"{"id": 2}"#.utf8))
    try user.update(json: JSONValue.object(["name": "b"]))
    try user.update(json: ["id": 3] as JSONObject)
    #expect(user == EntryUser(id: 3, name: "b"))

    let account = EntryAccount()  // a `let`: classes update without `var`
    try account.update(json: #"{"id": 7, "tags": ["t"]}"#)
    try account.update(json: envelope, at: "data.user")
    #expect(account.id == 2 && account.tags == ["t"])
  }

  @Test func decodingCanStartInsideAnEnvelope() throws {
    #expect(try EntryUser(json: envelope, at: "data.user") == EntryUser(id: 2, name: "b"))
    #expect(try [EntryUser](json: envelope, at: "data.items").map(\.id) == [3, 4])
    #expect(try [String: EntryUser](json: envelope, at: "data.byID")["x"]?.id == 5)
    #expect(try EntryUser(json: Data(envelope.utf8), at: ["data.missing", "data.user"]).id == 2)
    let missing = #expect(throws: ModelError.self) { try EntryUser(json: envelope, at: "data.nobody") }
    #expect(missing?.kind == .missingKey)
    let wrongKind = #expect(throws: ModelError.self) { try EntryUser(json: envelope, at: "data.items") }
    #expect(wrongKind?.kind == .wrongTopLevel)
    #expect(wrongKind?.codingPath == "$.data.items")
    let strict = #expect(throws: ModelError.self) {
      try EntryUser(json: #"{"data": {"user": {"id": "x"}}}"#, at: "data.user", options: DecodingOptions(strict: true))
    }
    #expect(strict?.codingPath == "$.data.user.id")
  }

  @Test func everyInputDecodesCollections() throws {
    let array = #"[{"id": 1}, {"id": 2}]"#
    let arrays: [[EntryUser]] = [
      try [EntryUser](json: Data(array.utf8)), try [EntryUser](json: array), try [EntryUser](json: Array(array.utf8)),
      try [EntryUser](json: try JSONValue(json: array)), try [EntryUser](jsonObject: [["id": 1], ["id": 2]] as [Any]),
    ]
    #expect(arrays.allSatisfy { $0.map(\.id) == [1, 2] })
    let dictionary = #"{"a": {"id": 1}, "b": {"id": 2}}"#
    let object = try JSONValue(json: dictionary)
    let dictionaries: [[String: EntryUser]] = [
      try [String: EntryUser](json: Data(dictionary.utf8)), try [String: EntryUser](json: dictionary),
      try [String: EntryUser](json: Array(dictionary.utf8)), try [String: EntryUser](json: object),
      try [String: EntryUser](json: object.object ?? [:]),
      try [String: EntryUser](jsonObject: ["a": ["id": 1], "b": ["id": 2]] as [String: Any]),
    ]
    #expect(dictionaries.allSatisfy { $0.mapValues(\.id) == ["a": 1, "b": 2] })
  }

  @Test func setsOfModelsEncodeInAStableOrder() throws {
    let users: Set = [EntryUser(id: 2, name: "b"), EntryUser(id: 1, name: "a"), EntryUser(id: 10, name: "c")]
    let text = try users.jsonString()
    #expect(text == #"[{"id":1,"name":"a"},{"id":10,"name":"c"},{"id":2,"name":"b"}]"#)
    #expect(try users.jsonValue().array?.count == 3)
  }

  @Test func modelDecoderTakesBytesAndObjects() throws {
    struct Plain: Codable, Equatable { var id: Int }
    #expect(try ModelDecoder().decode(Plain.self, from: Array(#"{"id": 1}"#.utf8)) == Plain(id: 1))
    #expect(try ModelDecoder().decode(Plain.self, from: ["id": 2] as JSONObject) == Plain(id: 2))
  }
}

@propertyWrapper
struct Clamped: Codable {
  var wrappedValue: Int
  init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 10) }
}

/// A wrapper whose value is not stored as `wrappedValue`: mapped by its
/// declared property's name, through its own (synthesized) Codable conformance.
@propertyWrapper
struct Lowercased: Codable {
  private var text: String
  var wrappedValue: String {
    get { text }
    set { text = newValue.lowercased() }
  }
  init(wrappedValue: String) { text = wrappedValue.lowercased() }
}

private struct Player: JSONModel {
  @Clamped var level = 3
  var name = ""
  @Lowercased var tag = "x"
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable
private final class ObservedPrefs: JSONModel {
  var theme = "light"
  var size = 12
  var nested: RealSettings?
  init() {}
}

@Suite("Wrappers and observation")
struct WrapperTests {
  @Test func propertyWrappersMapByTheirDeclaredNames() throws {
    let player = try Player(json: #"{"level": 7, "name": "p"}"#)
    #expect(player.level == 7 && player.name == "p")
    #expect(try player.jsonString(options: [.sortedKeys]) == #"{"level":7,"name":"p","tag":{"text":"x"}}"#)
    #expect(try player.jsonValue()["level"] == 7)
    #expect(try ModelSchema.of(Player.self).fieldNames == ["level", "name", "tag"])
    #expect(try Player(json: #"{"tag": {"text": "y"}}"#).tag == "y")
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @Test func observableClassesMapTheirDeclaredProperties() throws {
    let prefs = try ObservedPrefs(json: #"{"theme": "dark", "size": "14", "nested": {"fontSize": 9}}"#)
    #expect(prefs.theme == "dark" && prefs.size == 14 && prefs.nested?.fontSize == 9)
    #expect(try prefs.jsonString(options: [.sortedKeys]) == #"{"nested":{"fontSize":9,"theme":"light"},"size":14,"theme":"dark"}"#)
    #expect(try ModelSchema.of(ObservedPrefs.self).fieldNames == ["theme", "size", "nested"])
    try prefs.update(json: #"{"size": 20}"#)
    #expect(prefs.size == 20 && prefs.theme == "dark")
  }
}

private struct Embedded: JSONModel {
  var love: RealSettings?
  var limits = RealLimits()
  var tags: [String] = []
  var scores: [String: Int] = [:]
}

@Suite("JSON inside strings")
struct EmbeddedJSONTests {
  let input = #"{"love": "{\"theme\":\"sleep\"}", "limits": " {\"high\": 4}", "tags": "[\"a\", \"b\"]", "scores": "{\"x\": \"2\"}"}"#

  @Test func stringsHoldingJSONAreReadLeniently() throws {
    let model = try Embedded(json: input)
    #expect(model.love?.theme == "sleep" && model.love?.fontSize == 12)
    #expect(model.limits.high == 4 && model.limits.low == 1 && model.limits.checked)
    #expect(model.tags == ["a", "b"])
    #expect(model.scores == ["x": 2])
  }

  @Test func otherStringsStayUnconvertible() throws {
    let model = try Embedded(json: #"{"love": "sleep", "tags": "{\"a\": 1}", "scores": "[1]", "limits": "{"}"#)
    #expect(model.love == nil && model.tags.isEmpty && model.scores.isEmpty && model.limits.high == 9)
  }

  @Test func strictModeRefusesThem() {
    let error = #expect(throws: ModelError.self) { try Embedded(json: input, options: DecodingOptions(strict: true)) }
    #expect(error?.kind == .typeMismatch)
    #expect(error?.codingPath == "$.love")
  }
}

private enum GraphMood: String { case calm, loud }

private struct GraphHolder: JSONModel {
  var when: Date?
  var link: URL?
  var blob: Data?
  var id: UUID?
  var amount: Decimal = 0
  var ratio = 0.0
  var tags: Set<String> = []
  var mood = GraphMood.calm
  var settings = RealSettings()
  var anything: Any = "unset"
  var optionalAnything: Any?
  var extra: [String: Any] = [:]
  var list: [Any] = []
}

private struct ReferenceTypes: JSONModel {
  var string: NSString = ""
  var mutableString = NSMutableString(string: "")
  var number = NSNumber(value: 0)
  var decimal = NSDecimalNumber(value: 0)
  var array = NSArray()
  var mutableArray = NSMutableArray()
  var dictionary = NSDictionary()
  var set = NSSet()
  var date: NSDate?
  var url: NSURL?
  var data: NSData?
  var null: NSNull?
}

@Suite("Foundation graphs")
struct FoundationGraphTests {
  let date = Date(timeIntervalSince1970: 1_700_000_000)
  let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

  @Test func graphsHoldingSwiftValuesDecode() throws {
    let settings = RealSettings()
    settings.theme = "dark"
    let graph: [String: Any] = [
      "when": date, "link": URL(string: "https://e.com/a")!, "blob": Data([1, 2, 3]), "id": uuid,
      "amount": Decimal(string: "12.34")!, "ratio": CGFloat(0.5), "tags": Set(["b", "a"]) as Set<String>,
      "mood": GraphMood.loud, "settings": settings, "extra": ["set": NSSet(array: [2, 1])],
    ]
    let model = try GraphHolder(jsonObject: graph)
    #expect(model.when == date && model.link?.absoluteString == "https://e.com/a")
    #expect(model.blob == Data([1, 2, 3]) && model.id == uuid)
    #expect(model.amount == Decimal(string: "12.34") && model.ratio == 0.5)
    #expect(model.tags == ["a", "b"] && model.mood == .loud && model.settings.theme == "dark")
    #expect((model.extra["set"] as? [Any])?.count == 2)
  }

  @Test func anyPropertiesHoldingSwiftValuesEncode() throws {
    var model = GraphHolder()
    let settings = RealSettings()
    settings.fontSize = 3
    model.extra = ["when": date, "link": URL(string: "https://e.com")!, "model": settings, "mood": GraphMood.loud]
    model.list = [uuid, Data([255]), Set([2, 1])]
    let value = try model.jsonValue()
    #expect(value["extra"]?["when"] == "2023-11-14T22:13:20Z")
    #expect(value["extra"]?["link"] == "https://e.com")
    #expect(value["extra"]?["model"] == ["theme": "light", "fontSize": 3])
    #expect(value["extra"]?["mood"] == "loud")
    #expect(value["list"] == ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "/w==", [1, 2]])
    let seconds = try model.jsonValue(options: .datesAsSecondsSince1970)
    #expect(seconds["extra"]?["when"] == 1_700_000_000)
  }

  @Test func jsonObjectGivesWhatJSONSerializationGives() throws {
    let text = #"{"a": 1.5, "b": 2, "c": true, "d": [1, 2.5], "e": null, "f": "s"}"#
    let ours = try JSONValue(json: text).jsonObject()
    let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8))
    for (key, value) in try #require(theirs as? [String: Any]) {
      let mine = try #require((ours as? [String: Any])?[key])
      #expect(type(of: mine) == type(of: value) || (mine is NSNumber && value is NSNumber), "\(key)")
    }
    #expect((ours as? [String: Any])?["a"] is NSNumber)
    #expect(((ours as? [String: Any]).map { $0.filter { $0.key == "a" } }) as? [String: Float] == ["a": 1.5])
    let model = try GraphHolder(json: #"{"ratio": 1.5}"#)
    #expect((try model.jsonObject() as? [String: Any])?["ratio"] is NSNumber)
  }

  @Test func nullIsNoValueForANonOptionalAny() throws {
    let model = try GraphHolder(json: #"{"anything": null, "optionalAnything": null}"#)
    #expect(model.anything as? String == "unset")
    #expect(model.optionalAnything == nil)
    let set = try GraphHolder(json: #"{"anything": [1], "optionalAnything": "x"}"#)
    #expect((set.anything as? [Any])?.count == 1 && set.optionalAnything as? String == "x")
  }

  @Test func foundationReferenceTypesConvertAsTheirSwiftCounterparts() throws {
    let json = #"""
      {"string": "s", "mutableString": "m", "number": "12", "decimal": "1.25", "array": [1, "a"],
       "mutableArray": [true], "dictionary": {"k": 1}, "set": [1, 1, 2], "date": "2014-05-06",
       "url": "https://e.com", "data": "AQI=", "null": null}
      """#
    let model = try ReferenceTypes(json: json)
    #expect(model.string == "s" && model.mutableString == "m")
    #expect(model.number == NSNumber(value: 12) && model.decimal == NSDecimalNumber(string: "1.25"))
    #expect(model.array.count == 2 && model.mutableArray.count == 1 && model.dictionary.count == 1)
    #expect(model.set.count == 2)
    // NSData takes a string's UTF-8 bytes, as YYModel did (YYModelParityTests).
    #expect(model.date != nil && model.url?.absoluteString == "https://e.com" && model.data?.length == 4)
    #expect(try ModelSchema.of(ReferenceTypes.self).diagnostics.isEmpty)
    let back = try model.jsonValue()
    #expect(back["string"] == "s" && back["number"] == 12 && back["decimal"] == 1.25 && back["dictionary"] == ["k": 1])
    #expect(back["url"] == "https://e.com" && back["data"] == "AQI=")
    let again = try ReferenceTypes(json: model.jsonData(), options: DecodingOptions(strict: true))
    #expect(again.set.count == 2 && again.date == model.date)
  }
}

private struct Described: JSONModel {
  var inner: DescribedInner?
  var blob = Data()
  var link: URL?
  var map: [String: DescribedInner] = [:]
}

private struct DescribedInner: JSONModel {
  var note: String?
  var count = 1
}

private final class DescribedLoop: JSONModel {
  var name = "loop"
  var next: DescribedLoop?
  required init() {}
}

@Suite("Model description")
struct ModelDescriptionTests {
  @Test func namesNestedTypesAndShowsNilAlike() {
    var model = Described()
    model.inner = DescribedInner()
    model.map = ["k": DescribedInner(note: "n", count: 2)]
    model.link = URL(string: "https://e.com")
    let expected = """
      Described {
          blob = <>;
          inner = DescribedInner {
              count = 1;
              note = <nil>
          };
          link = "https://e.com";
          map = {
              k = DescribedInner {
                  count = 2;
                  note = "n"
              }
          }
      }
      """
    #expect(model.modelDescription == expected)
  }

  @Test func shortensLongDataAsYYModelDid() {
    var model = Described()
    model.blob = Data(0..<200)
    let line = model.modelDescription.split(separator: "\n").first { $0.contains("blob") } ?? ""
    #expect(line.hasPrefix("    blob = <00010203 04050607"))
    #expect(line.hasSuffix("...;"))
    #expect(line.count < 120)
  }

  @Test func aCycleIsNamedNotFollowed() {
    let loop = DescribedLoop()
    loop.next = loop
    #expect(loop.modelDescription.contains("next = <DescribedLoop: cycle>"))
    loop.next = nil
  }
}
