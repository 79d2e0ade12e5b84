import Foundation
import ModelKit
import Testing

@Suite("Codable bridge date and data strategies")
struct CodingStrategyTests {
  struct Event: Codable, Equatable {
    var at: Date
    var blob: Data
    var list: [Date] = []
  }

  let moment = Date(timeIntervalSince1970: 1_700_000_000)

  nonisolated(unsafe) static let dayFirst: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "dd/MM/yyyy HH:mm"
    return formatter
  }()

  /// Decodes `json` with `strategy`.
  private func decode(_ json: String, _ strategy: ModelDecoder.DateDecodingStrategy, strict: Bool = false) throws -> Event {
    let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
    decoder.dateDecodingStrategy = strategy
    return try decoder.decode(Event.self, from: json)
  }

  @Test func datesDecodeByStrategy() throws {
    let blob = #""blob": "AQI=""#
    // Leniently, the table's date strings are read whatever the strategy.
    #expect(try decode(#"{"at": "2023-11-14T22:13:20Z", \#(blob)}"#, .deferredToDate).at == moment)
    #expect(try decode(#"{"at": "Tue Nov 14 22:13:20 +0000 2023", \#(blob)}"#, .secondsSince1970).at == moment)
    #expect(try decode(#"{"at": 1700000000, \#(blob)}"#, .secondsSince1970).at == moment)
    #expect(try decode(#"{"at": "1700000000000", \#(blob)}"#, .millisecondsSince1970).at == moment)
    #expect(try decode(#"{"at": 721692800, \#(blob)}"#, .deferredToDate).at == moment)
    #expect(try decode(#"{"at": "2023-11-14T23:13:20+01:00", \#(blob)}"#, .iso8601).at == moment)
    #expect(try decode(#"{"at": "14/11/2023 22:13", \#(blob)}"#, .formatted(Self.dayFirst)).at == moment.addingTimeInterval(-20))
    let custom = ModelDecoder.DateDecodingStrategy.custom { decoder in
      Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 60)
    }
    #expect(try decode(#"{"at": 28333333.333333332, \#(blob)}"#, custom).at.timeIntervalSince1970.rounded() == 1_700_000_000)
  }

  /// `.formatted(DateFormatter)` is an enum case on Apple platforms, which
  /// the converters read and write with `FormattedDates`; on Linux it is
  /// Foundation's function returning `.custom`. Here both ModelKit paths
  /// that exist on Linux (the strategy as Foundation makes it, and
  /// `FormattedDates` as the Apple case runs it) read and write what
  /// Foundation's coders do, errors included.
  @Test func formattedDatesAsFoundationCodesThem() throws {
    let formatter = Self.dayFirst
    let strategies: [(String, ModelDecoder.DateDecodingStrategy)] = [
      ("formatted", .formatted(formatter)),
      ("FormattedDates", .custom { try FormattedDates.read(from: $0, with: formatter) }),
    ]
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .formatted(formatter)
    let inputs = [
      #"{"at": "14/11/2023 22:13", "blob": "AQI=", "list": ["01/01/1970 00:00"]}"#,
      #"{"at": "2023-11-14T22:13:20Z", "blob": "AQI="}"#, #"{"at": "14/11/2023", "blob": "AQI="}"#,
      #"{"at": 1700000000, "blob": "AQI="}"#, #"{"at": null, "blob": "AQI="}"#, #"{"blob": "AQI="}"#,
      #"{"at": ["14/11/2023 22:13"], "blob": "AQI="}"#, #"{"at": "14/11/2023 22:13", "blob": "AQI=", "list": [true]}"#,
    ]
    for (name, strategy) in strategies {
      for json in inputs {
        let expected = Result { try foundation.decode(Event.self, from: Data(json.utf8)) }
        let strict = Result { try decode(json, strategy, strict: true) }
        let lenient = Result { try decode(json, strategy) }
        #expect(
          FoundationDifferentialTests.summary(of: strict) == FoundationDifferentialTests.summary(of: expected),
          "\(name), strictly: \(json)")
        if case .success(let value) = expected {
          #expect(try strict.get() == value && lenient.get() == value, "\(name): \(json)")
        }
        if case .failure(DecodingError.dataCorrupted(let context)) = strict, case .failure(let error) = expected,
          case DecodingError.dataCorrupted(let foundationContext) = error
        {
          #expect(context.debugDescription == foundationContext.debugDescription, "\(name): \(json)")
        }
      }
      // Leniently, what the formatter rejects is read by the table.
      #expect(try decode(#"{"at": "2023-11-14T22:13:20Z", "blob": ""}"#, strategy).at == moment, "\(name)")
    }
    let writers: [(String, ModelEncoder.DateEncodingStrategy)] = [
      ("formatted", .formatted(formatter)),
      ("FormattedDates", .custom { try FormattedDates.write($0, to: $1, with: formatter) }),
    ]
    let foundationEncoder = JSONEncoder()
    foundationEncoder.dateEncodingStrategy = .formatted(formatter)
    foundationEncoder.outputFormatting = .sortedKeys
    let event = Event(at: moment, blob: Data([1, 2]), list: [moment, Date(timeIntervalSince1970: 0)])
    for (name, strategy) in writers {
      let encoder = ModelEncoder(options: .sortedKeys)
      encoder.dateEncodingStrategy = strategy
      #expect(try encoder.encode(event) == foundationEncoder.encode(event), "\(name)")
      #expect(try encoder.encode(moment) == foundationEncoder.encode(moment), "\(name)")
    }
  }

  @Test func unreadableDatesAreEmptyOrDroppedLenientlyAndErrorsStrictly() throws {
    let event = try decode(#"{"at": "soon", "blob": "AQI=", "list": ["2023-11-14T22:13:20Z", "later"]}"#, .iso8601)
    #expect(event.list == [moment])
    // Strictly, the error JSONDecoder throws for it: corrupted data, with ModelKit's path underneath.
    let json = #"{"at": "soon", "blob": "AQI="}"#
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .iso8601
    #expect {
      try foundation.decode(Event.self, from: Data(json.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted = error else { return false }
      return true
    }
    #expect {
      try decode(json, .iso8601, strict: true)
    } throws: { error in
      guard case DecodingError.dataCorrupted = error else { return false }
      return underlyingModelError(error)?.codingPath == "$.at"
    }
  }

  @Test func dataDecodesByStrategy() throws {
    let decoder = ModelDecoder()
    decoder.dataDecodingStrategy = .deferredToData
    #expect(try decoder.decode(Event.self, from: #"{"at": 0, "blob": [1, 2]}"#).blob == Data([1, 2]))
    decoder.dataDecodingStrategy = .custom { Data(try $0.singleValueContainer().decode(String.self).utf8) }
    #expect(try decoder.decode(Event.self, from: #"{"at": 0, "blob": "hi"}"#).blob == Data("hi".utf8))
    #expect(try ModelDecoder().decode(Event.self, from: #"{"at": 0, "blob": " AQI= "}"#).blob == Data([1, 2]))
  }

  @Test func datesAndDataEncodeByStrategy() throws {
    let event = Event(at: moment.addingTimeInterval(0.25), blob: Data([1, 2]), list: [moment])
    func written(_ dates: ModelEncoder.DateEncodingStrategy, _ data: ModelEncoder.DataEncodingStrategy = .base64)
      throws -> JSONValue
    {
      let encoder = ModelEncoder()
      encoder.dateEncodingStrategy = dates
      encoder.dataEncodingStrategy = data
      let streamed = try JSONValue(json: encoder.encode(event))
      #expect(try encoder.encodeValue(event) == streamed)
      return streamed
    }
    // As JSONEncoder writes them: whole seconds in ISO 8601, seconds since 2001 by default.
    #expect(try written(.iso8601)["at"] == "2023-11-14T22:13:20Z")
    #expect(try written(.deferredToDate)["blob"] == "AQI=")
    #expect(try written(.iso8601)["list"] == ["2023-11-14T22:13:20Z"])
    #expect(try written(.secondsSince1970)["at"] == 1_700_000_000.25)
    #expect(try written(.millisecondsSince1970)["at"] == 1_700_000_000_250)
    #expect(try written(.deferredToDate)["at"] == 721_692_800.25)
    #expect(try written(.formatted(Self.dayFirst))["at"] == "14/11/2023 22:13")
    #expect(try written(.custom { date, encoder in
      var single = encoder.singleValueContainer()
      try single.encode("day \(Int(date.timeIntervalSince1970) / 86_400)")
    })["at"] == "day 19675")
    #expect(try written(.deferredToDate, .deferredToData)["blob"] == [1, 2])
    #expect(try written(.deferredToDate, .custom { data, encoder in
      var single = encoder.singleValueContainer()
      try single.encode(data.count)
    })["blob"] == 2)
  }

  @Test func strategiesRoundTrip() throws {
    let event = Event(at: moment, blob: Data([9, 8, 7]), list: [moment, moment.addingTimeInterval(60)])
    let encoder = ModelEncoder()
    encoder.dateEncodingStrategy = .millisecondsSince1970
    encoder.dataEncodingStrategy = .deferredToData
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    decoder.dateDecodingStrategy = .millisecondsSince1970
    decoder.dataDecodingStrategy = .deferredToData
    #expect(try decoder.decode(Event.self, from: encoder.encode(event)) == event)
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .millisecondsSince1970
    foundation.dataDecodingStrategy = .deferredToData
    #expect(try foundation.decode(Event.self, from: encoder.encode(event)) == event)
  }
}

