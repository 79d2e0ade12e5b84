import Foundation
import ModelKit
import Testing

/// Every scalar type on one key, as YYModel's auto-conversion fixture.
struct Scalars: JSONModel {
  var bool = false
  var int = 0
  var int8: Int8 = 0
  var int16: Int16 = 0
  var int32: Int32 = 0
  var int64: Int64 = 0
  var uint: UInt = 0
  var uint8: UInt8 = 0
  var uint16: UInt16 = 0
  var uint32: UInt32 = 0
  var uint64: UInt64 = 0
  var float: Float = 0
  var double: Double = 0
  var string = ""
  var optionalInt: Int?
  var optionalString: String?
  var decimal: Decimal = 0
  var number: JSONValue = nil

  static var keyMapping: [String: JSONKey] {
    Dictionary(uniqueKeysWithValues: ["bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float", "double", "string", "optionalInt", "optionalString", "decimal", "number"].map { ($0, "v") })
  }
}

enum Color: String { case red, green }
enum Level: Int { case low = 1, high = 2 }

struct Exotic: JSONModel {
  var color: Color = .red
  var level: Level = .low
  var optionalColor: Color?
  var character: Character = " "
  var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
  var data = Data()
  var url: URL?
  var home = URL(string: "about:blank")!
}


@Suite("Type conversion")
struct TypeConversionTests {
  func scalars(_ json: String, strict: Bool = false) throws -> Scalars {
    try Scalars(json: #"{"v": \#(json)}"#, options: DecodingOptions(strict: strict))
  }

  @Test func integerOneFillsEveryNumber() throws {
    let model = try scalars("1")
    #expect(model.bool && model.int == 1 && model.int8 == 1 && model.int16 == 1 && model.int32 == 1)
    #expect(model.int64 == 1 && model.uint == 1 && model.uint8 == 1 && model.uint16 == 1)
    #expect(model.uint32 == 1 && model.uint64 == 1 && model.float == 1 && model.double == 1)
    #expect(model.string == "1")
    #expect(model.optionalInt == 1)
    #expect(model.decimal == 1)
    #expect(model.number == 1)
  }

  @Test func fractionsTruncateTowardZero() throws {
    let model = try scalars("1.5")
    #expect(model.int == 1 && model.uint8 == 1 && model.int64 == 1)
    #expect(model.double == 1.5 && model.float == 1.5)
    #expect(model.string == "1.5")
    #expect(model.bool)
    #expect(try scalars("-2.9").int == -2)
  }

  @Test func negativeNumbersNeverWrapIntoUnsignedTypes() throws {
    let model = try scalars("-1")
    #expect(model.int == -1 && model.int8 == -1 && model.int32 == -1)
    #expect(model.uint == 0 && model.uint8 == 0 && model.uint64 == 0)
    #expect(model.string == "-1")
  }

  @Test func outOfRangeIsIgnoredNotClamped() throws {
    let model = try scalars("300")
    #expect(model.int == 300 && model.int16 == 300)
    #expect(model.int8 == 0 && model.uint8 == 0)
    let huge = try scalars("18446744073709551615")
    #expect(huge.uint64 == UInt64.max)
    #expect(huge.int64 == 0 && huge.int == 0)
    #expect(huge.string == "18446744073709551615")
    #expect(try scalars("1e400").double == 0)
    #expect(try scalars("1e300").float == 0)
    #expect(try scalars("1e300").double == 1e300)
  }

  @Test func extremesAreExact() throws {
    #expect(try scalars("-9223372036854775808").int64 == Int64.min)
    #expect(try scalars("-128").int8 == Int8.min)
    #expect(try scalars("-129").int8 == 0)
    #expect(try scalars("255").uint8 == 255)
  }

  @Test func numericStringsConvert() throws {
    let model = try scalars(#"" 12 ""#)
    #expect(model.int == 12 && model.uint32 == 12 && model.double == 12 && model.bool)
    #expect(model.string == " 12 ")
    let fraction = try scalars(#""-3.2""#)
    #expect(abs(fraction.float + 3.2) < 1e-6)
    #expect(fraction.int == -3)
    #expect(try scalars(#""1e3""#).int == 1000)
    #expect(try scalars(#""+7""#).int == 7)
  }

  @Test(arguments: ["true", "True", "TRUE", "yes", "Yes", "YES"])
  func trueWordsAreOne(_ word: String) throws {
    let model = try scalars("\"\(word)\"")
    #expect(model.bool && model.int == 1 && model.double == 1)
  }

  @Test(arguments: ["false", "False", "FALSE", "no", "No", "NO"])
  func falseWordsAreZero(_ word: String) throws {
    var model = Scalars()
    model.int = 5
    model.bool = true
    try model.update(json: #"{"v": "\#(word)"}"#)
    #expect(!model.bool && model.int == 0)
  }

  @Test(arguments: ["null", "Null", "NULL", "nil", "Nil", "NIL", "(null)", "(Null)", "(NULL)", "<null>", "<Null>", "<NULL>"])
  func nullWordsAreNull(_ word: String) throws {
    var model = Scalars()
    model.int = 5
    model.optionalInt = 5
    try model.update(json: #"{"v": "\#(word)"}"#)
    #expect(model.int == 5)
    #expect(model.optionalInt == nil)
    #expect(model.string == word)
  }

  @Test(arguments: [#""abc""#, #""12abc""#, #""NaN""#, #""Infinity""#, #""-inf""#, #""0x10""#, "{}", "[]"])
  func unconvertibleValuesAreIgnored(_ json: String) throws {
    var model = Scalars()
    model.int = 7
    model.double = 7
    model.bool = true
    try model.update(json: #"{"v": \#(json)}"#)
    #expect(model.int == 7 && model.double == 7 && model.bool)
  }

  @Test func nullLeavesNonOptionalsAndClearsOptionals() throws {
    var model = Scalars()
    model.int = 3
    model.string = "kept"
    model.optionalString = "gone"
    try model.update(json: #"{"v": null}"#)
    #expect(model.int == 3 && model.string == "kept")
    #expect(model.optionalString == nil)
    #expect(model.number == .null)
  }

  @Test func booleansBecomeNumbersAndWords() throws {
    let model = try scalars("true")
    #expect(model.int == 1 && model.double == 1 && model.bool && model.string == "true")
    #expect(try scalars("false").string == "false")
  }

  @Test func decimalsKeepExactDigits() throws {
    let model = try scalars("0.1000000000000000055511151231257827")
    #expect(model.decimal == Decimal(string: "0.1000000000000000055511151231257827"))
    #expect(try scalars(#""12.50""#).decimal == Decimal(string: "12.5"))
  }

  @Test func rawValueEnumsAndFoundationTypes() throws {
    let json = #"{"color": "green", "level": "2", "optionalColor": "purple", "character": "é", "uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "data": "aGVsbG8=", "url": " https://example.com/a b ", "home": "  "}"#
    let model = try Exotic(json: json)
    #expect(model.color == .green)
    #expect(model.level == .high)
    #expect(model.optionalColor == nil)
    #expect(model.character == "é")
    #expect(model.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(model.data == Data("hello".utf8))
    #expect(model.home == URL(string: "about:blank"))
    let encoded = try model.jsonValue()
    #expect(encoded["color"] == "green")
    #expect(encoded["level"] == 2)
    #expect(encoded["uuid"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(encoded["data"] == "aGVsbG8=")
  }

  @Test func blankURLStringsAreNil() throws {
    var model = Exotic()
    model.url = URL(string: "https://x.y")
    try model.update(json: #"{"url": "   "}"#)
    #expect(model.url == nil)
    try model.update(json: #"{"url": " https://swift.org "}"#)
    #expect(model.url == URL(string: "https://swift.org"))
  }

  @Test func invalidFoundationStringsAreIgnored() throws {
    let model = try Exotic(json: #"{"uuid": "not-a-uuid", "data": "***", "character": "ab", "color": 3}"#)
    #expect(model.uuid == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(model.data.isEmpty)
    #expect(model.character == " ")
    #expect(model.color == .red)
  }
}
