import Foundation
import ModelKit
import Testing
import ModelKitTestSupport

/// The decode report (design section 10): every kind of entry, through
/// every entry point, with paths, excerpts and targets; nothing without a
/// report; only unknown keys for well-typed input; and agreement with
/// strict mode (what strict mode rejects is in the lenient report).
@Suite("Decode report")
struct DecodeReportTests {
  struct ReportedTag: JSONModel, Codable, Equatable {
    var label = ""
  }

  struct ReportedPet: JSONModel, Codable, Equatable {
    var name = ""
    mutating func didDecode(from json: JSONObject) throws {
      if name == "bad" { throw PetRejected() }
    }
  }

  struct PetRejected: Error {}

  struct ReportedUser: JSONModel, Codable, Equatable {
    var id = 0
    var name = ""
    var admin = false
    var score = 0.0
    var joined: Date?
    var tags: [ReportedTag] = []
    var counts: [Int] = []
    var pet: ReportedPet?
    var city = ""
    var nickname = ""

    static var keyMapping: [String: JSONKey] { ["city": "address.city", "nickname": ["nick", "alias"]] }
  }

  /// Every kind the model layer reports, one value each.
  static let messy = #"""
    {"id": "12", "name": 7, "admin": "yes", "score": null, "joined": "2024-05-01T12:00:00Z",
     "tags": [{"label": "a"}, 3, {"label": "b"}], "counts": [1, "x", 2.5],
     "pet": {"name": "bad"}, "address": {"city": "Oslo"}, "alias": "Al", "extra": true}
    """#

  static func entries(_ report: DecodeReport) -> [String: DecodeReport.Entry] {
    Dictionary(report.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
  }

  @Test("a model's decode reports every kind with its path, what was found and the target")
  func everyKind() throws {
    let report = DecodeReport()
    let user = try ReportedUser(json: Self.messy, options: DecodingOptions(report: report))
    #expect(user.id == 12 && user.name == "7" && user.admin && user.counts == [1, 2] && user.pet == nil)
    let found = Self.entries(report)
    #expect(found["$.id"] == .init(path: "$.id", kind: .converted, found: "string", excerpt: #""12""#, target: "Int"))
    #expect(found["$.name"]?.kind == .converted && found["$.name"]?.target == "String")
    #expect(found["$.admin"]?.kind == .converted && found["$.admin"]?.target == "Bool")
    #expect(found["$.score"] == .init(path: "$.score", kind: .nullForNonOptional, found: "null", excerpt: "", target: "Double"))
    #expect(found["$.joined"]?.kind == .converted && found["$.joined"]?.target == "Optional<Date>")
    #expect(found["$.tags[1]"] == .init(path: "$.tags[1]", kind: .dropped, found: "number", excerpt: "3", target: "ReportedTag"))
    #expect(found["$.counts[1]"]?.kind == .dropped)
    #expect(found["$.counts[2]"] == .init(path: "$.counts[2]", kind: .converted, found: "number", excerpt: "2.5", target: "Int"))
    #expect(found["$.pet"]?.kind == .rejectedByHook && found["$.pet"]?.note?.contains("didDecode") == true)
    #expect(found["$.alias"] == .init(
      path: "$.alias", kind: .fallbackKey, found: "string", excerpt: #""Al""#, target: "'nickname'", note: "alias"))
    #expect(found["$.extra"] == .init(path: "$.extra", kind: .unknownKey, found: "bool", excerpt: "true", target: "ReportedUser"))
    #expect(found["$.address"] == nil, "a key path's first key is read")
    #expect(report.entries.count == 11)
  }

  @Test("values that do not convert are ignored, and say so")
  func ignored() throws {
    let report = DecodeReport()
    var user = ReportedUser()
    user.id = 5
    try user.update(json: #"{"id": "abc", "score": [1], "counts": {}}"#, options: DecodingOptions(report: report))
    #expect(user.id == 5)
    let found = Self.entries(report)
    #expect(found["$.id"] == .init(path: "$.id", kind: .ignored, found: "string", excerpt: #""abc""#, target: "Int"))
    #expect(found["$.score"]?.kind == .ignored && found["$.score"]?.found == "array")
    #expect(found["$.counts"]?.kind == .ignored && found["$.counts"]?.excerpt == "{…}")
  }

  @Test("every entry point reports: arrays, dictionaries, updates, envelopes, large arrays")
  func entryPoints() throws {
    let element = #"{"id": "1", "surplus": 0}"#
    func expectEntries(_ report: DecodeReport, _ paths: [String]) {
      #expect(report.entries.map(\.path).sorted() == paths.sorted())
    }
    var report = DecodeReport()
    _ = try [ReportedUser](json: "[\(element), 4]", options: DecodingOptions(report: report))
    expectEntries(report, ["$[0].id", "$[0].surplus", "$[1]"])
    report = DecodeReport()
    _ = try [String: ReportedUser](json: #"{"a": \#(element)}"#, options: DecodingOptions(report: report))
    expectEntries(report, ["$.a.id", "$.a.surplus"])
    report = DecodeReport()
    _ = try ReportedUser(json: #"{"data": \#(element)}"#, at: "data", options: DecodingOptions(report: report))
    expectEntries(report, ["$.data.id", "$.data.surplus"])
    report = DecodeReport()
    _ = try ReportedUser(json: Data(element.utf8), options: DecodingOptions(report: report))
    expectEntries(report, ["$.id", "$.surplus"])
    report = DecodeReport()
    _ = try ReportedUser(json: JSONValue(json: element), options: DecodingOptions(report: report))
    expectEntries(report, ["$.id", "$.surplus"])
    // Read in windows: one report for the whole array, with its indices.
    report = DecodeReport()
    let large = "[" + Array(repeating: element, count: 20_000).joined(separator: ",") + "]"
    let users = try [ReportedUser](json: large, options: DecodingOptions(report: report))
    #expect(users.count == 20_000 && report.entries.count == 40_000)
    #expect(report.entries.last?.path == "$[19999].surplus")
  }

  @Test("ModelDecoder reports conversions, substituted empty values, drops and unknown keys of Codable types")
  func codable() throws {
    struct Order: Codable, Equatable {
      var id: Int
      var note: String
      var lines: [Int]
      var paid: Bool
    }
    let report = DecodeReport()
    let decoder = ModelDecoder(options: DecodingOptions(report: report))
    let order = try decoder.decode(Order.self, from: Data(#"{"id": "3", "lines": [1, null, "2"], "paid": [], "x": 1}"#.utf8))
    #expect(order == Order(id: 3, note: "", lines: [1, 2], paid: false))
    let found = Self.entries(report)
    #expect(found["$.id"] == .init(path: "$.id", kind: .converted, found: "string", excerpt: #""3""#, target: "Int"))
    #expect(found["$.note"] == .init(path: "$.note", kind: .emptySubstituted, found: "missing", excerpt: "", target: "String"))
    #expect(found["$.lines[1]"]?.kind == .dropped)
    #expect(found["$.lines[2]"]?.kind == .converted)
    #expect(found["$.paid"]?.kind == .emptySubstituted && found["$.paid"]?.found == "array")
    #expect(found["$.x"] == .init(path: "$.x", kind: .unknownKey, found: "number", excerpt: "1", target: "Order"))
    #expect(report.entries.count == 6)
    // JSONModel types inside ModelDecoder keep the model layer's entries.
    let models = DecodeReport()
    let both = ModelDecoder(options: DecodingOptions(report: models))
    _ = try both.decode([ReportedUser].self, from: Data(#"[{"id": "1"}, {"id": 2, "zzz": 0}]"#.utf8))
    #expect(models.entries.map(\.path) == ["$[0].id", "$[1].zzz"])
  }

  @Test("a dictionary Codable reads whole reports a container of the wrong kind, and keys that are no keys")
  func codableDictionariesOfOtherKeys() throws {
    struct Seats: Codable, Equatable { var byRow: [Int: Int] }
    for (text, path, kind) in [
      (#"{"byRow": [1, 2]}"#, "$.byRow", DecodeReport.Entry.Kind.emptySubstituted), (#"{"byRow": {"x": 1}}"#, "$.byRow.x", .dropped),
    ] {
      let report = DecodeReport()
      let seats = try ModelDecoder(options: DecodingOptions(report: report)).decode(Seats.self, from: Data(text.utf8))
      #expect(seats == Seats(byRow: [:]))
      #expect(report.entries.map(\.path) == [path] && report.entries.map(\.kind) == [kind], "\(report.entries)")
    }
  }

  @Test("without a report nothing is noted; well-typed input reports only unknown keys")
  func quietWhenWellTyped() throws {
    let user = #"{"id": 1, "name": "n", "admin": true, "score": 2.5, "tags": [{"label": "a"}], "counts": [1], "nick": "x", "v": 2}"#
    let report = DecodeReport()
    _ = try ReportedUser(json: user, options: DecodingOptions(report: report))
    #expect(report.entries.map(\.kind) == [.unknownKey])
    let strictUser = try ReportedUser(json: user, options: DecodingOptions(strict: true))
    #expect(strictUser.id == 1)
    // Decodes without the report add nothing to it, on every path it was on before.
    let messy = DecodeReport()
    _ = try ReportedUser(json: Self.messy, options: DecodingOptions(report: messy))
    let count = messy.entries.count
    #expect(count > 5)
    _ = try ReportedUser(json: Self.messy)
    _ = try [ReportedUser](json: "[\(Self.messy)]")
    let decoder = ModelDecoder(options: DecodingOptions(report: messy))
    _ = try decoder.decode(ReportedUser.self, from: Data(Self.messy.utf8))
    #expect(messy.entries.count == 2 * count)
    decoder.options.report = nil
    _ = try decoder.decode(ReportedUser.self, from: Data(Self.messy.utf8))
    #expect(messy.entries.count == 2 * count)
  }

  @Test("a handler sees each entry while decoding, and the report keeps none")
  func handler() throws {
    let seen = Locked<[String]>([])
    let report = DecodeReport { entry in seen.withLock { $0.append(entry.path) } }
    let decoder = ModelDecoder()
    decoder.options.report = report
    _ = try decoder.decode(ReportedUser.self, from: Data(#"{"id": "1", "q": 0}"#.utf8))
    #expect(seen.withLock { $0 } == ["$.id", "$.q"])
    #expect(report.entries.isEmpty)
  }

  @Test("groups entries of array elements and prints an aligned table")
  func table() throws {
    let report = DecodeReport()
    let items = "[" + (0..<1_000).map { #"{"id": "\#($0)", "name": "n"}"# }.joined(separator: ",") + "]"
    _ = try [ReportedUser](json: items, options: DecodingOptions(report: report))
    _ = try ReportedUser(json: #"{"id": "12", "extra": 1}"#, options: DecodingOptions(report: report))
    #expect(report.groups.map(\.count) == [1_000, 1, 1])
    #expect(report.groups[0].entry.path == "$[*].id" && report.groups[0].entry.excerpt == "")
    let lines = report.description.split(separator: "\n").map(String.init)
    #expect(lines == [
      "$[*].id  converted   string → Int                                   ×1 000",
      "$.id     converted   string \"12\" → Int",
      "$.extra  unknownKey  number 1, read by no property of ReportedUser",
    ])
    #expect(DecodeReport().description == "no entries")
  }

  @Test("is Codable: entries survive JSON")
  func codableReport() throws {
    let report = DecodeReport()
    _ = try ReportedUser(json: Self.messy, options: DecodingOptions(report: report))
    let data = try JSONEncoder().encode(report)
    let back = try JSONDecoder().decode(DecodeReport.self, from: data)
    #expect(back.entries == report.entries)
    #expect(try JSONValue(json: data).array?.first?["path"]?.string == "$.id")
  }

  @Test("whatever strict mode rejects, the lenient report lists")
  func agreesWithStrict() throws {
    var rng = SeededGenerator(seed: 21)
    let values = [
      "1", "\"1\"", "1.5", "true", "\"yes\"", "null", "\"<null>\"", "[]", "{}", "\"x\"", "[1, \"2\", null]",
      #"[{"label": 1}, 2]"#, #"{"name": "bad"}"#, #"{"name": 3}"#, "\"2024-05-01\"", "1e400", "-1",
    ]
    let keys = ["id", "name", "admin", "score", "joined", "tags", "counts", "pet", "nick", "alias", "address", "z"]
    var rejected = 0
    for _ in 0..<2_000 {
      let members = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
        "\"\(keys.randomElement(using: &rng)!)\": \(values.randomElement(using: &rng)!)"
      }
      let text = "{" + members.joined(separator: ", ") + "}"
      let report = DecodeReport()
      _ = try ReportedUser(json: text, options: DecodingOptions(report: report))
      let kinds = Set(report.entries.map(\.kind)).subtracting([.unknownKey, .fallbackKey])
      do {
        _ = try ReportedUser(json: text, options: DecodingOptions(strict: true))
      } catch {
        rejected += 1
        #expect(!kinds.isEmpty, "strict rejects \(text) (\(error)) but the report lists nothing")
      }
    }
    #expect(rejected > 500)
  }

  struct Shelf: JSONModel {
    var owner = ReportedUser()
    var byName: [String: Int] = [:]
    var order: CodableOrder?
    var deep = ""
    static var keyMapping: [String: JSONKey] { ["deep": "a.b.c"] }
  }

  struct CodableOrder: Codable, Equatable {
    var id: Int
  }

  final class Vetting: JSONModel {
    var pet: ReportedPet?
    var pets: [ReportedPet] = []
    var gate: Gate?
    required init() {}
  }

  struct Gate: JSONModel {
    var open = false
    mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
      if json["open"] == .null { throw PetRejected() }
      return nil
    }
  }

  @Test("nested models, dictionaries, key paths and Codable values inside models report with their full paths")
  func nested() throws {
    let report = DecodeReport()
    let text = #"{"owner": {"id": "9", "tags": [{"label": 5}], "more": 1}, "byName": {"a": "1", "b": "x"}, "#
      + #""order": {"id": "4", "q": 1}, "a": {"b": {"c": 12}}}"#
    let shelf = try Shelf(json: text, options: DecodingOptions(report: report))
    #expect(shelf.owner.id == 9 && shelf.byName == ["a": 1] && shelf.order?.id == 4 && shelf.deep == "12")
    let found = Self.entries(report)
    #expect(found["$.owner.id"]?.kind == .converted)
    #expect(found["$.owner.tags[0].label"]?.kind == .converted)
    #expect(found["$.owner.more"]?.kind == .unknownKey && found["$.owner.more"]?.target == "ReportedUser")
    #expect(found["$.byName.a"]?.kind == .converted)
    #expect(found["$.byName.b"] == .init(path: "$.byName.b", kind: .dropped, found: "string", excerpt: #""x""#, target: "Int"))
    #expect(found["$.order.id"]?.kind == .converted)
    #expect(found["$.order.q"]?.kind == .unknownKey && found["$.order.q"]?.target == "CodableOrder")
    #expect(found["$.a.b.c"] == .init(path: "$.a.b.c", kind: .converted, found: "number", excerpt: "12", target: "String"))
    #expect(report.entries.count == 8)
  }

  @Test("hooks: a willDecode or didDecode rejection of a nested model, in a field and in an array")
  func hooks() throws {
    let report = DecodeReport()
    let text = #"{"pet": {"name": "bad"}, "pets": [{"name": "ok"}, {"name": "bad"}], "gate": {"open": null}}"#
    let vetting = try Vetting(json: text, options: DecodingOptions(report: report))
    #expect(vetting.pet == nil && vetting.pets.map(\.name) == ["ok"] && vetting.gate == nil)
    let found = Self.entries(report)
    #expect(found["$.pet"]?.kind == .rejectedByHook && found["$.pet"]?.target == "ReportedPet")
    #expect(found["$.pets[1]"]?.kind == .rejectedByHook)
    #expect(found["$.gate"]?.kind == .rejectedByHook && found["$.gate"]?.note?.contains("willDecode") == true)
    #expect(report.entries.count == 3, "a rejected element is not also reported dropped")
  }

  @Test("ModelDecoder in strict mode rejects what its lenient report lists")
  func codableAgreesWithStrict() throws {
    struct Mixed: Codable {
      var id: Int
      var flag: Bool
      var name: String
      var values: [Double]
      var nested: CodableOrder?
    }
    var rng = SeededGenerator(seed: 22)
    let values = ["1", "\"1\"", "1.5", "true", "null", "[]", "{}", "\"x\"", "[1, \"2\", null]", #"{"id": "3"}"#, #"{"id": 3}"#]
    let keys = ["id", "flag", "name", "values", "nested", "other"]
    var rejected = 0
    for _ in 0..<1_500 {
      var members = keys.filter { _ in Bool.random(using: &rng) }.map { "\"\($0)\": \(values.randomElement(using: &rng)!)" }
      if members.isEmpty { members = [#""id": 1"#] }
      let data = Data(("{" + members.joined(separator: ", ") + "}").utf8)
      let report = DecodeReport()
      _ = try ModelDecoder(options: DecodingOptions(report: report)).decode(Mixed.self, from: data)
      let kinds = Set(report.entries.map(\.kind)).subtracting([.unknownKey, .fallbackKey])
      if (try? ModelDecoder(options: DecodingOptions(strict: true)).decode(Mixed.self, from: data)) == nil {
        rejected += 1
        #expect(!kinds.isEmpty, "strict rejects \(String(decoding: data, as: UTF8.self)) but the report lists nothing")
      }
    }
    #expect(rejected > 500)
  }

  @Test("a shared report collects from many threads, each decode's entries together")
  func concurrent() async throws {
    let report = DecodeReport()
    let decoder = ModelDecoder(options: DecodingOptions(report: report))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<32 {
        group.addTask {
          _ = try decoder.decode(ReportedUser.self, from: Data(#"{"id": "\#(index)", "x\#(index)": 1}"#.utf8))
        }
      }
      try await group.waitForAll()
    }
    let entries = report.entries
    #expect(entries.count == 64)
    for pair in stride(from: 0, to: 64, by: 2) {
      #expect(entries[pair].path == "$.id" && entries[pair + 1].path.hasPrefix("$.x"))
      #expect(entries[pair].excerpt == "\"\(entries[pair + 1].path.dropFirst(3))\"")
    }
  }

  /// A Codable value that keeps its decoder, as a type may.
  final class KeepsDecoder: Codable, @unchecked Sendable {
    let count: Int
    let decoder: any Decoder
    private enum Keys: String, CodingKey { case count }
    init(from decoder: any Decoder) throws {
      count = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .count)
      self.decoder = decoder
    }
    func encode(to encoder: any Encoder) throws {}
  }

  struct HoldsKeeper: JSONModel {
    var keeper: KeepsDecoder?
  }

  @Test("a value that keeps its decoder does not keep the decode's entries from the report")
  func keptDecoders() throws {
    let coder = DecodeReport()
    let kept = try ModelDecoder(options: DecodingOptions(report: coder)).decode(KeepsDecoder.self, from: #"{"count": "4"}"#)
    #expect(kept.count == 4)
    #expect(coder.entries.map(\.path) == ["$.count"])
    let model = DecodeReport()
    let holder = try HoldsKeeper(json: #"{"keeper": {"count": "5"}}"#, options: DecodingOptions(report: model))
    #expect(holder.keeper?.count == 5)
    #expect(model.entries.map(\.path) == ["$.keeper.count"])
    let list = DecodeReport()
    _ = try [HoldsKeeper].self.init(json: #"[{"keeper": {"count": "6"}}]"#, options: DecodingOptions(report: list))
    #expect(list.entries.map(\.path) == ["$[0].keeper.count"])
  }
}
