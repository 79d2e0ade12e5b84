import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private struct Person: Codable {
  var id: Int
  var name: String
  var tags: [Int]?
  var friend: Friend?
}

private struct Friend: Codable, Equatable {
  var since: UInt8
}

/// Reads three integers from an array, as hand-written `init(from:)` methods do.
private struct Triple: Codable {
  var values: [Int]
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    values = [try container.decode(Int.self), try container.decode(Int.self), try container.decode(Int.self)]
  }
}

/// A type whose own `init(from:)` catches `keyNotFound`, as users write.
private struct Defaulted: Codable {
  var count: Int
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    do {
      count = try container.decode(Int.self, forKey: .count)
    } catch DecodingError.keyNotFound {
      count = -1
    }
  }
}

/// The case, the type (where there is one) and the coding path of a decoding error.
private func shape(of error: any Error) -> String {
  func path(_ context: DecodingError.Context) -> String {
    context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
  }
  switch error {
  case DecodingError.keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
  case DecodingError.valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context))"
  case DecodingError.typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context))"
  case DecodingError.dataCorrupted(let context): return "dataCorrupted at \(path(context))"
  default: return "\(type(of: error))"
  }
}

/// The error `decode` throws: its case, type and path, and for a type
/// mismatch its description and the message of the `ModelError` underneath.
private func mismatch(_ decode: () throws -> Any) -> (shape: String, description: String?, underlying: String?) {
  do {
    _ = try decode()
  } catch {
    guard case DecodingError.typeMismatch(_, let context) = error else { return (shape(of: error), nil, nil) }
    return (shape(of: error), context.debugDescription, (context.underlyingError as? ModelError)?.message)
  }
  return ("no error", nil, nil)
}

@Suite("Foundation's errors from the coders")
struct FoundationErrorParityTests {
  let strict = ModelDecoder(options: DecodingOptions(strict: true))

  /// Strict decoding throws the case and path `JSONDecoder` throws, with the `ModelError` underneath.
  @Test(arguments: [
    #"{"id": 1}"#,
    #"{"id": null, "name": "x"}"#,
    #"{"id": "1", "name": "x"}"#,
    #"{"id": 1, "name": "x", "tags": [1, "a"]}"#,
    #"{"id": 1, "name": "x", "tags": {}}"#,
    #"{"id": 1, "name": "x", "friend": {}}"#,
    #"{"id": 1, "name": "x", "friend": {"since": "y"}}"#,
    #"{"id": 1, "name": 2}"#,
    "[1]",
  ])
  func casesAndPathsMatchJSONDecoder(_ json: String) {
    var ours = ""
    var theirs = ""
    do { _ = try strict.decode(Person.self, from: json) } catch {
      ours = shape(of: error)
      #expect(underlyingModelError(error) != nil)
    }
    do { _ = try JSONDecoder().decode(Person.self, from: Data(json.utf8)) } catch { theirs = shape(of: error) }
    #expect(!theirs.isEmpty)
    #expect(ours == theirs)
  }

  /// `[String: T]` of a Codable `T` is read member by member, as
  /// `JSONDecoder` reads it: the first of a repeated key wins, keys are
  /// taken as they are (no key strategy), and errors have the same case
  /// and path, strictly and leniently where `JSONDecoder` fails.
  @Test(arguments: [
    #"{"a": {"since": 1}, "b": {"since": 2}}"#,
    #"{"a": {"since": 1}, "a": {"since": 2}, "b_c": {"since": 3}}"#,
    #"{"key": {"since": 1}, "key": {"since": 2}}"#,
    #"{}"#,
    #"{"a": {"since": 1}, "b": {"since": "x"}}"#,
    #"{"a": null}"#,
    #"{"a": {"since": 300}}"#,
    #"{"a": []}"#,
    #"[]"#,
    #"null"#,
  ])
  func stringKeyedDictionariesMatchJSONDecoder(_ json: String) throws {
    for snakeCase in [false, true] {
      let foundation = JSONDecoder()
      let ours = ModelDecoder(options: DecodingOptions(strict: true))
      if snakeCase {
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        ours.keyDecodingStrategy = .convertFromSnakeCase
      }
      let expected = Result { try foundation.decode([String: Friend].self, from: Data(json.utf8)).mapValues(\.since) }
      let strict = Result { try ours.decode([String: Friend].self, from: json).mapValues(\.since) }
      switch (expected, strict) {
      case (.success(let theirs), .success(let value)): #expect(value == theirs, "\(json)")
      case (.failure(let theirs), .failure(let error)): #expect(shape(of: error) == shape(of: theirs), "\(json)")
      default: Issue.record("\(json): JSONDecoder \(expected), ModelDecoder \(strict)")
      }
      if case .success(let theirs) = expected {
        #expect(try ModelDecoder().decode([String: Friend].self, from: json).mapValues(\.since) == theirs)
      }
    }
  }

