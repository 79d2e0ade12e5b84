import Foundation
@testable import ModelKit
import ModelKitTestSupport
import Testing

struct Outgoing: JSONModel {
  var zeta = 1
  var alpha: String?
  var ratio = Double.nan
  var big = UInt64.max
  var small = Int64.min
  var flag = true
  var when: Date? = Date(timeIntervalSince1970: 0)
  var link: URL? = URL(string: "https://swift.org/a?b=c")
  var amount = Decimal(string: "12345678901234567890.123")!
}

/// `Int` fields under keys of many lengths, two of them with a byte to
/// escape, and arrays of them, with the same keys for `JSONEncoder`.
struct IntegerFields: JSONModel, Codable {
  var a = 0
  var seven77 = 0
  var eight888 = 0
  var nine99999 = 0
  var sixteen_16_16_16 = 0
  var seventeen_17_17_17 = 0
  var thirty_30_30_30_30_30_30_30_303 = 0
  var slashed = 0
  var quoted = 0
  var list: [Int] = []
  var empty: [Int] = []
  static var keyMapping: [String: JSONKey] { ["slashed": "a/b", "quoted": "q\"uote"] }
  enum CodingKeys: String, CodingKey {
    case a, seven77, eight888, nine99999, sixteen_16_16_16, seventeen_17_17_17, thirty_30_30_30_30_30_30_30_303
    case slashed = "a/b"
    case quoted = "q\"uote"
    case list, empty
  }
}

/// A scalar optional of every kind the writer writes directly, and a
/// double that may not be finite.
struct NullableFields: JSONModel {
  var s: String?
  var i: Int?
  var l: Int64?
  var u: UInt64?
  var d: Double?
  var b: Bool?
  var x = 0.5
}

/// Dictionaries of strings and `Int`s (sorted as pairs when written).
struct PlainDictionaries: JSONModel, Codable {
  var strings: [String: String] = [:]
  var ints: [String: Int] = [:]
}

/// The same as values whose converters take the generic path.
struct WrappedDictionaries: JSONModel, Codable {
  var strings: [String: String?] = [:]
  var ints: [String: Int64] = [:]
}

/// Fields whose optionals take their converters' path (no scalar or
/// in-place shortcut), beside the same fields unwrapped.
enum Shade: String, Codable, Sendable { case light, dark }
final class Tag: JSONModel {
  var name = "t"
  required init() {}
}
struct OptionalFields: JSONModel {
  var when: Date?
  var counts: [String: Int]?
  var shade: Shade?
  var twice: Int??
  var ratios: [Double]?
  var link: URL?
  var tag: Tag?
  var inner: [Int?]?
}
struct UnwrappedFields: JSONModel {
  var when = Date(timeIntervalSince1970: 0)
  var counts: [String: Int] = [:]
  var shade = Shade.light
  var twice: Int?
  var ratios: [Double] = []
  var link = URL(string: "https://example.com/")!
  var tag = Tag()
  var inner: [Int?] = []
}

/// String fields, written where they lie in the model.
struct StringFields: JSONModel {
  var plain = ""
  var optional: String?
}
final class StringFieldsClass: JSONModel {
  var plain = ""
  var optional: String?
  required init() {}
}

final class Loop: JSONModel {
  var name = ""
  var next: Loop?
  required init() {}
}

@Suite("Model to JSON")
struct ModelToJSONTests {
  @Test func writesDeclaredOrderOmittingNilAndNonFinite() throws {
    let text = try Outgoing().jsonString(options: .withoutEscapingSlashes)
    #expect(text == #"{"zeta":1,"big":18446744073709551615,"small":-9223372036854775808,"flag":true,"when":"1970-01-01T00:00:00Z","link":"https://swift.org/a?b=c","amount":12345678901234567890.123}"#)
  }

