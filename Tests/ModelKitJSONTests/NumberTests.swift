import Foundation
@testable import ModelKitJSON
import Testing
import ModelKitTestSupport

@Suite("Numbers")
struct NumberTests {
  @Test func keepsSixtyFourBitLimitsExactly() throws {
    let value = try JSONValue(json: "[9223372036854775807, -9223372036854775808, 18446744073709551615]")
    #expect(value[0]?.number?.int64 == Int64.max)
    #expect(value[1]?.number?.int64 == Int64.min)
    #expect(value[1]?.int == Int.min)
    #expect(value[2]?.number?.uint64 == UInt64.max)
    #expect(value[2]?.int == nil)
    #expect(value.jsonString() == "[9223372036854775807,-9223372036854775808,18446744073709551615]")
  }

  @Test func integersJustPastTheLimitsKeepTheirText() throws {
    let value = try JSONValue(json: "[9223372036854775808, -9223372036854775809, 18446744073709551616]")
    #expect(value[0]?.number?.int64 == nil)
    #expect(value[0]?.number?.uint64 == 9_223_372_036_854_775_808)
    #expect(value[1]?.number?.int64 == nil)
    #expect(value[1]?.number?.text == "-9223372036854775809")
    #expect(value[2]?.number?.uint64 == nil)
    #expect(value[2]?.number?.text == "18446744073709551616")
  }

  @Test func fourHundredDigitIntegersSurviveARoundTrip() throws {
    let digits = "9" + String(repeating: "8765432101", count: 40)
    let value = try JSONValue(json: "[\(digits), -\(digits)]")
    #expect(value[0]?.number?.text == digits)
    #expect(value[0]?.int == nil)
    #expect(value[0]?.double == nil)  // 10^400 is beyond Double
    #expect(value.jsonString() == "[\(digits),-\(digits)]")
  }

  @Test func longDecimalsKeepEveryDigit() throws {
    let text = "3.14159265358979323846264338327950288419716939937510582097494459"
    let value = try JSONValue(json: text)
    #expect(value.number?.text == text)
    #expect(value.double == Double.pi)
    #expect(value.jsonString() == text)
  }

  @Test(arguments: [
    ("0.1", 0.1), ("1e23", 1e23), ("2.2250738585072014e-308", 2.2250738585072014e-308),
    ("4.9e-324", .leastNonzeroMagnitude), ("1.7976931348623157e308", 1.7976931348623157e308),
    ("9007199254740993", 9_007_199_254_740_992), ("0.30000000000000004", 0.30000000000000004),
    ("123456789012345678901234567890", 1.2345678901234568e29), ("-65.613616999999977", -65.613616999999977),
    ("1E-400", 0), ("5e-324", .leastNonzeroMagnitude), ("2.4703282292062328e-324", .leastNonzeroMagnitude),
  ])
  func parsesDoublesCorrectlyRounded(_ text: String, _ expected: Double) throws {
    let value = try JSONValue(json: text)
    #expect(value.double == expected)
    #expect(value.double?.bitPattern == expected.bitPattern)
  }

  @Test(arguments: [
    // Up to 19 digits with exponents within ±19 take the 128-bit path: ties
    // round to even, a remainder beyond a tie rounds up.
    ("9007199254740993", 9_007_199_254_740_992), ("9007199254740995", 9_007_199_254_740_996),
    ("9007199254740993e-3", 9_007_199_254_740.992), ("18014398509481985", 18_014_398_509_481_984),
    ("9223372036854775807", 9_223_372_036_854_775_807), ("9999999999999999999e19", 9.999999999999999999e37),
    ("1.000000000000000112", 1.0000000000000002), ("1.000000000000000111", 1.0), ("0.1000000000000000055", 0.1),
    ("-1.7976931348623157e-19", -1.7976931348623157e-19), ("4503599627370496.5", 4_503_599_627_370_496),
    ("4503599627370497.5", 4_503_599_627_370_498), ("123456789.12345678", 123_456_789.12345678),
  ])
  func wideSignificandsRoundOnce(_ text: String, _ expected: Double) throws {
    #expect(try JSONValue(json: text).double?.bitPattern == expected.bitPattern)
    try expectDocumentReadsLikeTheStandardLibrary(text)
  }

