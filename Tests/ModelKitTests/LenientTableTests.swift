import Foundation
import ModelKit
import Testing

/// The lenient conversion table (design section 4) row by row: each row is
/// one JSON value read into one scalar type, with the answer it gives in
/// each of the four ways of reading, seen through the public API. A value
/// read from its natural kind comes back with no report entry; a value a
/// lenient rule converted comes back with a "converted" entry, and strict
/// mode refuses it; a value that does not convert is ignored with an entry
/// saying so (strict mode: an error saying why).
/// The end-to-end tests (TypeConversionTests, StrictModeTests,
/// DecodeReportTests) cover the same rules inside whole models.
@Suite("The lenient table, row by row")
struct LenientTableTests {
  /// What one way of reading made of a value.
  enum Answer: Equatable, CustomStringConvertible {
    /// Read from the kind the type is written as.
    case natural(String)
    /// Converted by a lenient rule (the report says "converted").
    case converted(String)
    /// Not read, leniently: the property keeps its value ("ignored"; in a
    /// coder's call the type's empty value, "empty substituted").
    case ignored
    /// Not read, leniently, as a null for a non-optional (the model reader
    /// says so; a coder's call says "empty substituted", as `.ignored`).
    case null
    /// Not read, strictly: the kind of the error.
    case failed(ModelError.Kind)
    /// Not read: the type's own `init(from:)` threw Foundation's "data
    /// corrupted" (a coder's call substitutes an empty value by decoding
    /// the type from nothing, and `URL` has no empty value).
    case corrupted

    var description: String {
      switch self {
      case .natural(let value): "natural \(value)"
      case .converted(let value): "converted \(value)"
      case .ignored: "ignored"
      case .null: "null for a non-optional"
      case .failed(let kind): "failed (\(kind))"
      case .corrupted: "data corrupted"
      }
    }
  }

  /// The scalar types of the table.
  enum Target: String, Sendable {
    case int, int8, uint8, uint64, int128, double, float, bool, string, decimal, url, date
  }

  /// One row: a JSON value, a type, and the answer of each way of reading
  /// it (the model reader and `ModelDecoder`, leniently and strictly).
  struct Row: Sendable, CustomTestStringConvertible {
    let json: String
    let target: Target
    let lenient: Answer
    let strict: Answer
    let coder: Answer
    let strictCoder: Answer

    /// A row whose coder answers are the model reader's.
    init(_ json: String, _ target: Target, lenient: Answer, strict: Answer) {
      self.init(
        json, target, lenient: lenient, strict: strict, coder: lenient == .null ? .ignored : lenient,
        strictCoder: strict)
    }

    init(_ json: String, _ target: Target, lenient: Answer, strict: Answer, coder: Answer, strictCoder: Answer) {
      self.json = json
      self.target = target
      self.lenient = lenient
      self.strict = strict
      self.coder = coder
      self.strictCoder = strictCoder
    }

    var testDescription: String { "\(json) as \(target.rawValue)" }
  }

  static let mismatch = Answer.failed(.typeMismatch)
  static let outOfRange = Answer.failed(.outOfRange)
  static let unexpectedNull = Answer.failed(.unexpectedNull)

  static let integerRows: [Row] = [
    Row("42", .int, lenient: .natural("42"), strict: .natural("42")),
    Row("-7", .int8, lenient: .natural("-7"), strict: .natural("-7")),
    Row("1e2", .int, lenient: .natural("100"), strict: .natural("100")),
    Row("1.0", .int, lenient: .natural("1"), strict: .natural("1")),
    Row("3.9", .int, lenient: .converted("3"), strict: outOfRange),
    Row("-3.9", .int, lenient: .converted("-3"), strict: outOfRange),
    Row("300", .uint8, lenient: .ignored, strict: outOfRange),
    Row("-1", .uint64, lenient: .ignored, strict: outOfRange),
    Row(
      "18446744073709551615", .uint64, lenient: .natural("18446744073709551615"),
      strict: .natural("18446744073709551615")),
    Row("1e30", .int, lenient: .ignored, strict: outOfRange),
    Row("\"640\"", .int, lenient: .converted("640"), strict: mismatch),
    Row("\" 12.5 \"", .int, lenient: .converted("12"), strict: mismatch),
    Row("\"yes\"", .int, lenient: .converted("1"), strict: mismatch),
    Row("\"NO\"", .uint8, lenient: .converted("0"), strict: mismatch),
    Row("\"<null>\"", .int, lenient: .null, strict: mismatch),
    Row("\"abc\"", .int, lenient: .ignored, strict: mismatch),
    Row("true", .int, lenient: .converted("1"), strict: mismatch),
    Row("null", .int, lenient: .null, strict: unexpectedNull),
    Row("[]", .int, lenient: .ignored, strict: mismatch),
    Row(
      "170141183460469231731687303715884105727", .int128,
      lenient: .natural("170141183460469231731687303715884105727"),
      strict: .natural("170141183460469231731687303715884105727")),
    Row("\"-5\"", .int128, lenient: .converted("-5"), strict: mismatch),
    Row("false", .int128, lenient: .converted("0"), strict: mismatch),
  ]

