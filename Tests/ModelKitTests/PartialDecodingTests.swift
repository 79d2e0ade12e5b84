import Foundation
import ModelKit
import ModelKitJSON
import ModelKitTestSupport
import Testing

/// A recipe as an LLM streams it: strings, numbers, nested models, arrays of them.
struct PartialRecipe: JSONModel, Equatable {
  var title = ""
  var servings = 0
  var vegan = false
  var rating: Double?
  var steps: [PartialStep] = []
  var tags: [String] = []
  var author = PartialAuthor()
  var notes: String?
}

struct PartialStep: JSONModel, Equatable {
  var text = ""
  var minutes = 0
}

struct PartialAuthor: JSONModel, Equatable {
  var name = ""
  var handle = ""
}

/// The same recipe as a Codable type, read as `ModelDecoder` reads it.
struct CodableRecipe: Codable, Equatable {
  var title: String
  var servings: Int
  var vegan: Bool
  var rating: Double?
  var steps: [CodableStep]
  var tags: [String]
  var author: CodableAuthor
  var notes: String?
}

struct CodableStep: Codable, Equatable {
  var text: String
  var minutes: Int
}

struct CodableAuthor: Codable, Equatable {
  var name: String
  var handle: String
}

@Suite("Partial decoding")
struct PartialDecodingTests {
  /// LLM-like texts whose every value has its property's natural kind:
  /// at every prefix, the snapshot shows what `init(json:)` gives for
  /// the reference's JSON of that prefix.
  static let corpus: [String] = [
    #"{"title": "Pancakes \"fluffy\" 🥞", "servings": 4, "vegan": false, "rating": 4.5e0, "steps": [{"text": "Mix flour, eggs\nand milk", "minutes": 5}, {"text": "Fry in a pan \u00e9\ud83c\udf73", "minutes": 10}], "tags": ["breakfast", "sweet"], "author": {"name": "Ana", "handle": "@ana"}, "notes": null}"#,
    #"{"steps":[],"tags":[""],"author":{},"title":"","servings":-0,"rating":-1.25E-2}"#,
    "{\n  \"title\": \"こんにちは\",\n  \"steps\": [\n    {\"minutes\": 1200, \"text\": \"\\t\\\\\"}\n  ],\n  \"vegan\": true\n}\n",
  ]

  @Test func everyPrefixShowsWhatTheWholeDecodeOfItsJSONShows() throws {
    for text in Self.corpus {
      let bytes = Array(text.utf8)
      let reference = try PartialTextReference(bytes)
      let byteByByte = PartialDecoder<PartialRecipe>()
      let codableByteByByte = PartialDecoder<CodableRecipe>()
      var previous: PartialSnapshot<PartialRecipe>?
      for count in 0...bytes.count {
        let atOnce = PartialDecoder<PartialRecipe>()
        try atOnce.append(Array(bytes[..<count]))
        if count > 0 {
          try byteByByte.append(Array(bytes[(count - 1)..<count]))
          try codableByteByByte.append(Array(bytes[(count - 1)..<count]))
        }
        let expectedJSON = reference.shown(prefix: count, finished: false)
        let expected = try expectedJSON.map { try PartialRecipe(json: $0) } ?? PartialRecipe()
        for decoder in [atOnce, byteByByte] {
          let snapshot = decoder.snapshot
          #expect(snapshot.json == expectedJSON ?? .null, "\(text) cut at \(count)")
          #expect(snapshot.value == expected, "\(text) cut at \(count)")
          #expect(snapshot.isComplete == reference.isComplete(prefix: count, finished: false))
        }
        let codable = codableByteByByte.snapshot
        #expect(codable.json == expectedJSON ?? .null)
        let expectedCodable = try ModelDecoder().decode(CodableRecipe.self, from: expectedJSON ?? [:])
        #expect(codable.value == expectedCodable, "\(text) cut at \(count)")
        // Monotonic: the JSON only grows, and a property complete once never changes.
        let snapshot = byteByByte.snapshot
        if let previous {
          // (`null` and not complete: nothing showed yet.)
          if previous.json != .null || previous.isComplete {
            #expect(PartialTextReference.grows(from: previous.json, to: snapshot.json), "\(text) cut at \(count)")
          }
          let before = try previous.value.jsonValue().object ?? [:]
          let now = try snapshot.value.jsonValue().object ?? [:]
          for (key, value) in before where previous.state(at: key) == .complete {
            #expect(now[key] == value, "\(key) of \(text) changed at \(count)")
            #expect(snapshot.state(at: key) == .complete)
          }
        }
        previous = snapshot
      }
      #expect(try byteByByte.finish().value == PartialRecipe(json: text))
      #expect(try codableByteByByte.finish().value == ModelDecoder().decode(CodableRecipe.self, from: text))
    }
  }
}

