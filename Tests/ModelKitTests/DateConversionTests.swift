import Foundation
import ModelKit
import Testing

struct Stamped: JSONModel {
  var date: Date?
  var fixed = Date(timeIntervalSince1970: 0)
}

@Suite("Dates")
struct DateConversionTests {
  static let cases: [(String, Double)] = [
    ("2014-05-06", 1_399_334_400),
    ("2014-05-06 07:08:09", 1_399_360_089),
    ("2014-05-06T07:08:09", 1_399_360_089),
    ("2014-01-20T12:24:48Z", 1_390_220_688),
    ("2014-01-20T12:24:48+0800", 1_390_191_888),
    ("2014-01-20T12:24:48+12:00", 1_390_177_488),
    ("2014-01-20T12:24:48-05", 1_390_238_688),
    ("Fri Sep 04 00:12:21 +0800 2015", 1_441_296_741),
    ("2014-05-06 07:08:09.000", 1_399_360_089),
    ("2014-05-06T07:08:09.250", 1_399_360_089.25),
    ("2014-01-20T12:24:48.000Z", 1_390_220_688),
    ("2014-01-20T12:24:48.500+12:00", 1_390_177_488.5),
    ("Fri Sep 04 00:12:21.000 +0800 2015", 1_441_296_741),
    ("2000-02-29T23:59:59.123456Z", 951_868_799.123456),
    ("1969-12-31T23:59:59Z", -1),
  ]

  @Test(arguments: cases)
  func parsesEveryListedFormat(_ text: String, _ seconds: Double) throws {
    let model = try Stamped(json: #"{"date": "\#(text)"}"#)
    let date = try #require(model.date)
    #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
  }

  @Test func numbersAreUnixSecondsByDefault() throws {
    #expect(try Stamped(json: #"{"date": 1400000000.5}"#).date == Date(timeIntervalSince1970: 1_400_000_000.5))
    let millis = DecodingOptions(dateDecoding: .millisecondsSince1970)
    #expect(try Stamped(json: #"{"date": 1400000000500}"#, options: millis).date == Date(timeIntervalSince1970: 1_400_000_000.5))
    let off = DecodingOptions(dateDecoding: .init(numbers: .none))
    #expect(try Stamped(json: #"{"date": 1400000000}"#, options: off).date == nil)
  }

  @Test(arguments: ["2014-13-01", "2014-02-30", "2014-01-20T25:00:00Z", "yesterday", "2014-01-20T12:24:48+99:00", "Fri Sep 04 00:12:21 2015", ""])
  func unparseableDatesAreIgnored(_ text: String) throws {
    var model = Stamped()
    model.fixed = Date(timeIntervalSince1970: 42)
    try model.update(json: #"{"date": "\#(text)", "fixed": "\#(text)"}"#)
    #expect(model.date == nil)
    #expect(model.fixed == Date(timeIntervalSince1970: 42))
  }

  @Test func encodesISO8601InUTC() throws {
    var model = Stamped()
    model.date = Date(timeIntervalSince1970: 1_390_220_688)
    model.fixed = Date(timeIntervalSince1970: -0.25)
    let value = try model.jsonValue()
    #expect(value["date"] == "2014-01-20T12:24:48Z")
    #expect(value["fixed"] == "1969-12-31T23:59:59.75Z")
  }

  @Test func encodesUnixSecondsOrMillisecondsWhenAsked() throws {
    var model = Stamped()
    model.date = Date(timeIntervalSince1970: 1_390_220_688.5)
    #expect(try model.jsonValue(options: .datesAsSecondsSince1970)["date"] == 1_390_220_688.5)
    #expect(try model.jsonValue(options: .datesAsMillisecondsSince1970)["date"]?.double == 1_390_220_688_500)
    let millis = DecodingOptions(dateDecoding: .millisecondsSince1970)
    #expect(try Stamped(json: model.jsonData(options: .datesAsMillisecondsSince1970), options: millis).date == model.date)
  }

  @Test func datesSurviveARoundTrip() throws {
    for (text, _) in Self.cases {
      let model = try Stamped(json: #"{"date": "\#(text)"}"#)
      let again = try Stamped(json: model.jsonData())
      #expect(again.date == model.date, "\(text)")
    }
  }
}