  static let floatingRows: [Row] = [
    Row("2.5", .double, lenient: .natural("2.5"), strict: .natural("2.5")),
    Row("1e400", .double, lenient: .ignored, strict: outOfRange),
    Row("1e-400", .double, lenient: .ignored, strict: outOfRange),
    Row("0e0", .double, lenient: .natural("0.0"), strict: .natural("0.0")),
    Row("1e39", .float, lenient: .ignored, strict: outOfRange),
    Row("\"2.5\"", .double, lenient: .converted("2.5"), strict: mismatch),
    Row("\"yes\"", .float, lenient: .converted("1.0"), strict: mismatch),
    Row("\"nil\"", .double, lenient: .null, strict: mismatch),
    Row("\"Infinity\"", .double, lenient: .ignored, strict: mismatch),
    Row("false", .double, lenient: .converted("0.0"), strict: mismatch),
  ]

  static let boolRows: [Row] = [
    Row("true", .bool, lenient: .natural("true"), strict: .natural("true")),
    Row("0", .bool, lenient: .converted("false"), strict: mismatch),
    Row("-0.5", .bool, lenient: .converted("true"), strict: mismatch),
    Row("\"Yes\"", .bool, lenient: .converted("true"), strict: mismatch),
    Row("\"0.0\"", .bool, lenient: .converted("false"), strict: mismatch),
    Row("\"(null)\"", .bool, lenient: .null, strict: mismatch),
    Row("\"maybe\"", .bool, lenient: .ignored, strict: mismatch),
    Row("{}", .bool, lenient: .ignored, strict: mismatch),
  ]

  static let textRows: [Row] = [
    Row("\"hi\"", .string, lenient: .natural("hi"), strict: .natural("hi")),
    Row("\"<null>\"", .string, lenient: .natural("<null>"), strict: .natural("<null>")),
    Row("12.50", .string, lenient: .converted("12.50"), strict: mismatch),
    Row("true", .string, lenient: .converted("true"), strict: mismatch),
    Row("null", .string, lenient: .null, strict: unexpectedNull),
    Row(
      "\" https://example.com/a \"", .url, lenient: .natural("https://example.com/a"),
      strict: .natural("https://example.com/a")),
    Row("\"\"", .url, lenient: .null, strict: mismatch, coder: .corrupted, strictCoder: mismatch),
    // A coder's call reads what strict reading reads first (a relative URL here), leniently only what it refuses.
    Row(
      "\"null\"", .url, lenient: .null, strict: .natural("null"), coder: .natural("null"), strictCoder: .natural("null")
    ),
  ]

  static let decimalRows: [Row] = [
    Row(
      "12.345678901234567890123", .decimal, lenient: .natural("12.345678901234567890123"),
      strict: .natural("12.345678901234567890123")),
    // ModelKit reads a Decimal from a numeric string as its own form; a coder, as a conversion (JSONDecoder reads numbers only).
    Row(
      "\"0.1\"", .decimal, lenient: .natural("0.1"), strict: .natural("0.1"), coder: .converted("0.1"),
      strictCoder: mismatch),
    Row("\"yes\"", .decimal, lenient: .converted("1"), strict: mismatch),
    Row("\"nil\"", .decimal, lenient: .null, strict: mismatch),
    Row("\"abc\"", .decimal, lenient: .ignored, strict: mismatch),
    Row("true", .decimal, lenient: .converted("1"), strict: mismatch),
  ]

  static let dateRows: [Row] = [
    // ModelKit's table reads Unix seconds from numbers and dates from text (a Date's own form, which the report
    // notes leniently); a coder by its strategy (`.deferredToDate`: numbers since 2001).
    Row(
      "0", .date, lenient: .natural("1970-01-01 00:00:00 +0000"), strict: .natural("1970-01-01 00:00:00 +0000"),
      coder: .natural("2001-01-01 00:00:00 +0000"), strictCoder: .natural("2001-01-01 00:00:00 +0000")),
    Row(
      "\"1970-01-02T00:00:00Z\"", .date, lenient: .converted("1970-01-02 00:00:00 +0000"),
      strict: .natural("1970-01-02 00:00:00 +0000"), coder: .converted("1970-01-02 00:00:00 +0000"),
      strictCoder: mismatch),
    Row("\"soon\"", .date, lenient: .ignored, strict: mismatch),
    Row("\"<null>\"", .date, lenient: .null, strict: mismatch),
  ]

  /// A row whose type this system lacks.
  struct Unavailable: Error {}

