import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// An array of struct models is read by the model reader element by
// element (`ModelReader.decodeModels`), a long one into the array's own
// storage; an array of class models takes the
// element-wise path every other converter takes; a nested struct model is
// filled where it lies once its decoding hooks are known to be the
// defaults, a class model through its converter. The same fields as a
// struct and as a class, read from the same generated text, must give the
// same values, the same report and the same errors.

private struct UnluckyItem: Error {}

private struct ReadInner: JSONModel {
  var id = 0
  var label = ""
}

private final class ReadInnerObject: JSONModel {
  var id = 0
  var label = ""
  init() {}
}

private struct ReadItem: JSONModel {
  var id = 0
  var name: String?
  var tags: [String] = []
  var inner = ReadInner()
  var maybe: ReadInner?
  var inners: [ReadInner] = []
  var count = 0
  static var keyMapping: [String: JSONKey] { ["count": "meta.count"] }
  mutating func didDecode(from json: JSONObject) throws { if id == 13 { throw UnluckyItem() } }
}

/// How many `ReadToken`s are alive (only `everyModelReadIsKeptOrReleased` makes them).
private let liveTokens = LiveCount()

private final class LiveCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add(_ change: Int) { lock.withLock { count += change } }
  var value: Int { lock.withLock { count } }
}

/// A class model that counts itself while it lives.
private final class ReadToken: JSONModel {
  var id = 0
  init() { liveTokens.add(1) }
  deinit { liveTokens.add(-1) }
}

/// A struct model holding references: a token, and tokens in an array.
private struct TokenHolder: JSONModel {
  var id = 0
  var token = ReadToken()
  var tokens: [ReadToken] = []
  mutating func didDecode(from json: JSONObject) throws { if id % 3 == 1 { throw UnluckyItem() } }
}

private final class ReadItemObject: JSONModel {
  var id = 0
  var name: String?
  var tags: [String] = []
  var inner = ReadInnerObject()
  var maybe: ReadInnerObject?
  var inners: [ReadInnerObject] = []
  var count = 0
  static var keyMapping: [String: JSONKey] { ["count": "meta.count"] }
  init() {}
  func didDecode(from json: JSONObject) throws { if id == 13 { throw UnluckyItem() } }
}

/// Equal by `id` alone: which of two equal elements a set keeps shows.
private struct KeyedInner: JSONModel, Hashable {
  var id = 0
  var label = ""
  static func == (left: Self, right: Self) -> Bool { left.id == right.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
  mutating func didDecode(from json: JSONObject) throws { if id == 13 { throw UnluckyItem() } }
}

/// The same elements as an array, a contiguous array and a set.
private struct CollectionsBox: JSONModel {
  var array: [KeyedInner] = []
  var contiguous: ContiguousArray<KeyedInner> = []
  var set: Set<KeyedInner> = []
}

private struct ReadBox: JSONModel {
  var items: [ReadItem] = []
  var more: ContiguousArray<ReadItem> = []
}

private final class ReadBoxOfObjects: JSONModel {
  var items: [ReadItemObject] = []
  var more: ContiguousArray<ReadItemObject> = []
  init() {}
}

/// Random JSON for arrays of items: objects whose members are of every
/// kind the conversion table meets, and elements that are not objects.
private struct ItemText {
  var generator: SeededGenerator

  mutating func pick(_ choices: [String]) -> String { choices.randomElement(using: &generator)! }

