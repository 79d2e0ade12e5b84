import Foundation
import ModelKit
import ModelKitJSON
import ModelKitTestSupport
import Testing

/// A recipe as an LLM streams it: strings, numbers, nested models, arrays of them.
struct PartialRecipe: JSONModel, Equatable {
  var title = ""
  var servings = 0
  var vegan = false
  var rating: Double?
  var steps: [PartialStep] = []
  var tags: [String] = []
  var author = PartialAuthor()
  var notes: String?
}

struct PartialStep: JSONModel, Equatable {
  var text = ""
  var minutes = 0
}

struct PartialAuthor: JSONModel, Equatable {
  var name = ""
  var handle = ""
}

/// The same recipe as a Codable type, read as `ModelDecoder` reads it.
struct CodableRecipe: Codable, Equatable {
  var title: String
  var servings: Int
  var vegan: Bool
  var rating: Double?
  var steps: [CodableStep]
  var tags: [String]
  var author: CodableAuthor
  var notes: String?
}

struct CodableStep: Codable, Equatable {
  var text: String
  var minutes: Int
}

struct CodableAuthor: Codable, Equatable {
  var name: String
  var handle: String
}

@Suite("Partial decoding")
struct PartialDecodingTests {
  /// LLM-like texts whose every value has its property's natural kind:
  /// at every prefix, the snapshot shows what `init(json:)` gives for
  /// the reference's JSON of that prefix.
  static let corpus: [String] = [
    #"{"title": "Pancakes \"fluffy\" 🥞", "servings": 4, "vegan": false, "rating": 4.5e0, "steps": [{"text": "Mix flour, eggs\nand milk", "minutes": 5}, {"text": "Fry in a pan \u00e9\ud83c\udf73", "minutes": 10}], "tags": ["breakfast", "sweet"], "author": {"name": "Ana", "handle": "@ana"}, "notes": null}"#,
    #"{"steps":[],"tags":[""],"author":{},"title":"","servings":-0,"rating":-1.25E-2}"#,
    "{\n  \"title\": \"こんにちは\",\n  \"steps\": [\n    {\"minutes\": 1200, \"text\": \"\\t\\\\\"}\n  ],\n  \"vegan\": true\n}\n",
  ]

  @Test func everyPrefixShowsWhatTheWholeDecodeOfItsJSONShows() throws {
    for text in Self.corpus {
      let bytes = Array(text.utf8)
      let reference = try PartialTextReference(bytes)
      let byteByByte = PartialDecoder<PartialRecipe>()
      let codableByteByByte = PartialDecoder<CodableRecipe>()
      var previous: PartialSnapshot<PartialRecipe>?
      for count in 0...bytes.count {
        let atOnce = PartialDecoder<PartialRecipe>()
        try atOnce.append(Array(bytes[..<count]))
        if count > 0 {
          try byteByByte.append(Array(bytes[(count - 1)..<count]))
          try codableByteByByte.append(Array(bytes[(count - 1)..<count]))
        }
        let expectedJSON = reference.shown(prefix: count, finished: false)
        let expected = try expectedJSON.map { try PartialRecipe(json: $0) } ?? PartialRecipe()
        for decoder in [atOnce, byteByByte] {
          let snapshot = decoder.snapshot
          #expect(snapshot.json == expectedJSON ?? .null, "\(text) cut at \(count)")
          #expect(snapshot.value == expected, "\(text) cut at \(count)")
          #expect(snapshot.isComplete == reference.isComplete(prefix: count, finished: false))
        }
        let codable = codableByteByByte.snapshot
        #expect(codable.json == expectedJSON ?? .null)
        let expectedCodable = try ModelDecoder().decode(CodableRecipe.self, from: expectedJSON ?? [:])
        #expect(codable.value == expectedCodable, "\(text) cut at \(count)")
        // Monotonic: the JSON only grows, and a property complete once never changes.
        let snapshot = byteByByte.snapshot
        if let previous {
          // (`null` and not complete: nothing showed yet.)
          if previous.json != .null || previous.isComplete {
            #expect(PartialTextReference.grows(from: previous.json, to: snapshot.json), "\(text) cut at \(count)")
          }
          let before = try previous.value.jsonValue().object ?? [:]
          let now = try snapshot.value.jsonValue().object ?? [:]
          for (key, value) in before where previous.state(at: key) == .complete {
            #expect(now[key] == value, "\(key) of \(text) changed at \(count)")
            #expect(snapshot.state(at: key) == .complete)
          }
        }
        previous = snapshot
      }
      #expect(try byteByByte.finish().value == PartialRecipe(json: text))
      #expect(try codableByteByByte.finish().value == ModelDecoder().decode(CodableRecipe.self, from: text))
    }
  }
}
