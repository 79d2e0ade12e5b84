import Foundation
import ModelKit
import ModelKitFixtures
import Testing
import ModelKitTestSupport

/// What `JSONDecoder` reads at the level of the text, with Foundation on
/// this machine as the oracle: trailing commas, byte-order marks and
/// encodings, and integers written as other numbers. Strictly, ModelDecoder
/// gives `JSONDecoder`'s value or throws where it throws; leniently, it
/// gives the same value wherever `JSONDecoder` gives one.
@Suite struct InputParityTests {
  static let strict = ModelDecoder(options: DecodingOptions(strict: true))
  static let lenient = ModelDecoder()

  /// Expects ModelDecoder to read `data` as `JSONDecoder` does; returns whether `JSONDecoder` read it.
  @discardableResult
  static func expectParity<T: Decodable & Equatable>(
    _ type: T.Type, _ data: Data, _ label: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let strict = try? Self.strict.decode(T.self, from: data)
    guard let expected = try? JSONDecoder().decode(T.self, from: data) else {
      #expect(strict == nil, "strictly read what JSONDecoder rejects: \(label())", sourceLocation: sourceLocation)
      return false
    }
    #expect(strict == expected, "strictly: \(label())", sourceLocation: sourceLocation)
    #expect((try? Self.lenient.decode(T.self, from: data)) == expected, "leniently: \(label())", sourceLocation: sourceLocation)
    return true
  }

