import Foundation
@testable import ModelKit
import ModelKitTestSupport
import Testing

// An array of struct models is written from the array's storage, element
// by element in place (`ModelWriter.encodeModels`). These tests hold it to
// what each element writes on its own, at every option, and to the paths
// of its errors.

private struct Track: JSONModel, Hashable {
  var id = 0
  var title: String?
  var tags: [String] = []
  var rating = 0.0
  var city = ""
  var zip: String?
  static var keyMapping: [String: JSONKey] { ["city": "venue.address.city", "zip": "venue.address.zip", "id": "ID"] }
}

private struct Album: JSONModel, Hashable {
  var name = ""
  var tracks: [Track] = []
  var sides: [[Track]] = []
  var bonus: ContiguousArray<Track> = []
  var next: [Album] = []
}

/// A model nothing in which can fail to write: its elements are written
/// without their indices on the path.
private struct Mark: JSONModel, Hashable {
  var id = 0
  var name: String?
  var codes: [Int] = []
  var labels: [String: String] = [:]
  var flag: Bool?
}

/// Models nothing in which can fail to write, as fields.
private struct Marked: JSONModel {
  var mark = Mark()
  var spare: Mark?
  var crate = Crate()
}

/// Ints only, one of them under a key path.
private struct Placed: JSONModel {
  var id = 0
  var floor = 0
  static var keyMapping: [String: JSONKey] { ["floor": "where.floor"] }
}

/// Adds a member when written.
private struct StampedTrack: JSONModel, Hashable {
  var id = 0
  func didEncode(into json: inout JSONObject) throws { json["stamp"] = JSONValue("s\(id)") }
}

private struct ModelShelf<Item: JSONModel>: JSONModel {
  var items: [Item] = []
}

private struct ContiguousModelShelf<Item: JSONModel>: JSONModel {
  var items: ContiguousArray<Item> = []
}

/// A struct model holding a Foundation graph that may hold what JSON cannot.
private struct Crate: JSONModel {
  var id = 0
  var extra: [String: Any] = [:]
}

private struct DeepTree: JSONModel {
  var children: [DeepTree] = []
}

/// A class model: its arrays are written by their converter.
private final class MarkObject: JSONModel {
  var id = 0
  init() {}
}

/// Arrays of models of every kind: only `[Mark]` is written by the model
/// writer from where the array holds it, the others by their converters.
private struct Shelves: JSONModel {
  var marks: [Mark] = []
  var contiguous: ContiguousArray<Mark> = []
  var optionals: [Mark?] = []
  var maybe: [Mark]?
  var objects: [MarkObject] = []
  var badges: [Badge] = []
  var stamped: [StampedTrack] = []
}

@Suite("Arrays of struct models are written in place")
struct ModelArrayWritingTests {
  static let optionSets: [JSONWriteOptions] = [[], .sortedKeys, .includeNulls, [.sortedKeys, .includeNulls]]

  private let tracks = [
    Track(id: 1, title: "One", tags: ["a", "b\"c"], rating: 4.5, city: "Oslo", zip: "0150"),
    Track(id: 2, title: nil, tags: [], rating: -0.0, city: "", zip: nil),
    Track(id: 3, title: "Trois \u{1F3B5}", tags: ["é"], rating: .nan, city: "Paris", zip: nil),
    Track(),
  ]

  /// The text of `[elements]` where each element is what it writes on its own.
  private func alone<Item: JSONModel>(_ items: some Sequence<Item>, _ options: JSONWriteOptions) throws -> String {
    "[" + (try items.map { try $0.jsonString(options: options) }).joined(separator: ",") + "]"
  }

  @Test func everyElementIsWhatItWritesAlone() throws {
    let stamped = (0..<5).map { StampedTrack(id: $0) }
    for options in Self.optionSets {
      #expect(try ModelShelf(items: tracks).jsonString(options: options) == #"{"items":"# + alone(tracks, options) + "}")
      #expect(
        try ContiguousModelShelf(items: ContiguousArray(tracks)).jsonString(options: options)
          == #"{"items":"# + alone(tracks, options) + "}")
      // A didEncode hook still runs for every element.
      #expect(try ModelShelf(items: stamped).jsonString(options: options) == #"{"items":"# + alone(stamped, options) + "}")
      #expect(try alone(stamped, options).contains(#""stamp":"s4""#))
      #expect(try ModelShelf<Track>().jsonString(options: options) == #"{"items":[]}"#)
      let marks = [
        Mark(id: 1, name: "a/b", codes: [1, -2], labels: ["z": "1", "a": "\"q\""], flag: true), Mark(),
        Mark(id: Int.min, name: nil, codes: [], labels: [:], flag: false),
      ]
      #expect(try ModelShelf(items: marks).jsonString(options: options) == #"{"items":"# + alone(marks, options) + "}")
      #expect(try ModelShelf(items: [ModelShelf(items: marks)]).jsonString(options: options).contains(alone(marks, options)))
    }
  }

