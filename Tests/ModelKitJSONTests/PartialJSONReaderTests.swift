import ModelKitJSON
import Testing

/// The partial reader against an independent reference: the whole text
/// parsed once with every value's and every character's end offset, from
/// which the rules of design section 13 say what each prefix shows.
@Suite("Partial JSON reader")
struct PartialJSONReaderTests {
  static let corpus: [String] = [
    #"{"title": "Pancakes", "servings": 4, "vegan": false, "steps": [{"text": "Mix \"flour\" and eggs", "minutes": 5.5e0}, {"text": "Fry 🍳 in a pan", "minutes": 10}], "tags": [], "notes": null, "meta": {}}"#,
    #"[1, -0.5, 2E+3, true, false, null, "a\u00e9\ud83d\ude00b", [], {}, [[]], {"x": [1, {"y": "z"}]}]"#,
    #"  {"k\u0041y": "v\n\t\\\/", "ünï": "こんにちは", "e": "é"}  "#,
    #""just a string with \"quotes\" and \ud834\udd1e""#,
    "12345",
    "-0.25e-7 ",
    "true",
    "[]",
    #"{"a":{"b":{"c":[1,[2,[3,"deep"]]]}}}"#,
    "\u{FEFF}{\"bom\": 1}",
  ]

  @Test func everyPrefixShowsWhatTheRulesSay() throws {
    for text in Self.corpus {
      let bytes = Array(text.utf8)
      let reference = try Reference(bytes)
      var byteByByte = PartialJSONReader(maxDepth: 64)
      var previous: JSONValue?
      for count in 0...bytes.count {
        var atOnce = PartialJSONReader(maxDepth: 64)
        try bytes[..<count].withUnsafeBytes { try atOnce.append($0) }
        if count > 0 { try bytes[(count - 1)..<count].withUnsafeBytes { try byteByByte.append($0) } }
        let expected = reference.shown(prefix: count, finished: false)
        for reader in [atOnce, byteByByte] {
          let snapshot = reader.snapshot
          let shown = try Self.value(of: snapshot)
          #expect(shown == expected, "\(text) cut at \(count)")
          #expect(snapshot.isComplete == reference.isComplete(prefix: count, finished: false), "\(text) cut at \(count)")
        }
        // Monotonic: nothing shown disappears or shrinks.
        if let previous, let shown = try Self.value(of: byteByByte.snapshot) {
          #expect(Self.grows(from: previous, to: shown), "\(text) cut at \(count)")
        }
        previous = try Self.value(of: byteByByte.snapshot)
      }
      try byteByByte.finish()
      #expect(try Self.value(of: byteByByte.snapshot) == JSONValue(json: bytes))
      #expect(byteByByte.snapshot.isComplete)
    }
  }

  @Test func theFirstByteThatCanNeverBeValidIsTheError() {
    let cases: [(String, Int)] = [
      ("[1,]", 3), ("{\"a\" 1}", 5), ("[01]", 2), ("[1.]", 3), ("[-]", 2), ("[1e]", 3), ("[tru ]", 4),
      ("\"a\u{01}\"", 2), ("\"\\x\"", 1), ("\"\\u12G4\"", 5), ("\"\\udc00\"", 1), ("\"\\ud800x\"", 1),
      ("{} x", 3), ("{\"a\":}", 5), ("[1 2]", 3), ("{1:2}", 1),
    ]
    for (text, offset) in cases {
      let bytes = Array(text.utf8)
      for chunk in [1, 2, bytes.count] {
        var reader = PartialJSONReader(maxDepth: 64)
        var thrown: JSONError?
        for start in stride(from: 0, to: bytes.count, by: chunk) where thrown == nil {
          do {
            try bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { try reader.append($0) }
          } catch {
            thrown = error as? JSONError
          }
        }
        #expect(thrown?.offset == offset, "\(text) in chunks of \(chunk): \(String(describing: thrown))")
        #expect(throws: JSONError.self) { try reader.append(UnsafeRawBufferPointer(start: nil, count: 0)) }
      }
    }
    // Invalid UTF-8, and a text cut short at its end.
    var reader = PartialJSONReader(maxDepth: 64)
    #expect(throws: JSONError.self) { try [0x22, 0x61, 0xC0, 0x80].withUnsafeBytes { try reader.append($0) } }
    reader = PartialJSONReader(maxDepth: 64)
    #expect(throws: Never.self) { try Array("[1, {\"a\": ".utf8).withUnsafeBytes { try reader.append($0) } }
    #expect(throws: JSONError.self) { try reader.finish() }
    reader = PartialJSONReader(maxDepth: 2)
    #expect(throws: JSONError.self) { try Array("[[[".utf8).withUnsafeBytes { try reader.append($0) } }
  }

  static func value(of snapshot: PartialJSONSnapshot) throws -> JSONValue? {
    guard snapshot.hasValue else { return nil }
    return try JSONValue(json: snapshot.closedText)
  }

