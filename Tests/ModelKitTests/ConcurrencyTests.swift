import Foundation
import ModelKit
import Testing

// A dozen types whose schemas are first built concurrently by this suite.
struct C1: JSONModel { var a = 0; var b = "" }
struct C2: JSONModel { var list: [C1] = [] }
struct C3: JSONModel { var map: [String: C2] = [:] }
final class C4: JSONModel { var next: C4?; var value = 0.0; required init() {} }
struct C5: JSONModel { var date: Date?; var url: URL? }
struct C6: JSONModel { var set: Set<Int> = []; var c5 = C5() }
struct C7: JSONModel { var flag = false; var c6: C6? }
final class C8: JSONModel { var c7: [C7] = []; var c4 = C4(); required init() {} }
struct C9: JSONModel { var raw: JSONValue = nil; static var keyMapping: [String: JSONKey] { ["raw": "a.b"] } }
struct C10: JSONModel { var id = ""; static var keyMapping: [String: JSONKey] { ["id": ["ID", "id"]] } }
struct C11: JSONModel { var c10 = C10(); var c9: C9?; var c8: C8? }
struct C12: JSONModel { var all: [C11] = []; var decimal: Decimal = 0 }

// Plain Codable types whose plans, traits and key mappings the bridge
// first looks up concurrently.
struct K1: Codable, Equatable, JSONKeyMapping {
  var id = 0
  var tags: [String] = []
  static var keyMapping: [String: JSONKey] { ["id": ["ID", "id"]] }
}
struct K2: Codable, Equatable { var items: [K1] = []; var byName: [String: K1] = [:]; var at = Date(timeIntervalSince1970: 0) }
struct K3: Codable, Equatable, JSONKeyMapping {
  var inner = K2()
  var note = ""
  static var keyMapping: [String: JSONKey] { ["note": "meta.note"] }
}

@Suite("Concurrency")
struct ConcurrencyTests {
  static let json = #"""
    {"a": 1, "b": "x", "list": [{"a": 2}], "map": {"k": {"list": []}}, "next": {"value": 2}, "value": 1,
     "date": 0, "url": "https://a.b", "set": [1, 2], "flag": true, "c7": [{"flag": true}], "c4": {"value": 3},
     "ID": "i", "all": [{"c10": {"id": "j"}, "c8": {"c4": {"value": 4}}}], "decimal": 1.5}
    """#

  static func decodeAll() throws -> Int {
    let data = Data(json.utf8)
    var total = try C1(json: data).a + (try C2(json: data)).list.count + (try C3(json: data)).map.count
    total += Int(try C4(json: data).next?.value ?? 0) + (try C5(json: data).url == nil ? 0 : 1)
    total += try C6(json: data).set.count + (try C7(json: data).flag ? 1 : 0) + (try C8(json: data)).c7.count
    total += (try C9(json: data).raw == .null ? 1 : 0) + (try C10(json: data).id == "i" ? 1 : 0)
    total += (try C11(json: data).c10.id.isEmpty ? 1 : 0) + Int(try C12(json: data).all[0].c8?.c4.value ?? 0)
    return total
  }

  @Test func sixtyFourTasksDecodeOnFirstUse() async throws {
    let expected = 1 + 1 + 1 + 2 + 1 + 2 + 1 + 1 + 1 + 1 + 1 + 4
    let results = try await resultsOfConcurrentTasks(64) { _ in try Self.decodeAll() }
    #expect(results.count == 64)
    #expect(results.allSatisfy { $0 == expected })
  }

  @Test func sixtyFourTasksEncodeOneInstanceAtOnce() async throws {
    // Its strings are read where they lie (through `withUTF8`, which takes
    // them inout and writes nothing to a native string): under the thread
    // sanitizer, a write there would be a race between these tasks.
    let shared = StringFieldsClass()
    shared.plain = String(repeating: "shared text / ", count: 8)
    shared.optional = "é"
    nonisolated(unsafe) let instance = shared
    let expected = try instance.jsonString()
    let results = try await resultsOfConcurrentTasks(64) { _ in try instance.jsonString() }
    #expect(results.count == 64)
    #expect(results.allSatisfy { $0 == expected })
  }

  @Test func sixtyFourTasksUseTheCodableBridgeOnFirstUse() async throws {
    let value = K3(
      inner: K2(items: [K1(id: 1, tags: ["a"])], byName: ["x": K1(id: 2)], at: Date(timeIntervalSince1970: 60)),
      note: "n")
    let results = try await resultsOfConcurrentTasks(64) { index in
      let data = try ModelEncoder(options: index.isMultiple(of: 2) ? [] : .sortedKeys).encode(value)
      let strict = ModelDecoder(options: DecodingOptions(strict: index.isMultiple(of: 3)))
      return try strict.decode(K3.self, from: data) == value
    }
    #expect(results.count == 64)
    #expect(results.allSatisfy { $0 })
  }
}