/// A model whose properties are fed by other kinds (the lenient table's
/// conversions), with a `didDecode` hook, so that its snapshots and
/// reports are read on the path of models with hooks (`decoded` says it ran).
final class PartialOrder: JSONModel, @unchecked Sendable {
  var id = 0
  var paid = false
  var placed: Date?
  var link: URL?
  var label = ""
  var total: Decimal = 0
  var lines: [PartialOrderLine] = []
  static var keyMapping: [String: JSONKey] { ["label": ["name", "title"]] }
  var decoded = false
  required init() {}

  func didDecode(from json: JSONObject) throws { decoded = true }
}

/// An order whose hook counts its calls, decoded by one test alone: the
/// suite's tests run in parallel, and a count of a type other tests decode
/// too would take their calls.
final class CountedPartialOrder: JSONModel, @unchecked Sendable {
  var id = 0
  var lines: [PartialOrderLine] = []
  nonisolated(unsafe) static var didDecodeCalls = 0
  var decoded = false
  required init() {}

  func didDecode(from json: JSONObject) throws {
    decoded = true
    CountedPartialOrder.didDecodeCalls += 1
  }
}

/// A polymorphic model for snapshots: `modelType(for:)` picks the
/// subclass by `kind`, which its texts send first.
class PartialShape: JSONModel, @unchecked Sendable {
  var kind = ""
  required init() {}

  class func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
    json["kind"]?.string == "circle" ? PartialCircle.self : nil
  }
}

final class PartialCircle: PartialShape, @unchecked Sendable {
  var radius = 0
}

/// A model holding a polymorphic one, so that an object can complete
/// inside a text still arriving.
final class PartialDrawing: JSONModel, @unchecked Sendable {
  var title = ""
  var shape: PartialShape?
  required init() {}
}

struct PartialOrderLine: JSONModel, Equatable {
  var sku = ""
  var quantity = 0
  var checked = false
  mutating func didDecode(from json: JSONObject) throws { checked = true }
}

extension PartialDecodingTests {
  /// The snapshot after appending each of `parts`, in turn.
  static func snapshots<T>(_ decoder: PartialDecoder<T>, _ parts: [String]) throws -> [PartialSnapshot<T>] {
    try parts.map { part in
      try decoder.append(part)
      return decoder.snapshot
    }
  }