  /// Every row this system can run: the Int128 rows need the type.
  static var rows: [Row] {
    let all = integerRows + floatingRows + boolRows + textRows + decimalRows + dateRows
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      return all.filter { $0.target != .int128 }
    }
    return all
  }

  @Test(arguments: rows)
  func row(_ row: Row) throws {
    let lenient = try Self.answer(row, strict: false, coder: false)
    let strict = try Self.answer(row, strict: true, coder: false)
    let coder = try Self.answer(row, strict: false, coder: true)
    let strictCoder = try Self.answer(row, strict: true, coder: true)
    #expect(lenient == row.lenient, "model reader, lenient")
    #expect(strict == row.strict, "model reader, strict")
    #expect(coder == row.coder, "ModelDecoder, lenient")
    #expect(strictCoder == row.strictCoder, "ModelDecoder, strict")
  }

  @Test("an optional reads a lenient null (a null word) as nil, a conversion; JSON null as nil, naturally")
  func optionalNulls() throws {
    let report = DecodeReport()
    let words = try Optionals(
      json: #"{"count": "<null>", "link": "", "flag": null}"#, options: DecodingOptions(report: report))
    #expect(words.count == nil && words.link == nil && words.flag == nil)
    #expect(report.entries.map(\.kind) == [.converted, .converted])
    #expect(report.entries.map(\.path) == ["$.count", "$.link"])
    #expect(throws: ModelError.self) {
      try Optionals(json: #"{"count": "<null>"}"#, options: DecodingOptions(strict: true))
    }
  }

  struct Optionals: JSONModel {
    var count: Int?
    var link: URL?
    var flag: Bool?
  }

  /// A model of one property of type `Value`.
  struct Box<Value: Codable & Sendable>: JSONModel {
    var value: Value
    init() { value = LenientTableTests.placeholder(Value.self) }
  }

  /// A Codable type of one property of type `Value` (the coder's call).
  struct CodableBox<Value: Codable & Sendable>: Codable {
    var value: Value
  }

  /// A value no row reads, so that a property left as it was shows.
  static func placeholder<Value>(_ type: Value.Type) -> Value {
    let placeholders: [Any] = [
      Int(99), Int8(99), UInt8(99), UInt64(99), Double(99), Float(99), true, "placeholder", Decimal(99),
      URL(string: "placeholder:")!, Date(timeIntervalSince1970: 99),
    ]
    if let placeholder = placeholders.lazy.compactMap({ $0 as? Value }).first { return placeholder }
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { fatalError("no Int128 here") }
    guard let wide = Int128(99) as? Value else { fatalError("no placeholder for \(Value.self)") }
    return wide
  }

  static func answer(_ row: Row, strict: Bool, coder: Bool) throws -> Answer {
    switch row.target {
    case .int: try answer(Int.self, row.json, strict: strict, coder: coder)
    case .int8: try answer(Int8.self, row.json, strict: strict, coder: coder)
    case .uint8: try answer(UInt8.self, row.json, strict: strict, coder: coder)
    case .uint64: try answer(UInt64.self, row.json, strict: strict, coder: coder)
    case .int128:
      // `rows` leaves these rows out where there is no Int128.
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        try answer(Int128.self, row.json, strict: strict, coder: coder)
      } else {
        throw Unavailable()
      }
    case .double: try answer(Double.self, row.json, strict: strict, coder: coder)
    case .float: try answer(Float.self, row.json, strict: strict, coder: coder)
    case .bool: try answer(Bool.self, row.json, strict: strict, coder: coder)
    case .string: try answer(String.self, row.json, strict: strict, coder: coder)
    case .decimal: try answer(Decimal.self, row.json, strict: strict, coder: coder)
    case .url: try answer(URL.self, row.json, strict: strict, coder: coder)
    case .date: try answer(Date.self, row.json, strict: strict, coder: coder)
    }
  }

  /// What one way of reading makes of `{"value": json}` as a `Box<Value>`.
  static func answer<Value: Codable & Sendable>(_ type: Value.Type, _ json: String, strict: Bool, coder: Bool)
    throws -> Answer
  {
    let report = DecodeReport()
    let options = DecodingOptions(strict: strict, report: report)
    let text = #"{"value": \#(json)}"#
    let value: Value
    do {
      value =
        coder
        ? try ModelDecoder(options: options).decode(CodableBox<Value>.self, from: Data(text.utf8)).value
        : try Box<Value>(json: text, options: options).value
    } catch DecodingError.dataCorrupted(let context) where context.underlyingError == nil {
      return .corrupted
    } catch {
      let modelError = try #require(underlyingModelError(error), "\(error)")
      return .failed(modelError.kind)
    }
    let kinds = report.entries.map(\.kind)
    switch kinds {
    case []: return .natural(description(value))
    case [.converted]: return .converted(description(value))
    case [.ignored] where !coder, [.emptySubstituted] where coder: return .ignored
    case [.nullForNonOptional] where !coder: return .null
    default:
      Issue.record("unexpected entries \(kinds) for \(text)")
      return .failed(.syntax)
    }
  }

  static func description<Value>(_ value: Value) -> String {
    if let url = value as? URL { return url.absoluteString }
    if let date = value as? Date { return date.description }
    return "\(value)"
  }
}
