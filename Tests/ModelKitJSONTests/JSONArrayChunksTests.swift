import Foundation
import ModelKitFixtures
import ModelKitJSON
import ModelKitTestSupport
import Testing

/// Reading a top-level array a window at a time must be indistinguishable
/// from reading it whole: the same elements at the same offsets, or the same
/// error (kind, message, offset, line, column), whatever the window size.
@Suite("Top-level arrays read in windows")
struct JSONArrayChunksTests {
  /// What a text reads as: its top-level array's elements with their
  /// offsets, or its error; nil when the top-level value is no array.
  enum Reading: Equatable {
    case elements([JSONValue], offsets: [Int])
    case failure(JSONError)
  }

  static func whole(_ bytes: [UInt8], _ options: JSONReadOptions = .init()) -> Reading? {
    do throws(JSONError) {
      let document = try JSONDocument(parsing: bytes, options: options)
      guard document.kind(of: document.root) == .array else { return nil }
      let nodes = Array(document.elements(of: document.root))
      return .elements(nodes.map(document.value(of:)), offsets: nodes.map(document.offset(of:)))
    } catch {
      return .failure(error)
    }
  }

  static func chunked(_ bytes: [UInt8], window: Int, _ options: JSONReadOptions = .init()) -> Reading? {
    bytes.withUnsafeBytes { buffer -> Reading? in
      guard var chunks = JSONArrayChunks(buffer, options: options, windowSize: window) else { return nil }
      var values: [JSONValue] = []
      var offsets: [Int] = []
      do throws(JSONError) {
        try readAll(&chunks, &values, &offsets)
        return .elements(values, offsets: offsets)
      } catch {
        return .failure(error)
      }
    }
  }

  static func readAll(_ chunks: inout JSONArrayChunks, _ values: inout [JSONValue], _ offsets: inout [Int])
    throws(JSONError)
  {
    while let chunk = try chunks.next() {
      #expect(chunk.firstIndex == values.count)
      let document = chunk.document
      for node in document.elements(of: document.root) {
        values.append(document.value(of: node))
        offsets.append(document.offset(of: node))
      }
    }
  }

