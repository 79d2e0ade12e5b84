import Foundation
import ModelKit
import Testing

// The README's examples, as written there, with what their comments say
// checked. A change to either must keep them in step.

@Suite("README examples")
struct ReadmeExampleTests {
  struct Author: JSONModel {
    var name = ""
    var birthday: Date?
  }

  final class Book: JSONModel {
    var name = ""
    var page = 0
    var desc: String?
    var bookID: String?
    var author: Author?  // nested model: nothing to declare
    var tags: [String] = []
    required init() {}

    static var keyMapping: [String: JSONKey] {
      ["name": "n", "page": "p", "desc": "ext.desc", "bookID": ["id", "ID", "book_id"]]
    }
  }

  struct Order: Codable, JSONKeyMapping {
    var id: Int
    var note: String
    static var keyMapping: [String: JSONKey] { ["id": ["order_id", "id"], "note": "meta.note"] }
  }

  struct Profile: CodableModel {
    var id = 0
    var name = ""
  }

  struct ReadmeUser: JSONModel, Codable {
    var id = 0
    var avatar = ""
    var friends: [Friend] = []
    struct Friend: JSONModel, Codable { var age = 0 }
  }

  struct ReadmeMember: JSONModel {
    var id = 0
    var name = ""
    var isAdmin = false
    var joined: Date?
    static var keyMapping: [String: JSONKey] { ["isAdmin": "is_admin", "joined": "meta.created_at"] }
  }

  /// The example under the README's first paragraph.
  @Test func firstExample() throws {
    let json = #"{"id": "42", "name": "Ada", "is_admin": "yes", "meta": {"created_at": "Sat Feb 01 12:00:00 +0000 2025"}}"#
    let user = try ReadmeMember(json: json)
    #expect(user.id == 42 && user.isAdmin)
    #expect(user.joined == Date(timeIntervalSince1970: 1_738_411_200))
    let text = try user.jsonString()
    #expect(text == #"{"id":42,"name":"Ada","is_admin":true,"meta":{"created_at":"2025-02-01T12:00:00Z"}}"#)
  }