  @Test func nestedArraysAndModelsMatchTheirValueForm() throws {
    var album = Album(name: "A", tracks: tracks, sides: [tracks, [], Array(tracks.prefix(1))], bonus: ContiguousArray(tracks.suffix(2)))
    album.next = [album, Album(name: "B")]
    for options in Self.optionSets {
      let text = try album.jsonString(options: options)
      // The JSONValue form is built by the same walk but not from text: both agree with each element alone.
      let value = try album.jsonValue(options: options)
      #expect(try JSONValue(json: Data(text.utf8)) == value)
      #expect(value["tracks"] == (try JSONValue(json: Data(alone(tracks, options).utf8))))
      #expect(value["sides"]?[0] == (try JSONValue(json: Data(alone(tracks, options).utf8))))
      #expect(value["sides"]?[1] == .array([]))
      #expect(value["bonus"] == (try JSONValue(json: Data(alone(tracks.suffix(2), options).utf8))))
      #expect(value["next"] == (try JSONValue(json: Data(alone(album.next, options).utf8))))
    }
    // Read back, an album is the one written (a NaN is left out, so it is
    // not among these).
    let finite = tracks.map { track in
      var copy = track
      if copy.rating.isNaN { copy.rating = 1 }
      return copy
    }
    var round = Album(name: "R", tracks: finite, sides: [[], finite], bonus: ContiguousArray(finite.prefix(1)))
    round.next = [round]
    for options in Self.optionSets {
      #expect(try Album(json: round.jsonString(options: options)) == round)
    }
  }

  @Test func prettyPrintedElementsKeepTheirIndentation() throws {
    let text = try ModelShelf(items: Array(tracks.prefix(2))).jsonString(options: [.prettyPrinted, .sortedKeys])
    let expected = """
      {
        "items" : [
          {
            "ID" : 1,
            "rating" : 4.5,
            "tags" : [
              "a",
              "b\\"c"
            ],
            "title" : "One",
            "venue" : {
              "address" : {
                "city" : "Oslo",
                "zip" : "0150"
              }
            }
          },
          {
            "ID" : 2,
            "rating" : -0,
            "tags" : [

            ],
            "venue" : {
              "address" : {
                "city" : ""
              }
            }
          }
        ]
      }
      """
    #expect(text == expected)
  }

  @Test func onlyModelsWhoseWritingCannotFailAreWrittenWithoutTheirIndices() throws {
    // Scalars that cannot fail, arrays and dictionaries of them: no path needed.
    #expect(try ModelSchema.of(Mark.self).writingCanFail == false)
    // A Double (a strategy may reject NaN), a key path, a nested model, a Foundation graph: the index is kept.
    #expect(try ModelSchema.of(Track.self).writingCanFail)
    #expect(try ModelSchema.of(Placed.self).writingCanFail)
    #expect(try ModelSchema.of(ModelShelf<Mark>.self).writingCanFail)
    #expect(try ModelSchema.of(Crate.self).writingCanFail)
    #expect(try ModelSchema.of(DeepTree.self).writingCanFail)
  }