@Suite("Codable bridge userInfo")
struct CodableUserInfoTests {
  static let unit = CodingUserInfoKey(rawValue: "unit")!

  /// Reads and writes its length in the unit `userInfo` names.
  struct Length: Codable, Equatable {
    var meters: Double
    init(meters: Double) { self.meters = meters }
    init(from decoder: any Decoder) throws {
      let scale = decoder.userInfo[CodableUserInfoTests.unit] as? Double ?? 1
      meters = try decoder.singleValueContainer().decode(Double.self) * scale
    }
    func encode(to encoder: any Encoder) throws {
      let scale = encoder.userInfo[CodableUserInfoTests.unit] as? Double ?? 1
      var single = encoder.singleValueContainer()
      try single.encode(meters / scale)
    }
  }

  @Test func userInfoReachesTheTypes() throws {
    let decoder = ModelDecoder()
    decoder.userInfo[Self.unit] = 1000.0
    #expect(try decoder.decode([Length].self, from: "[1.5, 2]") == [Length(meters: 1500), Length(meters: 2000)])
    let encoder = ModelEncoder()
    encoder.userInfo[Self.unit] = 100.0
    #expect(try JSONValue(json: encoder.encode([Length(meters: 250)])) == [2.5])
    #expect(try encoder.encodeValue([Length(meters: 250)]) == [2.5])
  }
}
