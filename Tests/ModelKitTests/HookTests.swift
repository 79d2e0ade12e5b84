import Foundation
import ModelKit
import Testing

struct InvalidTime: Error, Equatable {}

/// YYModel's transform fixture: `date` is copied to `time`, `time` must be
/// non-zero milliseconds, and encoding writes it back as milliseconds.
struct Event: JSONModel {
  var id: UInt64 = 0
  var content = ""
  var time: Date?

  static var ignoredProperties: Set<String> { ["time"] }

  mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
    guard json["time"] == nil, let date = json["date"] else { return nil }
    var copy = json
    copy["time"] = date
    return copy
  }

  mutating func didDecode(from json: JSONObject) throws {
    guard let millis = json["time"]?.double, millis != 0 else { throw InvalidTime() }
    time = Date(timeIntervalSince1970: millis / 1000)
  }

  func didEncode(into json: inout JSONObject) throws {
    guard let time else { throw InvalidTime() }
    json["time"] = JSONValue(Int64(time.timeIntervalSince1970 * 1000))
  }
}

struct Plain: JSONModel {
  var a = 0
}

struct Timeline: JSONModel {
  var events: [Event] = []
  var first: Event?
  var pinned = Event()
}

@Suite("Hooks")
struct HookTests {
  @Test func didDecodeTransformsAndValidates() throws {
    let event = try Event(json: #"{"id": 1, "content": "c", "time": 1500000000000}"#)
    #expect(event.time == Date(timeIntervalSince1970: 1_500_000_000))
    let error = #expect(throws: ModelError.self) { try Event(json: #"{"id": 1}"#) }
    #expect(error?.kind == .rejected)
    #expect(error?.underlying is InvalidTime)
    #expect(error?.codingPath == "$")
  }

  @Test func willDecodeReplacesTheInput() throws {
    let event = try Event(json: #"{"id": 2, "date": 1000}"#)
    #expect(event.id == 2)
    #expect(event.time == Date(timeIntervalSince1970: 1))
  }

  @Test func didEncodeEditsTheOutputOrRejects() throws {
    var event = Event()
    event.id = 3
    event.time = Date(timeIntervalSince1970: 2)
    #expect(try event.jsonValue() == ["id": 3, "content": "", "time": 2000])
    event.time = nil
    let error = #expect(throws: ModelError.self) { try event.jsonData() }
    #expect(error?.kind == .rejected)
  }

  @Test func rejectedElementsAndPropertiesAreDropped() throws {
    let timeline = try Timeline(json: #"{"events": [{"id": 1, "time": 5}, {"id": 2}, {"id": 3, "time": 7}], "first": {"id": 9}, "pinned": {"id": 4}}"#)
    #expect(timeline.events.map(\.id) == [1, 3])
    #expect(timeline.first == nil)
    #expect(timeline.pinned.id == 0)
    let items = try [Event](json: #"[{"id": 1, "time": 5}, {"id": 2}]"#)
    #expect(items.map(\.id) == [1])
    // A model rejected once its fields are read (a string on the heap among
    // them) is released whole, in place: the sanitizers' runs check it.
    let long = String(repeating: "content on the heap ", count: 4)
    let filled = try Timeline(
      json: #"{"first": {"id": 9, "content": "\#(long)"}, "pinned": {"id": 4, "content": "\#(long)", "time": 1}}"#)
    #expect(filled.first == nil)
    #expect(filled.pinned.content == long && filled.pinned.id == 4)
  }

  @Test func strictModeReportsTheRejectionPath() {
    let error = #expect(throws: ModelError.self) {
      try Timeline(json: #"{"events": [{"id": 1, "time": 5}, {"id": 2}]}"#, options: DecodingOptions(strict: true))
    }
    #expect(error?.kind == .rejected)
    #expect(error?.codingPath == "$.events[1]")
  }

  @Test func schemasLearnWhichHooksAreCustomisedFromRealCalls() throws {
    let event = try Event(json: #"{"id": 1, "time": 5}"#)
    _ = try event.jsonData()
    #expect(try ModelSchema.of(Event.self).customizedHooks == ["willDecode", "didDecode", "didEncode"])
    _ = try Plain(json: #"{"name": "p"}"#).jsonData()
    #expect(try ModelSchema.of(Plain.self).customizedHooks.isEmpty)
  }
}
