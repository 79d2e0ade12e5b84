import Foundation
import ModelKit
import Testing
import ModelKitTestSupport

/// The points where `ModelDecoder` and `ModelEncoder` used to differ from
/// Foundation's coders, each against Foundation itself.
@Suite("Drop-in coders")
struct DropInCoderTests {
  struct Stamp: Codable, Equatable { var at: Date }

  @Test func datesDefaultToFoundationsAndLenientReadingAddsTheTablesStrings() throws {
    let stamp = Stamp(at: Date(timeIntervalSince1970: 1_709_287_200))
    let written = try JSONEncoder().encode(stamp)  // one key: its order is fixed
    #expect(try ModelDecoder().decode(Stamp.self, from: written) == stamp)
    #expect(try ModelEncoder().encode(stamp) == written)
    #expect(try JSONDecoder().decode(Stamp.self, from: ModelEncoder().encode(stamp)) == stamp)
    // Leniently, a date string JSONDecoder rejects is read; a number keeps JSONDecoder's meaning.
    #expect(try ModelDecoder().decode(Stamp.self, from: #"{"at": "2024-03-01 10:00:00"}"#) == stamp)
    #expect(throws: DecodingError.self) {
      try ModelDecoder(options: DecodingOptions(strict: true)).decode(Stamp.self, from: #"{"at": "2024-03-01 10:00:00"}"#)
    }
    let encoder = ModelEncoder()
    encoder.dateEncodingStrategy = .millisecondsSince1970
    #expect(String(decoding: try encoder.encode(stamp), as: UTF8.self) == #"{"at":1709287200000}"#)
  }

  /// A model with a date, inside a Codable value.
  struct Visit: JSONModel, Codable, Equatable { var at = Date(timeIntervalSince1970: 0) }
  struct Log: Codable, Equatable { var visits: [Visit] }

  @Test func strategiesReachModelsInsideCodableValues() throws {
    let log = Log(visits: [Visit(at: Date(timeIntervalSince1970: 86_400))])
    let encoder = ModelEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    let foundation = JSONEncoder()
    foundation.dateEncodingStrategy = .secondsSince1970
    #expect(try encoder.encode(log) == foundation.encode(log))
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    decoder.dateDecodingStrategy = .secondsSince1970
    #expect(try decoder.decode(Log.self, from: #"{"visits": [{"at": 86400}]}"#) == log)
  }

  @Test func nonConformingFloatsAndUnderflowAsJSONDecoderReadsThem() throws {
    let strict = ModelDecoder(options: DecodingOptions(strict: true))
    let foundation = JSONDecoder()
    for text in ["[1e-400]", "[2e-324]", "[1e400]"] {
      #expect(throws: DecodingError.self) { try foundation.decode([Double].self, from: Data(text.utf8)) }
      #expect(throws: DecodingError.self) { try strict.decode([Double].self, from: text) }
    }
    #expect(throws: DecodingError.self) { try strict.decode([Float].self, from: "[1e-46]") }
    #expect(try strict.decode([Double].self, from: "[1e-321]") == foundation.decode([Double].self, from: Data("[1e-321]".utf8)))
    for decoder in [strict, ModelDecoder()] {
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      let values = try decoder.decode([Double].self, from: #"["inf", "-inf", "nan", 1]"#)
      #expect(values[0] == .infinity && values[1] == -.infinity && values[2].isNaN && values[3] == 1)
    }
  }

  struct Readings: Codable { var list: [Double?]; var byName: [String: Int?]; var floats: [Float] }

  @Test func nonFiniteAndNilElementsAsJSONEncoderWritesThem() throws {
    let readings = Readings(list: [1, nil, .nan, -.infinity], byName: ["a": nil, "b": 2], floats: [.infinity])
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let ours = ModelEncoder(options: .sortedKeys)
    #expect(throws: EncodingError.self) { try foundation.encode(readings) }
    #expect(throws: EncodingError.self) { try ours.encode(readings) }
    #expect(throws: EncodingError.self) { try ModelEncoder().encode(readings) }  // streamed, not sorted
    #expect(throws: EncodingError.self) { try ours.encodeValue(readings) }
    let named = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    foundation.nonConformingFloatEncodingStrategy = named
    ours.nonConformingFloatEncodingStrategy = named
    #expect(try ours.encode(readings) == foundation.encode(readings))
    #expect(try ours.encodeValue(readings) == JSONValue(json: foundation.encode(readings)))
    let streamed = ModelEncoder()
    streamed.nonConformingFloatEncodingStrategy = named
    #expect(try JSONValue(json: streamed.encode(readings)) == JSONValue(json: foundation.encode(readings)))
  }

  @Test func utf16AndUTF32InputWithOrWithoutAByteOrderMark() throws {
    let json = #"{"at": 0}"#
    let encodings: [String.Encoding] = [.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian, .utf16, .utf32]
    let strict = ModelDecoder(options: DecodingOptions(strict: true))
    for encoding in encodings {
      let data = try #require(json.data(using: encoding))
      #expect(try ModelDecoder().decode(Stamp.self, from: data) == Stamp(at: Date(timeIntervalSinceReferenceDate: 0)), "\(encoding)")
      // Where JSONDecoder reads the text, it reads the same value; strictly,
      // where it does not (UTF-32 little-endian with its mark), neither does ModelDecoder.
      if let expected = try? JSONDecoder().decode(Stamp.self, from: data) {
        #expect(try ModelDecoder().decode(Stamp.self, from: data) == expected, "\(encoding)")
        #expect(try strict.decode(Stamp.self, from: data) == expected, "\(encoding)")
      } else {
        #expect(throws: DecodingError.self, "\(encoding)") { try strict.decode(Stamp.self, from: data) }
      }
    }
    let marked = Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8)
    #expect(try ModelDecoder().decode(Stamp.self, from: marked) == JSONDecoder().decode(Stamp.self, from: marked))
  }

