import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private struct Dated: JSONModel {
  var d: Date?
}

private struct DatedCodable: Codable, Equatable {
  var d: Date
}

private struct Valued: JSONModel {
  var value: JSONValue = .null
}

@Suite("Reliability")
struct ReliabilityTests {
  /// Numbers that once reached a trapping `Int(_:)` when written as dates.
  @Test(arguments: ["1e19", "-1e19", "1e300", "-1.7976931348623157e308", "9.2233720368547758e18"])
  func hugeDatesNeverTrap(_ number: String) throws {
    let model = try Dated(json: #"{"d": \#(number)}"#)
    let written = try model.jsonData()
    #expect(try Dated(json: written).d == model.d)
    #expect(try Dated(json: written, options: DecodingOptions(strict: true)).d == model.d)
    #expect(!model.modelDescription.isEmpty)
    #expect(model.modelEquals(model))
    var hasher = Hasher()
    model.modelHash(into: &hasher)
    let codable = try ModelDecoder().decode(DatedCodable.self, from: #"{"d": \#(number)}"#)
    let bytes = try ModelEncoder().encode(codable)
    #expect(try ModelDecoder().decode(DatedCodable.self, from: bytes) == codable)
  }

  @Test func millisecondDatesNeverTrap() throws {
    let options = DecodingOptions(dateDecoding: .millisecondsSince1970)
    let model = try Dated(json: #"{"d": 1e22}"#, options: options)
    #expect(try Dated(json: model.jsonData()).d == model.d)
  }

  @Test func nonFiniteDatesAreLeftOut() throws {
    let model = Dated(d: Date(timeIntervalSince1970: .infinity))
    #expect(try model.jsonString() == "{}")
    #expect(try Dated(d: Date(timeIntervalSince1970: .nan)).jsonString() == "{}")
  }

  /// decode(encode(x)) == x for dates of any year and any fraction.
  @Test func everyDateSurvivesARoundTrip() throws {
    let edges: [TimeInterval] = [
      253_402_300_800, -62_167_219_201, -62_167_219_200, 253_402_300_799.999_999, 0.1, -0.5, 1e-7,
      1_700_000_000.123_456_7, 1_700_000_000.000_000_2, -1e16, 9.99e16, 1e17, -3e20, 5e-324,
    ]
    var generator = SystemRandomNumberGenerator()
    let random = (0..<2_000).map { _ in
      Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)
    }
    let scaled = (0..<2_000).map { _ in Double.random(in: -1e12...1e12) }
    for interval in edges + random + scaled {
      let model = Dated(d: Date(timeIntervalSince1970: interval))
      let text = try model.jsonString()
      #expect(try Dated(json: text, options: DecodingOptions(strict: true)).d == model.d, "\(interval) → \(text)")
    }
  }

  @Test func expandedYearsAreISO8601() throws {
    #expect(try Dated(d: Date(timeIntervalSince1970: 253_402_300_800)).jsonString() == #"{"d":"+10000-01-01T00:00:00Z"}"#)
    #expect(try Dated(d: Date(timeIntervalSince1970: -62_167_219_201)).jsonString() == #"{"d":"-0001-12-31T23:59:59Z"}"#)
    #expect(try Dated(json: #"{"d": "+10000-01-01T00:00:00Z"}"#).d == Date(timeIntervalSince1970: 253_402_300_800))
    #expect(try Dated(json: #"{"d": "0000-01-01"}"#).d == Date(timeIntervalSince1970: -62_167_219_200))
  }

  /// Whole seconds from 1600 to 9999 are written as Foundation's
  /// `ISO8601DateFormatter` writes them in UTC (before 1583 it counts in
  /// the Julian calendar, which ISO 8601 does not).
  @Test func datesAreWrittenAsISO8601DateFormatterWritesThem() throws {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    var generator = SeededGenerator(seed: 0xDA7E)
    let edges: [Int64] = [-11_676_096_000, 0, 1, -1, 86_399, 86_400, 951_782_400, 253_402_300_799]
    let random = (0..<3_000).map { _ in Int64.random(in: -11_676_096_000...253_402_300_799, using: &generator) }
    for seconds in edges + random {
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      #expect(try Dated(d: date).jsonString() == #"{"d":"\#(formatter.string(from: date))"}"#)
    }
  }

  @Test func modelEqualityComparesValues() throws {
    let one = try Valued(json: #"{"value": 1}"#)
    let onePointZero = try Valued(json: #"{"value": 1.0}"#)
    #expect(one.value == onePointZero.value)
    #expect(one.modelEquals(onePointZero))
    var left = Hasher()
    var right = Hasher()
    one.modelHash(into: &left)
    onePointZero.modelHash(into: &right)
    #expect(left.finalize() == right.finalize())
    #expect(!one.modelEquals(try Valued(json: #"{"value": 2}"#)))
  }

  /// A model holding a set.
  struct Tagged: JSONModel { var tags: Set<String> = [] }

  @Test func setsEncodeInOneOrderEverywhere() throws {
    // ModelEncoder writes a set as JSONEncoder does, in the set's own order,
    // streamed or built as a value.
    let set: Set<Int> = [1, 2, 32, 100, 7]
    let streamed = try ModelEncoder().encode(set)
    #expect(try JSONValue(json: streamed) == ModelEncoder().encodeValue(set))
    #expect(streamed == (try JSONEncoder().encode(set)))
    struct Holder: Codable { var tags: Set<String> }
    let holder = Holder(tags: ["b", "a", "c", "d", "e"])
    #expect(try ModelEncoder().encode(holder) == JSONEncoder().encode(holder))
    #expect(try JSONValue(json: ModelEncoder().encode(holder)) == ModelEncoder().encodeValue(holder))
    // The model layer writes a set in the order of its elements' JSON, so equal sets give equal bytes.
    var model = Tagged()
    model.tags = ["b", "a", "c", "d", "e"]
    #expect(try model.jsonString() == #"{"tags":["a","b","c","d","e"]}"#)
  }
}

@Suite("Set order with strategies")
struct SetOrderWithStrategiesTests {
  @Test func setsOfDatesKeepTheirOrderUnderADateStrategy() throws {
    struct Holder: Codable { var days: Set<Date> }
    let holder = Holder(days: Set((0..<20).map { Date(timeIntervalSince1970: Double($0) * 86_400) }))
    let encoder = ModelEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    let foundation = JSONEncoder()
    foundation.dateEncodingStrategy = .secondsSince1970
    let streamed = try encoder.encode(holder)
    #expect(try JSONValue(json: streamed) == encoder.encodeValue(holder))
    // In the set's own order, as JSONEncoder writes it.
    #expect(streamed == (try foundation.encode(holder)))
    #expect(try JSONValue(json: streamed)["days"]?.array?.count == 20)
  }
}
