import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// `ModelDecoder` reads a top-level value of a type ModelKit's converters
/// read (a model, a scalar, a collection of them) straight through the
/// converter; with a report on, through the Codable walk's top-level
/// decoder. The two must agree on every input: the same value, or the same
/// error (case, coding path, words, and the `ModelError` beneath).
@Suite("ModelDecoder's top-level converter route")
struct TopLevelConverterTests {
  /// One JSON value of the kind `kind` picks, from values every field
  /// below meets: well typed, convertible, and not.
  private static func value(_ kind: Int, _ random: inout SeededGenerator) -> String {
    let scalars = [
      "1", "-7", "2.5", #""12""#, #""x""#, "true", "null", #""yes""#, "1e400", #""2023-06-01T10:00:00Z""#, "[]",
      "{}", "[1, 2]", #"{"a": 1}"#, #""<null>""#,
    ]
    switch kind {
    case 0: return scalars[Int.random(in: 0..<scalars.count, using: &random)]
    case 1:
      let count = Int.random(in: 0..<4, using: &random)
      return "[" + (0..<count).map { _ in value(0, &random) }.joined(separator: ", ") + "]"
    default:
      let keys = ["user_id", "id", "name", "info", "joined", "site", "tags", "scores", "best", "title", "level", "x"]
      let count = Int.random(in: 0..<6, using: &random)
      let members = (0..<count).map { _ -> String in
        let key = keys[Int.random(in: 0..<keys.count, using: &random)]
        let nested = Int.random(in: 0..<5, using: &random)
        let inner: String
        switch key {
        case "info": inner = nested == 0 ? value(0, &random) : #"{"name": \#(value(0, &random))}"#
        case "best": inner = nested == 0 ? value(0, &random) : #"{"title": \#(value(0, &random)), "level": 3}"#
        case "tags": inner = nested == 0 ? value(0, &random) : value(1, &random)
        case "scores": inner = nested == 0 ? value(0, &random) : #"{"m": \#(value(0, &random))}"#
        default: inner = value(0, &random)
        }
        return #""\#(key)": \#(inner)"#
      }
      return "{" + members.joined(separator: ", ") + "}"
    }
  }

  /// What a call gives: the value, or the error with everything it carries, as text.
  private enum Outcome<Value: Equatable>: Equatable {
    case value(Value)
    case error(String)
  }

  private static func outcome<T: Decodable & Equatable>(_ type: T.Type, _ text: String, _ decoder: ModelDecoder)
    -> Outcome<T>
  {
    do {
      return .value(try decoder.decode(type, from: Data(text.utf8)))
    } catch let error as DecodingError {
      let context = decodingContext(error)
      let path = context?.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } ?? []
      let underlying = String(describing: context?.underlyingError)
      return .error("\(error) at \(path): \(context?.debugDescription ?? "") / \(underlying)")
    } catch {
      return .error("not a DecodingError: \(error)")
    }
  }

  /// Both routes' outcomes for `type` on every text, lenient and strict.
  private static func expectSameOutcomes<T: Decodable & Equatable>(_ type: T.Type, _ texts: [String]) {
    for strict in [false, true] {
      let direct = ModelDecoder(options: DecodingOptions(strict: strict))
      for text in texts {
        let walked = ModelDecoder(options: DecodingOptions(strict: strict, report: DecodeReport()))
        #expect(outcome(type, text, direct) == outcome(type, text, walked), "\(T.self), strict \(strict): \(text)")
      }
    }
  }

  private static func texts(_ seed: UInt64, count: Int) -> [String] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in value(Int.random(in: 0..<3, using: &random), &random) }
  }

  @Test func modelsReadAsTheirDecoderReadsThem() {
    let texts = Self.texts(1, count: 400)
    Self.expectSameOutcomes(Profile.self, texts)
    Self.expectSameOutcomes(Badge.self, texts)
    Self.expectSameOutcomes([Badge].self, texts)
    Self.expectSameOutcomes(Profile?.self, texts)
  }

  @Test func aClassModelReadsAsItsDecoderReadsIt() {
    // A class has no value to compare: its fields are.
    let texts = Self.texts(2, count: 300)
    for strict in [false, true] {
      let direct = ModelDecoder(options: DecodingOptions(strict: strict))
      for text in texts {
        let walked = ModelDecoder(options: DecodingOptions(strict: strict, report: DecodeReport()))
        let one = Result { try direct.decode(Account.self, from: Data(text.utf8)) }
        let other = Result { try walked.decode(Account.self, from: Data(text.utf8)) }
        switch (one, other) {
        case (.success(let one), .success(let other)):
          #expect(one.owner == other.owner && one.balance == other.balance && one.locked == other.locked, "\(text)")
        case (.failure(let one), .failure(let other)):
          #expect(String(describing: one) == String(describing: other), "\(text)")
        default:
          Issue.record("one route read \(text) and the other did not: \(one) against \(other)")
        }
      }
    }
  }

  @Test func scalarsAndCollectionsReadAsTheirDecoderReadsThem() {
    let texts = Self.texts(3, count: 300)
    Self.expectSameOutcomes(Int.self, texts)
    Self.expectSameOutcomes(String.self, texts)
    Self.expectSameOutcomes(Double?.self, texts)
    Self.expectSameOutcomes(Bool.self, texts)
    Self.expectSameOutcomes([Int].self, texts)
    Self.expectSameOutcomes([String: Double].self, texts)
    Self.expectSameOutcomes(Date.self, texts)
    Self.expectSameOutcomes(URL.self, texts)
  }

  @Test func bothRoutesReadAlikeUnderDateAndKeyStrategies() {
    // The same strategies on both decoders: the routes must agree (what each strategy reads is CodingStrategyTests').
    let texts =
      Self.texts(4, count: 200) + [#"{"user_id": 3, "joined": 1700000000}"#, "1700000000", #""2023-06-01T10:00:00Z""#]
    for strategy in [JSONDecoder.DateDecodingStrategy.secondsSince1970, .iso8601, .millisecondsSince1970] {
      for keys in [JSONDecoder.KeyDecodingStrategy.useDefaultKeys, .convertFromSnakeCase] {
        let direct = ModelDecoder()
        let walked = ModelDecoder(options: DecodingOptions(report: DecodeReport()))
        for decoder in [direct, walked] {
          decoder.dateDecodingStrategy = strategy
          decoder.keyDecodingStrategy = keys
        }
        for text in texts {
          #expect(Self.outcome(Profile.self, text, direct) == Self.outcome(Profile.self, text, walked), "\(text)")
          #expect(Self.outcome(Date.self, text, direct) == Self.outcome(Date.self, text, walked), "\(text)")
        }
      }
    }
  }
}
