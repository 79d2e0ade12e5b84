import Foundation
import ModelKit
import Testing
import ModelKitTestSupport

/// `ModelDecoder` and `ModelEncoder` against Foundation's coders, in
/// process, over generated values and documents: Foundation is the oracle.
/// The generator is seeded, so a failure names an input that repeats.
@Suite("Differential: the coders against Foundation's")
struct FoundationDifferentialTests {
  /// Every scalar width at and near its limits.
  struct Scalars: Codable, Equatable {
    var int: Int, int8: Int8, int16: Int16, int32: Int32, int64: Int64
    var uint: UInt, uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64
    var double: Double, float: Float, bool: Bool, string: String
    var date: Date, data: Data, url: URL, uuid: UUID, decimal: Decimal

    static func random(_ rng: inout SeededGenerator) -> Scalars {
      func edge<T: FixedWidthInteger>(_ type: T.Type) -> T {
        [T.min, T.max, 0, T.min &+ 1, T.max &- 1, T.random(in: T.min...T.max, using: &rng)].randomElement(using: &rng)!
      }
      let doubles: [Double] = [0, -0.0, 1, 0.1, 1e300, -2.5e-308, 5e-324, 123_456.789, 1e16, 1e15, .pi]
      let floats: [Float] = [0, 1.5, 3.4028235e38, 1e-45, 0.1, -7]
      let strings = ["", "plain", "a/b", "q\"uote", "back\\slash", "\u{1}\u{1f}\n\t", "é 😀 \u{2028}", "<null>"]
      return Scalars(
        int: edge(Int.self), int8: edge(Int8.self), int16: edge(Int16.self), int32: edge(Int32.self),
        int64: edge(Int64.self), uint: edge(UInt.self), uint8: edge(UInt8.self), uint16: edge(UInt16.self),
        uint32: edge(UInt32.self), uint64: edge(UInt64.self),
        double: Bool.random(using: &rng)
          ? doubles.randomElement(using: &rng)! : Double.random(in: -1e6...1e6, using: &rng),
        float: floats.randomElement(using: &rng)!, bool: Bool.random(using: &rng),
        string: strings.randomElement(using: &rng)!,
        date: Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &rng))
          + [0, 0.5, 0.25, 0.001].randomElement(using: &rng)!),
        data: Data((0..<Int.random(in: 0...9, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }),
        url: URL(string: ["https://example.com/a?b=c", "file:///tmp/x", "rel/path"].randomElement(using: &rng)!)!,
        uuid: UUID(), decimal: [Decimal(string: "12.5")!, 0, Decimal(string: "-3.25")!].randomElement(using: &rng)!)
    }
  }

  /// Nesting, optionals, arrays, and dictionaries with string and integer keys.
  struct Tree: Codable, Equatable {
    var name: String
    var scalars: Scalars?
    var children: [Tree]
    var byName: [String: Int]
    var byNumber: [Int: String]
    var flags: [Bool?]
    var matrix: [[Double]]
    var userCamelCaseKey: Int?

    static func random(_ rng: inout SeededGenerator, depth: Int = 0) -> Tree {
      Tree(
        name: ["root", "leaf", "a_b", "URLValue"].randomElement(using: &rng)!,
        scalars: Bool.random(using: &rng) ? Scalars.random(&rng) : nil,
        children: depth < 2 ? (0..<Int.random(in: 0...2, using: &rng)).map { _ in random(&rng, depth: depth + 1) } : [],
        byName: Dictionary(uniqueKeysWithValues: (0..<Int.random(in: 0...3, using: &rng)).map { ("k_\($0)Key", $0) }),
        byNumber: Dictionary(uniqueKeysWithValues: (0..<Int.random(in: 0...3, using: &rng)).map { ($0 * 7 - 3, "v\($0)") }),
        flags: (0..<Int.random(in: 0...3, using: &rng)).map { _ in Bool.random(using: &rng) ? nil : Bool.random(using: &rng) },
        matrix: (0..<Int.random(in: 0...2, using: &rng)).map { _ in [1.5, 2, -0.25] },
        userCamelCaseKey: Bool.random(using: &rng) ? 42 : nil)
    }
  }

  /// A class hierarchy with a superclass container.
  class Animal: Codable {
    var legs = 4
    init() {}
  }

  final class Dog: Animal, Equatable {
    var name = "rex"
    enum CodingKeys: String, CodingKey { case name }
    override init() { super.init() }
    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try super.encode(to: container.superEncoder())
    }
    static func == (a: Dog, b: Dog) -> Bool { a.name == b.name && a.legs == b.legs }
  }

  /// The coders' settings, one combination per run.
  struct Settings: CustomStringConvertible {
    var formatting: JSONEncoder.OutputFormatting
    var dates: Int  // index into the date strategies
    var data: Bool  // deferredToData
    var snakeCase: Bool

    var description: String { "formatting \(formatting.rawValue), dates \(dates), deferredData \(data), snake \(snakeCase)" }

    static let all: [Settings] = [true, false].flatMap { snake in
      [false, true].flatMap { data in
        (0..<4).flatMap { dates in
          [[.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes]].map {
            Settings(formatting: $0, dates: dates, data: data, snakeCase: snake)
          }
        }
      }
    }

    static let encodingDates: [JSONEncoder.DateEncodingStrategy] = [
      .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
    ]
    static let decodingDates: [JSONDecoder.DateDecodingStrategy] = [
      .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
    ]

    func encoders() -> (JSONEncoder, ModelEncoder) {
      let foundation = JSONEncoder()
      let ours = ModelEncoder()
      foundation.outputFormatting = formatting
      ours.outputFormatting = formatting
      let dateStrategies = Self.encodingDates
      foundation.dateEncodingStrategy = dateStrategies[dates]
      ours.dateEncodingStrategy = dateStrategies[dates]
      foundation.dataEncodingStrategy = data ? .deferredToData : .base64
      ours.dataEncodingStrategy = data ? .deferredToData : .base64
      foundation.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
      ours.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
      return (foundation, ours)
    }

    func decoders(strict: Bool) -> (JSONDecoder, ModelDecoder) {
      let foundation = JSONDecoder()
      let ours = ModelDecoder(options: DecodingOptions(strict: strict))
      let dateStrategies = Self.decodingDates
      foundation.dateDecodingStrategy = dateStrategies[dates]
      ours.dateDecodingStrategy = dateStrategies[dates]
      foundation.dataDecodingStrategy = data ? .deferredToData : .base64
      ours.dataDecodingStrategy = data ? .deferredToData : .base64
      foundation.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
      ours.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
      return (foundation, ours)
    }
  }

  @Test func encodedBytesEqualJSONEncodersForEveryStrategyAndLayout() throws {
    var rng = SeededGenerator(seed: 1)
    for settings in Settings.all {
      let (foundation, ours) = settings.encoders()
      for _ in 0..<6 {
        let tree = Tree.random(&rng)
        let expected = try foundation.encode(tree)
        let written = try ours.encode(tree)
        #expect(
          written == expected,
          "\(settings): \(String(decoding: written, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))")
        #expect(try ours.encodeValue(tree) == JSONValue(json: expected), "\(settings)")
      }
      #expect(try ours.encode(Dog()) == foundation.encode(Dog()), "\(settings)")
    }
  }

  @Test func decodedValuesEqualJSONDecodersForEveryStrategy() throws {
    var rng = SeededGenerator(seed: 2)
    for settings in Settings.all where settings.formatting == [.sortedKeys] {
      let (encoder, _) = settings.encoders()
      for strict in [true, false] {
        let (foundation, ours) = settings.decoders(strict: strict)
        for _ in 0..<6 {
          let data = try encoder.encode(Tree.random(&rng))
          #expect(try ours.decode(Tree.self, from: data) == foundation.decode(Tree.self, from: data), "\(settings)")
        }
        let dog = try encoder.encode(Dog())
        #expect(try ours.decode(Dog.self, from: dog) == foundation.decode(Dog.self, from: dog))
      }
    }
  }

  /// A JSON value of random shape: what a backend may send for any field.
  static func randomJSON(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
    let scalars = [
      "0", "-1", "1.5", "1e-400", "2e-324", "1e400", "9223372036854775808", "-129", "255", "256", "true", "false",
      "null", "\"\"", "\"12\"", "\"yes\"", "\"2024-05-01T12:00:00Z\"", "\"AQID\"", "\"https://x.y\"",
      "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "1e3", "-0", "4294967296",
    ]
    switch depth < 2 ? Int.random(in: 0...5, using: &rng) : 0 {
    case 4:
      return "[" + (0..<Int.random(in: 0...3, using: &rng)).map { _ in randomJSON(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
    case 5:
      let keys = ["name", "children", "byName", "byNumber", "flags", "matrix", "scalars", "user_camel_case_key", "x"]
      return "{" + (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        "\"\(keys.randomElement(using: &rng)!)\":\(randomJSON(&rng, depth: depth + 1))"
      }.joined(separator: ",") + "}"
    default:
      return scalars.randomElement(using: &rng)!
    }
  }

  /// A `Tree` document with some members replaced by random values.
  static func mutatedTree(_ rng: inout SeededGenerator, _ encoder: JSONEncoder) throws -> Data {
    guard case .object(var object) = try JSONValue(json: encoder.encode(Tree.random(&rng))) else { return Data() }
    for key in object.keys where Int.random(in: 0...3, using: &rng) == 0 {
      if Bool.random(using: &rng) {
        object.removeValue(forKey: key)
      } else {
        object[key] = try JSONValue(json: randomJSON(&rng))
      }
    }
    return try JSONValue.object(object).jsonData()
  }

  /// The error's case and coding path as text, for comparing two errors.
  static func summary(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .typeMismatch(_, let context)?: "typeMismatch at \(context.codingPath.map(\.stringValue))"
    case .valueNotFound(_, let context)?: "valueNotFound at \(context.codingPath.map(\.stringValue))"
    case .keyNotFound(let key, let context)?: "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
    case .dataCorrupted(let context)?: "dataCorrupted at \(context.codingPath.map(\.stringValue))"
    default: "\(type(of: error))"
    }
  }

  @Test func strictDecodingGivesJSONDecodersValueOrErrorAndLenientAgreesWhereItSucceeds() throws {
    var rng = SeededGenerator(seed: 3)
    let settings = Settings(formatting: [], dates: 1, data: false, snakeCase: false)
    let (encoder, _) = settings.encoders()
    let (foundation, strict) = settings.decoders(strict: true)
    let (_, lenient) = settings.decoders(strict: false)
    var failures = 0
    for _ in 0..<400 {
      let data = try Self.mutatedTree(&rng, encoder)
      let text = String(decoding: data, as: UTF8.self)
      switch Result(catching: { try foundation.decode(Tree.self, from: data) }) {
      case .success(let expected):
        #expect(try strict.decode(Tree.self, from: data) == expected, "\(text)")
        #expect(try lenient.decode(Tree.self, from: data) == expected, "\(text)")
      case .failure(let expected):
        failures += 1
        let found = Result { try strict.decode(Tree.self, from: data) }
        let foundSummary = Self.summary(of: found)
        let inDictionary = [foundSummary, Self.summary(expected)].contains {
          $0.contains("[\"byName\", ") || $0.contains("[\"byNumber\", ")
        }
        if inDictionary {
          // JSONDecoder walks a dictionary's members in hash order, so which
          // bad member it names first (and so the error's case) is not defined: both must fail.
          #expect(foundSummary != "a value", "\(text)")
        } else {
          #expect(foundSummary == Self.summary(expected), "\(text)")
        }
      }
    }
    #expect(failures > 50, "the mutations should make JSONDecoder fail often")
  }

  struct Point: Codable, Equatable {
    var x: Int
    var label: String?
  }

  @Test func arraysOfEveryLengthDecodeAsJSONDecoderDecodesThem() throws {
    // Short arrays are appended to, long ones (eight elements or more) made
    // in their own storage: values, and the error of a bad element at any
    // index (its coding path), are JSONDecoder's either way, nested too.
    var rng = SeededGenerator(seed: 0xA11A)
    let (foundation, strict) = Settings(formatting: [], dates: 1, data: false, snakeCase: false).decoders(strict: true)
    var failures = 0
    for _ in 0..<400 {
      func element() -> String {
        Int.random(in: 0..<25, using: &rng) == 0
          ? ["null", #""7""#, "{}", #"{"x": "1"}"#, "[]"].randomElement(using: &rng)!
          : #"{"x": \#(Int.random(in: -9...9, using: &rng))\#(Bool.random(using: &rng) ? #", "label": "a""# : "")}"#
      }
      func array(_ make: () -> String) -> String {
        "[" + (0..<Int.random(in: 0...20, using: &rng)).map { _ in make() }.joined(separator: ",") + "]"
      }
      for (text, nested) in [(array(element), false), (array { array(element) }, true)] {
        let data = Data(text.utf8)
        let expected = Result {
          nested ? "\(try foundation.decode([[Point]].self, from: data))" : "\(try foundation.decode([Point].self, from: data))"
        }
        let found = Result {
          nested ? "\(try strict.decode([[Point]].self, from: data))" : "\(try strict.decode([Point].self, from: data))"
        }
        switch (expected, found) {
        case (.success(let expected), .success(let found)): #expect(found == expected, "\(text)")
        case (.failure(let expected), .failure(let found)):
          failures += 1
          #expect(Self.summary(found) == Self.summary(expected), "\(text)")
        default: Issue.record("\(text): JSONDecoder \(expected), ModelDecoder \(found)")
        }
      }
    }
    #expect(failures > 100, "the bad elements should make JSONDecoder fail often")
  }

  /// Writes the keys it is given, and reads back the keys it finds.
  struct DynamicKeys: Codable {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    var keys: [String]
    init(keys: [String]) { self.keys = keys }
    init(from decoder: any Decoder) throws {
      keys = try decoder.container(keyedBy: Key.self).allKeys.map(\.stringValue).sorted()
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for (index, key) in keys.enumerated() { try container.encode(index, forKey: Key(stringValue: key)) }
    }
  }

  @Test func keyStrategiesConvertAsFoundationDoes() throws {
    var rng = SeededGenerator(seed: 4)
    let pieces = ["a", "b", "URL", "Id", "_", "__", "1", "x2", "É", "é", "ß", "😀", "ALL", "Caps", "snake_case", ""]
    for _ in 0..<300 {
      let key = (0..<Int.random(in: 1...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      let value = DynamicKeys(keys: [key])
      let foundation = JSONEncoder()
      foundation.keyEncodingStrategy = .convertToSnakeCase
      let ours = ModelEncoder()
      ours.keyEncodingStrategy = .convertToSnakeCase
      #expect(try ours.encode(value) == foundation.encode(value), "to snake case: \(key)")
      let json = Data("{\(String(decoding: try JSONEncoder().encode(key), as: UTF8.self)): 1}".utf8)
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      let modelDecoder = ModelDecoder()
      modelDecoder.keyDecodingStrategy = .convertFromSnakeCase
      #expect(try modelDecoder.decode(DynamicKeys.self, from: json).keys == decoder.decode(DynamicKeys.self, from: json).keys)
    }
  }
}

extension FoundationDifferentialTests {
  /// The error's summary, or "a value".
  static func summary<Value>(of result: Result<Value, any Error>) -> String {
    switch result {
    case .success: "a value"
    case .failure(let error): summary(error)
    }
  }
}