  @Test func anOptionalFieldIsWrittenAsItsValueOrLeftOut() throws {
    // A value in an optional is written as the same value alone; nil is
    // left out, or null with `.includeNulls`. An optional holding a nil
    // optional is a value its converter leaves out: left out with every option.
    var random = SeededGenerator(seed: 0x0971)
    for round in 0..<200 {
      var wrapped = OptionalFields()
      var plain = UnwrappedFields()
      var nilKeys: [String] = []
      var omittedKeys: [String] = []
      func pick() -> Bool { Bool.random(using: &random) }
      if pick() { plain.when = Date(timeIntervalSince1970: Double(round) * 1000.5); wrapped.when = plain.when } else { nilKeys.append("when") }
      if pick() { plain.counts = ["a\(round)": round, "b": -round]; wrapped.counts = plain.counts } else { nilKeys.append("counts") }
      if pick() { plain.shade = pick() ? .dark : .light; wrapped.shade = plain.shade } else { nilKeys.append("shade") }
      switch Int.random(in: 0..<3, using: &random) {
      case 0: nilKeys.append("twice")
      case 1: wrapped.twice = .some(nil); omittedKeys.append("twice")
      default: plain.twice = round; wrapped.twice = .some(round)
      }
      if pick() { plain.ratios = [0.5, Double(round), -1e300]; wrapped.ratios = plain.ratios } else { nilKeys.append("ratios") }
      if pick() { plain.link = URL(string: "https://example.com/\(round)?q=1")!; wrapped.link = plain.link } else { nilKeys.append("link") }
      if pick() { plain.tag.name = "tag \(round)"; wrapped.tag = plain.tag } else { nilKeys.append("tag") }
      if pick() { plain.inner = [round, nil]; wrapped.inner = plain.inner } else { nilKeys.append("inner") }
      for options: JSONWriteOptions in [[], .sortedKeys, .prettyPrinted, .includeNulls, [.includeNulls, .sortedKeys]] {
        let written = try JSONValue(json: wrapped.jsonData(options: options))
        var expected = try #require(JSONValue(json: plain.jsonData(options: options)).object)
        for key in nilKeys { expected[key] = options.contains(.includeNulls) ? .null : nil }
        for key in omittedKeys { expected[key] = nil }
        let text = try wrapped.jsonString(options: options)
        #expect(written == .object(expected), "\(text)")
        #expect(try wrapped.jsonValue(options: options) == written)
      }
    }
  }

  @Test func stringFieldsAreWrittenAsTheWriterWritesStrings() throws {
    // Every length around the small-string limit, escapes and multi-byte
    // scalars anywhere, in a struct and in a class, plain and optional,
    // and strings made through NSString: the text a writer makes of the
    // same strings.
    let alphabet: [Character] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\u{1}", "é", "€", "😀", "\u{FEFF}"]
    var random = SeededGenerator(seed: 0x5F1E)
    for length in 0...40 {
      for variant in 0..<12 {
        var first = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
        var second = String((0..<(40 - length)).map { _ in alphabet.randomElement(using: &random)! })
        if variant.isMultiple(of: 3) {
          first = NSString(string: first) as String
          second = NSString(string: second) as String
        }
        for options: JSONWriteOptions in [[], .withoutEscapingSlashes, .prettyPrinted] {
          var writer = JSONWriter(options: options)
          writer.beginObject()
          writer.writeKey("plain")
          writer.write(first)
          writer.writeKey("optional")
          writer.write(second)
          writer.endObject()
          let expected = String(decoding: writer.bytes, as: UTF8.self)
          let model = StringFields(plain: first, optional: second)
          let object = StringFieldsClass()
          object.plain = first
          object.optional = second
          #expect(try model.jsonString(options: options) == expected)
          #expect(try object.jsonString(options: options) == expected)
          #expect(try model.jsonValue(options: options) == JSONValue(json: expected))
        }
      }
    }
  }

