import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// `[Double]`, `[Int]`, `[String]` and `[[Double]]` read the elements of
// their natural kind directly and every other through the converter: the
// results, report entries and errors must be those of the converter alone.

private struct Arrays: JSONModel, Codable, Equatable {
  var doubles: [Double] = []
  var ints: [Int] = []
  var strings: [String] = []
  var pairs: [[Double]] = []
}

/// `Arrays`' pairs as an array the compiled paths do not know: written
/// element by element through the converters.
private struct GenericPairs: JSONModel {
  var pairs: [ContiguousArray<Double>] = []
}

/// `Arrays` as arrays the compiled paths do not know, every one.
private struct GenericArrays: JSONModel {
  var doubles: ContiguousArray<Double> = []
  var ints: ContiguousArray<Int> = []
  var strings: ContiguousArray<String> = []
  var pairs: [ContiguousArray<Double>] = []

  var arrays: Arrays {
    Arrays(doubles: Array(doubles), ints: Array(ints), strings: Array(strings), pairs: pairs.map { Array($0) })
  }
}

/// `Arrays` whose defaults hold elements, which an empty array in the text replaces.
private struct FilledArrays: JSONModel, Equatable {
  var doubles: [Double] = [0.5]
  var ints: [Int] = [1, 2]
  var strings: [String] = ["a"]
  var pairs: [[Double]] = [[1, 2]]
}

/// `FilledArrays` as arrays the compiled paths do not know.
private struct GenericFilledArrays: JSONModel {
  var doubles: ContiguousArray<Double> = [0.5]
  var ints: ContiguousArray<Int> = [1, 2]
  var strings: ContiguousArray<String> = ["a"]
  var pairs: [ContiguousArray<Double>] = [[1, 2]]

  var arrays: FilledArrays {
    FilledArrays(doubles: Array(doubles), ints: Array(ints), strings: Array(strings), pairs: pairs.map { Array($0) })
  }
}

/// The scalar arrays a Codable container reads directly when every element
/// is of its natural kind.
private struct Lists: Codable, Equatable {
  var ints: [Int]
  var doubles: [Double]
  var strings: [String]

  /// Equal, and each double the same to the bit (`-0.0` is not `0.0`).
  func isIdentical(to other: Lists) -> Bool {
    self == other && doubles.map(\.bitPattern) == other.doubles.map(\.bitPattern)
  }
}

/// `Lists` as arrays the containers do not know: read by the generic path.
private struct GenericLists: Codable {
  var ints: ContiguousArray<Int>
  var doubles: ContiguousArray<Double>
  var strings: ContiguousArray<String>

  var lists: Lists { Lists(ints: Array(ints), doubles: Array(doubles), strings: Array(strings)) }
}

/// `Lists` with optional arrays (`decodeIfPresent`).
private struct OptionalLists: Codable, Equatable {
  var ints: [Int]?
  var doubles: [Double]?
  var strings: [String]?

  /// Equal, and each double the same to the bit.
  func isIdentical(to other: OptionalLists) -> Bool {
    self == other && doubles?.map(\.bitPattern) == other.doubles?.map(\.bitPattern)
  }
}

/// `OptionalLists` read by the generic path.
private struct GenericOptionalLists: Codable {
  var ints: ContiguousArray<Int>?
  var doubles: ContiguousArray<Double>?
  var strings: ContiguousArray<String>?

  var lists: OptionalLists {
    OptionalLists(ints: ints.map(Array.init), doubles: doubles.map(Array.init), strings: strings.map(Array.init))
  }
}

