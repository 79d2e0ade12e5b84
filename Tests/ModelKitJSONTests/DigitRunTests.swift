import ModelKitTestSupport
import Testing

@testable import ModelKitJSON

/// The word-at-a-time digit run (`ByteScan.leadingDigitCount` and
/// `valueOfDigits`, which read a fraction's last digits) against a byte
/// by byte reading, for every place of the first byte that is not a digit
/// and every such byte.
@Suite("Runs of digits")
struct DigitRunTests {
  @Test func everyEndOfARunIsFoundAndItsValueRead() {
    var generator = SeededGenerator(seed: 0xD161)
    for end in 0...8 {
      for stop in UInt8.min...UInt8.max where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(stop) {
        var bytes = (0..<8).map { _ in UInt8(ascii: "0") + UInt8(generator.next() % 10) }
        // Bytes after the stop may be anything, digits or not.
        if end < 8 {
          bytes[end] = stop
          for index in (end + 1)..<8 { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
        }
        let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        let expectedValue = bytes[..<end].reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
        #expect(ByteScan.leadingDigitCount(word) == end, "\(bytes)")
        #expect(ByteScan.valueOfDigits(word, count: end) == expectedValue, "\(bytes)")
        if end == 8 { break }
      }
    }
  }

  @Test func fractionsFollowedByWhatEndsThemReadAsTheStandardLibraryReadsThem() throws {
    var generator = SeededGenerator(seed: 0xF4AC)
    for _ in 0..<5_000 {
      let fraction = String((0..<Int(1 + generator.next() % 30)).map { _ in Character(String(generator.next() % 10)) })
      let text = "\(generator.next() % 100).\(fraction)"
      // The number followed by a bracket, a comma, a brace, a space and an exponent.
      let forms = [("[\(text)]", text), ("[\(text),1]", text), ("{\"a\":\(text)}", text), ("[\(text) ]", text), ("[\(text)e1]", text + "e1")]
      for (json, number) in forms {
        let value = try JSONValue(json: json)
        #expect((value[0] ?? value["a"])?.double?.bitPattern == Double(number)?.bitPattern, "\(json)")
      }
    }
  }
}