  @Test func documentsReadSignedZerosTinyAndHugeExponentsByTheirText() throws {
    for text in ["-0", "-0.0", "0.0", "0e5", "-0E-5", "1E-400", "-1e-999", "123.456e-300", "0.000000000000000000000001", "-1e-99999999999999999999"] {
      try expectDocumentReadsLikeTheStandardLibrary(text)
    }
    // Beyond `Double`'s range: no double, the text kept, whatever the exponent's length.
    for text in ["1e400", "-1.5e309", "1e99999999999999999999", "1.5e+2147483648"] {
      let document = try JSONDocument(parsing: "[\(text)]")
      let node = Array(document.elements(of: document.root))[0]
      #expect(document.double(node) == nil, "\(text)")
      #expect(document.numberText(node) == text)
    }
    // A text too long for a node to keep its length beside the value (24 bits): kept as text.
    let long = "1.5e" + String(repeating: "0", count: 17_000_000) + "3"
    let document = try JSONDocument(parsing: long)
    #expect(document.double(document.root) == 1500)
    #expect(document.numberText(document.root)?.utf8.count == long.utf8.count)
  }

  @Test func randomDecimalsMatchTheStandardLibrary() throws {
    // A fixed-seed sweep over 1–19 digit significands and exponents around
    // the fast paths' edges; the standard library's parser is the reference.
    var generator = SeededGenerator(seed: 0x5EED)
    for round in 0..<20_000 {
      let digits = Int.random(in: 1...19, using: &generator)
      var significand = String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<digits { significand += String(Int.random(in: 0...9, using: &generator)) }
      let exponent = Int.random(in: -30...30, using: &generator)
      let text = round.isMultiple(of: 2) ? "\(significand)e\(exponent)" : "-0.\(significand)E\(exponent)"
      let parsed = try JSONValue(json: text).double
      #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
      try expectDocumentReadsLikeTheStandardLibrary(text)
    }
  }

  /// A document reads the `Double` of most numbers as it reads their
  /// digits, and keeps their text: both as the standard library reads
  /// them, for the number alone and inside an array.
  private func expectDocumentReadsLikeTheStandardLibrary(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let alone = try JSONDocument(parsing: text)
    let inArray = try JSONDocument(parsing: "[\(text),\(text)]")
    for (document, node) in [(alone, alone.root), (inArray, Array(inArray.elements(of: inArray.root))[1])] {
      #expect(document.double(node)?.bitPattern == Double(text)?.bitPattern, "\(text)", sourceLocation: sourceLocation)
      #expect(document.numberText(node) == text, sourceLocation: sourceLocation)
      #expect(document.kind(of: node) == .number, sourceLocation: sourceLocation)
      #expect(document.int64(node) == JSONNumber(text: text)?.int64, "\(text)", sourceLocation: sourceLocation)
    }
  }

  @Test func randomFractionsMatchTheStandardLibrary() throws {
    // Integer parts, fractions with leading zeros and runs of eight digits or
    // more (read eight at a time), past 19 digits too, with and without an
    // exponent; the standard library's parser is the reference.
    var generator = SeededGenerator(seed: 0xF12AC)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
    for _ in 0..<20_000 {
      let integer = Bool.random(using: &generator) ? "0" : String(Int.random(in: 1...9, using: &generator)) + digits(Int.random(in: 0...9, using: &generator))
      let zeros = String(repeating: "0", count: Int.random(in: 0...12, using: &generator))
      let fraction = zeros + digits(Int.random(in: 1...24, using: &generator))
      var text = (Bool.random(using: &generator) ? "-" : "") + integer + "." + fraction
      if Bool.random(using: &generator) { text += "e\(Int.random(in: -40...40, using: &generator))" }
      let parsed = try JSONValue(json: text).double
      #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
      try expectDocumentReadsLikeTheStandardLibrary(text)
    }
  }

