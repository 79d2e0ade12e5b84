import ModelKitTestSupport
import Testing

@testable import ModelKitJSON

/// A document built from a value against the reader's document of the
/// value's text, the oracle: the same bytes and the same tape, node by node.
@Suite("Documents built from values")
struct DocumentBuilderTests {
  static let strings = [
    "", "plain", "a/b", "quote \" inside", "back\\slash", "line\nfeed\ttab\u{01}", "é", "日本語", "😀 astral",
    "\u{2028}\u{7F}", String(repeating: "long text ", count: 40),
  ]

  static let numbers = [
    "0", "-0", "7", "-7", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "-9223372036854775809", "18446744073709551615", "18446744073709551616", "12345678901234567890",
    "99999999999999999999", "1.5", "-0.0", "1e400", "2.5E-3", "100000000000000000000000",
  ]

  /// A random value at most `depth` containers deep.
  static func value(depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return .number(JSONNumber(text: numbers.randomElement(using: &generator)!)!)
    case 3: return .number(JSONNumber(Int.random(in: -1_000_000...1_000_000, using: &generator)))
    case 4: return .string(strings.randomElement(using: &generator)!)
    case 5, 6:
      return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth - 1, &generator) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        object[strings.randomElement(using: &generator)!] = value(depth: depth - 1, &generator)
      }
      return .object(object)
    }
  }

  /// Checks that the built document is the reader's, byte for byte and node for node.
  static func expectSameDocument(_ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let built = try JSONDocument(building: value)
    let read = try JSONDocument(parsing: value.jsonBytes())
    let text = value.jsonBytes()
    let builtBytes = Array(UnsafeBufferPointer(start: built.storage.bytes, count: text.count))
    #expect(builtBytes == text, "the text", sourceLocation: sourceLocation)
    #expect(built.storage.tapeCount == read.storage.tapeCount, "the tape's length", sourceLocation: sourceLocation)
    for index in 0..<min(built.storage.tapeCount, read.storage.tapeCount) {
      let (mine, theirs) = (built.storage.tape[index], read.storage.tape[index])
      #expect(
        mine.header == theirs.header && mine.payload == theirs.payload, "node \(index) of \(value)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("random values: the same text and tape as reading their text")
  func randomValues() throws {
    var generator = SeededGenerator(seed: 0xB17D)
    for _ in 0..<2_000 { try Self.expectSameDocument(Self.value(depth: 4, &generator)) }
  }

  @Test("every number and string form, alone and as keys")
  func scalars() throws {
    for text in Self.numbers { try Self.expectSameDocument(.number(JSONNumber(text: text)!)) }
    for string in Self.strings {
      try Self.expectSameDocument(.string(string))
      try Self.expectSameDocument(.object([string: .string(string)]))
    }
  }

  @Test("an object viewing a document is written from what it views")
  func views() throws {
    let document = try JSONDocument(parsing: #"{"a": [1, -0, "x/y"], "b": {"c": null}, "a": 2}"#)
    let view = try #require(JSONObject(viewing: document.root, in: document))
    try Self.expectSameDocument(.array([.object(view), .object(view)]))
  }

  @Test("nesting past the limit is the reader's error, at the same byte")
  func nestingLimit() throws {
    func nested(_ depth: Int) -> JSONValue {
      (0..<depth).reduce(JSONValue.null) { inner, level in
        level.isMultiple(of: 2) ? .array([inner]) : .object(["k": inner])
      }
    }
    let options = JSONReadOptions(maxDepth: 8)
    #expect(throws: Never.self) { try JSONDocument(building: nested(8), options: options) }
    var built: JSONError?
    var read: JSONError?
    do { _ = try JSONDocument(building: nested(9), options: options) } catch { built = error }
    do { _ = try JSONDocument(parsing: nested(9).jsonBytes(), options: options) } catch { read = error }
    #expect(built != nil)
    #expect(built == read)
  }
}
