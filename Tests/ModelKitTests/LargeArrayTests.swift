import Foundation
import ModelKit
import ModelKitJSON
import ModelKitTestSupport
import Testing

/// Large top-level arrays (from 256 KiB) are read a window of text at a
/// time, to keep the peak memory near the input's and the result's size.
/// Nothing else may change: values, dropped elements, errors with their
/// paths and positions, and which error wins, are those of reading the text
/// whole (Foundation's `JSONDecoder` is the oracle for the coder).
@Suite("Large top-level arrays")
struct LargeArrayTests {
  typealias Differential = FoundationDifferentialTests
  /// From this size on, a machine with several cores reads the windows on every core (`Parallelism.threshold`).
  static let parallelSize = 1 << 20

  /// An element of a large array of models.
  struct WindowItem: JSONModel, Codable, Equatable {
    var id = 0
    var name = ""
    var price = 0.0
    var tags: [String] = []
    var rating: Double?
  }

  /// `count` items; the one at `odd` (if any) has `odd` text as its id.
  static func items(_ count: Int, odd: (index: Int, id: String)? = nil) -> String {
    "["
      + (0..<count).map { index in
        let id = index == odd?.index ? odd!.id : "\(index)"
        return
          #"{"id": \#(id), "name": "item \#(index)", "price": \#(index % 100).5, "tags": ["a", "b"], "rating": null}"#
      }.joined(separator: ",\n") + "]"
  }