  @Test func theReciprocalsOfFiveAreTheLeastAboveTheExactOnes() {
    // Each is ⌊2^shift / 5^k⌋ + 1 with its top bit set: times 5^k it passes
    // 2^shift, and one less does not reach it.
    func product(_ high: UInt64, _ low: UInt64, _ factor: UInt64) -> [UInt64] {
      let (lowTop, lowBottom) = low.multipliedFullWidth(by: factor)
      let (highTop, highBottom) = high.multipliedFullWidth(by: factor)
      let (middle, carry) = highBottom.addingReportingOverflow(lowTop)
      return [highTop + (carry ? 1 : 0), middle, lowBottom]
    }
    let table = PowersOfTen.reciprocalsOfFive
    #expect(table.count == 19)
    for (index, entry) in table.enumerated() {
      let five = (0...index).reduce(UInt64(1)) { power, _ in power * 5 }
      var power = [UInt64](repeating: 0, count: 3)
      power[2 - entry.shift / 64] = 1 << UInt64(entry.shift % 64)
      let less = entry.low == 0 ? (entry.high - 1, UInt64.max) : (entry.high, entry.low - 1)
      #expect(entry.high >> 63 == 1, "5^-\(index + 1)")
      #expect(product(entry.high, entry.low, five).lexicographicallyPrecedes(power) == false, "5^-\(index + 1)")
      #expect(product(entry.high, entry.low, five) != power, "5^-\(index + 1)")
      #expect(product(less.0, less.1, five).lexicographicallyPrecedes(power), "5^-\(index + 1)")
    }
  }

