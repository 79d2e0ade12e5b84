import ModelKitTestSupport
import Testing

@testable import ModelKitJSON

/// A writer that builds a value against the oracle, a writer of text given
/// the same calls and its text read back: the same value, keys in the same
/// order, numbers with the same text.
@Suite("Writers that build values")
struct JSONValueBuilderTests {
  /// A writer of text and a writer that builds a value, given the same calls.
  struct Pair {
    var text: JSONWriter
    var tree: JSONWriter

    init(options: JSONWriteOptions) {
      text = JSONWriter(options: options)
      tree = JSONWriter(buildingValueWith: options)
    }

    mutating func both(_ call: (inout JSONWriter) -> Void) {
      call(&text)
      call(&tree)
    }

    /// The value read back from the text, and the value built.
    func results() throws -> (read: JSONValue, built: JSONValue?) {
      (try JSONValue(json: text.bytes), tree.value)
    }
  }

  static let keys = ["id", "a/b", "quote \"", "é", "😀", "line\nfeed", "", "name", "z"]

  /// A random value at most `depth` containers deep, with numbers of
  /// every form and keys of every kind.
  static func value(depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &generator) {
    case 0: return .number(JSONNumber(Double.random(in: -1e6...1e6, using: &generator))!)
    case 5, 6:
      return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth - 1, &generator) })
    case 7:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...5, using: &generator) {
        object[keys.randomElement(using: &generator)!] = value(depth: depth - 1, &generator)
      }
      return .object(object)
    default: return DocumentBuilderTests.value(depth: 0, &generator)
    }
  }

  /// Writes `value` through the writer's calls, picking among the ones
  /// that can write each part, with detours the writers must take back:
  /// members put in another order, and writes rewound.
  static func write(_ value: JSONValue, into pair: inout Pair, _ generator: inout SeededGenerator) {
    switch value {
    case .null: pair.both { $0.writeNull() }
    case .bool(let flag): pair.both { $0.write(flag) }
    case .string(let text): pair.both { $0.write(text) }
    case .number(let number):
      switch (Int.random(in: 0..<3, using: &generator), Int64(number.text), Double(number.text)) {
      case (0, let integer?, _): pair.both { $0.write(integer) }
      case (1, _, let double?) where Double(exactly: Float(double)) == double: pair.both { $0.write(Float(double)) }
      case (1, _, let double?): pair.both { $0.write(double) }
      default: pair.both { $0.write(number) }
      }
    case .array(let elements):
      guard Int.random(in: 0..<4, using: &generator) > 0 else { return pair.both { $0.write(value) } }
      pair.both { $0.beginArray() }
      for element in elements {
        detour(&pair, inObject: false, &generator)
        write(element, into: &pair, &generator)
      }
      pair.both { $0.endArray() }
    case .object(let object):
      guard Int.random(in: 0..<4, using: &generator) > 0 else { return pair.both { $0.write(value) } }
      pair.both { $0.beginObject() }
      var starts: (text: [Int], tree: [Int]) = ([], [])
      for (key, member) in object {
        detour(&pair, inObject: true, &generator)
        starts.text.append(pair.text.position)
        starts.tree.append(pair.tree.position)
        writeKey(key, into: &pair, &generator)
        if Bool.random(using: &generator) {
          // Written, then taken back from after the key.
          let checkpoints = (pair.text.checkpoint, pair.tree.checkpoint)
          write(.string("dropped"), into: &pair, &generator)
          pair.text.rewind(to: checkpoints.0)
          pair.tree.rewind(to: checkpoints.1)
        }
        write(member, into: &pair, &generator)
      }
      if starts.text.count > 1 && Bool.random(using: &generator) {
        let order = Array(starts.text.indices).shuffled(using: &generator)
        pair.text.reorderMembers(startingAt: starts.text, in: order)
        pair.tree.reorderMembers(startingAt: starts.tree, in: order)
      }
      pair.both { $0.endObject() }
    }
  }

  static func writeKey(_ key: String, into pair: inout Pair, _ generator: inout SeededGenerator) {
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: pair.both { $0.writeKey(key) }
    case 1:
      pair.both { writer in
        var key = key
        key.withUTF8 { writer.writeKey(escapingAsNeeded: $0) }
      }
    default:
      pair.both { writer in
        var key = key
        key.withUTF8 { writer.writeKey(utf8: $0, needsEscaping: true) }
      }
    }
  }

  /// Sometimes writes an entry, open containers left open or not, and
  /// rewinds it away.
  static func detour(_ pair: inout Pair, inObject: Bool, _ generator: inout SeededGenerator) {
    guard Int.random(in: 0..<4, using: &generator) == 0 else { return }
    let checkpoints = (pair.text.checkpoint, pair.tree.checkpoint)
    if inObject { writeKey("detour", into: &pair, &generator) }
    pair.both { $0.beginArray() }
    pair.both { $0.write(Int64(42)) }
    if Bool.random(using: &generator) {
      pair.both { $0.beginObject() }
      pair.both { $0.writeKey("open") }
    } else {
      pair.both { $0.endArray() }
    }
    pair.text.rewind(to: checkpoints.0)
    pair.tree.rewind(to: checkpoints.1)
  }

  @Test(
    "random values written every way: the value their text reads as",
    arguments: [[], [.sortedKeys]] as [JSONWriteOptions])
  func randomWrites(options: JSONWriteOptions) throws {
    var generator = SeededGenerator(seed: 0x7EE5 &+ UInt64(options.rawValue))
    for _ in 0..<3_000 {
      let value = Self.value(depth: 4, &generator)
      var pair = Pair(options: options)
      Self.write(value, into: &pair, &generator)
      let (read, built) = try pair.results()
      // Compared as compact text: the same members in the same order, numbers as written.
      #expect(built?.jsonBytes() == read.jsonBytes(), "\(value)")
    }
  }

  @Test("floating-point numbers have the text they would be written with")
  func floatingPointText() throws {
    for double in [
      0.1, -0.0, 1e20, 1e21, 1e-7, 123_456_789_012_345_680, .nan, .infinity, 5e-324, 1.7976931348623157e308,
    ] {
      var pair = Pair(options: [])
      pair.both { $0.beginArray() }
      pair.both { $0.write(double) }
      pair.both { $0.write(Float(double)) }
      pair.both { $0.endArray() }
      let (read, built) = try pair.results()
      #expect(built?.jsonBytes() == read.jsonBytes(), "\(double)")
    }
  }

  @Test("a repeated key keeps its last value at its first position, as reading does")
  func repeatedKeys() throws {
    var pair = Pair(options: [])
    pair.both { $0.beginObject() }
    for (key, number) in [("a", 1), ("b", 2), ("a", 3)] as [(String, Int64)] {
      pair.both { $0.writeKey(key) }
      pair.both { $0.write(number) }
    }
    pair.both { $0.endObject() }
    let (read, built) = try pair.results()
    #expect(built?.jsonBytes() == Array(#"{"a":3,"b":2}"#.utf8))
    #expect(built?.jsonBytes() == read.jsonBytes())
  }

  @Test("containers deeper than reading allows are not built: the value is too deep")
  func tooDeep() {
    for depth in [JSONValue.maximumDepth, JSONValue.maximumDepth + 1] {
      var writer = JSONWriter(buildingValueWith: [])
      for _ in 0..<depth { writer.beginArray() }
      let inside = writer.checkpoint
      writer.write("leaf")
      writer.rewind(to: inside)
      writer.write("leaf")
      for _ in 0..<depth { writer.endArray() }
      #expect(writer.builtTooDeep == (depth > JSONValue.maximumDepth), "\(depth)")
      #expect(writer.value != nil)
    }
  }

  @Test("nothing is built before a whole value is written, or after it is rewound")
  func incompleteValues() {
    var writer = JSONWriter(buildingValueWith: [])
    let empty = writer.checkpoint
    writer.beginArray()
    writer.write("x")
    #expect(writer.value == nil)
    writer.endArray()
    #expect(writer.value == .array(["x"]))
    writer.rewind(to: empty)
    #expect(writer.value == nil)
    #expect(writer.bytes.isEmpty)
  }
}
