import Foundation
import ModelKit
import Testing

// The DocC articles' snippets (Sources/ModelKit/ModelKit.docc), as written
// there, with what their comments say checked. A change to either must
// keep them in step.

@Suite("Documentation snippets")
struct DocumentationSnippetTests {
  struct Repository: JSONModel {
    var name = ""
    var stars = 0
    var archived = false
    var pushedAt: Date?
    var topics: [String] = []
    var owner = Owner()

    static var keyMapping: [String: JSONKey] { ["pushedAt": "pushed_at"] }
  }

  struct Owner: JSONModel {
    var login = ""
  }

  @Test func gettingStarted() throws {
    let json = #"""
      {"name": "modelkit", "stars": "1200", "archived": "no",
       "pushed_at": "2024-05-01T12:00:00Z", "topics": ["json", 42, "swift"],
       "owner": {"login": "ada"}}
      """#
    let repository = try Repository(json: json)
    #expect(repository.stars == 1200)
    #expect(repository.archived == false)
    #expect(repository.topics == ["json", "42", "swift"])
    #expect(repository.pushedAt == Date(timeIntervalSince1970: 1_714_564_800))
    let data = try repository.jsonData(options: [.sortedKeys])
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasPrefix(#"{"archived":false,"name":"modelkit","owner":{"login":"ada"},"pushed_at":"2024-05-01T12:00:00Z","#))
    let strict = #expect(throws: ModelError.self) { try Repository(json: json, options: DecodingOptions(strict: true)) }
    #expect(strict?.codingPath.description == "$.stars")
  }

  struct Book: JSONModel {
    var title = ""
    var isbn = ""
    var summary: String?
    var authorName = ""

    static var keyMapping: [String: JSONKey] {
      [
        "title": "t",  // a rename
        "summary": "ext.desc",  // a key path into nested objects
        "isbn": ["isbn13", "isbn10", "ISBN"],  // fallbacks: the first present, non-null one wins
        "authorName": .key("author.name"),  // one key with a dot in it
      ]
    }
  }

  struct Account: JSONModel {
    var userName = ""
    var createdAt: Date?
  }

  /// The ModelKitJSON landing page.
  @Test func theJSONEngine() throws {
    let document = try JSONDocument(parsing: #"{"id": 7, "tags": ["a", "b"]}"#)
    let id = document.member("id", of: document.root).flatMap(document.int)  // 7
    let value = document.value(of: document.root)
    #expect(id == 7)
    #expect(value["tags"]?[1] == "b")
  }

  @Test func mappingKeys() throws {
    let book = try Book(
      json: #"{"t": "Dune", "isbn10": "0441013597", "ext": {"desc": "Spice"}, "author.name": "Herbert"}"#)
    #expect(book.title == "Dune" && book.isbn == "0441013597" && book.summary == "Spice" && book.authorName == "Herbert")
    let inner = try Book(json: #"{"data": {"book": {"t": "Emma"}}}"#, at: "data.book")
    #expect(inner.title == "Emma")
    let missing = #expect(throws: ModelError.self) { try Book(json: #"{"data": {}}"#, at: "data.book") }
    #expect(missing?.kind == .missingKey)
    let account = try Account(
      json: #"{"user_name": "ada", "created_at": 1700000000}"#,
      options: DecodingOptions(keyDecoding: .convertFromSnakeCase))
    #expect(account.userName == "ada" && account.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(try ModelSchema.of(Book.self).diagnostics.isEmpty)
  }

  struct Order: Codable, Equatable {
    var id: Int
    var placed: Date
    var lines: [Int]
  }

  @Test func theCodableBridge() throws {
    let decoder = ModelDecoder()  // in place of JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601  // Foundation's own strategy types
    let input = Data(#"{"id": "7", "placed": "2024-05-01T12:00:00Z", "lines": [1, null, 2]}"#.utf8)
    let order = try decoder.decode(Order.self, from: input)
    #expect(order.id == 7 && order.lines == [1, 2])
    let foundationDecoder = JSONDecoder()
    foundationDecoder.dateDecodingStrategy = .iso8601
    #expect(throws: DecodingError.self) { try foundationDecoder.decode(Order.self, from: input) }

    let encoder = ModelEncoder()  // in place of JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(order)  // the bytes JSONEncoder writes
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys]
    foundation.dateEncodingStrategy = .iso8601
    #expect(data == (try foundation.encode(order)))

    var missing: String?
    do {
      _ = try ModelDecoder(options: DecodingOptions(strict: true)).decode(Order.self, from: Data(#"{"id": 1}"#.utf8))
    } catch DecodingError.keyNotFound(let key, _) {
      missing = key.stringValue
    }
    #expect(missing == "placed")
  }

  struct Temperature: JSONModel {
    var celsius = 0.0
    var label = ""

    mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
      // Old payloads send Fahrenheit under another key.
      guard let fahrenheit = json["fahrenheit"]?.double else { return nil }
      var replaced = json
      replaced["celsius"] = JSONValue((fahrenheit - 32) * 5 / 9)
      return replaced
    }

    mutating func didDecode(from json: JSONObject) throws {
      guard celsius >= -273.15 else { throw Invalid() }
      label = "\(celsius) °C"
    }

    func didEncode(into json: inout JSONObject) throws {
      json["label"] = nil  // derived: not written
    }

    struct Invalid: Error {}
  }

  @Test func hooksAndValidation() throws {
    let warm = try Temperature(json: #"{"fahrenheit": 212}"#)
    #expect(warm.celsius == 100 && warm.label == "100.0 °C")
    let readings = try [Temperature](json: #"[{"celsius": 20}, {"celsius": -300}]"#)
    #expect(readings.count == 1)
    #expect(try warm.jsonString() == #"{"celsius":100}"#)
    let rejected = #expect(throws: ModelError.self) { try Temperature(json: #"{"celsius": -300}"#) }
    #expect(rejected?.kind == .rejected)
  }

  class Shape: JSONModel {
    var name = ""
    required init() {}

    class func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
      switch json["kind"]?.string {
      case "circle": Circle.self
      case "square": Square.self
      default: nil
      }
    }
  }

  final class Circle: Shape {
    var radius = 0.0
  }

  final class Square: Shape {
    var side = 0.0
  }

  final class Node: JSONModel {
    var id = 0
    weak var parent: Node?  // not mapped
    let createdLocally = true  // not mapped
    var children: [Node] = []
    required init() {}
  }

  @Test func polymorphismAndClassModels() throws {
    let shapes = try [Shape](
      json: #"[{"kind": "circle", "name": "c", "radius": 2}, {"kind": "square", "side": 3}, {"name": "?"}]"#)
    #expect((shapes[0] as? Circle)?.radius == 2 && shapes[0].name == "c")
    #expect((shapes[1] as? Square)?.side == 3)
    #expect(type(of: shapes[2]) == Shape.self && shapes[2].name == "?")
    let tree = try Node(json: #"{"id": 1, "children": [{"id": 2}], "parent": {"id": 0}}"#)
    #expect(tree.parent == nil && tree.children[0].id == 2)
    #expect(try tree.jsonString(options: [.sortedKeys]) == #"{"children":[{"children":[],"id":2}],"id":1}"#)
  }

  struct Reading: JSONModel {
    var count = 0
    var ratio = 0.0
    var enabled = false
    var label = ""
    var taken: Date?
    var samples: [Int] = []
  }

  @Test func theConversionTable() throws {
    let reading = try Reading(json: #"""
      {"count": "12", "ratio": "0.5", "enabled": "yes", "label": 7,
       "taken": "Wed Sep 16 12:20:09 +0800 2015", "samples": [1, "2", 3.9, "x", null]}
      """#)
    #expect(reading.count == 12 && reading.ratio == 0.5 && reading.enabled && reading.label == "7")
    #expect(reading.taken == Date(timeIntervalSince1970: 1_442_377_209))
    #expect(reading.samples == [1, 2, 3])
    let strict = #expect(throws: ModelError.self) {
      try Reading(json: #"{"count": "12"}"#, options: DecodingOptions(strict: true))
    }
    #expect(strict?.codingPath.description == "$.count")
  }

  final class YYBook: JSONModel {
    var name = ""
    var page = 0
    var bookID = ""
    required init() {}

    static var keyMapping: [String: JSONKey] { ["name": "n", "page": "p", "bookID": ["id", "ID", "book_id"]] }
  }

  @Test func migratingFromYYModel() throws {
    let books = try [YYBook](json: #"[{"n": "Swift", "p": "256", "book_id": 7}, 3]"#)
    #expect(books.count == 1 && books[0].page == 256 && books[0].bookID == "7" && books[0].name == "Swift")
    // Fallbacks skip null; out of range is ignored.
    let fallback = try YYBook(json: #"{"id": null, "ID": "x"}"#)
    #expect(fallback.bookID == "x")
    struct Byte: JSONModel { var value: UInt8 = 9 }
    #expect(try Byte(json: #"{"value": 300}"#).value == 9)
    let object = try books[0].jsonObject()
    #expect((object as? [String: Any])?["n"] as? String == "Swift")
  }

  struct Event: Codable, Equatable {
    var id: Int
    var title: String
  }

  enum API {
    static let decoder = ModelDecoder()  // Sendable, as JSONDecoder is
  }

  @Test func migratingFromJSONDecoder() throws {
    let data = Data(#"{"id": 1, "title": "launch"}"#.utf8)
    let event = try API.decoder.decode(Event.self, from: data)
    #expect(try event == JSONDecoder().decode(Event.self, from: data))
    let loose = Data(#"{"id": "2"}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Event.self, from: loose) }
    #expect(try API.decoder.decode(Event.self, from: loose) == Event(id: 2, title: ""))
    #expect(throws: DecodingError.self) {
      try ModelDecoder(options: DecodingOptions(strict: true)).decode(Event.self, from: loose)
    }
  }

  struct Cat: JSONModel {
    var id = 0
    var name = ""
    var cache: [String] = []

    static var keyMapping: [String: JSONKey] { ["id": "cat_id", "name": ["nickname", "name"]] }
    static var ignoredProperties: Set<String> { ["cache"] }
  }

  struct SmartProfile: Codable, JSONKeyMapping, Equatable {
    var name: String
    var age: Int
    static var keyMapping: [String: JSONKey] { ["name": "nickName"] }
  }

  @Test func migratingFromHandyJSONAndSmartCodable() throws {
    let cat = try Cat(json: #"{"data": {"cat": {"cat_id": "3", "nickname": "Tom", "cache": ["x"]}}}"#, at: "data.cat")
    #expect(cat.id == 3 && cat.name == "Tom" && cat.cache == [])
    let profile = try ModelDecoder().decode(SmartProfile.self, from: Data(#"{"nickName": "ada", "age": "36"}"#.utf8))
    #expect(profile == SmartProfile(name: "ada", age: 36))
  }

  @propertyWrapper struct Trimmed: Codable {
    private var value: String
    var wrappedValue: String { get { value } set { value = newValue.trimmingCharacters(in: .whitespaces) } }
    init(wrappedValue: String) { value = wrappedValue.trimmingCharacters(in: .whitespaces) }
    init(from decoder: any Decoder) throws { self.init(wrappedValue: try decoder.singleValueContainer().decode(String.self)) }
    func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(value) }
  }
  struct Post: JSONModel { @Trimmed var title = "" }

  @Test func polymorphismAndClassModelsWrapperWithItsValueElsewhere() throws {
    #expect(try Post(json: #"{"title": "  Hi  "}"#).title == "Hi")
  }

  /// The streams article's model (its name is taken in this suite).
  enum Streams {
    struct Event: JSONModel, Equatable {
      var id = 0
      var kind = ""
      var score = 0.0
    }
  }

  /// Streams of JSON texts: a buffer, bytes as they arrive, bad records passed over.
  @Test func streamsOfJSONTexts() async throws {
    typealias Event = Streams.Event
    let data = Data("{\"id\": 1, \"kind\": \"a\", \"score\": \"2.5\"}\r\n\n{\"id\": 2, \"kind\": \"b\"}\n".utf8)
    let events = try Event.records(in: data, framing: .jsonLines)
    #expect(events == [Event(id: 1, kind: "a", score: 2.5), Event(id: 2, kind: "b")])

    let bytes = ChunkSource(chunks: Array("event: e\ndata: {\"id\": 3}\n\ndata: [DONE]\n\n".utf8))
    var shown: [Event] = []
    for try await event in Event.records(from: bytes, framing: .serverSentEvents()) { shown.append(event) }
    #expect(shown == [Event(id: 3)])

    let damaged = Data("{\"id\": 1}\n{\"id\": \n{\"id\": 3}\n".utf8)
    let report = DecodeReport()
    let options = DecodingOptions(report: report, skipsBadRecords: true)
    let kept = try Event.records(in: damaged, framing: .jsonLines, options: options)
    #expect(kept.map(\.id) == [1, 3])
    var printed: [String] = []
    for entry in report.entries where entry.kind == .droppedRecord {
      printed.append("record \(entry.recordIndex ?? 0) at line \(entry.line ?? 0): \(entry.note ?? "")")
    }
    #expect(printed.count == 1 && printed[0].hasPrefix("record 1 at line 2: "))
  }
}

extension DocumentationSnippetTests {
  // The article's models are the README's.
  typealias Recipe = ReadmeExampleTests.Recipe
  typealias Step = ReadmeExampleTests.Step

  /// PartialDecoding.md's overview.
  @Test func partialDecoding() throws {
    let partial = PartialDecoder<Recipe>()
    try partial.append(#"{"title": "Pancakes", "steps": [{"text": "Mix"#)
    #expect(partial.snapshot.value.title == "Pancakes")
    #expect(partial.snapshot.value.steps[0].text == "Mix")
    #expect(partial.snapshot.state(of: \.title) == .complete)
    try partial.append(#" the flour", "minutes": 5}]}"#)
    let recipe = try partial.finish().value
    #expect(recipe == Recipe(title: "Pancakes", steps: [Step(text: "Mix the flour", minutes: 5)]))
  }

  /// The article's list of rules, one line each.
  @Test func partialDecodingRules() throws {
    let partial = PartialDecoder<Recipe>()
    try partial.append(#"{"steps": ["#)
    #expect(partial.snapshot.json == ["steps": []] && partial.snapshot.state(of: \.steps) == .partial)
    try partial.append(#"], "servings": "4"#)
    #expect(partial.snapshot.value.servings == 0)
    try partial.append(#"""#)
    #expect(partial.snapshot.value.servings == 4)
  }
}