  /// The same array inside an envelope, which is read whole.
  static func whole(_ text: String, _ options: DecodingOptions = DecodingOptions()) throws -> [WindowItem] {
    try [WindowItem](json: #"{"a": "# + text + "}", at: "a", options: options)
  }

  @Test("models decode as from the text read whole, from every input type")
  func modelsAsWhole() throws {
    let text = Self.items(5_000, odd: (3_000, #""12""#))
    #expect(text.utf8.count > 256 << 10)
    let expected = try Self.whole(text)
    #expect(expected.count == 5_000 && expected[3_000].id == 12)
    #expect(try [WindowItem](json: text) == expected)
    #expect(try [WindowItem](json: Data(text.utf8)) == expected)
    #expect(try [WindowItem](json: Array(text.utf8)) == expected)
    #expect(try ModelDecoder().decode([WindowItem].self, from: Data(text.utf8)) == expected)
  }

  @Test("ModelDecoder reads a JSONValue as it reads the value's text: values, dropped elements, errors")
  func jsonValuesReadAsTheirText() throws {
    for (count, odd) in [(3, nil), (5_000, nil), (5_000, (2_700, #""x""#)), (5_000, (4_999, "1.5"))] {
      let text = Self.items(count, odd: odd)
      let value = try JSONValue(json: Data(text.utf8))
      #expect(text.utf8.count > 256 << 10 || count == 3)
      for strict in [false, true] {
        let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
        let fromValue = Result { try decoder.decode([WindowItem].self, from: value) }
        let fromText = Result { try decoder.decode([WindowItem].self, from: Data(text.utf8)) }
        #expect(Differential.summary(of: fromValue) == Differential.summary(of: fromText), "\(count) \(strict)")
        #expect((try? fromValue.get()) == (try? fromText.get()))
      }
    }
  }

  @Test("lenient decoding drops the elements it dropped whole; strict names the element's index")
  func droppedAndStrict() throws {
    let text = Self.items(5_000, odd: (4_321, #""x""#)).replacingOccurrences(
      of: #"{"id": 4000,"#, with: #"7, {"id": 4000,"#)
    let expected = try Self.whole(text)
    #expect(expected.count == 5_000)  // the 7 is dropped, the "x" id ignored
    #expect(try [WindowItem](json: text) == expected)
    let strict = DecodingOptions(strict: true)
    let error = #expect(throws: ModelError.self) { try [WindowItem](json: text, options: strict) }
    #expect(error?.codingPath.description == "$[4000]")
    let later = Self.items(5_000, odd: (4_321, #""x""#))
    let idError = #expect(throws: ModelError.self) { try [WindowItem](json: later, options: strict) }
    #expect(idError?.codingPath.description == "$[4321].id")
    let decoded = #expect(throws: DecodingError.self) {
      try ModelDecoder(options: strict).decode([WindowItem].self, from: Data(later.utf8))
    }
    #expect(decoded.map(Differential.summary) == #"typeMismatch at ["Index 4321", "id"]"#)
  }

  @Test("a syntax error late in the text wins over a conversion error early, with its line and column")
  func syntaxErrorWins() throws {
    let text = Self.items(5_000, odd: (10, #""x""#)) + " ]"
    let syntax = try #require(Self.syntaxError(text))
    for options in [DecodingOptions(), DecodingOptions(strict: true)] {
      let error = #expect(throws: ModelError.self) { try [WindowItem](json: text, options: options) }
      #expect(error?.kind == .syntax)
      #expect(error?.line == syntax.line && error?.column == syntax.column && error?.line == 5_000)
      let decoded = #expect(throws: DecodingError.self) {
        try ModelDecoder(options: options).decode([WindowItem].self, from: Data(text.utf8))
      }
      #expect(decoded.map(Differential.summary) == "dataCorrupted at []")
    }
  }

  /// A report's entries as (kind, path), the whole read's envelope key taken off its paths.
  static func entries(_ report: DecodeReport, envelope: Bool = false) -> [String] {
    report.entries.map { entry in
      "\(entry.kind) " + (envelope ? entry.path.replacingOccurrences(of: "$.a", with: "$") : entry.path)
    }
  }

  @Test("from 1 MiB, on every core: the values, drops, report entries and errors of the text read whole")
  func parallelReadsAsWhole() throws {
    // A value that does not convert in one window, an element dropped in a later one.
    let text = Self.items(16_000, odd: (9_001, #""x""#))
      .replacingOccurrences(of: #"{"id": 9002,"#, with: #"{"id": "y","#)
      .replacingOccurrences(of: #"{"id": 9003,"#, with: #"{"id": [],"#)
      .replacingOccurrences(of: #"{"id": 12000,"#, with: #"7, {"id": 12000,"#)
    #expect(text.utf8.count > Self.parallelSize)
    let wholeReport = DecodeReport()
    let expected = try Self.whole(text, DecodingOptions(report: wholeReport))
    #expect(expected.count == 16_000 && expected[9_001].id == 0 && expected[12_000].id == 12_000)
    let report = DecodeReport()
    #expect(try [WindowItem](json: text, options: DecodingOptions(report: report)) == expected)
    #expect(Self.entries(report) == Self.entries(wholeReport, envelope: true))
    #expect(Self.entries(report).count == 4)
    // A handler is handed the same entries, in order.
    let handed = Locked<[String]>([])
    let handler = DecodeReport { entry in handed.withLock { $0.append("\(entry.kind) \(entry.path)") } }
    #expect(try [WindowItem](json: Data(text.utf8), options: DecodingOptions(report: handler)) == expected)
    #expect(handed.withLock { $0 } == Self.entries(report))
    // Strict: the first element in order that does not convert, whichever core read it.
    let strict = DecodingOptions(strict: true)
    let error = #expect(throws: ModelError.self) { try [WindowItem](json: text, options: strict) }
    #expect(error?.codingPath.description == "$[9001].id")
    // The Codable coder, against JSONDecoder.
    let valid = Self.items(16_000)
    let decoded = try ModelDecoder().decode([WindowItem].self, from: Data(valid.utf8))
    #expect(try decoded == JSONDecoder().decode([WindowItem].self, from: Data(valid.utf8)))
    let odd = Self.items(16_000, odd: (15_500, #""x""#))
    let strictly = Result { try ModelDecoder(options: strict).decode([WindowItem].self, from: Data(odd.utf8)) }
    let foundation = Result { try JSONDecoder().decode([WindowItem].self, from: Data(odd.utf8)) }
    #expect(Differential.summary(of: strictly) == Differential.summary(of: foundation))
    // Leniently, as the same array given as a value (read whole).
    let value = try JSONValue(json: Data(odd.utf8))
    let leniently = try ModelDecoder().decode([WindowItem].self, from: Data(odd.utf8))
    #expect(try leniently == ModelDecoder().decode([WindowItem].self, from: value))
    #expect(leniently[15_500].id == 0 && leniently.count == 16_000)
  }

  @Test("from 1 MiB, on every core: a syntax error anywhere wins over a conversion error, early or late")
  func parallelSyntaxErrorWins() throws {
    let late = Self.items(16_000, odd: (10, #""x""#)) + " ]"
    let early = Self.items(16_000, odd: (15_900, #""x""#)).replacingOccurrences(
      of: #"{"id": 20,"#, with: #"{"id": 20,,"#)
    for text in [late, early] {
      let syntax = try #require(Self.syntaxError(text))
      for options in [DecodingOptions(), DecodingOptions(strict: true)] {
        let error = #expect(throws: ModelError.self) { try [WindowItem](json: text, options: options) }
        #expect(error?.kind == .syntax)
        #expect(error?.line == syntax.line && error?.column == syntax.column && error?.offset == syntax.offset)
        let decoded = #expect(throws: DecodingError.self) {
          try ModelDecoder(options: options).decode([WindowItem].self, from: Data(text.utf8))
        }
        #expect(decoded.map(Differential.summary) == "dataCorrupted at []")
      }
    }
  }

  static func syntaxError(_ text: String) -> JSONError? {
    do {
      _ = try JSONDocument(parsing: text)
      return nil
    } catch {
      return error
    }
  }

  @Test("ModelDecoder gives JSONDecoder's value or error for large arrays of Codable trees")
  func codableTrees() throws {
    var rng = SeededGenerator(seed: 11)
    let settings = Differential.Settings(formatting: [], dates: 1, data: false, snakeCase: false)
    let (encoder, _) = settings.encoders()
    let (foundation, strict) = settings.decoders(strict: true)
    let (_, lenient) = settings.decoders(strict: false)
    for round in 0..<12 {
      var elements: [String] = []
      var size = 0
      while size < 300_000 {
        let tree = String(decoding: try encoder.encode(Differential.Tree.random(&rng)), as: UTF8.self)
        elements.append(tree)
        size += tree.utf8.count + 1
      }
      // One element somewhere (late, mostly) that may not decode.
      let odd = elements.count - 1 - Int.random(in: 0..<elements.count, using: &rng) / (round % 3 + 1)
      elements[odd] = String(decoding: try Differential.mutatedTree(&rng, encoder), as: UTF8.self)
      var text = "[" + elements.joined(separator: ",") + "]"
      if round % 4 == 3 { text.removeLast(Int.random(in: 1...3, using: &rng)) }
      let data = Data(text.utf8)
      switch Result(catching: { try foundation.decode([Differential.Tree].self, from: data) }) {
      case .success(let expected):
        #expect(try strict.decode([Differential.Tree].self, from: data) == expected, "round \(round)")
        #expect(try lenient.decode([Differential.Tree].self, from: data) == expected, "round \(round)")
      case .failure(let expected):
        let found = Differential.summary(of: Result { try strict.decode([Differential.Tree].self, from: data) })
        if found.contains("\"byName\"") || found.contains("\"byNumber\"") {
          #expect(found != "a value", "round \(round)")  // JSONDecoder's dictionary order is not defined
        } else {
          #expect(found == Differential.summary(expected), "round \(round)")
        }
      }
    }
  }

  @Test("arrays of numbers and strings: the same values and errors as JSONDecoder's")
  func scalarArrays() throws {
    var rng = SeededGenerator(seed: 12)
    let oddities = ["\"12\"", "null", "1.5", "true", "1e400", "-0", "{}", "[]", "9223372036854775808"]
    for round in 0..<8 {
      var numbers = (0..<60_000).map { _ in String(Int.random(in: -1_000_000...1_000_000, using: &rng)) }
      if round % 2 == 1 {
        numbers[Int.random(in: 30_000..<60_000, using: &rng)] = oddities.randomElement(using: &rng)!
      }
      var text = "[" + numbers.joined(separator: ", ") + "]"
      if round % 4 == 3 { text += "," }
      let data = Data(text.utf8)
      for strictness in [true, false] {
        let ours = ModelDecoder(options: DecodingOptions(strict: strictness))
        Self.expectAgreement([Int].self, data, ours, round)
        Self.expectAgreement([Double].self, data, ours, round)
        Self.expectAgreement([Int?].self, data, ours, round)
        Self.expectAgreement([Float].self, data, ours, round)
      }
    }
  }

  /// Strict: JSONDecoder's value or error; lenient: its value where it succeeds.
  static func expectAgreement<Value: Decodable & Equatable>(
    _ type: Value.Type, _ data: Data, _ ours: ModelDecoder, _ round: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = Result { try JSONDecoder().decode(Value.self, from: data) }
    let found = Result { try ours.decode(Value.self, from: data) }
    if ours.options.strict {
      #expect(
        Differential.summary(of: found) == Differential.summary(of: expected), "\(Value.self), round \(round)",
        sourceLocation: sourceLocation)
      if case .success(let value) = expected { #expect((try? found.get()) == value, sourceLocation: sourceLocation) }
    } else if case .success(let value) = expected {
      #expect((try? found.get()) == value, "\(Value.self), round \(round)", sourceLocation: sourceLocation)
    }
  }

  @Test("elements of very different sizes, small ones first, decode as they do whole")
  func varyingElementSizes() throws {
    // Small elements first, then large ones: the estimate grows as it reads.
    let small = (0..<40_000).map { #"{"id": \#($0)}"# }
    let large = (0..<2_000).map { #"{"id": \#($0), "name": "\#(String(repeating: "n", count: 300))"}"# }
    let text = "[" + (small + large).joined(separator: ",") + "]"
    let decoded = try [WindowItem](json: text)
    #expect(decoded.count == 42_000)
    #expect(decoded[40_001].id == 1 && decoded[40_001].name.count == 300)
    #expect(decoded == (try Self.whole(text)))
  }

  @Test("an element larger than the window is read whole")
  func largeElement() throws {
    let big = #"{"id": 1, "name": "\#(String(repeating: "é", count: 200_000))"}"#
    let text = "[" + big + ", " + big + ", {\"id\": 3}]"
    let decoded = try [WindowItem](json: text)
    #expect(decoded.map(\.id) == [1, 1, 3])
    #expect(decoded[1].name.count == 200_000)
  }
}
