import Foundation
import ModelKitJSON
import Testing

@Suite("JSONDocument")
struct JSONDocumentTests {
  let document: JSONDocument

  init() throws {
    document = try JSONDocument(
      parsing: #"{"id": 7, "name": "Ada", "esc\u0061ped": "a\nb", "list": [1, [2, 3], {"x": null}], "ok": true, "id": 8}"#)
  }

  @Test func walksMembersInInputOrderWithDuplicates() {
    let keys = document.members(of: document.root).map { document.string($0.key) }
    #expect(keys == ["id", "name", "escaped", "list", "ok", "id"])
    #expect(document.count(of: document.root) == 6)
    #expect(document.kind(of: document.root) == .object)
  }

  @Test func memberLookupTakesTheLastDuplicate() throws {
    let id = try #require(document.member("id", of: document.root))
    #expect(document.int(id) == 8)
    #expect(document.member("missing", of: document.root) == nil)
    #expect(document.member("escaped", of: document.root).flatMap(document.string) == "a\nb")
  }

  @Test func skipsNestedContainersWhenIterating() throws {
    let list = try #require(document.member("list", of: document.root))
    let kinds = document.elements(of: list).map(document.kind(of:))
    #expect(kinds == [.number, .array, .object])
    #expect(document.count(of: list) == 3)
    let inner = Array(document.elements(of: list))[1]
    #expect(document.elements(of: inner).compactMap(document.int) == [2, 3])
  }

  @Test func scalarAccessorsCheckTheKind() throws {
    let name = try #require(document.member("name", of: document.root))
    #expect(document.string(name) == "Ada")
    #expect(document.int(name) == nil)
    #expect(document.bool(name) == nil)
    let ok = try #require(document.member("ok", of: document.root))
    #expect(document.bool(ok) == true)
    #expect(document.isNull(ok) == false)
    #expect(document.elements(of: ok).underestimatedCount == 0)
    #expect(document.members(of: name).map { $0.key }.isEmpty)
  }

  @Test func stringEqualsMatchesEscapedAndPlainKeys() {
    let keys = document.members(of: document.root).map(\.key)
    #expect(document.stringEquals(keys[1], "name"))
    #expect(!document.stringEquals(keys[1], "nam"))
    #expect(document.stringEquals(keys[2], "escaped"))
    #expect(!document.stringEquals(document.root, "id"))
  }

  @Test func reportsOffsetsOfNodes() throws {
    let list = try #require(document.member("list", of: document.root))
    #expect(document.offset(of: document.root) == 0)
    #expect(document.offset(of: list) == 57)
    #expect(document.numberText(Array(document.elements(of: list))[0]) == "1")
  }

  @Test func scalarDocumentsAreValues() throws {
    let number = try JSONDocument(parsing: " 42 ")
    #expect(number.int(number.root) == 42)
    #expect(number.nodeCount == 1)
    let text = try JSONDocument(parsing: Array(#""hi""#.utf8))
    #expect(text.string(text.root) == "hi")
  }

  @Test func convertsToValues() throws {
    let value = document.value(of: document.root)
    #expect(value["id"] == 8)
    #expect(value["list"]?[2]?["x"] == .null)
    #expect(document.lazyValue(of: document.root) == value)
  }

  @Test func documentsAreSendable() async throws {
    let shared = document
    let count = await Task.detached { shared.count(of: shared.root) }.value
    #expect(count == 6)
  }
}

@Suite("JSONDocument accessors on every kind")
struct JSONDocumentAccessorTests {
  @Test func everyAccessorAnswersEveryKindWithoutTrapping() throws {
    let document = try JSONDocument(parsing: #"[null, true, 1, -1.5e3, 18446744073709551615, "s", "e\n", [1, 2], {"a": [3]}]"#)
    for node in document.elements(of: document.root) {
      let kind = document.kind(of: node)
      #expect((document.string(node) != nil) == (kind == .string))
      #expect((document.bool(node) != nil) == (kind == .bool))
      #expect((document.double(node) != nil) == (kind == .number))
      #expect((document.numberText(node) != nil) == (kind == .number))
      #expect(document.isNull(node) == (kind == .null))
      #expect(!document.stringEquals(node, "a") || kind == .string)
      _ = document.int64(node)
      _ = document.uint64(node)
      _ = document.count(of: node)
      _ = document.member("a", of: node)
    }
  }

  /// One value of each kind the tape tells apart (null, true, false, an
  /// Int64, a UInt64, any other number, a plain and an escaped string, an
  /// array, an object), read back as what it was.
  @Test func everyTapeKindReadsBackAsItWasWritten() throws {
    let document = try JSONDocument(
      parsing: #"[null, true, false, -7, 18446744073709551615, -1.5e3, "s", "e\n", [1, 2], {"a": [3]}]"#)
    let nodes = Array(document.elements(of: document.root))
    #expect(nodes.map(document.kind(of:)) == [.null, .bool, .bool, .number, .number, .number, .string, .string, .array, .object])
    #expect(document.isNull(nodes[0]))
    #expect(document.bool(nodes[1]) == true && document.bool(nodes[2]) == false)
    #expect(document.int64(nodes[3]) == -7 && document.uint64(nodes[4]) == UInt64.max && document.double(nodes[5]) == -1500)
    #expect(document.string(nodes[6]) == "s" && document.string(nodes[7]) == "e\n")
    #expect(document.count(of: nodes[8]) == 2 && document.count(of: nodes[9]) == 1)
    #expect(document.nodeAfter(nodes[8]) == nodes[9] && document.member("a", of: nodes[9]).map(document.count(of:)) == 1)
  }

  /// Keys and texts however their strings are made (literals, at run time,
  /// from `NSString`, cut from a larger string) are read the same. On Linux
  /// all of these have contiguous UTF-8, so the copying fallback of
  /// `withUTF8Bytes` is reached only on Apple platforms (bridged `NSString`s).
  @Test func stringsOfEveryStorageCompareAlike() throws {
    let document = try JSONDocument(parsing: #"{"short": 1, "a key longer than fifteen bytes": 2, "é": 3, "\u212A": 4}"#)
    let long = "a key longer than fifteen bytes"
    let forms: [(String, Int)] = [
      ("short", 1), (String("xshort".dropFirst()), 1), (NSString(string: "short") as String, 1),
      (long, 2), (String(("\(long)!").dropLast()), 2), (NSString(string: long) as String, 2),
      ("é", 3), (NSString(string: "\u{E9}") as String, 3), ("e\u{301}", 3),
      // The Kelvin sign is canonically a K: an ASCII name matches a key of other bytes.
      ("K", 4), ("\u{212A}", 4),
    ]
    for (key, expected) in forms {
      #expect(document.member(key, of: document.root).flatMap(document.int) == expected, "\(key)")
    }
    var writer = JSONWriter()
    writer.beginObject()
    writer.writeKey(NSString(string: long) as String)
    writer.write(1)
    writer.endObject()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a key longer than fifteen bytes":1}"#)
  }
}