  /// A type mismatch reads as `JSONDecoder` words it, for scalars,
  /// containers and whole values, in values and at the top level; the
  /// `ModelError` underneath says which value it was.
  @Test func typeMismatchesAreWordedAsJSONDecoderWordsThem() throws {
    var mismatches = 0
    func check<T: Decodable>(_ type: T.Type, _ json: String, underlying: String? = nil) {
      let data = Data(json.utf8)
      let theirs = mismatch { try JSONDecoder().decode(T.self, from: data) }
      let ours = mismatch { try strict.decode(T.self, from: data) }
      #expect(ours.shape == theirs.shape, "\(T.self) from \(json)")
      #expect(ours.description == theirs.description, "\(T.self) from \(json)")
      if theirs.description != nil { mismatches += 1 }
      if let underlying { #expect(ours.underlying == underlying, "\(T.self) from \(json)") }
    }
    struct Holder<Value: Decodable>: Decodable { var value: Value }
    for found in [#""x""#, "1", "true", "[1]", #"{"a": 1}"#] {
      check(Holder<Int>.self, #"{"value": \#(found)}"#)
      check(Holder<Int8>.self, #"{"value": \#(found)}"#)
      check(Holder<Double>.self, #"{"value": \#(found)}"#)
      check(Holder<String>.self, #"{"value": \#(found)}"#)
      check(Holder<Bool>.self, #"{"value": \#(found)}"#)
      check(Holder<[Int]>.self, #"{"value": \#(found)}"#)
      check(Holder<[String: Int]>.self, #"{"value": \#(found)}"#)
      check(Holder<Friend>.self, #"{"value": \#(found)}"#)
      check(Holder<[Friend]>.self, #"{"value": [\#(found)]}"#)
      check(Int.self, found)
      check(Friend.self, found)
      check([Int].self, found)
    }
    check(Holder<Int>.self, #"{"value": "640"}"#, underlying: #"the string "640" is not a value for Int"#)
    check(Holder<[Int]>.self, #"{"value": [1, true]}"#, underlying: "true is not a value for an element of type Int")
    #expect(mismatches > 40)
  }

  @Test func unkeyedContainersAtTheirEndMatchJSONDecoder() {
    var ours = ""
    var theirs = ""
    do { _ = try strict.decode(Triple.self, from: "[1, 2]") } catch { ours = shape(of: error) }
    do { _ = try JSONDecoder().decode(Triple.self, from: Data("[1, 2]".utf8)) } catch { theirs = shape(of: error) }
    #expect(ours == theirs)
  }

  /// Arrays of types only Codable reads are read element by element, as
  /// `Array.init(from:)` reads them: generated arrays (nested, optional
  /// elements, elements that fail at every index) give `JSONDecoder`'s
  /// value, or its error's case, path and wording.
  @Test func arraysOfCodableElementsMatchJSONDecoder() throws {
    var generator = SeededGenerator(seed: 25)
    let elements = [
      #"{"since": 1}"#, #"{"since": 255}"#, #"{"since": 256}"#, #"{"since": "2"}"#, #"{"since": null}"#, "{}", "null",
      "3", "[]", #"[{"since": 4}]"#, #""{\"since\": 5}""#,
    ]
    func array(depth: Int) -> String {
      let count = Int.random(in: 0...4, using: &generator)
      let items = (0..<count).map { _ in
        depth > 0 && Bool.random(using: &generator) ? array(depth: depth - 1) : elements.randomElement(using: &generator)!
      }
      return "[" + items.joined(separator: ", ") + "]"
    }
    func compare<T: Decodable & Equatable>(_ type: T.Type, _ json: String) {
      let data = Data(json.utf8)
      let theirs = Result { try JSONDecoder().decode(T.self, from: data) }
      let ours = Result { try strict.decode(T.self, from: data) }
      switch (theirs, ours) {
      case (.success(let expected), .success(let value)): #expect(value == expected, "\(T.self) from \(json)")
      case (.failure(let expected), .failure(let error)):
        #expect(shape(of: error) == shape(of: expected), "\(T.self) from \(json)")
        #expect(mismatch { try strict.decode(T.self, from: data) }.description
          == mismatch { try JSONDecoder().decode(T.self, from: data) }.description, "\(T.self) from \(json)")
      default: Issue.record("\(T.self) from \(json): JSONDecoder \(theirs), ModelDecoder \(ours)")
      }
    }
    var successes = 0
    for _ in 0..<400 {
      let json = array(depth: 2)
      compare([Friend].self, json)
      compare([Friend?].self, json)
      compare([[Friend]].self, json)
      compare([[Friend?]?].self, json)
      compare([String: [Friend]].self, #"{"a": "# + json + "}")
      if (try? JSONDecoder().decode([[Friend]].self, from: Data(json.utf8))) != nil { successes += 1 }
    }
    // Both outcomes were exercised.
    #expect(successes > 20 && successes < 380)
  }

  @Test func syntaxErrorsAreDataCorrupted() throws {
    let error = #expect(throws: DecodingError.self) { try strict.decode(Person.self, from: "{\"id\": ") }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(context.codingPath.isEmpty)
    #expect((context.underlyingError as? ModelError)?.kind == .syntax)
    #expect((context.underlyingError as? ModelError)?.line == 1)
  }

  @Test func typesCatchFoundationsErrorsInTheirOwnDecoding() throws {
    #expect(try strict.decode(Defaulted.self, from: "{}").count == -1)
    #expect(try JSONDecoder().decode(Defaulted.self, from: Data("{}".utf8)).count == -1)
  }

  @Test func modelEntryPointsKeepModelError() {
    struct Holder: JSONModel { var person = Person(id: 0, name: "") }
    let error = #expect(throws: ModelError.self) {
      try Holder(json: #"{"person": {"id": "x", "name": "n"}}"#, options: DecodingOptions(strict: true))
    }
    #expect(error?.codingPath == "$.person.id")
  }
}