@Suite("Arrays of scalars")
struct CompiledArrayTests {
  static let messy = #"""
    {"doubles": [1.5, "2.5", null, 3], "ints": [1, "2", 3.0, "x"], "strings": ["a", 1, true],
     "pairs": [[1, 2], [3, "4"], "[5, 6]", [7, null], 8]}
    """#

  @Test func naturalElementsAndConvertedOnesLandInOrder() throws {
    let report = DecodeReport()
    let arrays = try Arrays(json: Self.messy, options: DecodingOptions(report: report))
    #expect(arrays.doubles == [1.5, 2.5, 3])
    #expect(arrays.ints == [1, 2, 3])
    #expect(arrays.strings == ["a", "1", "true"])
    #expect(arrays.pairs == [[1, 2], [3, 4], [5, 6], [7]])
    let entries = Dictionary(report.entries.map { ($0.path, $0.kind) }, uniquingKeysWith: { first, _ in first })
    #expect(entries["$.doubles[1]"] == .converted)
    #expect(entries["$.doubles[2]"] == .dropped)
    #expect(entries["$.ints[1]"] == .converted)
    #expect(entries["$.ints[3]"] == .dropped)
    #expect(entries["$.strings[1]"] == .converted)
    #expect(entries["$.pairs[1][1]"] == .converted)
    #expect(entries["$.pairs[2]"] == .converted)
    #expect(entries["$.pairs[3][1]"] == .dropped)
    #expect(entries["$.pairs[4]"] == .dropped)
    #expect(entries["$.doubles[0]"] == nil && entries["$.pairs[0]"] == nil && entries["$.pairs[0][0]"] == nil)
  }

  @Test(arguments: [
    (#"{"pairs": [[1, 2], [3, "4"]]}"#, "$.pairs[1][1]"),
    (#"{"pairs": [[1, 2], 3]}"#, "$.pairs[1]"),
    (#"{"doubles": [1, 2, "3"]}"#, "$.doubles[2]"),
    (#"{"ints": [1, 2.5]}"#, "$.ints[1]"),
    (#"{"strings": ["a", null]}"#, "$.strings[1]"),
  ])
  func strictErrorsNameTheElement(json: String, path: String) {
    do {
      _ = try Arrays(json: json, options: DecodingOptions(strict: true))
      Issue.record("no error for \(json)")
    } catch let error as ModelError {
      #expect(error.codingPath == path)
    } catch {
      Issue.record("\(error)")
    }
  }

  /// Inner arrays of every length (pairs above all, which are read apart)
  /// holding values of every kind read as the generic path reads them:
  /// the same values, the same report, the same strict error.
  @Test func innerArraysOfEveryKindReadAsTheGenericPathReadsThem() throws {
    var generator = SeededGenerator(seed: 0x9A125)
    // Numbers the reader stores as values (an Int64, a decimal converted
    // as it scans) and those it keeps as text only (beyond 19 digits,
    // beyond UInt64 or Int64, "-0", beyond Double's range either way).
    let numbers = [
      "1", "-2.5", "1e3", "0", "0.0", "-0.0", "-0", "1e-400", "-1e-400", "1e400", "18446744073709551615",
      "-9223372036854775809", "12345678901234567890123", "0.12345678901234567890123", "123456789.123456789012",
    ]
    let elements = numbers + ["\"4\"", "\"x\"", "null", "true", "[1]", "{}", "[]"]
    for _ in 0..<1_000 {
      let inner = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
        let count = Int.random(in: 0...10, using: &generator) < 7 ? 2 : Int.random(in: 0...3, using: &generator)
        // Mostly numbers, as coordinates are.
        let items = (0..<count).map { _ in
          Int.random(in: 0..<3, using: &generator) > 0 ? numbers.randomElement(using: &generator)! : elements.randomElement(using: &generator)!
        }
        return "[" + items.joined(separator: ",") + "]"
      }
      let json = #"{"pairs": ["# + inner.joined(separator: ",") + "]}"
      let compiledReport = DecodeReport()
      let genericReport = DecodeReport()
      let compiled = try Arrays(json: json, options: DecodingOptions(report: compiledReport))
      let generic = try GenericPairs(json: json, options: DecodingOptions(report: genericReport))
      #expect(compiled.pairs == generic.pairs.map { Array($0) }, "\(json)")
      #expect(compiledReport.entries.map { "\($0.path) \($0.kind)" } == genericReport.entries.map { "\($0.path) \($0.kind)" }, "\(json)")
      let strict = DecodingOptions(strict: true)
      #expect(strictErrorPath { _ = try Arrays(json: json, options: strict) } == strictErrorPath { _ = try GenericPairs(json: json, options: strict) }, "\(json)")
    }
  }

  /// Arrays short and long (a long one is written into storage made for
  /// all its elements, a short one appended to), mostly of their natural
  /// kind, now and then an element to convert or drop, read as the
  /// generic path reads them: the same values, report and strict error.
  @Test func arraysOfEveryLengthReadAsTheGenericPathReadsThem() throws {
    var generator = SeededGenerator(seed: 0x1E46)
    let natural = [
      "doubles": ["1", "-2.5", "1e3", "0", "-0.0", "12345678901234567890123"],
      "ints": ["1", "-7", "0", "9223372036854775807"],
      "strings": [#""a""#, #""""#, #""\u00e9t\u00e9""#, #""long enough to be stored apart""#],
      "pairs": ["[1,2]", "[-0.5,3e2]", "[]", "[1,2,3]"],
    ]
    let others = [#""4""#, #""x""#, "null", "true", "2.5", "[1]", "{}", "1e400"]
    for _ in 0..<400 {
      var members: [String] = []
      for (key, values) in natural.sorted(by: { $0.key < $1.key }) {
        let count = Int.random(in: 0...3, using: &generator) == 0 ? Int.random(in: 0...15, using: &generator) : Int.random(in: 16...40, using: &generator)
        let items = (0..<count).map { _ in
          Int.random(in: 0..<12, using: &generator) > 0 ? values.randomElement(using: &generator)! : others.randomElement(using: &generator)!
        }
        members.append("\"\(key)\": [" + items.joined(separator: ",") + "]")
      }
      let json = "{" + members.joined(separator: ", ") + "}"
      let compiledReport = DecodeReport()
      let genericReport = DecodeReport()
      let compiled = try Arrays(json: json, options: DecodingOptions(report: compiledReport))
      let generic = try GenericArrays(json: json, options: DecodingOptions(report: genericReport))
      #expect(compiled == generic.arrays, "\(json)")
      #expect(compiled.doubles.map(\.bitPattern) == generic.doubles.map(\.bitPattern), "\(json)")
      #expect(compiledReport.entries.map { "\($0.path) \($0.kind)" } == genericReport.entries.map { "\($0.path) \($0.kind)" }, "\(json)")
      let strict = DecodingOptions(strict: true)
      #expect(strictErrorPath { _ = try Arrays(json: json, options: strict) } == strictErrorPath { _ = try GenericArrays(json: json, options: strict) }, "\(json)")
    }
  }

  /// Every field absent, empty or not in the text, decoded anew and into
  /// a model that holds other elements (`update(json:)`): an empty array
  /// empties the field, as the generic path does, and is noted nowhere.
  @Test func emptyArraysEmptyFieldsThatHoldElements() throws {
    let choices = [
      "doubles": [nil, "[]", "[7.5]"], "ints": [nil, "[]", "[7]"], "strings": [nil, "[]", #"["z"]"#],
      "pairs": [nil, "[]", "[[7]]"],
    ]
    let names = choices.keys.sorted()
    let held = FilledArrays(doubles: [1, 2], ints: [3, 4, 5], strings: ["b", "c"], pairs: [[6], []])
    var genericHeld = GenericFilledArrays()
    genericHeld.doubles = [1, 2]
    genericHeld.ints = [3, 4, 5]
    genericHeld.strings = ["b", "c"]
    genericHeld.pairs = [[6], []]
    var emptied = 0
    for combination in 0..<81 {
      var rest = combination
      var members: [String] = []
      for name in names {
        if let value = choices[name]![rest % 3] { members.append("\"\(name)\": \(value)") }
        rest /= 3
      }
      let json = "{" + members.joined(separator: ", ") + "}"
      let report = DecodeReport()
      let decoded = try FilledArrays(json: json, options: DecodingOptions(report: report))
      #expect(try GenericFilledArrays(json: json).arrays == decoded, "\(json)")
      #expect(report.entries.isEmpty, "\(json)")
      var updated = held
      try updated.update(json: json)
      var genericUpdated = genericHeld
      try genericUpdated.update(json: json)
      #expect(updated == genericUpdated.arrays, "\(json)")
      if json.contains("[]") { emptied += 1 }
    }
    // The generic path's own answer, spelled out once: every field emptied.
    let allEmpty = #"{"doubles": [], "ints": [], "strings": [], "pairs": []}"#
    var updated = held
    try updated.update(json: allEmpty)
    #expect(updated == FilledArrays(doubles: [], ints: [], strings: [], pairs: []))
    #expect(emptied == 65)
  }

  /// The path of the `ModelError` `body` throws; nil when it throws none.
  private func strictErrorPath(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as ModelError {
      return error.codingPath
    } catch {
      return "\(error)"
    }
  }

  /// Coordinates with now and then a number JSON cannot hold.
  private static func generatedPairs(_ generator: inout SeededGenerator) -> [[Double]] {
    (0..<Int.random(in: 0...6, using: &generator)).map { _ in
      (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: .nan
        case 1: .infinity
        case 2: -.infinity
        default: Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1_000
        }
      }
    }
  }

  @Test func arraysOfDoublesAreWrittenAsTheirConvertersWriteThem() throws {
    var generator = SeededGenerator(seed: 0xC0_0D)
    let encoder = ModelEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    encoder.outputFormatting = .sortedKeys  // JSONEncoder's own order differs from run to run
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    foundation.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
    for _ in 0..<300 {
      let pairs = Self.generatedPairs(&generator)
      let compiled = try Arrays(pairs: pairs).jsonString()
      let generic = try GenericPairs(pairs: pairs.map { ContiguousArray($0) }).jsonString()
      #expect(compiled == #"{"doubles":[],"ints":[],"strings":[],"# + generic.dropFirst(), "\(pairs)")
      let ours = String(decoding: try encoder.encode(Arrays(pairs: pairs)), as: UTF8.self)
      let theirs = String(decoding: try foundation.encode(Arrays(pairs: pairs)), as: UTF8.self)
      #expect(ours == theirs, "\(pairs)")
      // Without a strategy, the first number JSON cannot hold is the error, at JSONEncoder's path.
      guard pairs.contains(where: { $0.contains { !$0.isFinite } }) else { continue }
      #expect(try errorPath { try ModelEncoder().encode(Arrays(pairs: pairs)) } == errorPath { try JSONEncoder().encode(Arrays(pairs: pairs)) })
    }
  }

  @Test func everyPrefixOfArraysStillArrivingReadsAsTheGenericPathReadsIt() throws {
    // A model field of a compiled array reads natural elements without its converter once the
    // text is whole: while it arrives, and whole, the snapshots are the generic path's.
    let text = #"{"ints": [1, -20, 300], "strings": ["a\"b", "", "日本", "x"], "doubles": [0.5, -1e3, 7], "pairs": [[1, 2.5]]}"#
    let compiled = PartialDecoder<Arrays>()
    let generic = PartialDecoder<GenericArrays>()
    for byte in Array(text.utf8) {
      try compiled.append([byte])
      try generic.append([byte])
      #expect(compiled.snapshot.value == generic.snapshot.value.arrays, "\(compiled.snapshot.value)")
    }
    #expect(try compiled.finish().value == Arrays(json: text))
    #expect(try generic.finish().value.arrays == Arrays(json: text))
  }

  @Test func scalarArraysAreWrittenAsTheGenericPathWritesThem() throws {
    // The model writer and the Codable encoder write `[Int]`, `[String]` and
    // finite `[Double]` fields without their converters: the bytes must be
    // the converters' (the generic path's, and JSONEncoder's).
    var generator = SeededGenerator(seed: 0x5CA1A)
    let texts = ["", "x", "日本語", "a\"b", "line\nbreak", "https://example.com/a", "\u{1F600}", "\u{7}"]
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    for _ in 0..<300 {
      let doubles = Self.generatedPairs(&generator).joined()
      let ints = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        [Int.min, Int.max, 0, -1].randomElement(using: &generator)! &+ Int.random(in: -99...99, using: &generator)
      }
      let strings = (0..<Int.random(in: 0...6, using: &generator)).map { _ in texts.randomElement(using: &generator)! }
      let arrays = Arrays(doubles: Array(doubles), ints: ints, strings: strings)
      let generic = GenericArrays(doubles: ContiguousArray(doubles), ints: ContiguousArray(ints), strings: ContiguousArray(strings))
      for options: JSONWriteOptions in [[], .prettyPrinted, .withoutEscapingSlashes, .sortedKeys, .includeNulls] {
        #expect(try arrays.jsonString(options: options) == generic.jsonString(options: options), "\(arrays)")
      }
      guard doubles.allSatisfy(\.isFinite) else {
        #expect(try errorPath { try encoder.encode(arrays) } == errorPath { try foundation.encode(arrays) })
        continue
      }
      #expect(try encoder.encode(arrays) == foundation.encode(arrays), "\(arrays)")
    }
  }

  /// The coding path of the `EncodingError` `body` throws (its keys' string and int values).
  private func errorPath(_ body: () throws -> Data) throws -> [String] {
    do {
      _ = try body()
    } catch let EncodingError.invalidValue(_, context) {
      return context.codingPath.map { "\($0.stringValue) \($0.intValue.map(String.init) ?? "-")" }
    }
    Issue.record("no error")
    return []
  }

  @Test func wellTypedArraysReadAsJSONDecoderReadsThem() throws {
    var generator = SeededGenerator(seed: 0xA77A)
    for _ in 0..<300 {
      let pairs = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        (0..<Int.random(in: 0...3, using: &generator)).map { _ in
          Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1_000
        }
      }
      let value = Arrays(
        doubles: pairs.first ?? [], ints: pairs.flatMap { $0.map { Int($0) } }, strings: pairs.map { "\($0)" },
        pairs: pairs)
      let data = try JSONEncoder().encode(value)
      let expected = try JSONDecoder().decode(Arrays.self, from: data)
      #expect(try ModelDecoder().decode(Arrays.self, from: data) == expected)
      #expect(try Arrays(json: data) == expected)
    }
  }

  /// Codable containers: `[Int]`, `[Double]` and `[String]` read directly
  /// give what `JSONDecoder` gives, strictly (values, or the error's case
  /// and path), and leniently what the generic path gives for the same
  /// elements (values and report entries), over generated objects whose
  /// arrays mix natural elements with every other kind.
  @Test func codableContainersReadScalarArraysAsTheGenericPathDoes() throws {
    var generator = SeededGenerator(seed: 0xA77A)
    let elements = [
      "0", "1", "-7", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "2.5", "3.0",
      "1e2", "-0.0", "1e400", #""x""#, #""12""#, #""a\"b""#, #""é""#, "true", "null", "[]", "{}",
    ]
    // Elements of each array's natural kind, for arrays that are natural throughout.
    let natural = [
      "ints": ["0", "1", "-7", "42", "9223372036854775807", "-9223372036854775808"],
      "doubles": ["0", "2.5", "-0.0", "1e2", "42", "9223372036854775808", "1.7976931348623157e308"],
      "strings": [#""x""#, #""12""#, #""a\"b""#, #""é""#, #""""#],
    ]
    func member(_ name: String) -> String? {
      switch Int.random(in: 0...19, using: &generator) {
      case 0: return nil
      case 1: return ["null", "3", #""x""#, "{}"].randomElement(using: &generator)!
      default:
        let pool = Int.random(in: 0...3, using: &generator) == 0 ? elements : natural[name]!
        let count = Int.random(in: 0...4, using: &generator)
        return "[" + (0..<count).map { _ in pool.randomElement(using: &generator)! }.joined(separator: ", ") + "]"
      }
    }
    func outline(_ error: any Error) -> String {
      switch error {
      case DecodingError.keyNotFound(let key, let context): "keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue))"
      case DecodingError.valueNotFound(_, let context): "valueNotFound \(context.codingPath.map(\.stringValue))"
      case DecodingError.typeMismatch(_, let context): "typeMismatch \(context.codingPath.map(\.stringValue))"
      case DecodingError.dataCorrupted(let context): "dataCorrupted \(context.codingPath.map(\.stringValue))"
      default: "\(error)"
      }
    }
    /// Strictly, `Direct` as `JSONDecoder` reads it; leniently, as the
    /// generic path reads `Generic` (`twin` turns one into the other), with
    /// the same report entries. Whether the strict decode succeeded.
    func check<Direct: Decodable, Generic: Decodable>(
      _ direct: Direct.Type, _ generic: Generic.Type, _ json: String, strict: ModelDecoder,
      twin: (Generic) -> Direct, same: (Direct, Direct) -> Bool
    ) -> Bool {
      let data = Data(json.utf8)
      var succeeded = false
      switch (Result { try JSONDecoder().decode(Direct.self, from: data) }, Result { try strict.decode(Direct.self, from: data) }) {
      case (.success(let expected), .success(let value)):
        #expect(same(value, expected), "\(Direct.self) from \(json)")
        succeeded = true
      case (.failure(let expected), .failure(let error)): #expect(outline(error) == outline(expected), "\(json)")
      case (let theirs, let ours): Issue.record("\(Direct.self) from \(json): JSONDecoder \(theirs), ModelDecoder \(ours)")
      }
      let directReport = DecodeReport()
      let genericReport = DecodeReport()
      let values = Result { try ModelDecoder(options: DecodingOptions(report: directReport)).decode(Direct.self, from: data) }
      let twins = Result { try ModelDecoder(options: DecodingOptions(report: genericReport)).decode(Generic.self, from: data) }
      switch (values, twins) {
      case (.success(let value), .success(let other)): #expect(same(value, twin(other)), "\(Direct.self) from \(json)")
      case (.failure(let error), .failure(let twinError)): #expect(outline(error) == outline(twinError), "\(json)")
      case (let ours, let theirs): Issue.record("\(Direct.self) from \(json): \(ours); \(Generic.self): \(theirs)")
      }
      #expect(
        directReport.entries.map { "\($0.path) \($0.kind)" } == genericReport.entries.map { "\($0.path) \($0.kind)" },
        "\(Direct.self) from \(json)")
      return succeeded
    }
    let strict = ModelDecoder(options: DecodingOptions(strict: true))
    var naturalDecodes = 0
    for _ in 0..<600 {
      let members = ["ints", "doubles", "strings"].compactMap { name in member(name).map { #""\#(name)": \#($0)"# } }
      let json = "{" + members.joined(separator: ", ") + "}"
      // Required arrays (`decode`) and optional ones (`decodeIfPresent`).
      if check(Lists.self, GenericLists.self, json, strict: strict, twin: \.lists, same: { $0.isIdentical(to: $1) }) {
        naturalDecodes += 1
      }
      _ = check(
        OptionalLists.self, GenericOptionalLists.self, json, strict: strict, twin: \.lists,
        same: { $0.isIdentical(to: $1) })
    }
    // Both outcomes were exercised.
    #expect(naturalDecodes > 30 && naturalDecodes < 570, "\(naturalDecodes)")
  }
}