  @Test func quotientsByTenToTheKMatchTheStandardLibraryAtEveryScale() throws {
    // significand × 10^-k for k = 1 to 19, 19-digit significands and the
    // shortest, exact quotients (a multiple of 5^k) and their neighbours:
    // the multiplication's answer, or the division's where it cannot tell.
    var generator = SeededGenerator(seed: 0xD1F1DE)
    var texts: [String] = []
    for k in 1...19 {
      let five = (0..<k).reduce(UInt64(1)) { power, _ in power * 5 }
      for _ in 0..<300 {
        let significand = 1 + generator.next() % 9_999_999_999_999_999_999
        let exact = (significand / five) * five
        texts += ["\(significand)e-\(k)", "\(max(exact, five))e-\(k)", "\(max(exact, five) + 1)e-\(k)"]
      }
      texts += ["1e-\(k)", "9999999999999999999e-\(k)", "\(five)e-\(k)"]
    }
    for text in texts {
      #expect(try JSONValue(json: text).double?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }

  @Test func tiesAndTheirNeighboursOnThe128BitPathsMatchTheStandardLibrary() throws {
    // Values exactly halfway between two doubles, and one unit of the last
    // digit either side: quotients (a 54-bit odd number times 5^k over
    // 10^k) and products (times 10^k, past 64 bits), each 19 digits at most;
    // then values a hair above a tie.
    var generator = SeededGenerator(seed: 0x71E5)
    var texts: [String] = []
    for _ in 0..<2_000 {
      let odd = UInt64(1) << 53 | generator.next() & (UInt64(1) << 53 - 1) | 1
      for (k, five) in [(1, UInt64(5)), (2, 25), (3, 125)] {
        let significand = odd * five
        texts += ["\(significand)e-\(k)", "\(significand - 1)e-\(k)", "\(significand + 1)e-\(k)"]
      }
    }
    for k in 10...19 {
      let five = (0..<k).reduce(UInt64(1)) { product, _ in product * 5 }
      let low = (UInt64(1) << 53) / five + 1
      let high = (UInt64(1) << 54) / five
      guard low < high else { continue }
      for _ in 0..<200 {
        let significand = (low + generator.next() % (high - low)) | 1
        texts += ["\(significand)e\(k)", "\(significand - 1)e\(k)", "\(significand + 1)e\(k)"]
      }
    }
    // Quotients whose first 64 bits look like a tie (the 54th bit set, the
    // ten after it clear) but which have a remainder: only what lies below
    // the 64 bits rounds them up.
    var nearTies = 0
    while nearTies < 100 {
      let significand = 10_000_000_000_000_000 + generator.next() % 9_000_000_000_000_000_000
      let k = Int(1 + generator.next() % 19)
      let power = (0..<k).reduce(UInt64(1)) { product, _ in product * 10 }
      let dividend = significand << significand.leadingZeroBitCount
      let divisor = power << power.leadingZeroBitCount
      guard dividend < divisor else { continue }
      let (quotient, remainder) = divisor.dividingFullWidth((dividend, 0))
      guard quotient & 0x7FF == 0x400, remainder != 0 else { continue }
      texts.append("\(significand)e-\(k)")
      nearTies += 1
    }
    for text in texts {
      #expect(try JSONValue(json: text).double?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }

  @Test func overflowingNumbersHaveNoDouble() throws {
    #expect(try JSONValue(json: "1e400").double == nil)
    #expect(try JSONValue(json: "-1e400").double == nil)
    #expect(try JSONValue(json: "1e400").number?.text == "1e400")
  }

  @Test func negativeZeroKeepsItsSign() throws {
    let value = try JSONValue(json: "-0")
    #expect(value.number?.text == "-0")
    #expect(value.double?.sign == .minus)
    #expect(value.int == 0)
    #expect(value.jsonString() == "-0")
    #expect(try JSONValue(json: "-0.0").double?.sign == .minus)
  }

  @Test func underflowGivesSignedZero() throws {
    #expect(try JSONValue(json: "1E-400").double == 0)
    #expect(try JSONValue(json: "-1E-400").double?.sign == .minus)
    #expect(try JSONValue(json: "1e-999").jsonString() == "1e-999")
  }

  @Test(arguments: [1.0, 0.1, -2.5e-8, 1e300, .leastNonzeroMagnitude, Double.pi, 123456.789, 1e21, -0.0, 0.30000000000000004])
  func writesDoublesInShortestRoundTripForm(_ number: Double) throws {
    let text = JSONValue(number).jsonString()
    #expect(Double(text) == number)
    #expect(try JSONValue(json: text).double?.bitPattern == number.bitPattern)
    // JSONEncoder's text: the shortest form, whole values without `.0`.
    let foundation = try JSONEncoder().encode(number)
    #expect(text == String(decoding: foundation, as: UTF8.self))
  }

  @Test func nonFiniteDoublesBecomeNull() {
    #expect(JSONValue(Double.nan) == .null)
    #expect(JSONValue(Double.infinity) == .null)
    #expect(JSONNumber(-Double.infinity) == nil)
    var writer = JSONWriter()
    writer.beginArray()
    writer.write(Double.nan)
    writer.write(1.5)
    writer.endArray()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "[null,1.5]")
  }

  @Test func integralValuesReadAsIntegers() throws {
    #expect(try JSONValue(json: "7.0").int == 7)
    #expect(try JSONValue(json: "7e2").int == 700)
    #expect(try JSONValue(json: "-7.50e1").int == -75)
    #expect(try JSONValue(json: "7.5").int == nil)
    #expect(try JSONValue(json: "1e30").int == nil)
    #expect(try JSONValue(json: "0e99999999999999999999").int == 0)
  }

  @Test func equalityComparesValuesNotText() throws {
    #expect(try JSONValue(json: "1") == JSONValue(json: "1.0"))
    #expect(try JSONValue(json: "1") == JSONValue(json: "1e0"))
    #expect(try JSONValue(json: "150") == JSONValue(json: "1.50e2"))
    #expect(try JSONValue(json: "0") == JSONValue(json: "-0.0"))
    #expect(try JSONValue(json: "1") != JSONValue(json: "1.0000000000000000000001"))
    #expect(try JSONValue(json: "1.5").hashValue == JSONValue(json: "15e-1").hashValue)
  }

  @Test(arguments: ["01", "-01", "1.", ".5", "+1", "1e", "1e+", "-", "0x10", "NaN", "Infinity", "-Infinity", "1.5e3.2", "1_000", "２"])
  func rejectsMalformedNumbers(_ text: String) {
    #expect(throws: JSONError.self) { try JSONValue(json: text) }
    #expect(JSONNumber(text: text) == nil)
  }

  @Test func numberErrorsNameTheProblem() {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: "[01]") }
    #expect(error?.kind == .invalidNumber)
    #expect(error?.message == "leading zeros are not allowed in a number")
    #expect(error?.column == 2)
  }

  @Test func numberLiteralsAndInitialisers() {
    let number: JSONNumber = 42
    #expect(number.text == "42")
    #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
    #expect(JSONNumber(text: "-1.25E+3")?.double == -1250)
    let float: JSONNumber = 2.5
    #expect(float.double == 2.5)
  }
}
