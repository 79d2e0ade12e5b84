import Foundation
import ModelKit
import Testing

struct Profile: CodableModel, Equatable {
  var id = 0
  var name = ""
  var joined: Date?
  var site: URL?
  var tags: [String] = []
  var scores: [String: Double] = [:]
  var best: Badge?
  static var keyMapping: [String: JSONKey] { ["id": ["user_id", "id"], "name": "info.name"] }
}

struct Badge: CodableModel, Equatable {
  var title = ""
  var level = 0
}

final class Account: CodableModel {
  var owner = Profile()
  var balance = 0.0
  var locked = false
  init() {}
}

/// A plain Codable type holding models, as an app's existing types would.
struct Inbox: Codable, Equatable {
  var profile: Profile
  var badges: [Badge]
  var count: Int
}

@Suite("CodableModel")
struct CodableModelTests {
  let profile = Profile(
    id: 42, name: "Ada", joined: Date(timeIntervalSince1970: 1_700_000_000.25), site: URL(string: "https://ada.dev/x"),
    tags: ["a", "b"], scores: ["math": 9.5], best: Badge(title: "gold", level: 3))

  @Test func archivesWithPropertyListEncoder() throws {
    for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
      let encoder = PropertyListEncoder()
      encoder.outputFormat = format
      let archive = try encoder.encode(profile)
      #expect(try PropertyListDecoder().decode(Profile.self, from: archive) == profile)
    }
    var empty = Profile()
    empty.best = nil
    #expect(try PropertyListDecoder().decode(Profile.self, from: PropertyListEncoder().encode(empty)) == empty)
  }

  @Test func classModelsArchiveToo() throws {
    let account = Account()
    account.owner = profile
    account.balance = 12.75
    account.locked = true
    let restored = try PropertyListDecoder().decode(Account.self, from: PropertyListEncoder().encode(account))
    #expect(restored.modelEquals(account))
    #expect(restored.owner == profile)
  }

  @Test func nestInTypesFoundationDecodes() throws {
    // The models inside read leniently, with their key mapping.
    let json = #"{"profile": {"user_id": "7", "info": {"name": "Lin"}, "tags": "not a list"}, "badges": [{"title": "x", "level": "2"}], "count": 1}"#
    let inbox = try JSONDecoder().decode(Inbox.self, from: Data(json.utf8))
    #expect(inbox.profile.id == 7)
    #expect(inbox.profile.name == "Lin")
    #expect(inbox.profile.tags.isEmpty)
    #expect(inbox.badges == [Badge(title: "x", level: 2)])
    let written = try JSONValue(json: JSONEncoder().encode(inbox))
    #expect(written["profile"]?["user_id"] == 7)
    #expect(written["profile"]?["info"]?["name"] == "Lin")
    #expect(try JSONDecoder().decode(Inbox.self, from: JSONEncoder().encode(inbox)) == inbox)
  }

  @Test func modelKitCodersUseTheModelPath() throws {
    let inbox = Inbox(profile: profile, badges: [Badge(title: "t", level: 1)], count: 2)
    let data = try ModelEncoder().encode(inbox)
    let value = try JSONValue(json: data)
    #expect(value["profile"]?["joined"] == "2023-11-14T22:13:20.25Z")
    #expect(try ModelDecoder().decode(Inbox.self, from: data) == inbox)
    #expect(try JSONDecoder().decode(Inbox.self, from: data) == inbox)
  }

  @Test func aModelNeedsAnObject() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Profile].self, from: Data("[[1, 2]]".utf8))
    }
  }

  @Test func jsonValuesGoThroughAnyCoder() throws {
    let value: JSONValue = ["a": [1, -2, 2.5, "s", true, nil], "b": ["c": JSONValue(UInt64.max)]]
    #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)) == value)
    let wrapped = ["v": value]
    #expect(try PropertyListDecoder().decode([String: JSONValue].self, from: PropertyListEncoder().encode(wrapped)) == wrapped)
  }
}