  mutating func inner() -> String {
    pick([#"{"id": 1, "label": "a"}"#, #"{"id": "2"}"#, #"{"label": 3}"#, "null", "4", #""{\"id\": 5}""#, "[]", "{}"])
  }

  mutating func item() -> String {
    var members: [String] = []
    if Bool.random(using: &generator) { members.append(#""id": "# + pick(["1", "13", #""7""#, #""x""#, "null", "2.5", "true", "[1]"])) }
    if Bool.random(using: &generator) { members.append(#""name": "# + pick([#""n""#, "5", "null", "{}"])) }
    if Bool.random(using: &generator) { members.append(#""tags": "# + pick([#"["a", "b"]"#, "[1, null]", #""a""#, "{}", "[]"])) }
    if Bool.random(using: &generator) { members.append(#""inner": "# + inner()) }
    if Bool.random(using: &generator) { members.append(#""maybe": "# + inner()) }
    if Bool.random(using: &generator) {
      members.append(#""inners": ["# + (0..<Int.random(in: 0...3, using: &generator)).map { _ in inner() }.joined(separator: ", ") + "]")
    }
    if Bool.random(using: &generator) { members.append(#""meta": {"count": "# + pick(["3", #""4""#, "null", "[]"]) + "}") }
    if Bool.random(using: &generator) { members.append(#""extra": 1"#) }
    if Bool.random(using: &generator) { members.append(#""id": 8"#) }  // a repeated key: the last wins
    return "{" + members.shuffled(using: &generator).joined(separator: ", ") + "}"
  }

  mutating func element() -> String {
    Int.random(in: 0..<5, using: &generator) == 0
      ? pick(["null", "3", #""x""#, #""{\"id\": 6}""#, "[]", "true"]) : item()
  }

  /// Short arrays, and long ones (eight elements or more), whose struct
  /// models are made in the array's own storage.
  mutating func array() -> String {
    let count = Bool.random(using: &generator) ? Int.random(in: 0...5, using: &generator) : Int.random(in: 7...14, using: &generator)
    return "[" + (0..<count).map { _ in element() }.joined(separator: ", ") + "]"
  }
}

@Suite("Arrays of struct models are read element by element")
struct ModelArrayReadingTests {
  /// What a decode gave, with the type names made alike.
  private struct Outcome: Equatable {
    var written = ""
    var report: [String] = []
    var error: String?
  }

  private func outcome(_ decode: (DecodingOptions) throws -> String, strict: Bool) -> Outcome {
    let report = DecodeReport()
    var result = Outcome()
    do {
      result.written = try decode(DecodingOptions(strict: strict, report: report))
    } catch {
      let model = underlyingModelError(error)
      result.error = "\(model?.kind as Any) at \(model?.codingPath ?? "?"): \(model?.message ?? "\(error)")"
    }
    result.report = report.entries.map { "\($0.path) \($0.kind) \($0.found) \($0.target) \($0.note ?? "")" }
    func alike(_ text: String) -> String {
      text.replacingOccurrences(of: "ReadBoxOfObjects", with: "ReadBox").replacingOccurrences(of: "ReadItemObject", with: "ReadItem")
        .replacingOccurrences(of: "ReadInnerObject", with: "ReadInner")
    }
    result.report = result.report.map(alike)
    result.error = result.error.map(alike)
    return result
  }

  @Test func structsAndClassesReadAlikeFromGeneratedArrays() throws {
    var text = ItemText(generator: SeededGenerator(seed: 2026))
    var outcomes = Set<String>()
    for _ in 0..<300 {
      let items = text.array()
      let json = #"{"items": "# + items + #", "more": "# + text.array() + "}"
      for strict in [false, true] {
        let structs = outcome({ try ReadBox(json: json, options: $0).jsonString(options: .sortedKeys) }, strict: strict)
        let classes = outcome({ try ReadBoxOfObjects(json: json, options: $0).jsonString(options: .sortedKeys) }, strict: strict)
        #expect(structs == classes, "\(strict ? "strict" : "lenient"): \(json)")
        // The top-level entry point reads the same way.
        let array = outcome({ try [ReadItem](json: items, options: $0).map { try $0.jsonString(options: .sortedKeys) }.joined(separator: ",") }, strict: strict)
        let objects = outcome({ try [ReadItemObject](json: items, options: $0).map { try $0.jsonString(options: .sortedKeys) }.joined(separator: ",") }, strict: strict)
        #expect(array == objects, "\(strict ? "strict" : "lenient"): \(items)")
        outcomes.insert(structs.error == nil ? (structs.report.isEmpty ? "clean" : "reported") : "failed")
      }
    }
    #expect(outcomes == ["clean", "reported", "failed"])
  }

  /// Each model of an array is read in one place and moved into the
  /// array: a kept model's references live on in it, a rejected one's (a
  /// hook's rejection dropped, or the error of a strict read) are
  /// released, once.
  @Test func everyModelReadIsKeptOrReleased() throws {
    let elements = (0..<12).map { #"{"id": \#($0), "token": {"id": \#($0)}, "tokens": [{"id": 1}, {"id": 2}]}"# }
    let json = "[" + elements.joined(separator: ",") + "]"
    // Twice: the first read of the type learns which hooks it has, element by element.
    for _ in 0..<2 {
      do {
        let holders = try [TokenHolder](json: json)
        #expect(holders.map(\.id) == [0, 2, 3, 5, 6, 8, 9, 11])
        #expect(holders.map(\.token.id) == holders.map(\.id))
        #expect(holders.allSatisfy { $0.tokens.map(\.id) == [1, 2] })
        // A token each and two in its array, for the kept models only.
        #expect(liveTokens.value == holders.count * 3)
      }
      #expect(liveTokens.value == 0)
      #expect(throws: ModelError.self) { try [TokenHolder](json: json, options: DecodingOptions(strict: true)) }
      #expect(liveTokens.value == 0)
    }
  }

  @Test func elementsAreReadAsTheyAreAlone() throws {
    let json = #"[{"id": 1, "inners": [{"id": "2"}, null, {"label": "x"}]}, null, "{\"id\": 3}", {"id": 13}, {"id": 4, "meta": {"count": 9}}]"#
    let report = DecodeReport()
    let items = try [ReadItem](json: json, options: DecodingOptions(report: report))
    #expect(items.map(\.id) == [1, 3, 4])
    #expect(items[0].inners.map(\.id) == [2, 0])
    #expect(items[0].inners.map(\.label) == ["", "x"])
    #expect(items[2].count == 9)
    let entries = report.entries.map { "\($0.path) \($0.kind)" }
    #expect(entries.contains("$[0].inners[0].id converted"))
    #expect(entries.contains("$[0].inners[1] dropped"))
    #expect(entries.contains("$[3] rejectedByHook"))
    let strict = #expect(throws: ModelError.self) { try [ReadItem](json: json, options: DecodingOptions(strict: true)) }
    #expect(strict?.codingPath == "$[0].inners[0].id")
    let rejected = #expect(throws: ModelError.self) {
      try [ReadItem](json: #"[{"id": 1}, {"id": 13}]"#, options: DecodingOptions(strict: true))
    }
    #expect(rejected?.kind == .rejected)
    #expect(rejected?.codingPath == "$[1]")
  }

  /// A contiguous array and a set of struct models, short and long (made
  /// in an array's storage from eight elements on), hold what the array
  /// of the same elements holds: the same models in the same order, and
  /// for the set the first of equal ones, as inserting one by one keeps;
  /// a strict read fails at the same element.
  @Test func contiguousArraysAndSetsHoldWhatTheArrayHolds() throws {
    var generator = SeededGenerator(seed: 0xC011)
    for _ in 0..<200 {
      let count = Int.random(in: 0...20, using: &generator)
      let elements = (0..<count).map { _ -> String in
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: return "null"
        case 1: return #"{"id": 13}"#
        case 2: return #"{"id": "x"}"#
        default: return #"{"id": \#(Int.random(in: 0..<6, using: &generator)), "label": "l\#(Int.random(in: 0..<100, using: &generator))"}"#
        }
      }
      let items = "[" + elements.joined(separator: ", ") + "]"
      let json = #"{"array": \#(items), "contiguous": \#(items), "set": \#(items)}"#
      for strict in [false, true] {
        let options = DecodingOptions(strict: strict)
        let expected: [KeyedInner]
        do {
          expected = try [KeyedInner](json: items, options: options)
        } catch {
          let failure = try #require(underlyingModelError(error))
          let box = #expect(throws: ModelError.self) { try CollectionsBox(json: json, options: options) }
          #expect(box?.kind == failure.kind && box?.codingPath == "$.array" + failure.codingPath.dropFirst(), "\(json)")
          for field in ["contiguous", "set"] {
            let alone = #expect(throws: ModelError.self) {
              try CollectionsBox(json: #"{"\#(field)": \#(items)}"#, options: options)
            }
            #expect(alone?.codingPath == "$.\(field)" + failure.codingPath.dropFirst(), "\(json)")
          }
          continue
        }
        let box = try CollectionsBox(json: json, options: options)
        #expect(box.array.map(\.label) == expected.map(\.label))
        #expect(Array(box.contiguous).map(\.label) == expected.map(\.label), "\(json)")
        var firsts: [Int: String] = [:]
        for item in expected where firsts[item.id] == nil { firsts[item.id] = item.label }
        #expect(box.set.count == firsts.count, "\(json)")
        #expect(box.set.allSatisfy { firsts[$0.id] == $0.label }, "\(json)")
      }
    }
  }
}