  /// Also the snippets of the DocC article "The decode report".
  @Test func decodeReport() throws {
    let friends = (0..<1_000).map { #"{"age": "\#($0 % 90)"}"# }.joined(separator: ",")
    let data = Data(#"{"id": "12", "avatar": null, "friends": [\#(friends)], "legacy_flag": true}"#.utf8)
    let report = DecodeReport()
    let user = try ReadmeUser(json: data, options: DecodingOptions(report: report))
    #expect(user.id == 12 && user.friends.count == 1_000)
    let lines = report.description.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(lines == [
      "$.id converted string \"12\" → Int",
      "$.avatar nullForNonOptional null for String",
      "$.friends[*].age converted string → Int ×1 000",
      "$.legacy_flag unknownKey bool true, read by no property of ReadmeUser",
    ])
    final class Log: @unchecked Sendable {
      let lock = NSLock()
      var lines: [String] = []
      func warning(_ line: String) { lock.withLock { lines.append(line) } }
    }
    let logger = Log()
    let decoder = ModelDecoder()
    decoder.options.report = DecodeReport { entry in logger.warning("\(entry)") }
    _ = try decoder.decode(ReadmeUser.self, from: data)
    #expect(logger.lines.count == 1_003 && logger.lines.first == "$.id: converted string \"12\" → Int")
  }

  @Test func largeArrays() throws {
    let data = Data(("[" + (1...100_000).map(String.init).joined(separator: ",") + "]").utf8)
    var total: Int64 = 0
    try data.withUnsafeBytes { text in
      guard var chunks = JSONArrayChunks(text) else { return }  // not an array
      while let chunk = try chunks.next() {
        for element in chunk.document.elements(of: chunk.document.root) {
          total += chunk.document.int64(element) ?? 0
        }
      }
    }
    #expect(total == 5_000_050_000)
  }

  @Test func models() throws {
    let book = try Book(json: #"{"n": "Swift", "p": "256", "ext": {"desc": "…"}, "ID": 7}"#)
    #expect(book.page == 256)  // 256: "256" was converted
    #expect(book.desc == "…" && book.bookID == "7" && book.name == "Swift")
    let data = try book.jsonData(options: [.sortedKeys])
    #expect(String(decoding: data, as: UTF8.self) == #"{"ext":{"desc":"…"},"id":"7","n":"Swift","p":256,"tags":[]}"#)
    let books = try [Book](json: #"[{"n": "A"}, 3, {"n": "B"}]"#)  // 3 is not a book: dropped
    #expect(books.map(\.name) == ["A", "B"])
    let inner = try Book(json: #"{"data": {"book": {"n": "C"}}}"#, at: "data.book")  // an envelope
    #expect(inner.name == "C")
    try book.update(json: #"{"p": 300}"#)  // a class instance updates in place, no `var` needed
    #expect(book.page == 300 && book.name == "Swift")
  }

  @Test func errors() {
    var printed = ""
    do {
      _ = try Book(json: "[")
    } catch let error as ModelError {
      print(error.kind, error.codingPath, error.line ?? 0, to: &printed)  // syntax $ 1
    } catch {
      Issue.record("\(error)")
    }
    #expect(printed == "syntax $ 1\n")
  }

  @Test func codableTypes() throws {
    let data = Data(#"{"order_id": "12", "meta": {"note": "n"}}"#.utf8)
    let decoder = ModelDecoder()  // lenient, like models
    let order = try decoder.decode(Order.self, from: data)  // Data, String or JSONValue
    #expect(order.id == 12 && order.note == "n")
    decoder.options = DecodingOptions(strict: true)  // as JSONDecoder, faster
    #expect(throws: DecodingError.self) { try decoder.decode(Order.self, from: data) }
    let encoded = try ModelEncoder().encode(order)  // or encodeValue(order) for a JSONValue
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"order_id":12,"meta":{"note":"n"}}"#)
  }

  @Test func codableModels() throws {
    let profile = Profile(id: 1, name: "p")
    let archive = try PropertyListEncoder().encode(profile)
    let restored = try PropertyListDecoder().decode(Profile.self, from: archive)
    #expect(restored.id == 1 && restored.name == "p")
  }

  @Test func dynamicJSON() throws {
    let value = try JSONValue(json: #"{"id": 18446744073709551615, "tags": ["a", "b"], "score": 1.50}"#)
    #expect(value["id"]?.number?.uint64 == 18_446_744_073_709_551_615)  // exactly
    #expect(value["tags"]?[1]?.string == "b")
    #expect(value["score"]?.double == 1.5)
    #expect(value.jsonString() == #"{"id":18446744073709551615,"tags":["a","b"],"score":1.50}"#)

    var object: JSONObject = ["name": "Ada", "admin": false]
    object["admin"] = true  // insertion-ordered, last write wins
    let pretty = JSONValue.object(object).jsonString(options: [.prettyPrinted, .sortedKeys])
    #expect(pretty.hasPrefix("{\n  \"admin\" : true"))
  }

  @Test func theDocument() throws {
    let data = Data(#"{"id": 42, "name": "x"}"#.utf8)
    var ids: [Int64] = []
    let document = try JSONDocument(parsing: data)
    for (key, value) in document.members(of: document.root) where document.stringEquals(key, "id") {
      ids.append(document.int64(value) ?? 0)
    }
    #expect(ids == [42])
  }

  struct Delta: Decodable {
    struct Choice: Decodable { var delta: Content }
    struct Content: Decodable { var content: String? }
    var choices: [Choice]
  }

  /// The streamed LLM answer, over bytes as `URLSession.bytes(for:)` gives them.
  @Test func streamOfServerSentEvents() async throws {
    let response = """
      : keep-alive

      data: {"choices": [{"delta": {"content": "Hel"}}]}

      data: {"choices": [{"delta": {"content": "lo"}}]}

      data: {"choices": [{"delta": {}}]}

      data: [DONE]

      data: {"choices": [{"delta": {"content": "never read"}}]}


      """
    let bytes = ChunkSource(chunks: Array(response.utf8))
    var printed = ""
    for try await delta in ModelDecoder().records(of: Delta.self, from: bytes, framing: .serverSentEvents()) {
      printed += delta.choices.first?.delta.content ?? ""
    }
    #expect(printed == "Hello")
  }

  struct LogLine: JSONModel {
    var time: Date?
    var level = ""
    var message = ""
    var status = 0  // "200" or 200, as everywhere in ModelKit
  }

  /// The export read from a file as it comes in (Data chunks, as Linux has
  /// no `resourceBytes`), and mapped whole.
  @Test func streamFromAFile() async throws {
    var text = ""
    for index in 0..<40_000 {
      let status = index % 10 == 0 ? "\"503\"" : "200"
      text += #"{"time": "2026-12-03T10:00:00Z", "level": "info", "message": "request \#(index)", "status": \#(status)}"# + "\n"
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-readme-\(UUID()).jsonl")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    var chunks: [Data] = []
    while let chunk = try handle.read(upToCount: 64 << 10), !chunk.isEmpty { chunks.append(chunk) }
    try handle.close()

    var failures = 0
    for try await line in LogLine.records(from: ChunkSource(chunks: chunks), framing: .jsonLines) where line.status >= 500 {
      failures += 1
    }
    #expect(failures == 4_000)

    let lines = try LogLine.records(in: Data(contentsOf: url, options: .alwaysMapped), framing: .jsonLines)
    #expect(text.utf8.count > 1 << 20)  // read on every core
    #expect(lines.count == 40_000 && lines[39_999].message == "request 39999" && lines[10].status == 503)
    #expect(lines[0].time == Date(timeIntervalSince1970: 1_796_292_000))
  }
}

extension ReadmeExampleTests {
  struct Recipe: JSONModel, Equatable {
    var title = ""
    var servings = 0
    var steps: [Step] = []
  }

  struct Step: JSONModel, Equatable {
    var text = ""
    var minutes = 0
  }

  @Test func partialDecoding() throws {
    let partial = PartialDecoder<Recipe>()
    try partial.append(#"{"title": "Pancakes", "servings": 4, "steps": [{"text": "Mix the fl"#)
    let snapshot = partial.snapshot
    #expect(snapshot.value.title == "Pancakes")
    #expect(snapshot.value.steps.first?.text == "Mix the fl")
    #expect(snapshot.state(of: \.title) == .complete)
    #expect(snapshot.state(at: "steps[0].text") == .partial)
    #expect(snapshot.json == ["title": "Pancakes", "servings": 4, "steps": [["text": "Mix the fl"]]])
    try partial.append(#"our", "minutes": 5}]}"#)
    let recipe = try partial.finish().value
    #expect(recipe == Recipe(title: "Pancakes", servings: 4, steps: [Step(text: "Mix the flour", minutes: 5)]))
  }

  /// The loader's loop, over chunks as a response's bytes arrive; what the
  /// view shows of each snapshot.
  @Test func partialSnapshotsForAView() async throws {
    let text = #"{"title": "Crêpes", "servings": 2, "steps": [{"text": "Whisk", "minutes": 2}, {"text": "Fry", "minutes": 1}]}"#
    var shown: [(title: String, steps: [String], finished: [Bool], complete: Bool)] = []
    for try await snapshot in Recipe.partialSnapshots(from: ChunkSource(chunks: pieces(Array(text.utf8), size: 9))) {
      let steps = snapshot.value.steps
      shown.append(
        (snapshot.value.title, steps.map(\.text), steps.indices.map { snapshot.state(at: "steps[\($0)]") == .complete },
          snapshot.isComplete))
    }
    #expect(shown.last?.title == "Crêpes" && shown.last?.steps == ["Whisk", "Fry"] && shown.last?.complete == true)
    #expect(shown.contains { $0.steps == ["Whisk", "F"] && $0.finished == [true, false] })
    #expect(shown.dropLast().allSatisfy { !$0.complete })
  }

  struct OutputDelta: Decodable { var delta: String }

  @Test func partialDecodingOverServerSentEvents() async throws {
    let pieces = [#"{"title": "Soup", "#, #""steps": [{"text": "Boil \"wat"#, #"er\""}]}"#]
    var response = ""
    for piece in pieces {
      let event = try JSONValue(["type": "response.output_text.delta", "delta": .string(piece)]).jsonString()
      response += "event: delta\ndata: \(event)\n\n"
    }
    let bytes = ChunkSource(chunks: Array(response.utf8))
    let partial = PartialDecoder<Recipe>()
    var titles: [String] = []
    for try await event in ModelDecoder().records(of: OutputDelta.self, from: bytes, framing: .serverSentEvents()) {
      try partial.append(event.delta)
      titles.append(partial.snapshot.value.title + "|" + (partial.snapshot.value.steps.first?.text ?? "-"))
    }
    let recipe = try partial.finish().value
    #expect(titles == ["Soup|-", "Soup|Boil \"wat", "Soup|Boil \"water\""])
    #expect(recipe.steps == [Step(text: "Boil \"water\"")])
  }
}
