import ModelKitJSON
import Testing

@Suite("Hostile inputs")
struct HostileInputTests {
  @Test(arguments: [("[", "]"), ("{\"a\":", "}"), ("[{\"k\":", "}]")])
  func refusesHundredThousandDeepNesting(_ open: String, _ close: String) {
    let text = String(repeating: open, count: 100_000) + "1" + String(repeating: close, count: 100_000)
    let error = #expect(throws: JSONError.self) { try JSONDocument(parsing: text) }
    #expect(error?.kind == .nestingTooDeep)
    #expect(error?.message == "arrays and objects are nested deeper than the limit of 512")
  }

  @Test func unclosedDeepNestingIsAnErrorToo() {
    let error = #expect(throws: JSONError.self) {
      try JSONDocument(parsing: String(repeating: "[", count: 100_000))
    }
    #expect(error?.kind == .nestingTooDeep)
    #expect(error?.offset == 512)
  }

  @Test func deepNestingWithinARaisedLimitIsRead() throws {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let document = try JSONDocument(parsing: text, options: JSONReadOptions(maxDepth: depth))
    #expect(document.nodeCount == depth)
    var node = document.root
    var levels = 1
    while let inner = document.elements(of: node).first(where: { _ in true }) {
      node = inner
      levels += 1
    }
    #expect(levels == depth)
  }

  @Test func jsonValueCapsItsDepth() {
    let depth = JSONValue.maximumDepth + 1
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let error = #expect(throws: JSONError.self) { try JSONValue(json: text, maxDepth: 1_000_000) }
    #expect(error?.kind == .nestingTooDeep)
  }

  @Test func maxDepthCountsContainers() throws {
    #expect(throws: Never.self) { try JSONValue(json: "[[1]]", maxDepth: 2) }
    #expect(throws: JSONError.self) { try JSONValue(json: "[[[1]]]", maxDepth: 2) }
    #expect(throws: Never.self) { try JSONValue(json: "1", maxDepth: 0) }
    #expect(throws: JSONError.self) { try JSONValue(json: "[]", maxDepth: 0) }
  }

  static let smallDocument = #"{"id": 12, "name": "Ada \"L\"", "tags": ["x", 1.5e3, true, null, false], "nested": {"a": [], "b": {}}, "u": "\u00e9😀"}"#

  @Test func everyTruncationIsAnErrorNeverACrash() throws {
    let bytes = Array(Self.smallDocument.utf8)
    #expect(throws: Never.self) { try JSONDocument(parsing: bytes) }
    for length in 0..<bytes.count {
      let prefix = Array(bytes[..<length])
      let error = #expect(throws: JSONError.self, "prefix of \(length) bytes") {
        try JSONDocument(parsing: prefix)
      }
      #expect(error.map { $0.offset <= length } == true)
      if length == 0 {
        #expect(error?.kind == .emptyInput)
      }
    }
  }

  @Test func truncationsReportTheEndOfInput() {
    for text in [#"{"a": [1, 2"#, #"{"a""#, #"["abc"#, "[tru", "[1e", #""\u12"#, "{"] {
      let error = #expect(throws: JSONError.self, "\(text)") { try JSONDocument(parsing: text) }
      #expect(error?.kind == .unexpectedEndOfInput, "\(text)")
      #expect(error?.offset == text.utf8.count, "\(text)")
    }
  }

  @Test(arguments: ["", " ", "\n\t ", "\u{FEFF}"])
  func emptyInputIsAnError(_ text: String) {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: text) }
    #expect(error?.kind == .emptyInput)
  }

  @Test(arguments: ["1 2", "{} {}", "[]]", "nullx", "\"a\" \"b\"", "1\u{0}"])
  func trailingCharactersAreAnError(_ text: String) {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: text) }
    #expect(error?.kind == .trailingCharacters || error?.kind == .unexpectedCharacter)
  }

  @Test func aHugeArrayOfSmallValuesIsRead() throws {
    let count = 1_000_000
    let text = "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
    let document = try JSONDocument(parsing: text)
    #expect(document.count(of: document.root) == count)
    #expect(document.elements(of: document.root).reduce(0) { $0 + (document.int($1) ?? 0) } == count)
  }

  @Test func embeddedNulBytesAreRejected() {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: [0x5B, 0x00, 0x5D]) }
    #expect(error?.kind == .unexpectedCharacter)
    #expect(error?.message == "unexpected byte 0x0: expected a value")
  }
}