  /// Whether `later` keeps all of `earlier`: strings only grow, arrays and
  /// objects only gain (their last value growing), scalars stay.
  static func grows(from earlier: JSONValue, to later: JSONValue) -> Bool {
    switch (earlier, later) {
    case (.string(let old), .string(let new)): return new.unicodeScalars.starts(with: old.unicodeScalars)
    case (.array(let old), .array(let new)):
      return old.count <= new.count && zip(old, new).allSatisfy { grows(from: $0, to: $1) }
    case (.object(let old), .object(let new)):
      return old.count <= new.count
        && zip(old, new).allSatisfy { $0.key == $1.key && grows(from: $0.value, to: $1.value) }
    default: return earlier == later
    }
  }
}

/// A JSON text parsed whole, keeping where every value and every
/// character of a string ends: what a prefix of it shows, by the rules
/// (written apart from the reader, which never sees the whole text).
private struct Reference {
  indirect enum Node {
    /// `pieces`: each character (an escape or a UTF-8 sequence) and the offset after it.
    case string(start: Int, end: Int, pieces: [(String, Int)])
    case scalar(end: Int, JSONValue)
    case array(start: Int, end: Int, [Node])
    case object(start: Int, end: Int, [(key: String, value: Node)])
  }

  let bytes: [UInt8]
  var root: Node!
  var index = 0

  init(_ bytes: [UInt8]) throws {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipSpace()
    root = try node()
  }

  func shown(prefix count: Int, finished: Bool) -> JSONValue? { shown(root, count, isRoot: true, finished) }

  func isComplete(prefix count: Int, finished: Bool) -> Bool {
    switch root! {
    case .scalar(let end, _): return end < count || (finished && end <= count)
    case .string(_, let end, _), .array(_, let end, _), .object(_, let end, _): return end <= count
    }
  }

  private func shown(_ node: Node, _ count: Int, isRoot: Bool, _ finished: Bool) -> JSONValue? {
    switch node {
    case .scalar(let end, let value):
      // (Not `nil`, which a `JSONValue` literal would read as `null`.)
      return end < count || (isRoot && finished && end <= count) ? value : Optional.none
    case .string(let start, _, let pieces):
      guard start < count else { return nil }
      return .string(pieces.filter { $0.1 <= count }.map(\.0).joined())
    case .array(let start, _, let elements):
      guard start < count else { return nil }
      return .array(elements.compactMap { shown($0, count, isRoot: false, finished) })
    case .object(let start, _, let members):
      guard start < count else { return nil }
      var object = JSONObject()
      for member in members {
        if let value = shown(member.value, count, isRoot: false, finished) { object[member.key] = value }
      }
      return .object(object)
    }
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func node() throws -> Node {
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "["):
      index += 1
      skipSpace()
      var elements: [Node] = []
      while bytes[index] != UInt8(ascii: "]") {
        elements.append(try node())
        skipSpace()
        if bytes[index] == UInt8(ascii: ",") { index += 1 }
        skipSpace()
      }
      index += 1
      return .array(start: start, end: index, elements)
    case UInt8(ascii: "{"):
      index += 1
      skipSpace()
      var members: [(key: String, value: Node)] = []
      while bytes[index] != UInt8(ascii: "}") {
        guard case .string(_, _, let pieces) = try node() else { throw ReferenceError() }
        skipSpace()
        index += 1  // ':'
        skipSpace()
        members.append((pieces.map(\.0).joined(), try node()))
        skipSpace()
        if bytes[index] == UInt8(ascii: ",") { index += 1 }
        skipSpace()
      }
      index += 1
      return .object(start: start, end: index, members)
    case UInt8(ascii: "\""):
      index += 1
      var pieces: [(String, Int)] = []
      while bytes[index] != UInt8(ascii: "\"") {
        // One character: an escape (a surrogate pair whole) or a UTF-8 sequence.
        var end = index + 1
        if bytes[index] == UInt8(ascii: "\\") {
          end = bytes[index + 1] == UInt8(ascii: "u") ? index + 6 : index + 2
          if bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] | 0x20 == UInt8(ascii: "d"),
            (UInt8(ascii: "8")...UInt8(ascii: "b")).contains(bytes[index + 3] | 0x20)
          {
            end = index + 12
          }
        } else {
          while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        let piece = try JSONValue(json: [UInt8(ascii: "\"")] + bytes[index..<end] + [UInt8(ascii: "\"")])
        pieces.append((piece.string!, end))
        index = end
      }
      index += 1
      return .string(start: start, end: index, pieces: pieces)
    default:
      while index < bytes.count, !" \n\r\t,]}".utf8.contains(bytes[index]) { index += 1 }
      return .scalar(end: index, try JSONValue(json: Array(bytes[start..<index])))
    }
  }

  struct ReferenceError: Error {}
}