  @Test func aModelFieldThatCannotFailIsWhatItWritesAlone() throws {
    let mark = Mark(id: 7, name: "n", codes: [3], labels: ["k": "v"], flag: nil)
    for options in Self.optionSets {
      let marked = Marked(mark: mark, spare: Mark(id: 8))
      let expected = try JSONValue(json: Data(#"{"mark":\#(mark.jsonString(options: options)),"spare":\#(Mark(id: 8).jsonString(options: options)),"crate":{"id":0,"extra":{}}}"#.utf8))
      #expect(try JSONValue(json: Data(marked.jsonString(options: options).utf8)) == expected)
      #expect(try Marked(mark: mark).jsonString(options: options).contains(#""spare""#) == options.contains(.includeNulls))
    }
    // A field beside them that fails still names its path.
    let failing = Marked(mark: mark, crate: Crate(id: 1, extra: ["x": NSObject()]))
    let error = #expect(throws: ModelError.self) { try failing.jsonData() }
    #expect(error?.codingPath == "$.crate.extra.x")
  }

  @Test func anElementsErrorNamesItsIndex() {
    let crates = ModelShelf(items: [Crate(id: 1, extra: ["fine": 1]), Crate(id: 2, extra: ["bad": [1, NSObject()]])])
    let error = #expect(throws: ModelError.self) { try crates.jsonData() }
    #expect(error?.kind == .unencodable)
    #expect(error?.codingPath == "$.items[1].extra.bad[1]")
    let inValue = #expect(throws: ModelError.self) { try crates.jsonValue() }
    #expect(inValue?.codingPath == "$.items[1].extra.bad[1]")
    // Two arrays of models deep.
    let deeper = ModelShelf(items: [ModelShelf(items: [Crate(), Crate(extra: ["x": NSObject()])])])
    let nested = #expect(throws: ModelError.self) { try deeper.jsonData() }
    #expect(nested?.codingPath == "$.items[0].items[1].extra.x")
  }

  @Test func theWriterTakesArraysOfPlainStructModelsOnly() throws {
    let schema = try ModelSchema.of(Shelves.self)
    let taken = schema.fields.indices.filter { schema.hotFields[$0].elements != nil }.map { schema.fields[$0].name }
    // A CodableModel's converter writes it by the model's rules; a hook's
    // model is still offered, and handed back to its converter when written.
    #expect(taken == ["marks", "stamped"])
  }

  /// The oracles: each element written alone, and the converters' way of
  /// writing an array element by element, which a `ContiguousArray` field takes.
  @Test func anArrayWrittenInPlaceIsWhatItsConverterWrites() throws {
    var generator = SeededGenerator(seed: 25)
    let names: [String?] = [nil, "", "a", "é\u{1F3B5}", "\"/\\", "tab\t"]
    for round in 0..<200 {
      let marks = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        Mark(
          id: Int.random(in: -1_000...1_000, using: &generator), name: names.randomElement(using: &generator)!,
          codes: (0..<Int.random(in: 0...3, using: &generator)).map { _ in Int.random(in: -9...99, using: &generator) },
          labels: Bool.random(using: &generator) ? [:] : ["k\(round)": "v", "a": "b"],
          flag: [nil, true, false].randomElement(using: &generator)!)
      }
      let tracks = marks.map { Track(id: $0.id, title: $0.name, tags: $0.name.map { [$0] } ?? [], rating: Double($0.id) / 8) }
      for options in Self.optionSets + [.prettyPrinted, [.prettyPrinted, .sortedKeys, .includeNulls]] {
        let marksAlone = options.contains(.prettyPrinted) ? nil : #"{"items":"# + (try alone(marks, options)) + "}"
        #expect(try marksAlone.map { $0 == (try ModelShelf(items: marks).jsonString(options: options)) } ?? true)
        #expect(
          try ModelShelf(items: marks).jsonString(options: options)
            == ContiguousModelShelf(items: ContiguousArray(marks)).jsonString(options: options))
        #expect(
          try ModelShelf(items: tracks).jsonString(options: options)
            == ContiguousModelShelf(items: ContiguousArray(tracks)).jsonString(options: options))
        #expect(
          try ModelShelf(items: [ModelShelf(items: marks)]).jsonValue(options: options)
            == ContiguousModelShelf(items: [ContiguousModelShelf(items: ContiguousArray(marks))]).jsonValue(options: options))
      }
      // An element that cannot be written fails at the same path both ways.
      guard !marks.isEmpty else { continue }
      let bad = Int.random(in: 0..<marks.count, using: &generator)
      let crates = marks.indices.map { Crate(id: $0, extra: $0 == bad ? ["x": NSObject()] : ["y": $0]) }
      let inPlace = #expect(throws: ModelError.self) { try ModelShelf(items: [ModelShelf(items: crates)]).jsonData() }
      let byConverter = #expect(throws: ModelError.self) {
        try ContiguousModelShelf(items: [ContiguousModelShelf(items: ContiguousArray(crates))]).jsonData()
      }
      #expect(inPlace?.kind == .unencodable && inPlace?.kind == byConverter?.kind)
      #expect(inPlace?.codingPath == "$.items[0].items[\(bad)].extra.x")
      #expect(inPlace?.codingPath == byConverter?.codingPath)
    }
  }

  @Test func aDeepTreeOfArraysIsWrittenOrStopsCleanly() {
    var tree = DeepTree()
    for _ in 0..<3_000 { tree = DeepTree(children: [DeepTree(), tree]) }
    let shallow = DeepTree(children: [DeepTree(children: [DeepTree()]), DeepTree()])
    #expect((try? shallow.jsonString()) == #"{"children":[{"children":[{"children":[]}]},{"children":[]}]}"#)
    // The text of the whole tree, built a level at a time.
    var whole = #"{"children":[]}"#
    for _ in 0..<3_000 { whole = #"{"children":[{"children":[]},"# + whole + "]}" }
    let shared = UncheckedSendable(tree)
    let expected = UncheckedSendable(whole)
    let outcome = Locked<[String]>([])
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      var kinds: [String] = []
      for options in [JSONWriteOptions(), .sortedKeys, .prettyPrinted] {
        do {
          // (No string of this text holds whitespace: without it, pretty text is the compact text.)
          let text = try shared.value.jsonString(options: options).filter { !$0.isWhitespace }
          kinds.append(text == expected.value ? "written" : "wrong text")
        } catch {
          kinds.append(underlyingModelError(error).map { "\($0.kind)" } ?? "\(error)")
        }
      }
      outcome.withLock { $0 = kinds }
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    // On half a megabyte of stack 3,000 levels are written whole or stop
    // with tooDeep (which unoptimised builds reach), never a crash.
    let kinds = outcome.withLock { $0 }
    #expect(kinds.count == 3 && kinds.allSatisfy { $0 == "written" || $0 == "tooDeep" }, "\(kinds)")
    // Taken apart a level at a time: released whole, it would recurse 3,000 levels.
    while tree.children.count == 2 { tree = tree.children.removeLast() }
  }
}

/// Hands a value to a thread that is the only one using it.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