  /// `modelType(for:)` is asked of an object once it has completed; until
  /// then the snapshot shows the declared type (DESIGN §13), even when
  /// the key it would choose by has arrived.
  @Test func modelTypeIsAskedOnceTheObjectHasCompleted() throws {
    let top = PartialDecoder<PartialShape>()
    let shapes = try Self.snapshots(top, [#"{"kind": "circle", "radius": 2"#, "}"])
    #expect(type(of: shapes[0].value) == PartialShape.self)
    #expect(shapes[0].value.kind == "circle")
    #expect((shapes[1].value as? PartialCircle)?.radius == 2)

    // An object inside a text still arriving is asked once it closes.
    let nested = PartialDecoder<PartialDrawing>()
    let drawings = try Self.snapshots(nested, [#"{"shape": {"kind": "circle", "radius": 3"#, "}", #", "title": "a"#])
    #expect(drawings[0].value.shape.map { type(of: $0) == PartialShape.self } == true)
    #expect((drawings[1].value.shape as? PartialCircle)?.radius == 3)
    #expect((drawings[2].value.shape as? PartialCircle)?.radius == 3)
    #expect(!drawings[2].isComplete)
  }

  @Test func stringsGrowAndAreCutOnlyAtWholeScalars() throws {
    let decoder = PartialDecoder<PartialRecipe>()
    let text = Array(#"{"title": "ab\u00e9\ud83e\udd5e🥞c"#.utf8)
    var shown: [String] = []
    for byte in text {
      try decoder.append([byte])
      if shown.last != decoder.snapshot.value.title { shown.append(decoder.snapshot.value.title) }
    }
    #expect(shown == ["", "a", "ab", "abé", "abé🥞", "abé🥞🥞", "abé🥞🥞c"])
    #expect(decoder.snapshot.state(of: \.title) == .partial)
    try decoder.append("\"")
    #expect(decoder.snapshot.state(of: \.title) == .complete)
  }

  @Test func numbersAndLiteralsAppearOnceTheByteAfterThemHasArrived() throws {
    let decoder = PartialDecoder<PartialRecipe>()
    let steps = try Self.snapshots(decoder, [#"{"servings": 1"#, "2", " ", #", "vegan": tru"#, "e", "}"])
    #expect(steps.map(\.value.servings) == [0, 0, 12, 12, 12, 12])
    #expect(steps.map { $0.state(of: \.servings) } == [.partial, .partial, .complete, .complete, .complete, .complete])
    #expect(steps.map(\.value.vegan) == [false, false, false, false, false, true])
    #expect(steps.map { $0.state(at: "vegan") } == [.absent, .absent, .absent, .partial, .partial, .complete])
    #expect(steps.map(\.isComplete) == [false, false, false, false, false, true])
    // A top-level number is complete once the text ends.
    let number = PartialDecoder<Int>()
    try number.append("-12")
    #expect(number.snapshot.value == 0 && !number.snapshot.isComplete)
    #expect(try number.finish().value == -12)
  }

  @Test func membersAppearOnceTheirKeyAndTheFirstByteOfTheirValueHaveArrived() throws {
    let decoder = PartialDecoder<PartialRecipe>()
    let steps = try Self.snapshots(decoder, [#"{"ti"#, #"tle""#, ": ", #"""#, #"x", "steps": ["#, "{", #""text": "#, "\"", "\"}"])
    #expect(steps.map(\.json) == [
      [:], [:], [:], ["title": ""], ["title": "x", "steps": []], ["title": "x", "steps": [[:]]],
      ["title": "x", "steps": [[:]]], ["title": "x", "steps": [["text": ""]]], ["title": "x", "steps": [["text": ""]]],
    ])
    #expect(steps.map { $0.state(of: \.title) } == [.absent, .absent, .absent, .partial, .complete, .complete, .complete, .complete, .complete])
    #expect(steps.map { $0.state(at: "steps[0].text") } == [.absent, .absent, .absent, .absent, .absent, .absent, .absent, .partial, .complete])
    #expect(steps.map { $0.state(of: \.steps) } == [.absent, .absent, .absent, .absent, .partial, .partial, .partial, .partial, .partial])
    #expect(steps[5].value.steps == [PartialStep()])
  }

  @Test func arraysGrowOneElementAtATime() throws {
    let decoder = PartialDecoder<PartialRecipe>()
    let steps = try Self.snapshots(decoder, [#"{"tags": ["a"#, #"", "b"#, #"", "#, #""c""#, "]"])
    #expect(steps.map(\.value.tags) == [["a"], ["a", "b"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c"]])
    #expect(steps.map { $0.state(at: "tags[1]") } == [.absent, .partial, .complete, .complete, .complete])
    #expect(steps.map { $0.state(of: \.tags) } == [.partial, .partial, .partial, .partial, .complete])
  }

  @Test func convertedValuesAppearOnlyOnceComplete() throws {
    let decoder = PartialDecoder<PartialOrder>()
    let steps = try Self.snapshots(decoder, [
      #"{"id": "4"#, #"2", "paid": "ye"#, #"s", "placed": "2024-01-0"#, #"2T10:00:00Z", "link": "https://exa"#,
      #"mple.com/a", "total": "12.5"#, #"0""#,
    ])
    #expect(steps.map(\.value.id) == [0, 42, 42, 42, 42, 42])
    #expect(steps.map(\.value.paid) == [false, false, true, true, true, true])
    #expect(steps.map { $0.value.placed == nil } == [true, true, true, false, false, false])
    #expect(steps.map(\.value.link) == [nil, nil, nil, nil, URL(string: "https://example.com/a"), URL(string: "https://example.com/a")])
    #expect(steps.map(\.value.total) == [0, 0, 0, 0, 0, Decimal(string: "12.50")!])
    #expect(steps.map { $0.state(of: \.link) } == [.absent, .absent, .absent, .partial, .complete, .complete])
  }

  @Test func hooksRunOncePerObjectWhenItCompletes() throws {
    CountedPartialOrder.didDecodeCalls = 0
    let decoder = PartialDecoder<CountedPartialOrder>()
    let steps = try Self.snapshots(decoder, [#"{"lines": [{"sku": "a"#, "\"}", #", {"sku": "b"}], "id": 1"#, "}"])
    #expect(steps.map { $0.value.lines.map(\.checked) } == [[false], [true], [true, true], [true, true]])
    #expect(steps.map(\.value.decoded) == [false, false, false, true])
    // Read again, and once more through finish: the model's hook ran once.
    _ = steps.last?.value
    let last = try decoder.finish()
    #expect(last.value === steps.last?.value)
    #expect(CountedPartialOrder.didDecodeCalls == 1)
    // A whole text no snapshot read before: the snapshots of it share one value.
    CountedPartialOrder.didDecodeCalls = 0
    let whole = PartialDecoder<CountedPartialOrder>()
    try whole.append(#"{"id": 2, "lines": [{"sku": "c"}]} "#)
    let first = whole.snapshot.value
    #expect(try whole.finish().value === first)
    #expect(whole.snapshot.value === first)
    #expect(first.lines.map(\.checked) == [true] && first.decoded)
    #expect(CountedPartialOrder.didDecodeCalls == 1)
  }

  @Test func aFallbackKeyStaysPartialUntilItsObjectCloses() throws {
    let report = DecodeReport()
    let decoder = PartialDecoder<PartialOrder>(options: DecodingOptions(report: report))
    let steps = try Self.snapshots(decoder, [#"{"title": "fallback", "#, #""name": "preferred""#, "}"])
    #expect(steps.map(\.value.label) == ["fallback", "preferred", "preferred"])
    #expect(steps.map { $0.state(of: \.label) } == [.partial, .complete, .complete])
    #expect(!report.entries.contains { $0.kind == .fallbackKey })
    let alone = PartialDecoder<PartialOrder>(options: DecodingOptions(report: report))
    let only = try Self.snapshots(alone, [#"{"title": "fallback""#, "}"])
    #expect(only.map { $0.state(of: \.label) } == [.partial, .complete])
    // Entries reach the report as snapshots' values are read (and at `finish()`).
    #expect(only.map(\.value.label) == ["fallback", "fallback"])
    #expect(report.entries.filter { $0.kind == .fallbackKey }.count == 1)
  }

  @Test func reportEntriesArriveOnceAsFieldsComplete() throws {
    let text = #"{"id": "42", "paid": "yes", "extra": [1, 2], "lines": [{"sku": 7, "quantity": "x"}]}"#
    let whole = DecodeReport()
    _ = try PartialOrder(json: text, options: DecodingOptions(report: whole))
    let report = DecodeReport()
    let decoder = PartialDecoder<PartialOrder>(options: DecodingOptions(report: report))
    var counts: [Int] = []
    for byte in text.utf8 {
      try decoder.append([byte])
      _ = decoder.snapshot.value
      counts.append(report.entries.count)
    }
    try decoder.finish()
    #expect(Set(report.entries) == Set(whole.entries))
    #expect(report.entries.count == whole.entries.count)
    #expect(counts.first == 0 && counts.last == whole.entries.count && counts == counts.sorted())
  }

  @Test func strictModeWaitsForTheObjectsEndForMissingKeys() throws {
    var strict = DecodingOptions()
    strict.strict = true
    let decoder = PartialDecoder<CodableStep>(options: strict)
    try decoder.append(#"{"text": "Mix""#)
    #expect(decoder.snapshot.value == CodableStep(text: "Mix", minutes: 0))
    #expect(decoder.snapshot.error == nil)
    try decoder.append("}")
    #expect(decoder.snapshot.error != nil)
    #expect(throws: ModelError.self) { try decoder.finish() }
    // A value of the wrong kind, once complete, is strict mode's error at once.
    let wrong = PartialDecoder<PartialStep>(options: strict)
    try wrong.append(#"{"minutes": "5", "text": "a"#)
    #expect(wrong.snapshot.error != nil)
    #expect(wrong.snapshot.value.text == "a")
  }

  @Test func syntaxErrorsAreThrownAtTheFirstBadByteAndStick() throws {
    let decoder = PartialDecoder<PartialRecipe>()
    try decoder.append(#"{"title": "a","#)
    let before = decoder.snapshot
    do {
      try decoder.append("\n  ]")
      Issue.record("no error")
    } catch let error as ModelError {
      #expect(error.offset == 17)
      #expect(error.line == 2)
      #expect(error.kind == .syntax)
    } catch {
      Issue.record("not a ModelError: \(error)")
    }
    #expect(throws: ModelError.self) { try decoder.append("}") }
    #expect(throws: ModelError.self) { try decoder.finish() }
    #expect(before.value.title == "a")
    let cut = PartialDecoder<PartialRecipe>()
    try cut.append(#"{"title": "a""#)
    #expect(throws: ModelError.self) { try cut.finish() }
  }

  @Test func theLastSnapshotIsTheWholeDecodeStrictAndLenient() throws {
    let texts = Self.corpus + [
      #"{"servings": "4", "vegan": "yes", "steps": [{"minutes": "5"}, 3], "tags": [1, "a"]}"#,
      #"{"title": 12, "author": "x"}"#,
    ]
    for text in texts {
      for strict in [false, true] {
        var options = DecodingOptions()
        options.strict = strict
        let decoder = PartialDecoder<PartialRecipe>(options: options)
        for chunk in pieces(Array(text.utf8), size: 7) { try decoder.append(chunk) }
        let whole = Result { try PartialRecipe(json: text, options: options) }
        switch whole {
        case .success(let value): #expect(try decoder.finish().value == value)
        case .failure: #expect(throws: ModelError.self) { try decoder.finish() }
        }
        let codable = PartialDecoder<CodableRecipe>(options: options)
        try codable.append(text)
        let wholeCodable = Result { try ModelDecoder(options: options).decode(CodableRecipe.self, from: text) }
        switch wholeCodable {
        case .success(let value): #expect(try codable.finish().value == value)
        case .failure: #expect(throws: (any Error).self) { try codable.finish() }
        }
      }
    }
  }

  @Test func partialSnapshotsOfAnAsyncSourceEndWithTheCompleteOne() async throws {
    let text = Self.corpus[0]
    let chunks = pieces(Array(text.utf8), size: 16)
    var seen: [PartialSnapshot<PartialRecipe>] = []
    for try await snapshot in PartialRecipe.partialSnapshots(from: ChunkSource(chunks: chunks)) { seen.append(snapshot) }
    #expect(seen.count <= chunks.count && seen.count > chunks.count / 2)
    #expect(seen.last?.isComplete == true)
    #expect(seen.last?.value == (try PartialRecipe(json: text)))
    #expect(seen.dropLast().allSatisfy { !$0.isComplete })
    // Bytes one at a time, and a Codable type.
    var last: CodableRecipe?
    for try await snapshot in CodableRecipe.partialSnapshots(from: ChunkSource(chunks: Array(text.utf8))) { last = snapshot.value }
    #expect(last == (try ModelDecoder().decode(CodableRecipe.self, from: text)))
    // A source that ends inside the text throws.
    await #expect(throws: ModelError.self) {
      for try await _ in PartialRecipe.partialSnapshots(from: ChunkSource(chunks: Array(chunks.dropLast()))) {}
    }
  }
}

/// A model that is also Codable: read as a model, by every entry point.
struct CodablePartialStep: JSONModel, Codable, Equatable {
  var text = ""
  var minutes = 0
  mutating func didDecode(from json: JSONObject) throws { minutes += 1000 }
}

extension PartialDecodingTests {
  @Test func aModelThatIsAlsoCodableIsReadAsAModel() async throws {
    let decoder = PartialDecoder<CodablePartialStep>()
    try decoder.append(#"{"text": "a", "minutes": 1}"#)
    #expect(try decoder.finish().value == CodablePartialStep(text: "a", minutes: 1001))
    var last: CodablePartialStep?
    let chunks = [Array(#"{"text": "a", "#.utf8), Array(#""minutes": 1}"#.utf8)]
    for try await snapshot in CodablePartialStep.partialSnapshots(from: ChunkSource(chunks: chunks)) { last = snapshot.value }
    #expect(last == CodablePartialStep(text: "a", minutes: 1001))
  }
}

extension PartialDecodingTests {
  /// Snapshots are read on other tasks while the decoder goes on appending
  /// (a view reading what a loader publishes): each shows its own prefix.
  @Test func snapshotsAreReadOnOtherTasksWhileTheTextArrives() async throws {
    let text = Array(Self.corpus[0].utf8)
    let decoder = PartialDecoder<PartialRecipe>()
    let reference = try PartialTextReference(text)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for count in stride(from: 8, through: text.count, by: 8) {
        try decoder.append(Array(text[(count - 8)..<count]))
        let snapshot = decoder.snapshot
        let expected = reference.shown(prefix: count, finished: false)
        for _ in 0..<2 {
          group.addTask {
            #expect(snapshot.json == expected ?? .null)
            let whole = try expected.map { try PartialRecipe(json: $0) } ?? PartialRecipe()
            #expect(snapshot.value == whole)
            _ = snapshot.state(of: \.steps)
          }
        }
      }
      try await group.waitForAll()
    }
  }
}

/// A model whose hook counts its calls across threads.
struct CountedStep: JSONModel {
  var text = ""
  static let calls = ModelKitTestSupport.Locked(0)
  mutating func didDecode(from json: JSONObject) throws { Self.calls.withLock { $0 += 1 } }
}

/// A list of counted steps, itself counted.
final class CountedList: JSONModel, @unchecked Sendable {
  var steps: [CountedStep] = []
  static let calls = ModelKitTestSupport.Locked(0)
  required init() {}
  func didDecode(from json: JSONObject) throws { Self.calls.withLock { $0 += 1 } }
}

extension PartialDecodingTests {
  /// Snapshots of one text read on two threads at once: each complete
  /// object's hook still runs once (one decode at a time for a text), the
  /// whole text's too.
  @Test func snapshotsReadOnTwoThreadsAtOnceRunEachHookOnce() async throws {
    let rounds = 400
    CountedStep.calls.withLock { $0 = 0 }
    CountedList.calls.withLock { $0 = 0 }
    for _ in 0..<rounds {
      let decoder = PartialDecoder<CountedList>()
      try decoder.append(#"{"steps": [{"text": "one"}, {"text": "two"}, {"text": "thr"#)
      let partial = (decoder.snapshot, decoder.snapshot)
      try decoder.append(#"ee"}]}"#)
      let whole = (decoder.snapshot, decoder.snapshot)
      await withTaskGroup(of: Int.self) { group in
        group.addTask { partial.0.value.steps.count }
        group.addTask { partial.1.value.steps.count }
        group.addTask { whole.0.value.steps.count }
        group.addTask { whole.1.value.steps.count }
        for await count in group { #expect(count == 3) }
      }
    }
    // Per round: the two complete steps once, the third once it completes, the list once.
    #expect(CountedStep.calls.withLock { $0 } == rounds * 3)
    #expect(CountedList.calls.withLock { $0 } == rounds)
  }
}

struct Delivery: Codable, Equatable {
  var id: Int
  var arrivesAt: Date
  var note: String?
}

extension PartialDecodingTests {
  /// A Codable type read with a configured decoder's strategies.
  @Test func aCodableTypeIsReadWithItsDecodersStrategies() throws {
    let decoder = ModelDecoder()
    decoder.dateDecodingStrategy = .iso8601
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let text = #"{"id": 7, "arrives_at": "2026-12-04T10:00:00Z", "note": "ring twice"}"#
    let partial = PartialDecoder<Delivery>(decoder: decoder)
    var dates: [Date] = []
    var states: [PartialState] = []
    for byte in text.utf8 {
      try partial.append([byte])
      dates.append(partial.snapshot.value.arrivesAt)
      if states.last != partial.snapshot.state(of: \.arrivesAt) { states.append(partial.snapshot.state(of: \.arrivesAt)) }
    }
    // The date shows once its string is complete, never a part of it.
    #expect(Set(dates).count == 2)
    // Its state is found under the key the decoder's key strategy reads it from.
    #expect(states == [.absent, .partial, .complete])
    #expect(try partial.finish().value == decoder.decode(Delivery.self, from: text))
    #expect(partial.snapshot.value.arrivesAt == Date(timeIntervalSince1970: 1_796_378_400))
  }

  /// Trailing commas, which `ModelDecoder` reads as `JSONDecoder` does and `init(json:)` refuses.
  @Test func trailingCommasAreReadAsTheWholeDecodeReadsThem() throws {
    let text = #"{"steps": [{"text": "a", "minutes": 1,},], "title": "t",}"#
    let codable = PartialDecoder<CodableRecipe>()
    try codable.append(#"{"steps": [{"text": "a", "minutes": 1,"#)
    #expect(codable.snapshot.value.steps == [CodableStep(text: "a", minutes: 1)])
    try codable.append(#"},], "title": "t",}"#)
    let expected = try ModelDecoder().decode(CodableRecipe.self, from: text)
    #expect(try codable.finish().value == expected)
    let model = PartialDecoder<PartialRecipe>()
    #expect(throws: ModelError.self) { try model.append(text) }
    #expect(throws: ModelError.self) { try PartialRecipe(json: text) }
  }
}

/// A Codable type that validates what it reads.
struct Rating: Codable, Equatable {
  var stars: Int
  var comment: String
  init(stars: Int, comment: String) {
    self.stars = stars
    self.comment = comment
  }
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    stars = try container.decode(Int.self, forKey: .stars)
    comment = try container.decode(String.self, forKey: .comment)
    guard comment.count <= 5 else { throw DecodingError.dataCorruptedError(forKey: .comment, in: container, debugDescription: "long") }
  }
}

extension PartialDecodingTests {
  /// A part its own `init(from:)` rejects: the snapshot shows what the one before did, and says why.
  @Test func aTypeThatRejectsAPartKeepsShowingWhatDecodedBefore() throws {
    let partial = PartialDecoder<Rating>()
    try partial.append(#"{"stars": 4, "comment": "good"#)
    #expect(partial.snapshot.value == Rating(stars: 4, comment: "good"))
    try partial.append(#" food"#)
    let snapshot = partial.snapshot
    #expect(snapshot.value == Rating(stars: 4, comment: "good"))
    #expect(snapshot.error != nil)
    try partial.append("\"}")
    #expect(throws: (any Error).self) { try partial.finish() }
  }
}