  /// The whole reading and the windowed one, for every window size given;
  /// texts whose top level is not an array must be refused by both.
  static func expectSame(
    _ bytes: [UInt8], windows: [Int], _ options: JSONReadOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = whole(bytes, options)
    for window in windows {
      let found = chunked(bytes, window: window, options)
      if case .failure = expected, found == nil { continue }  // not an array, or not even one value
      #expect(
        found == expected, "window \(window): \(String(decoding: bytes.prefix(120), as: UTF8.self))",
        sourceLocation: sourceLocation)
    }
  }

  @Test(
    "reads every JSONTestSuite file as it reads it whole, in windows of 1 to 64 bytes",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
  func testSuite() throws {
    let folder = "JSONTestSuite/test_parsing"
    let files = TestData.files(in: folder, prefix: "")
    #expect(files.count > 300)
    for file in files {
      let bytes = try TestData.bytes(folder, file)
      Self.expectSame(bytes, windows: [1, 2, 3, 5, 8, 13, 64])
      Self.expectSame(bytes, windows: [1, 4, 16], JSONReadOptions(replacesInvalidUnicode: true))
    }
  }

  @Test("reads generated arrays, valid and damaged, as it reads them whole")
  func generated() {
    var random = SeededGenerator(seed: 0x5EED)
    for round in 0..<3_000 {
      var bytes = Array(Self.array(&random, depth: 0).utf8)
      if round % 3 != 0 { Self.damage(&bytes, &random) }
      let windows = [1, 2, Int(random.next() % 40) + 1, Int(random.next() % 400) + 1, 1 << 16]
      Self.expectSame(bytes, windows: windows)
      Self.expectSame(bytes, windows: [Int(random.next() % 30) + 1], JSONReadOptions(maxDepth: 3))
    }
  }

  @Test("gives the same error at the same line and column when the text is wrong late")
  func lateErrors() {
    let elements = (0..<2_000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
    let valid = "[\n" + elements.joined(separator: ",\n") + "\n]"
    let cases = [
      valid + " x",  // trailing characters
      String(valid.dropLast(2)),  // ends inside the array
      valid.replacingOccurrences(of: "\"n1999\"", with: "\"n1999"),  // unterminated string near the end
      valid.replacingOccurrences(of: #""id": 1500"#, with: #""id": 15.00.0"#),
      valid.replacingOccurrences(of: "\"n700\"", with: "\"n7\u{1}00\""),
      valid.replacingOccurrences(of: ",\n{\"id\": 900,", with: ",,{\"id\": 900,"),
    ]
    for text in cases {
      guard case .failure(let error)? = Self.whole(Array(text.utf8)) else {
        Issue.record("expected an error")
        continue
      }
      #expect(error.line > 1)
      Self.expectSame(Array(text.utf8), windows: [7, 100, 1_000, 4_096])
    }
  }

  @Test("estimates the element count from what it has read")
  func estimate() throws {
    let text = Array(("[" + (0..<10_000).map { "\($0 % 10)" }.joined(separator: ",") + "]").utf8)
    try text.withUnsafeBytes { buffer in
      var chunks = try #require(JSONArrayChunks(buffer, windowSize: 1_000))
      #expect(chunks.estimatedCount == 0)
      _ = try chunks.next()
      #expect((9_000...11_000).contains(chunks.estimatedCount))
      try chunks.finish()
      #expect(chunks.estimatedCount == 10_000)
      #expect(try chunks.next() == nil)
    }
  }

  @Test("refuses texts whose top-level value is not an array")
  func notArrays() {
    for text in ["", "  ", "{}", "1", "\"[\"", "x[", "\u{FEFF}{}"] {
      let refused = Array(text.utf8).withUnsafeBytes { JSONArrayChunks($0) == nil }
      #expect(refused, "\(text)")
    }
    let accepted = Array("\u{FEFF} [1]".utf8).withUnsafeBytes { JSONArrayChunks($0) != nil }
    #expect(accepted)
  }

  // MARK: - Generated texts

  static func array(_ random: inout SeededGenerator, depth: Int) -> String {
    let count = Int(random.next() % (depth == 0 ? 40 : 5))
    let items = (0..<count).map { _ in space(&random) + value(&random, depth: depth + 1) + space(&random) }
    return "[" + space(&random) + items.joined(separator: ",") + "]"
  }

  static func value(_ random: inout SeededGenerator, depth: Int) -> String {
    switch random.next() % (depth > 4 ? 6 : 8) {
    case 0: return ["true", "false", "null"][Int(random.next() % 3)]
    case 1: return String(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
    case 2: return ["0.5", "-1e-7", "3.25E+10", "-0", "12345678901234567890123", "1.0"][Int(random.next() % 6)]
    case 3, 4: return string(&random)
    case 5: return "\"\(String(repeating: "x", count: Int(random.next() % 200)))\""
    case 6: return array(&random, depth: depth)
    default:
      let count = Int(random.next() % 4)
      let members = (0..<count).map { _ in
        string(&random) + space(&random) + ":" + space(&random) + value(&random, depth: depth + 1)
      }
      return "{" + members.joined(separator: "," + space(&random)) + "}"
    }
  }

  static func string(_ random: inout SeededGenerator) -> String {
    let pieces = ["a", "é", "漢", "😀", "\\n", "\\\"", "\\u00e9", "\\ud83d\\ude00", " ", "\\\\", "/"]
    let count = Int(random.next() % 8)
    return "\"" + (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() + "\""
  }

  static func space(_ random: inout SeededGenerator) -> String {
    ["", "", " ", "\n", "\t ", "\r\n  "][Int(random.next() % 6)]
  }

  /// Truncates, overwrites or inserts a byte somewhere.
  static func damage(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
    guard !bytes.isEmpty else { return }
    let index = Int(random.next() % UInt64(bytes.count))
    let noise: [UInt8] = [0x22, 0x5C, 0x2C, 0x5D, 0x7D, 0x00, 0xFF, 0xC3, 0x20, 0x31, 0x2E, 0x65, 0x7B, 0x5B]
    let byte = noise[Int(random.next() % UInt64(noise.count))]
    switch random.next() % 3 {
    case 0: bytes.removeSubrange(index...)
    case 1: bytes[index] = byte
    default: bytes.insert(byte, at: index)
    }
  }
}