  @Test func integerFieldsAreWrittenAsJSONEncoderWritesThem() throws {
    // Every digit count of both signs, the extremes and zero, under keys
    // written with their value in one step and keys with an escape, and
    // arrays of them, empty too.
    var random = SeededGenerator(seed: 0x1E7)
    let extremes = [0, -1, 1, 9, 10, -10, Int.max, Int.min, Int.min + 1]
    var values = extremes
    var power = 1
    for _ in 1...18 {
      power *= 10
      values += [power, power - 1, -power, 1 - power, Int.random(in: power...(power * 9), using: &random)]
    }
    // (JSONEncoder's order is its own without `.sortedKeys`: the text is
    // compared with sorted keys, the value in every layout.)
    let layouts: [(JSONWriteOptions, JSONEncoder.OutputFormatting)] = [
      ([], []), (.sortedKeys, .sortedKeys), ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted]),
      ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]),
    ]
    for round in 0..<values.count {
      func value(_ offset: Int) -> Int { values[(round + offset * 7) % values.count] }
      let model = IntegerFields(
        a: value(0), seven77: value(1), eight888: value(2), nine99999: value(3), sixteen_16_16_16: value(4),
        seventeen_17_17_17: value(5), thirty_30_30_30_30_30_30_30_303: value(6), slashed: value(7), quoted: value(8),
        list: (0..<round % 4).map(value))
      for (options, formatting) in layouts {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        let expected = String(decoding: try encoder.encode(model), as: UTF8.self)
        let text = try model.jsonString(options: options)
        if options.contains(.sortedKeys) { #expect(text == expected, "\(text)\n\(expected)") }
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        let expectedValue = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary
        #expect(value != nil && value == expectedValue)
      }
    }
  }

  @Test func textsOfOneTypeWrittenAgainAndAgainAreWhole() throws {
    // Each text starts with room for the thread's last one of its type:
    // sizes that grow past it and shrink below it are written whole, as a
    // fresh writer writes them, and each leaves the room the next one
    // starts with. (A synchronous test: its body stays on one thread, whose
    // last lookup this is.)
    var random = SeededGenerator(seed: 0x7E47)
    let counts = [0, 3, 4000, 10, 60_000, 59_000, 61_000, 2, 120_000, 1, 200_000, 5]
    for count in counts + (0..<20).map({ _ in Int.random(in: 0...20_000, using: &random) }) {
      let model = StringFields(plain: String(repeating: "ab/\"c", count: count), optional: count.isMultiple(of: 2) ? "x" : nil)
      var writer = JSONWriter()
      writer.beginObject()
      writer.writeKey("plain")
      writer.write(model.plain)
      if let optional = model.optional {
        writer.writeKey("optional")
        writer.write(optional)
      }
      writer.endObject()
      #expect(try Array(model.jsonData()) == writer.bytes, "\(count)")
      // The next text of the type on this thread starts with room for this
      // one (an eighth more), at least the initial room.
      let room = SchemaCache.shared.textCapacity(for: StringFields.self, initial: 16_384)
      #expect(room == max(16_384, writer.count + writer.count / 8), "\(count)")
    }
    // A text past the cap (noted, not written: 64 MiB): the cap.
    SchemaCache.shared.noteText(of: StringFields.self, size: SchemaCache.maximumTextCapacity - 1_000)
    #expect(SchemaCache.shared.textCapacity(for: StringFields.self, initial: 16_384) == SchemaCache.maximumTextCapacity)
    #expect(SchemaCache.maximumTextCapacity == 1 << 26)
    let small = StringFields(plain: "ab", optional: nil)
    #expect(try small.jsonString() == #"{"plain":"ab"}"#)
    // Another type looked up since: the initial room again.
    _ = try StringFieldsClass().jsonData()
    #expect(SchemaCache.shared.textCapacity(for: StringFields.self, initial: 16_384) == 16_384)
  }

  @Test func includeNullsWritesNil() throws {
    let value = try Outgoing().jsonValue(options: .includeNulls)
    #expect(value["alpha"] == .null)
    #expect(value["ratio"] == nil)
  }

  @Test func everyNilScalarIsLeftOutOrNullAndANonFiniteDoubleLeftOut() throws {
    // Every pattern of nil fields, beside a double finite or not: a nil is
    // left out, or `null` with `.includeNulls`; a double not finite is left out either way.
    let present = [#""s":"t""#, #""i":-1"#, #""l":2"#, #""u":3"#, #""d":0.25"#, #""b":true"#]
    for mask in 0..<64 {
      for x in [0.5, .nan, .infinity] {
        let nils = (0..<6).map { mask & (1 << $0) != 0 }
        let model = NullableFields(
          s: nils[0] ? nil : "t", i: nils[1] ? nil : -1, l: nils[2] ? nil : 2, u: nils[3] ? nil : 3,
          d: nils[4] ? nil : 0.25, b: nils[5] ? nil : true, x: x)
        let names = ["s", "i", "l", "u", "d", "b"]
        let tail = x.isFinite ? [#""x":0.5"#] : []
        let omitted = (0..<6).filter { !nils[$0] }.map { present[$0] } + tail
        let nulls = (0..<6).map { nils[$0] ? #""\#(names[$0])":null"# : present[$0] } + tail
        #expect(try model.jsonString() == "{" + omitted.joined(separator: ",") + "}")
        #expect(try model.jsonString(options: .includeNulls) == "{" + nulls.joined(separator: ",") + "}")
      }
    }
  }

  @Test func sortedKeysAndPrettyPrinting() throws {
    struct Small: JSONModel {
      var b = 1
      var a = [1]
    }
    #expect(try Small().jsonString(options: .sortedKeys) == #"{"a":[1],"b":1}"#)
    #expect(try Small().jsonString(options: [.prettyPrinted, .sortedKeys]) == "{\n  \"a\" : [\n    1\n  ],\n  \"b\" : 1\n}")
  }

  @Test func outputIsDeterministic() throws {
    let first = try Outgoing().jsonData()
    for _ in 0..<10 { #expect(try Outgoing().jsonData() == first) }
  }

  /// Dictionaries are written in ascending order of their keys, whichever
  /// path their value type takes, by both entry points.
  @Test func dictionariesOfStringsAndIntsAreWrittenAsOtherDictionaries() throws {
    var generator = SeededGenerator(seed: 0xD1C7)
    let keys = ["", "a", "A", "b", "ab", "a b", "é", "e\u{301}", "日本", "Z", "z9", "\"q\"", "sl/ash", "tab\t", "😀", "ﬀ"]
    let texts = ["", "x", "日本語", "a\"b", "line\nbreak", "https://example.com/a"]
    let encoder = ModelEncoder()
    for _ in 0..<300 {
      var plain = PlainDictionaries()
      var wrapped = WrappedDictionaries()
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        let key = keys.randomElement(using: &generator)!
        let text = texts.randomElement(using: &generator)!
        plain.strings[key] = text
        wrapped.strings[key] = text
      }
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        let key = keys.randomElement(using: &generator)!
        let number = Int.random(in: -1_000_000...1_000_000, using: &generator)
        plain.ints[key] = number
        wrapped.ints[key] = Int64(number)
      }
      for options: JSONWriteOptions in [[], [.prettyPrinted], [.withoutEscapingSlashes]] {
        #expect(try plain.jsonString(options: options) == wrapped.jsonString(options: options))
      }
      #expect(try encoder.encode(plain) == encoder.encode(wrapped))
    }
  }

  @Test func referenceCyclesAreErrors() throws {
    let a = Loop()
    let b = Loop()
    a.next = b
    b.next = a
    let error = #expect(throws: ModelError.self) { try a.jsonData() }
    #expect(error?.kind == .unencodable)
    #expect(error?.codingPath == "$.next.next")
    b.next = nil
    #expect(try a.jsonString() == #"{"name":"","next":{"name":""}}"#)
  }

  @Test func sharedInstancesAreNotCycles() throws {
    struct Pair: JSONModel {
      var left: Loop?
      var right: Loop?
    }
    var pair = Pair()
    let shared = Loop()
    pair.left = shared
    pair.right = shared
    #expect(try pair.jsonString() == #"{"left":{"name":""},"right":{"name":""}}"#)
  }

  @Test func foundationGraphOutput() throws {
    let object = try #require(try Outgoing().jsonObject() as? [String: Any])
    #expect(object["zeta"] as? Int == 1)
    #expect(object["big"] as? UInt64 == UInt64.max)
    #expect(object["flag"] as? Bool == true)
  }
}
