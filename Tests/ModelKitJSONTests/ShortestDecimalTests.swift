import Foundation
@testable import ModelKitJSON
import ModelKitTestSupport
import Testing

/// `JSONWriter` writes a `Double` as the standard library's `description`
/// (less a trailing `.0`), as `JSONEncoder` does; normal values through
/// `ShortestDecimal`, the rest through the standard library. The oracle is
/// `description` itself, over generated values of every kind.
@Suite("Shortest decimals")
struct ShortestDecimalTests {
  /// The text `JSONEncoder` gives for a finite value.
  private func expected(_ value: Double) -> String {
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  private func written(_ value: Double) -> String {
    var writer = JSONWriter()
    writer.write(value)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Values made from random decimal texts of 1 to 17 digits, with the
  /// point anywhere from 10^-330 to 10^310, the doubles either side of
  /// each, and random bit patterns (every exponent, subnormals too).
  private func generated(count: Int, seed: UInt64) -> [Double] {
    var random = SeededGenerator(seed: seed)
    var values: [Double] = []
    for _ in 0..<count {
      let digits = Int.random(in: 1...17, using: &random)
      var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
      if Bool.random(using: &random) { text = "-" + text }
      // Mostly near the plain range (10^-6 to 10^17), where most data is; the rest anywhere.
      let exponent =
        Bool.random(using: &random)
        ? Int.random(in: -(digits + 6)...max(0, 17 - digits), using: &random)
        : Int.random(in: -330...310, using: &random)
      if let value = Double(text + "e\(exponent)"), value.isFinite {
        values += [value, value.nextUp, value.nextDown]
      }
      let random = Double(bitPattern: random.next())
      if random.isFinite { values.append(random) }
    }
    return values
  }

  @Test func everyGeneratedValueIsWrittenAsItsDescription() {
    var mismatches: [String] = []
    for value in generated(count: 150_000, seed: 0x5D_EC1A) where written(value) != expected(value) {
      mismatches.append("\(value): \(written(value)) != \(expected(value))")
      if mismatches.count == 10 { break }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func edgeValuesAreWrittenAsTheirDescription() {
    var values: [Double] = [0.001, 0.01, 0.1, 1, 10, 0x1p50, 0x1p49, 0x1p51, 0x1p52, 0x1p53, 1e15, 1e16, 0.0001, 1e-5, 1e100, 1e-100]
    values += values.flatMap { [$0.nextUp, $0.nextDown, $0.nextUp.nextUp, $0.nextDown.nextDown] }
    // Powers of two (left to the standard library) and of ten, and their neighbours.
    for exponent in -1074...1023 { values.append(Double(sign: .plus, exponent: exponent, significand: 1)) }
    for exponent in -323...308 { values.append(Double("1e\(exponent)")!) }
    values += [.leastNormalMagnitude, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1 + 0.2, 1.0 / 3, 2.0 / 3]
    values += values.flatMap { [$0.nextUp, $0.nextDown] }
    values += values.map { -$0 } + [0, -0.0]
    for value in values where value.isFinite {
      #expect(written(value) == expected(value), "\(value)")
    }
  }

  @Test func normalValuesHaveTheirShortestDigits() {
    for (value, digits, exponent) in [
      (43.420273, 43_420_273, -6), (-65.61361699999998, 6_561_361_699_999_998, -14), (0.001, 1, -3), (1500.0, 15, 2),
      (0.1 + 0.2, 30_000_000_000_000_004, -17), (5e-300, 5, -300), (.greatestFiniteMagnitude, 17_976_931_348_623_157, 292),
    ] as [(Double, UInt64, Int)] {
      let decimal = ShortestDecimal(value)
      #expect(decimal?.digits == digits, "\(value)")
      #expect(decimal?.exponent == exponent, "\(value)")
      #expect(decimal?.isNegative == (value < 0), "\(value)")
    }
    for value in [0, -0.0, 5e-324, Double.leastNormalMagnitude.nextDown, .infinity, -.infinity, .nan] {
      #expect(ShortestDecimal(value) == nil, "\(value) is left to the standard library")
    }
  }

  @Test func theWrittenTextIsJSONEncodersText() throws {
    let values = generated(count: 2_000, seed: 7).filter(\.isFinite)
    let encoded = try JSONEncoder().encode(values)
    var writer = JSONWriter()
    writer.beginArray()
    for value in values { writer.write(value) }
    writer.endArray()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
  }
}
