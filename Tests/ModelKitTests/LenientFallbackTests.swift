import Foundation
import ModelKit
import Testing
import ModelKitTestSupport

/// Types that read their input with their own `try?` fallbacks (the
/// patterns of BetterCodable's wrappers and of hand-written "number or
/// string" values): lenient `ModelDecoder` must read every input
/// `JSONDecoder` reads to `JSONDecoder`'s value, so such a type sees the
/// errors `JSONDecoder` throws, not ModelKit's conversions.
@Suite("Lenient decoding keeps JSONDecoder's values")
struct LenientFallbackTests {
  /// A size given as a number or as text, as in weibo.json.
  enum Measure: Codable, Equatable {
    case number(Int)
    case text(String)

    init(from decoder: any Decoder) throws {
      let single = try decoder.singleValueContainer()
      if let number = try? single.decode(Int.self) {
        self = .number(number)
      } else {
        self = .text(try single.decode(String.self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var single = encoder.singleValueContainer()
      switch self {
      case .number(let number): try single.encode(number)
      case .text(let text): try single.encode(text)
      }
    }
  }

  /// BetterCodable's `@DefaultFalse`: what does not decode as a `Bool` is false.
  struct DefaultFalse: Codable, Equatable {
    var value: Bool
    init(from decoder: any Decoder) throws { value = (try? Bool(from: decoder)) ?? false }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
  }

  /// BetterCodable's `@LosslessValue`: the first of several types that decodes, as text.
  struct Lossless: Codable, Equatable {
    var text: String
    init(from decoder: any Decoder) throws {
      let single = try decoder.singleValueContainer()
      if let string = try? single.decode(String.self) {
        text = "string " + string
      } else if let bool = try? single.decode(Bool.self) {
        text = "bool \(bool)"
      } else if let int = try? single.decode(Int.self) {
        text = "int \(int)"
      } else {
        text = "double \(try single.decode(Double.self))"
      }
    }
    func encode(to encoder: any Encoder) throws { try text.encode(to: encoder) }
  }

  /// A keyed fallback: the `count` key as a number, else zero.
  struct Counted: Codable, Equatable {
    var count: Int
    var label: String?
    init(from decoder: any Decoder) throws {
      let keyed = try decoder.container(keyedBy: CodingKeys.self)
      count = (try? keyed.decode(Int.self, forKey: .count)) ?? 0
      label = try? keyed.decodeIfPresent(String.self, forKey: .label)
    }
  }

  struct Row: Codable, Equatable {
    var width: Measure
    var flag: DefaultFalse
    var value: Lossless
    var counted: Counted
  }

  @Test func aNumberOrTextValueReadsTextAsText() throws {
    let json = #"{"width": "640", "flag": "yes", "value": "12", "counted": {"count": "3", "label": 7}}"#
    let foundation = try JSONDecoder().decode(Row.self, from: Data(json.utf8))
    let lenient = try ModelDecoder().decode(Row.self, from: json)
    #expect(lenient == foundation)
    #expect(lenient.width == .text("640"))
    #expect(lenient.flag.value == false)
    #expect(lenient.value.text == "string 12")
    #expect(lenient.counted == foundation.counted)
    #expect(lenient.counted.count == 0)
    #expect(lenient.counted.label == nil)
  }

  /// A document `JSONDecoder` rejects is still read leniently.
  struct Strictly: Codable, Equatable {
    var width: Measure
    var count: Int
  }

  @Test func inputJSONDecoderRejectsIsStillReadLeniently() throws {
    let json = #"{"width": "640", "count": "12"}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Strictly.self, from: Data(json.utf8)) }
    let value = try ModelDecoder().decode(Strictly.self, from: json)
    #expect(value.count == 12)
    // The lenient pass converts inside the type's fallback as well.
    #expect(value.width == .number(640))
  }

  /// Over generated documents: wherever `JSONDecoder` reads one, lenient
  /// `ModelDecoder` reads the same value, from `Data`, `String`, bytes and
  /// a `JSONValue`; where it does not, lenient reading still succeeds.
  @Test func generatedDocumentsReadAsJSONDecoderReadsThem() throws {
    let values = [
      "1", "-7", "0", "1.5", "1e3", "\"12\"", "\"abc\"", "\"yes\"", "\"true\"", "true", "false", "null",
      "\"<null>\"", "\" 42 \"", "9223372036854775808", "[]", "{}",
    ]
    var generator = SeededGenerator(seed: 0x5EED_F00D)
    var agreed = 0
    var rejected = 0
    for _ in 0..<600 {
      func pick() -> String { values.randomElement(using: &generator)! }
      var members = [
        "\"width\": \(pick())", "\"flag\": \(pick())", "\"value\": \(pick())",
        "\"counted\": {\"count\": \(pick()), \"label\": \(pick())}",
      ]
      if Bool.random(using: &generator) { members.remove(at: Int.random(in: 0..<members.count, using: &generator)) }
      let json = "{" + members.shuffled(using: &generator).joined(separator: ", ") + "}"
      let data = Data(json.utf8)
      let decoder = ModelDecoder()
      guard let expected = try? JSONDecoder().decode(Row.self, from: data) else {
        rejected += 1
        #expect(throws: Never.self, "\(json)") { try decoder.decode(Row.self, from: data) }
        continue
      }
      agreed += 1
      #expect(try decoder.decode(Row.self, from: data) == expected, "\(json)")
      #expect(try decoder.decode(Row.self, from: json) == expected, "\(json)")
      #expect(try decoder.decode(Row.self, from: Array(json.utf8)) == expected, "\(json)")
      #expect(try decoder.decode(Row.self, from: JSONValue(json: json)) == expected, "\(json)")
    }
    // Both kinds of document were generated.
    #expect(agreed > 50)
    #expect(rejected > 50)
  }

  /// A top-level array large enough to be read a window at a time.
  @Test func aLargeArrayReadAWindowAtATimeKeepsJSONDecodersValues() throws {
    let element = #"{"width": "640", "flag": 1, "value": 3, "counted": {"count": 2}}"#
    let json = "[" + Array(repeating: element, count: 6_000).joined(separator: ",") + "]"
    #expect(json.utf8.count > 256 << 10)
    let data = Data(json.utf8)
    let expected = try JSONDecoder().decode([Row].self, from: data)
    #expect(try ModelDecoder().decode([Row].self, from: data) == expected)
    // One element JSONDecoder rejects: the array is read leniently (the
    // element's missing values are their types' empty values).
    let mixed = Data(("[" + element + #",{"width": [1]}"# + "," + json.dropFirst()).utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([Row].self, from: mixed) }
    let lenient = try ModelDecoder().decode([Row].self, from: mixed)
    #expect(lenient.count == 6_002)
    #expect(lenient[1].counted.count == 0 && lenient[1].value.text == "string ")
  }

  struct Tagged: Codable, Equatable {
    var width: Measure
    var count: Int
  }

  /// A report holds the entries of the pass whose value is returned, once.
  @Test func theReportHoldsTheReturnedPasssEntriesOnce() throws {
    let accepted = #"{"width": "640", "count": 1, "extra": true}"#
    let report = DecodeReport()
    let decoder = ModelDecoder(options: DecodingOptions(report: report))
    #expect(try decoder.decode(Tagged.self, from: accepted) == Tagged(width: .text("640"), count: 1))
    #expect(report.entries.map(\.kind) == [.unknownKey])

    let lenient = #"{"width": "640", "count": "1", "extra": true}"#
    let second = DecodeReport()
    let handed = Locked<[DecodeReport.Entry.Kind]>([])
    let streaming = DecodeReport { entry in handed.withLock { $0.append(entry.kind) } }
    #expect(try ModelDecoder(options: DecodingOptions(report: second)).decode(Tagged.self, from: lenient).count == 1)
    #expect(second.entries.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.converted, .converted, .unknownKey])
    _ = try ModelDecoder(options: DecodingOptions(report: streaming)).decode(Tagged.self, from: lenient)
    #expect(handed.withLock { $0 }.sorted { $0.rawValue < $1.rawValue } == [.converted, .converted, .unknownKey])
  }

  /// Counts its hooks' calls (one decode at a time reads it).
  static let hookCalls = Locked(0)

  struct HookedModel: JSONModel, Codable, Equatable {
    var count = 0
    var tags: [String] = []
    mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
      LenientFallbackTests.hookCalls.withLock { $0 += 1 }
      return nil
    }
  }

  /// A model (or collection of models) is read as `Model(json:)` reads it,
  /// in one lenient pass: its hooks run once even on input strict reading rejects.
  @Test func modelsAreReadInOnePassAsTheirEntryPointsReadThem() throws {
    let messy = #"{"count": "12", "tags": ["a", 1, null]}"#
    let expected = try HookedModel(json: messy)
    let before = Self.hookCalls.withLock { $0 }
    #expect(try ModelDecoder().decode(HookedModel.self, from: messy) == expected)
    #expect(try ModelDecoder().decode([HookedModel].self, from: "[\(messy)]") == [expected])
    #expect(Self.hookCalls.withLock { $0 } - before == 2)
  }

  /// A custom date strategy's function is the caller's code: its own
  /// `try?` fallback sees JSONDecoder's errors, even in a `[Date]`.
  @Test func aCustomDateStrategysFallbackSeesJSONDecodersErrors() throws {
    let read: @Sendable (any Decoder) throws -> Date = { decoder in
      let single = try decoder.singleValueContainer()
      if let seconds = try? single.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
      return Date(timeIntervalSince1970: 1_000 + Double(try single.decode(String.self).count))
    }
    let json = #"[5, "12", "abc"]"#
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .custom(read)
    let decoder = ModelDecoder()
    decoder.dateDecodingStrategy = .custom(read)
    let expected = try foundation.decode([Date].self, from: Data(json.utf8))
    #expect(try decoder.decode([Date].self, from: json) == expected)
    #expect(expected[1] == Date(timeIntervalSince1970: 1_002))
  }
}
