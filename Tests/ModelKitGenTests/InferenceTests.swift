import Foundation  // String.contains(String): Foundation's reaches the platform floor, the standard library's needs macOS 13
import ModelKitGen
import Testing

/// `modelkit gen`'s inference rules, one sample each.
@Suite("modelkit gen: inference")
struct InferenceTests {
  /// The Swift `modelkit gen` writes for `samples`.
  private func swift(_ samples: String..., name: String = "Root", codable: Bool = false, classes: Bool = false)
    throws -> String
  {
    let options = ModelGenerator.Options(rootName: name, classes: classes, codable: codable)
    return try ModelGenerator(options: options).swift(for: samples.map { Array($0.utf8) })
  }

  @Test func scalarsGetTheirTypesAndJSONModelDefaults() throws {
    let out = try swift(#"{"id": 1, "ratio": 0.5, "ok": true, "name": "n"}"#)
    for line in ["var id: Int = 0", "var ratio: Double = 0", "var ok: Bool = false", #"var name: String = """#] {
      #expect(out.contains(line), "\(line)")
    }
  }

  @Test func missingOrNullAnywhereMakesAnOptional() throws {
    let out = try swift(#"{"a": 1, "b": 2, "c": 3}"#, #"{"a": 4, "c": null}"#)
    #expect(out.contains("var a: Int = 0"))
    #expect(out.contains("var b: Int?"))
    #expect(out.contains("var c: Int?"))
  }

  @Test func integersWidenToUInt64ThenDecimal() throws {
    let out = try swift(#"{"small": -5, "big": 18446744073709551615, "huge": 123456789012345678901234567890}"#)
    #expect(out.contains("var small: Int = 0"))
    #expect(out.contains("var big: UInt64 = 0"))
    #expect(out.contains("var huge: Decimal = 0"))
  }

  @Test func integersAndFractionsTogetherAreDoublesOrDecimalsWhenDoubleLosesDigits() throws {
    let out = try swift(#"{"mixed": 1, "exact": 0.25, "long": 3.14159265358979323846}"#, #"{"mixed": 2.5, "exact": 1, "long": 1}"#)
    #expect(out.contains("var mixed: Double = 0"))
    #expect(out.contains("var exact: Double = 0"))
    #expect(out.contains("var long: Decimal = 0"))
    // An exponent alone keeps a whole number an integer: `1e3` is 1000.
    #expect(try swift(#"{"n": 1e3}"#).contains("var n: Int = 0"))
  }

  @Test func datesURLsAndUUIDsAreToldByTheirText() throws {
    let out = try swift(
      #"{"iso": "2024-05-01T12:00:00Z", "plain": "2024-05-01 12:00:00", "tweet": "Mon Sep 24 03:35:21 +0000 2012", "site": "https://example.com/a", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "text": "2024 was a year"}"#)
    for line in ["var iso: Date?", "var plain: Date?", "var tweet: Date?", "var site: URL?", "var id: UUID?", #"var text: String = """#] {
      #expect(out.contains(line), "\(line)")
    }
    // JSONDecoder cannot read dates from text by default: Codable types keep them as strings.
    #expect(try swift(#"{"iso": "2024-05-01T12:00:00Z"}"#, codable: true).contains("var iso: String"))
  }

  @Test func nestedTypesAreNamedFromTheirKeysSingularForElements() throws {
    let out = try swift(#"{"author": {"n": 1}, "users": [{"id": 1}], "categories": [{"k": "a"}], "statuses": [{"t": 1}]}"#)
    for declaration in ["struct Author: JSONModel", "struct User: JSONModel", "struct Category: JSONModel", "struct Status: JSONModel"] {
      #expect(out.contains(declaration), "\(declaration)")
    }
    #expect(out.contains("var users: [User] = []"))
    #expect(out.contains("var author: Author = Author()"))
  }

  @Test func identicalShapesShareOneTypeAndNamesNeverCollide() throws {
    let out = try swift(#"{"from": {"id": 1, "name": "a"}, "to": {"id": 2, "name": "b"}, "item": {"x": 1}, "items": [{"y": 1}]}"#)
    #expect(out.contains("var to: From = From()"))
    #expect(!out.contains("struct To:"))
    #expect(out.contains("struct Item: JSONModel"))
    #expect(out.contains("struct Item2: JSONModel"))
  }

  @Test func objectsKeyedByDataAreDictionaries() throws {
    let out = try swift(#"{"byID": {"138586341": {"n": 1}, "138586345": {"n": 2}}, "names": {"205705993": "a", "205705994": "b"}}"#)
    #expect(out.contains("var byID: [String: ByID] = [:]"))
    #expect(out.contains("var names: [String: String] = [:]"))
  }

  @Test func emptyArraysAndAllNullFieldsAreJSONValues() throws {
    let out = try swift(#"{"nothing": [], "never": null}"#)
    #expect(out.contains("var nothing: [JSONValue] = []"))
    #expect(out.contains("var never: JSONValue?"))
  }

  @Test func mixedKindsAreJSONValues() throws {
    let out = try swift(#"{"v": 1}"#, #"{"v": "one"}"#)
    #expect(out.contains("var v: JSONValue = .null"))
  }

  @Test func namesAreSwiftIdentifiersWithAKeyMappingWhereTheyDiffer() throws {
    let out = try swift(#"{"user_name": 1, "2x": 1, "foo-bar": 1, "@id": 1, "": 1, "class": 1, "self": 1, "ünï": 1}"#)
    for line in ["var userName", "var _2x", "var fooBar", "var id", "var empty", "var `class`", "var self_", "var uni"] {
      #expect(out.contains(line), "\(line)")
    }
    for entry in [#""userName": .key("user_name")"#, #""_2x": .key("2x")"#, #""fooBar": .key("foo-bar")"#, #""empty": .key("")"#, #""self_": .key("self")"#] {
      #expect(out.contains(entry), "\(entry)")
    }
    #expect(!out.contains(#""class": .key"#))
  }

  @Test func codableOutputUsesCodingKeysAndNoDefaults() throws {
    let out = try swift(#"{"user_name": "a", "id": 1}"#, codable: true)
    #expect(out.contains("struct Root: Codable {"))
    #expect(out.contains("var userName: String"))
    #expect(out.contains(#"case userName = "user_name""#))
    #expect(out.contains("case id"))
    #expect(!out.contains("keyMapping"))
  }

  @Test func classesGetRequiredInitializers() throws {
    let out = try swift(#"{"a": {"b": 1}}"#, classes: true)
    #expect(out.contains("final class Root: JSONModel {"))
    #expect(out.contains("final class A: JSONModel {"))
    #expect(out.contains("required init() {}"))
  }

  @Test func aTopLevelArrayNamesItsElementAndJSONLinesMerge() throws {
    let out = try swift(#"[{"id": 1}, {"id": 2, "extra": true}]"#, name: "Event")
    #expect(out.contains("struct Event: JSONModel {"))
    #expect(out.contains("var extra: Bool?"))
    let lines = try swift("{\"a\": 1}\n{\"a\": 2, \"b\": \"x\"}\n")
    #expect(lines.contains("var b: String?"))
    #expect(try swift("[1, 2]", name: "Score").contains("typealias Score = Int"))
  }

  @Test func outputIsDeterministicAndNamesItsCommand() throws {
    let sample = #"{"z": 1, "a": {"b": [1]}, "m": "x"}"#
    #expect(try swift(sample) == swift(sample))
    let options = ModelGenerator.Options(command: "modelkit gen sample.json")
    #expect(try ModelGenerator(options: options).swift(for: [Array(sample.utf8)]).hasPrefix("// Generated by `modelkit gen sample.json`."))
  }

  @Test func badSamplesAreErrors() {
    #expect(throws: GenerationError.noSamples) { try ModelGenerator().swift(for: []) }
    #expect(throws: GenerationError.unsupportedTopLevel) { try swift("42") }
    #expect(throws: GenerationError.unsupportedTopLevel) { try swift("{}", "[]") }
    #expect { try swift("{oops") } throws: { error in
      guard case GenerationError.invalidSample = error else { return false }
      return true
    }
  }
}
