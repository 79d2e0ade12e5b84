import Foundation
import ModelKit
import Testing

struct Birthday: JSONModel {
  var birthday: Date?
  var age: UInt8 = 0
}

/// A model whose property name makes messages longer than 256 bytes.
struct LongNamed: JSONModel {
  var propertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyroperty =
    0
}

struct Writer: JSONModel {
  var name = ""
  var author = Birthday()
  var users: [Birthday] = []
  var id = 0
  var active = false
  var tag: Color = .red
  var nickname: String?
}

@Suite("Strict mode")
struct StrictModeTests {
  let strict = DecodingOptions(strict: true)

  func error(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> ModelError? {
    #expect(throws: ModelError.self, sourceLocation: sourceLocation) { try Writer(json: json, options: strict) }
  }

  @Test("a value a later duplicate key replaces is no error: the last value wins, as read from a JSONValue")
  func replacedDuplicateValuesAreNoErrors() throws {
    struct Site: JSONModel, Equatable {
      var url: URL?
      var id = 0
    }
    let text = #"{"url": "http*://a.example", "id": "x", "url": "https://b.example", "id": 7}"#
    let site = try Site(json: text, options: strict)
    #expect(site == Site(url: URL(string: "https://b.example"), id: 7))
    #expect(try site == Site(json: JSONValue(json: text), options: strict))
    // The last value still decides.
    let error = #expect(throws: ModelError.self) {
      try Site(json: #"{"id": 7, "id": "x"}"#, options: strict)
    }
    #expect(error?.codingPath.description == "$.id")
  }

  @Test func kindMismatchesAreErrorsWithPaths() {
    #expect(error(#"{"id": "12"}"#)?.codingPath == "$.id")
    #expect(error(#"{"id": "12"}"#)?.kind == .typeMismatch)
    #expect(error(#"{"active": "yes"}"#)?.kind == .typeMismatch)
    #expect(error(#"{"name": 5}"#)?.kind == .typeMismatch)
    #expect(error(#"{"author": {"birthday": "someday"}}"#)?.codingPath == "$.author.birthday")
    #expect(error(#"{"users": [{}, {}, {}, {"age": 300}]}"#)?.codingPath == "$.users[3].age")
    #expect(error(#"{"users": [{}, {}, {}, {"age": 300}]}"#)?.kind == .outOfRange)
    // A fraction does not fit an integer, as JSONDecoder reports it.
    #expect(error(#"{"id": 1.5}"#)?.kind == .outOfRange)
    #expect(error(#"{"tag": "blue"}"#)?.codingPath == "$.tag")
  }

  @Test func nullForNonOptionalsIsAnError() {
    let failure = error(#"{"name": null}"#)
    #expect(failure?.kind == .unexpectedNull)
    #expect(failure?.message == "null is not a value for property 'name' of type String")
  }

  /// Each failure's message names the value found and what it was for,
  /// whole, however long (the text is written into a 256-byte buffer first).
  @Test func messagesNameTheValueAndTheTarget() throws {
    #expect(error(#"{"id": "12"}"#)?.message == #"the string "12" is not a value for property 'id' of type Int"#)
    #expect(error(#"{"id": [1]}"#)?.message == "an array is not a value for property 'id' of type Int")
    #expect(
      error(#"{"users": [{"age": 300}]}"#)?.message == "the number 300 is out of range for property 'age' of type UInt8"
    )
    let value = String(repeating: "é", count: 50)
    let expected = "the string \"\(String(repeating: "é", count: 40))…\" is not a value for property 'id' of type Int"
    #expect(error("{\"id\": \"\(value)\"}")?.message == expected)
    let long = #expect(throws: ModelError.self) {
      try LongNamed(
        json:
          #"{"propertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyroperty": "x"}"#,
        options: strict)
    }
    #expect(
      long?.message
        == #"the string "x" is not a value for property 'propertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyropertyroperty' of type Int"#
    )
    #expect((long?.message.utf8.count ?? 0) > 256)
  }

  @Test func naturalEncodingsStayAllowed() throws {
    let model = try Writer(
      json:
        #"{"id": 3.0, "author": {"birthday": "2014-05-06", "age": 3}, "users": [{"birthday": 100}], "tag": "green", "nickname": null}"#,
      options: strict)
    #expect(model.id == 3)
    #expect(model.author.birthday != nil)
    #expect(model.users.first?.birthday == Date(timeIntervalSince1970: 100))
    #expect(model.tag == .green)
  }

  @Test func unknownAndMissingKeysAreFine() throws {
    let model = try Writer(json: #"{"unknown": [1, 2], "name": "n"}"#, options: strict)
    #expect(model.name == "n" && model.id == 0)
  }

  @Test func lenientModeIgnoresTheSameInputs() throws {
    let model = try Writer(json: #"{"id": "12", "name": null, "users": [{"age": 300}], "tag": "blue"}"#)
    #expect(model.id == 12)
    #expect(model.users.first?.age == 0)
  }
}

@Suite("Hostile model input")
struct ModelHostileInputTests {
  @Test(arguments: ["[]", "1", "\"text\"", "null", "true", "", "   "])
  func wrongTopLevelIsAnError(_ json: String) {
    let error = #expect(throws: ModelError.self) { try Writer(json: json) }
    #expect(error?.kind == .wrongTopLevel || error?.kind == .syntax)
  }

  @Test func syntaxErrorsCarryThePosition() {
    let error = #expect(throws: ModelError.self) { try Writer(json: Data("{\n  \"id\": 1,\n  \"name\" \"x\"}".utf8)) }
    #expect(error?.kind == .syntax)
    #expect(error?.line == 3)
    #expect(error?.column == 10)
    #expect(error?.syntaxError?.kind == .unexpectedCharacter)
  }

  @Test func deepNestingIsRefused() {
    let text = String(repeating: #"{"author":"#, count: 100_000) + "{}" + String(repeating: "}", count: 100_000)
    let error = #expect(throws: ModelError.self) { try Writer(json: text) }
    #expect(error?.syntaxError?.kind == .nestingTooDeep)
    let recursive = String(repeating: #"{"next":"#, count: 100) + "{}" + String(repeating: "}", count: 100)
    #expect(throws: Never.self) { try Loop(json: recursive) }
    // Deeper, a build with sanitizers (whose frames are many times larger)
    // may reach the stack guard: a clean error, never a crash.
    let deeper = String(repeating: #"{"next":"#, count: 400) + "{}" + String(repeating: "}", count: 400)
    do {
      _ = try Loop(json: deeper)
    } catch let error as ModelError {
      #expect(error.kind == .tooDeep)
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func hugeArraysAreRead() throws {
    let element = #"{"age": 1}"#
    let text = #"{"users": ["# + Array(repeating: element, count: 200_000).joined(separator: ",") + "]}"
    let model = try Writer(json: text)
    #expect(model.users.count == 200_000)
  }

  @Test func wrongKindsEverywhereNeverCrash() throws {
    let values = ["null", "true", "-1", "1e999", "\"\"", "\"x\"", "[]", "{}", "[null]", "{\"a\": []}"]
    for value in values {
      let fields = ["name", "author", "users", "id", "active", "tag", "nickname"]
      let json = "{" + fields.map { "\"\($0)\": \(value)" }.joined(separator: ",") + "}"
      #expect(throws: Never.self) { try Writer(json: json) }
      #expect(throws: Never.self) { try Shelf(json: json.replacingOccurrences(of: "\"name\"", with: "\"items\"")) }
    }
  }
}