  struct Pair: Codable, Equatable { var a: Int; var b: String }

  @Test func assumesTopLevelDictionaryAsJSONDecoderDoes() throws {
    let decoder = ModelDecoder()
    decoder.assumesTopLevelDictionary = true
    let foundation = JSONDecoder()
    foundation.assumesTopLevelDictionary = true
    for text in [#""a": 1, "b": "x""#, #"{"a": 1, "b": "x"}"#, #"  "a": 2, "b": """#] {
      #expect(try decoder.decode(Pair.self, from: Data(text.utf8)) == foundation.decode(Pair.self, from: Data(text.utf8)))
    }
  }

  struct Scaled: CodableWithConfiguration, Equatable {
    var value: Int
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder, configuration: Int) throws {
      value = try decoder.singleValueContainer().decode(Int.self) * configuration
    }
    func encode(to encoder: any Encoder, configuration: Int) throws {
      var container = encoder.singleValueContainer()
      try container.encode(value / configuration)
    }
  }

  // The coders' configuration overloads are macOS 14 / iOS 17 API, as JSONDecoder's are.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func codableWithConfigurationOverloads() throws {
    let data = try ModelEncoder().encode(Scaled(value: 30), configuration: 10)
    #expect(data == (try JSONEncoder().encode(Scaled(value: 30), configuration: 10)))
    #expect(try ModelDecoder().decode(Scaled.self, from: data, configuration: 10) == Scaled(value: 30))
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func int128AndUInt128AsFoundationCodesThem() throws {
    struct Wide: Codable, Equatable { var big: Int128; var huge: UInt128 }
    let wide = Wide(big: Int128.min, huge: UInt128.max)
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys  // JSONEncoder's key order is otherwise its hash order
    let written = try foundation.encode(wide)
    #expect(try ModelEncoder(options: .sortedKeys).encode(wide) == written)
    #expect(try ModelEncoder().encodeValue(wide) == JSONValue(json: written))
    #expect(try ModelEncoder().encode([Int128(5)]) == JSONEncoder().encode([Int128(5)]))
    #expect(try ModelDecoder(options: DecodingOptions(strict: true)).decode(Wide.self, from: written) == wide)
  }

  struct Twice: Encodable {
    enum Key: CodingKey { case key, nested }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(0, forKey: .key)
      try container.encode(42, forKey: .key)
      var first = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
      try first.encode(1, forKey: .key)
      var second = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
      try second.encode(2, forKey: .nested)
    }
  }

  @Test func keysWrittenTwiceAppearOnceWithFoundationsValue() throws {
    for formatting: JSONEncoder.OutputFormatting in [[], [.sortedKeys]] {
      let encoder = ModelEncoder()
      encoder.outputFormatting = formatting
      let foundation = JSONEncoder()
      foundation.outputFormatting = formatting
      #expect(try JSONValue(json: encoder.encode(Twice())) == JSONValue(json: foundation.encode(Twice())))
      #expect(try encoder.encodeValue(Twice()) == ["key": 42, "nested": ["key": 1, "nested": 2]])
    }
  }

  enum Tint: String, Codable { case red }
  struct Parsed: Codable { var url: URL?; var id: UUID?; var blob: Data?; var tint: Tint? }

  @Test func unparseableStringsAreCorruptedDataAsInJSONDecoder() throws {
    let strict = ModelDecoder(options: DecodingOptions(strict: true))
    for json in [#"{"url": ""}"#, #"{"id": "nope"}"#, #"{"blob": "!!"}"#, #"{"tint": "blue"}"#, #"{"tint": 5}"#] {
      let expected = Result { try JSONDecoder().decode(Parsed.self, from: Data(json.utf8)) }
      let found = Result { try strict.decode(Parsed.self, from: json) }
      #expect(FoundationDifferentialTests.summary(of: found) == FoundationDifferentialTests.summary(of: expected), "\(json)")
    }
  }

  /// Reads three integers from an unkeyed container, the middle one optional.
  struct Triple: Decodable, Equatable {
    var a: Int, b: Int?, c: Int
    init(a: Int, b: Int?, c: Int) { (self.a, self.b, self.c) = (a, b, c) }
    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      a = try container.decode(Int.self)
      b = try container.decodeIfPresent(Int.self)
      c = try container.decode(Int.self)
    }
  }

  enum Hue: String, Codable { case red, green }
  struct Palette: Codable, Equatable {
    var main: Hue
    var accent: Hue?
    var all: [Hue]
    var byNumber: [Int: Int]
    var stamps: [Date]
  }

  @Test func unkeyedContainersAreAsLenientAsKeyedOnes() throws {
    // A value that does not convert is nil for decodeIfPresent; past the end is a missing value.
    #expect(try ModelDecoder().decode(Triple.self, from: #"["1", "x"]"#) == Triple(a: 1, b: nil, c: 0))
    #expect(try ModelDecoder().decode(Triple.self, from: "[1]") == Triple(a: 1, b: nil, c: 0))
    #expect(throws: DecodingError.self) { try ModelDecoder(options: DecodingOptions(strict: true)).decode(Triple.self, from: "[1]") }
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Triple.self, from: Data("[1]".utf8)) }
  }

  @Test func collectionsOfAnyKeyDropWhatDoesNotConvertWithOrWithoutStrategies() throws {
    let decoder = ModelDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let json = #"{"main": "red", "accent": "blue", "all": ["red", "blue", "green"], "byNumber": {"1": 2, "x": 3, "4": "z", "5": "6"}, "stamps": [123, null, "soon", "456"]}"#
    let palette = try decoder.decode(Palette.self, from: json)
    #expect(palette.accent == nil)  // unknown raw value, optional: nil
    #expect(palette.all == [.red, .green])  // dropped inside a collection
    #expect(palette.byNumber == [1: 2, 5: 6])
    #expect(palette.stamps == [Date(timeIntervalSince1970: 123), Date(timeIntervalSince1970: 456)])
    // Where JSONDecoder reads the document, the lenient decoder reads the same.
    let clean = #"{"main": "green", "all": [], "byNumber": {"7": 8}, "stamps": [1]}"#
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .secondsSince1970
    #expect(try decoder.decode(Palette.self, from: clean) == foundation.decode(Palette.self, from: Data(clean.utf8)))
  }

  @Test func anUnknownRawValueWithNoEmptyValueIsAnErrorWithItsPath() {
    #expect {
      try ModelDecoder().decode(Palette.self, from: #"{"main": "blue", "all": [], "byNumber": {}, "stamps": []}"#)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.codingPath.map(\.stringValue) == ["main"]
    }
  }

  struct Config: Codable, Equatable {
    var name: String
    var count: Int
    var ratio: Double
    var tags: [String]
    var nested: [String: Int]
  }

  @Test func json5ReadsAsJSONDecoderReadsIt() throws {
    let documents = [
      """
      // a comment
      { name: 'single \\'quoted\\' "and" double', count: 0x1F, ratio: .5, /* block */
        tags: ['a', "b",], nested: { $key: +1, _k2: -0x10, 'quoted key': 3, }, }
      """,
      "{\"name\": \"line\\\ncontinued \\x41\\\r\n\", \"count\": +7, \"ratio\": 5., \"tags\": [], \"nested\": {}}",
      "{name:'é 😀', count:1e2, ratio:-1.5e-3, tags:['x'], nested:{a:1}}",
    ]
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    decoder.allowsJSON5 = true
    let foundation = JSONDecoder()
    foundation.allowsJSON5 = true
    for text in documents {
      let data = Data(text.utf8)
      #expect(try decoder.decode(Config.self, from: data) == foundation.decode(Config.self, from: data), "\(text)")
      #expect(try decoder.decode(Config.self, from: text) == foundation.decode(Config.self, from: data), "\(text)")
    }
    // Not JSON5, and JSON5 without the option: errors.
    // (A lone `+` or `.`, and a word after a number, used to vanish or join the number.)
    let invalidTexts = [
      "{name: 'x',, count: 1}", "{name: 'a\\v', count: 1}", "[0x]", "[.]", "{,}", "[0 +]", "++'s'", "[+-NaN]",
      "[5.Infinity]", "[1.+]",
    ]
    for invalid in invalidTexts {
      #expect(throws: DecodingError.self, "\(invalid)") { try foundation.decode(Config.self, from: Data(invalid.utf8)) }
      #expect(throws: DecodingError.self, "\(invalid)") { try decoder.decode(Config.self, from: invalid) }
    }
    #expect(throws: DecodingError.self) { try ModelDecoder().decode(Config.self, from: documents[0]) }
    decoder.assumesTopLevelDictionary = true
    foundation.assumesTopLevelDictionary = true
    let members = "name: 'n', count: 1, ratio: 2, tags: [], nested: {},"
    #expect(try decoder.decode(Config.self, from: Data(members.utf8)) == foundation.decode(Config.self, from: Data(members.utf8)))
  }

  @Test func generatedJSON5ReadsAsJSONDecoderReadsItOrFails() throws {
    var rng = SeededGenerator(seed: 5)
    let pieces = [
      "{", "}", "[", "]", ",", ":", " ", "\n", "// c\n", "/* c */", "a", "$b", "_c", "'s'", "\"d\"", "'\\''", "'\\x41'",
      "0x1F", "-0x2", "+3", ".5", "5.", "1e2", "true", "null", "'\\\n'", "\u{A0}", "Infinity", "-NaN", "é",
    ]
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    decoder.allowsJSON5 = true
    let foundation = JSONDecoder()
    foundation.allowsJSON5 = true
    var agreed = 0
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 1...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      let data = Data(text.utf8)
      let ours = Result { try decoder.decode(JSONValue.self, from: data) }  // never a crash, whatever the text
      guard let expected = try? foundation.decode(JSONValue.self, from: data) else { continue }
      #expect(try ours.get() == expected, "\(text)")
      agreed += 1
    }
    #expect(agreed > 100, "the generator should make valid JSON5 often: \(agreed)")
    // JSONDecoder's scanner takes a point after a hexadecimal number, which
    // then reads as an integer when only zeros follow it (strtod's hex floats).
    for text in ["0x1F.", "[0x1F.00, -0x2.]", "0x1F.5", "0x1F.e2", "0x1F.0e2", "0x1F.."] {
      let expected = try? foundation.decode(JSONValue.self, from: Data(text.utf8))
      #expect((try? decoder.decode(JSONValue.self, from: Data(text.utf8))) == expected, "\(text)")
    }
  }

  /// Texts written with every form JSON5 has (`JSON5TextGenerator`), read
  /// as `JSONDecoder` reads them wherever it reads them. (It refuses some
  /// that ModelKit reads: JSON5's white space beyond ASCII, a backslash
  /// before a line separator, keys with characters that are no letters.)
  @Test func generatedJSON5WithEveryFormReadsAsJSONDecoderReadsIt() throws {
    var generator = JSON5TextGenerator(seed: 57)
    generator.repeatsKeys = false  // `JSONDecoder` keeps a repeated key's first value, `JSONValue` its last
    // At the top level after a comment, `JSONDecoder` reads a number from
    // memory it does not own (`/* c */83.287e-2` gives another value now and
    // then, `/* c */+0x407.00` traps): every text here is an array, with no
    // hexadecimal points.
    generator.writesHexadecimalPoints = false
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    decoder.allowsJSON5 = true
    let foundation = JSONDecoder()
    foundation.allowsJSON5 = true
    var read = 0
    for _ in 0..<2_000 {
      generator.text = Array("[".utf8)
      let expected = JSONValue.array([generator.value(depth: 3)])
      generator.text += Array("]".utf8)
      let data = Data(generator.text)
      #expect(try decoder.decode(JSONValue.self, from: data) == expected, "\(String(decoding: data, as: UTF8.self))")
      guard let value = try? foundation.decode(JSONValue.self, from: data) else { continue }
      #expect(try decoder.decode(JSONValue.self, from: data) == value, "\(String(decoding: data, as: UTF8.self))")
      read += 1
    }
    #expect(read > 1_000, "JSONDecoder should read most generated texts: \(read)")
  }

  struct NonFinite: Codable, Equatable {
    var double: Double?
    var float: Float?
    var floats: [Float]?
    var byName: [String: Double]?
    var int: Int?
    var text: String?
    var flag: Bool?

    /// NaN compares unequal to itself: compare the bits.
    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.double?.bitPattern == rhs.double?.bitPattern && lhs.float?.bitPattern == rhs.float?.bitPattern
        && lhs.floats?.map(\.bitPattern) == rhs.floats?.map(\.bitPattern)
        && lhs.byName?.mapValues(\.bitPattern) == rhs.byName?.mapValues(\.bitPattern) && lhs.int == rhs.int
        && lhs.text == rhs.text && lhs.flag == rhs.flag
    }
  }

  /// JSON5's `Infinity` and `NaN`, signed or not, in every place a number
  /// goes, against `JSONDecoder`: the same values where it reads them, the
  /// same error case and path where it does not (an integer, a string).
  @Test func json5InfinityAndNaNReadAsJSONDecoderReadsThem() throws {
    var rng = SeededGenerator(seed: 11)
    let literals = ["Infinity", "-Infinity", "+Infinity", "NaN", "-NaN", "+NaN", "1.5", "-0", "null", "'x'", "true"]
    let fields = ["double", "float", "floats", "byName", "int", "text", "flag"]
    let strict = ModelDecoder(options: DecodingOptions(strict: true))
    strict.allowsJSON5 = true
    let lenient = ModelDecoder()
    lenient.allowsJSON5 = true
    let foundation = JSONDecoder()
    foundation.allowsJSON5 = true
    var nonFiniteRead = 0
    for _ in 0..<1_500 {
      let members = fields.shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng)).map { field in
        let value = { literals.randomElement(using: &rng)! }
        let space = ["", " ", "/* c */ "].randomElement(using: &rng)!
        switch field {
        case "floats": return "floats: [\((0..<Int.random(in: 0...3, using: &rng)).map { _ in value() }.joined(separator: ", "))]"
        case "byName": return "byName: {Infinity: \(value()), 'NaN':\(space)\(value())}"
        default: return "\(field):\(space)\(value())\(space)"
        }
      }
      let text = "{" + members.joined(separator: ", ") + (Bool.random(using: &rng) ? ",}" : "}")
      let data = Data(text.utf8)
      switch Result(catching: { try foundation.decode(NonFinite.self, from: data) }) {
      case .success(let expected):
        #expect(try strict.decode(NonFinite.self, from: data) == expected, "\(text)")
        #expect(try lenient.decode(NonFinite.self, from: data) == expected, "\(text)")
        if text.contains("Infinity") || text.contains("NaN") { nonFiniteRead += 1 }
      case .failure(let expected):
        let found = FoundationDifferentialTests.summary(of: Result { try strict.decode(NonFinite.self, from: data) })
        let expected = FoundationDifferentialTests.summary(expected)
        if found.contains("[\"byName\", ") && expected.contains("[\"byName\", ") {
          // JSONDecoder walks a dictionary in hash order: which bad member it names is not defined.
          #expect(found != "a value", "\(text)")
        } else {
          #expect(found == expected, "\(text)")
        }
      }
    }
    #expect(nonFiniteRead > 200, "the generator should give JSONDecoder infinities and NaNs to read: \(nonFiniteRead)")
    // Values in arrays and at the top level, and what a JSONValue makes of them.
    for text in ["[Infinity, -Infinity, NaN, -NaN, +NaN, 1]", "[-Infinity/* c */, NaN\n]"] {
      let expected = try foundation.decode([Double].self, from: Data(text.utf8)).map(\.bitPattern)
      #expect(try strict.decode([Double].self, from: text).map(\.bitPattern) == expected, "\(text)")
      #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))  // no Float16 on Intel Macs
        #expect(try strict.decode([Float16].self, from: text).map(\.bitPattern)
          == foundation.decode([Float16].self, from: Data(text.utf8)).map(\.bitPattern), "\(text)")
      #endif
    }
    #expect(try strict.decode(Double.self, from: "-Infinity") == -.infinity)
    // A large array, read in windows: the offsets are the whole text's.
    let large = "[" + (0..<60_000).map { ["Infinity", "-NaN", "1.5", "-Infinity"][$0 % 4] }.joined(separator: ", ") + "]"
    #expect(large.utf8.count > 256 * 1024)
    #expect(try strict.decode([Double].self, from: Data(large.utf8)).map(\.bitPattern)
      == foundation.decode([Double].self, from: Data(large.utf8)).map(\.bitPattern))
    let decimals = "[NaN, -Infinity, +Infinity, -NaN, 2.5]"
    #expect(try strict.decode([Decimal].self, from: decimals).map(\.isNaN)
      == foundation.decode([Decimal].self, from: Data(decimals.utf8)).map(\.isNaN))
    let wordKeys = "{true: 1, null: 2, Infinity: 3, NaN /* c */ : 4}"
    #expect(try strict.decode([String: Int].self, from: wordKeys)
      == foundation.decode([String: Int].self, from: Data(wordKeys.utf8)))
    // Numbers written as the texts the words are rewritten as stay numbers beyond Double.
    for text in ["[1e999999]", "[-2e999999]", "[2E999999]"] {
      #expect(FoundationDifferentialTests.summary(of: Result { try strict.decode([Double].self, from: text) })
        == FoundationDifferentialTests.summary(of: Result { try foundation.decode([Double].self, from: Data(text.utf8)) }), "\(text)")
      #expect(try lenient.decode([Double].self, from: "[NaN, \(text.dropFirst().dropLast())]").count == 1, "\(text)")
    }
    // Not JSON5: a sign apart from its word, another spelling, an unquoted word as a value.
    for invalid in ["[- Infinity]", "[infinity]", "[Infinityx]", "[Inf]", "{a: foo}", "[NaN1]"] {
      #expect(throws: DecodingError.self, "\(invalid)") { try foundation.decode([Double].self, from: Data(invalid.utf8)) }
      #expect(throws: DecodingError.self, "\(invalid)") { try strict.decode([Double].self, from: invalid) }
    }
    // Without the option they are not read at all.
    #expect(throws: DecodingError.self) { try ModelDecoder().decode([Double].self, from: "[Infinity]") }
  }

  @Test func dynamicMetatypeDecodesAsItself() throws {
    let type: FoundationDifferentialTests.Animal.Type = FoundationDifferentialTests.Dog.self
    let animal = try ModelDecoder().decode(type, from: #"{"name": "ace", "super": {"legs": 3}}"#)
    #expect((animal as? FoundationDifferentialTests.Dog)?.name == "ace")
    #expect(animal.legs == 3)
  }

  /// A model whose field only Codable reads, first met inside a Codable
  /// value (its schema is built for `ModelDecoder` and shared afterwards).
  struct Tag: Codable, Equatable { var name: String }
  final class Labelled: JSONModel, Codable {
    var tag: Tag?
    var next: Labelling?
    required init() {}
  }
  struct Labelling: Codable { var labelled: Labelled }

  @Test func aModelsCodableFieldsAreReadWhoeverMeetsTheModelFirst() throws {
    let json = #"{"labelled": {"tag": {"name": "a"}, "next": {"labelled": {"tag": {"name": "b"}}}}}"#
    let foundation = try JSONDecoder().decode(Labelling.self, from: Data(json.utf8))
    #expect(foundation.labelled.next?.labelled.tag == Tag(name: "b"))
    for decoder in [ModelDecoder(), ModelDecoder(options: DecodingOptions(strict: true))] {
      let value = try decoder.decode(Labelling.self, from: json)
      #expect(value.labelled.tag == Tag(name: "a"))
      #expect(value.labelled.next?.labelled.tag == Tag(name: "b"))
    }
    let model = try Labelled(json: #"{"tag": {"name": "c"}, "next": {"labelled": {"tag": {"name": "d"}}}}"#)
    #expect(model.tag == Tag(name: "c"))
    #expect(model.next?.labelled.tag == Tag(name: "d"))
    #expect(try ModelSchema.of(Labelled.self).fieldNames.sorted() == ["next", "tag"])
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundationEncoder = JSONEncoder()
    foundationEncoder.outputFormatting = .sortedKeys
    #expect(try encoder.encode(foundation) == foundationEncoder.encode(foundation))
  }
}
