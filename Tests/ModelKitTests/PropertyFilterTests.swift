import Foundation
import ModelKit
import Testing

struct Blacklisted: JSONModel {
  var a = "", b = "", c = ""
  static var ignoredProperties: Set<String> { ["a"] }
}

struct Whitelisted: JSONModel {
  var a = "", b = "", c = ""
  static var allowedProperties: Set<String>? { ["a"] }
}

struct BothLists: JSONModel {
  var a = "", b = "", c = ""
  static var ignoredProperties: Set<String> { ["a"] }
  static var allowedProperties: Set<String>? { ["a", "b"] }
}

struct Misnamed: JSONModel {
  var a = ""
  var closure: () -> Void = {}
  var pair = (1, 2)
  static var keyMapping: [String: JSONKey] { ["nope": "x"] }
  static var ignoredProperties: Set<String> { ["missing"] }
}

@Suite("Allowed and ignored properties")
struct PropertyFilterTests {
  static let json = #"{"a": "A", "b": "B", "c": "C", "d": "D"}"#

  @Test func ignoredPropertiesTakeNoPart() throws {
    let model = try Blacklisted(json: Self.json)
    #expect(model.a == "" && model.b == "B" && model.c == "C")
    #expect(try model.jsonValue() == ["b": "B", "c": "C"])
  }

  @Test func onlyAllowedPropertiesTakePart() throws {
    let model = try Whitelisted(json: Self.json)
    #expect(model.a == "A" && model.b == "" && model.c == "")
    #expect(try model.jsonValue() == ["a": "A"])
  }

  @Test func theIgnoreListWins() throws {
    let model = try BothLists(json: Self.json)
    #expect(model.a == "" && model.b == "B" && model.c == "")
    #expect(try model.jsonValue() == ["b": "B"])
  }

  @Test func unknownNamesAndUnconvertibleFieldsAreReported() throws {
    setenv("MODELKIT_SCHEMA_ASSERTIONS", "0", 1)
    let schema = try ModelSchema.of(Misnamed.self)
    #expect(schema.fieldNames == ["a"])
    #expect(schema.diagnostics.contains { $0.contains("keyMapping names 'nope'") })
    #expect(schema.diagnostics.contains { $0.contains("ignoredProperties names 'missing'") })
    #expect(schema.diagnostics.contains { $0.contains("skipped 'closure'") })
    #expect(schema.diagnostics.contains { $0.contains("skipped 'pair'") })
    #expect(try Misnamed(json: #"{"a": "x", "x": "y"}"#).a == "x")
  }
}