  @Test(.enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
  func jsonTestSuiteReadsAsJSONDecoderReadsIt() throws {
    var accepted = 0
    let names = TestData.files(in: "JSONTestSuite/test_parsing")
    #expect(names.count > 300)
    for name in names {
      let data = Data(try TestData.bytes("JSONTestSuite/test_parsing", name))
      // JSONDecoder rejects one text RFC 8259 allows (`[0e1]`); ModelKit reads every `y_` file.
      if name == "y_number_0e1.json" {
        #expect((try? JSONDecoder().decode(FoundationJSON.self, from: data)) == nil, "JSONDecoder reads 0e1 now")
        #expect(try Self.strict.decode(FoundationJSON.self, from: data) == .array([.number(0)]))
        continue
      }
      if Self.expectParity(FoundationJSON.self, data, name) { accepted += 1 }
    }
    // The y_ files and the three trailing-comma n_ files JSONDecoder reads, and some i_ files.
    #expect(accepted > 100)
  }

  @Test func trailingCommasAreReadWhereJSONDecoderReadsThem() {
    let texts = [
      "[1,]", "[1 , ]", "[1,\n]", "[[1,],]", "[{\"a\":[],},]", "{\"a\":1,}", "{\"a\":{\"b\":2,} ,}", "[\"x\",\t]",
      "[,]", "[1,,]", "[1,2,,]", "{,}", "{\"a\":1,,}", "[ , 1]", "1,", "[1],", "{\"a\":,}", "{\"a\" ,}", "[1,]]",
      "{\"a\":1,]", "[1,}", "[{,}]",
    ]
    var read = 0
    for text in texts where Self.expectParity(FoundationJSON.self, Data(text.utf8), text) { read += 1 }
    #expect(read == 8)
    // Generated: a comma before every closing bracket or brace of documents of every shape.
    var generator = SeededGenerator(seed: 23)
    for _ in 0..<300 {
      let text = Self.randomJSON(&generator, depth: 3)
      var withCommas = ""
      for character in text {
        if (character == "]" || character == "}") && !(withCommas.last == "[" || withCommas.last == "{")
          && Bool.random(using: &generator)
        {
          withCommas += Bool.random(using: &generator) ? "," : ", "
        }
        withCommas.append(character)
      }
      Self.expectParity(FoundationJSON.self, Data(withCommas.utf8), withCommas)
    }
  }

  @Test func aLargeArrayReadInWindowsTakesATrailingComma() throws {
    let text = "[" + String(repeating: "1, ", count: 120_000) + "2,]"
    #expect(text.utf8.count > 256 * 1024)
    #expect(try Self.strict.decode([Int].self, from: Data(text.utf8)) == JSONDecoder().decode([Int].self, from: Data(text.utf8)))
    #expect(try Self.lenient.decode([Int].self, from: text).count == 120_001)
  }

  struct Item: JSONModel {
    var a = 0
  }

  @Test func theModelLayerAndTheEngineStayRFC8259Strict() {
    #expect(throws: ModelError.self) { try [Item](json: "[{},]") }
    #expect(throws: ModelError.self) { try Item(json: #"{"a": 1,}"#) }
    #expect(throws: JSONError.self) { try JSONValue(json: "[1,]") }
    #expect(throws: JSONError.self) { try JSONValue(json: #"{"a": 1,}"#) }
    // A byte-order mark is skipped there once (RFC 8259 §8.1), as before.
    #expect((try? JSONValue(json: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
  }

  /// Every prefix of up to four bytes from those that make marks and
  /// zeros, before a short text, as UTF-8, UTF-16 and UTF-32 of both orders.
  @Test func byteOrderMarksAndEncodingsAreToldAsJSONDecoderTellsThem() throws {
    let markBytes: [UInt8] = [0x00, 0xFE, 0xFF, 0xEF, 0xBB, 0xBF, 0x20]
    var prefixes: [[UInt8]] = [[]]
    for length in 1...4 {
      prefixes += (0..<Int(pow(Double(markBytes.count), Double(length)))).map { index in
        (0..<length).map { position in
          markBytes[index / Int(pow(Double(markBytes.count), Double(position))) % markBytes.count]
        }
      }
    }
    let encodings: [String.Encoding] = [.utf8, .utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian]
    var read = 0
    for text in ["[1]", "7", "{\"é\":\"\u{1F600}\"}"] {
      for encoding in encodings {
        let body = [UInt8](text.data(using: encoding)!)
        for prefix in prefixes {
          let data = Data(prefix + body)
          if Self.expectParity(FoundationJSON.self, data, "\(prefix) + \(text) in \(encoding)") { read += 1 }
          // [UInt8] and String inputs are read as Data is.
          #expect((try? Self.strict.decode(FoundationJSON.self, from: prefix + body)) == (try? Self.strict.decode(FoundationJSON.self, from: data)))
        }
      }
    }
    #expect(read > 30)
    // Every first byte before the bytes that make marks, zeros and digits:
    // what starts plain UTF-8 is told without the cases above.
    for first in UInt8.min...UInt8.max {
      Self.expectParity(FoundationJSON.self, Data([first]), "\([first])")
      for second: [UInt8] in [[], [0x00], [0x31], [0xBB], [0xFE], [0x00, 0x00, 0x00]] {
        let bytes = [first] + second + Array("[1]".utf8)
        Self.expectParity(FoundationJSON.self, Data(bytes), "\(bytes)")
      }
    }
    let marked = "\u{FEFF}[1]"
    #expect(try Self.strict.decode([Int].self, from: marked) == [1])
    #expect(throws: DecodingError.self) { try Self.strict.decode([Int].self, from: "\u{FEFF}\u{FEFF}[1]") }
  }

  struct Integers: Codable, Equatable {
    var int8: Int8?, int16: Int16?, int32: Int32?, int64: Int64?, int: Int?
    var uint8: UInt8?, uint16: UInt16?, uint32: UInt32?, uint64: UInt64?, uint: UInt?
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  struct WideIntegers: Codable, Equatable {
    var int128: Int128?
    var uint128: UInt128?
  }

  /// Integers written as every form of JSON number: with zero and other
  /// fractions, exponents, around 2^53, 2^63 and 2^64, and beyond.
  static let integerTexts: [String] = {
    var texts = [
      "0", "-0", "0.0", "-0.0", "1e0", "1E2", "100e-2", "1.5", "-1.5", "0.99999999999999999", "1.0000000000000001",
      "1e-400", "-1e-400", "1e400", "127.0", "128", "-128.0", "-129", "255.0", "256", "32767.0", "65535e0",
      "2147483647.0", "2147483648", "-2147483648.0", "4294967295.0", "4294967296",
      "9007199254740992.0", "9007199254740993.0", "9007199254740993.5", "9007199254740995.9", "-9007199254740993.5",
      "9223372036854775807", "9223372036854775807.0", "9223372036854775295.0", "9223372036854775808",
      "-9223372036854775808", "-9223372036854775808.0", "-9223372036854775807.0", "-9223372036854775809",
      "18446744073709551615", "18446744073709551615.0", "18446744073709551615e0", "18446744073709551616",
      "18446744073709551616.0", "1844674407370955161.5e1", "184467440737095516150e-1", "-18446744073709551616.00",
      "1e19", "1e20", "12345678901234567890e-5", "170141183460469231731687303715884105727",
      "170141183460469231731687303715884105727.0", "-170141183460469231731687303715884105728",
      "340282366920938463463374607431768211455", "340282366920938463463374607431768211456", "1e38",
    ]
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<400 {
      let magnitude = UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
      let digits = String(magnitude)
      let sign = Bool.random(using: &generator) ? "-" : ""
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: texts.append(sign + digits + ".0")
      case 1: texts.append(sign + digits + "." + String(Int.random(in: 0...99, using: &generator)))
      case 2:
        let cut = Int.random(in: 1...digits.count, using: &generator)
        texts.append(sign + digits.prefix(cut) + "." + digits.dropFirst(cut) + "e\(digits.count - cut)")
      default: texts.append(sign + digits + "0e-1")
      }
    }
    return texts
  }()

  @Test func integersWrittenAsOtherNumbersAreReadAsJSONDecoderReadsThem() {
    let fields = ["int8", "int16", "int32", "int64", "int", "uint8", "uint16", "uint32", "uint64", "uint"]
    var read = 0
    for text in Self.integerTexts {
      for field in fields where Self.expectParity(Integers.self, Data(#"{"\#(field)": \#(text)}"#.utf8), "\(field): \(text)") {
        read += 1
      }
    }
    #expect(read > 500)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func wideIntegersWrittenAsOtherNumbersAreReadAsJSONDecoderReadsThem() throws {
    var read = 0
    for text in Self.integerTexts {
      for field in ["int128", "uint128"] where Self.expectParity(WideIntegers.self, Data(#"{"\#(field)": \#(text)}"#.utf8), "\(field): \(text)") {
        read += 1
      }
    }
    #expect(read > 200)
    // The case the issue named: a whole number written with a zero fraction.
    let text = #"{"uint128": 18446744073709551615.0}"#
    #expect(try Self.strict.decode(WideIntegers.self, from: text).uint128 == 18_446_744_073_709_551_615)
  }

  /// A random JSON text of objects, arrays, numbers, strings and literals.
  static func randomJSON(_ generator: inout SeededGenerator, depth: Int) -> String {
    let pick = Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &generator)
    switch pick {
    case 0: return String(Int.random(in: -999...999, using: &generator))
    case 1: return ["\"a\"", "\"\\u00e9\"", "\"\""].randomElement(using: &generator)!
    case 2: return ["true", "false", "null"].randomElement(using: &generator)!
    case 3: return String(Double.random(in: -10...10, using: &generator))
    case 4:
      let count = Int.random(in: 0...3, using: &generator)
      return "[" + (0..<count).map { _ in randomJSON(&generator, depth: depth - 1) }.joined(separator: ",") + "]"
    default:
      let count = Int.random(in: 0...3, using: &generator)
      return "{" + (0..<count).map { "\"k\($0)\":" + randomJSON(&generator, depth: depth - 1) }.joined(separator: ",") + "}"
    }
  }
}
