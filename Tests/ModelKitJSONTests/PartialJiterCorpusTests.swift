import Foundation
import ModelKitJSON
import ModelKitTestSupport
import Testing

/// The partial reader's snapshot at every prefix of LLM-like texts, for a
/// second opinion from another library: with `MODELKIT_PARTIAL_ARTIFACTS`
/// set to a folder, the corpus is written there, and
/// `Scripts/check-partial.sh` compares it with `jiter`'s partial mode
/// (PyPI) where the two libraries' rules agree (every prefix that does
/// not end inside a number or a literal, which `jiter` takes as complete
/// at the end of its input).
@Suite struct PartialJiterCorpusTests {
  /// Texts written by hand (escapes, surrogate pairs, exponents, empty
  /// containers), then generated ones.
  static func texts() -> [String] {
    var texts = PartialJSONReaderTests.corpus + [
      #"{"answer": {"steps": [{"n": 1, "say": "\u0048i \ud83d\udc4b"}, {"n": 2e-3, "say": "tab\tquote\"slash\/"}], "ok": true, "none": null, "empty": {}, "list": []}}"#,
      #"[{"a": [[], [{}], [[1]]]}, "x", -0, 1E+2, false]"#,
    ]
    var generator = SeededGenerator(seed: 27)
    for round in 0..<40 {
      let value = randomValue(depth: 3, &generator)
      texts.append(value.jsonString(options: round % 2 == 0 ? [.prettyPrinted] : []))
    }
    return texts
  }

  static func randomValue(depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
    let words = ["Paris", "naïve café", "日本語", "🥞 emoji", "line\nbreak", "q\"uote", "back\\slash", ""]
    switch Int.random(in: 0..<(depth > 0 ? 7 : 4), using: &generator) {
    case 0: return .string(words.randomElement(using: &generator)!)
    case 1: return JSONValue(Int.random(in: -100_000...100_000, using: &generator))
    case 2: return JSONValue(Double.random(in: -1e6...1e6, using: &generator))
    case 3: return [true, false, nil].randomElement(using: &generator)!
    case 4, 5:
      var object = JSONObject()
      for index in 0..<Int.random(in: 0...4, using: &generator) {
        object["key\(index)_\(words.randomElement(using: &generator)!)"] = randomValue(depth: depth - 1, &generator)
      }
      return .object(object)
    default:
      return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth - 1, &generator) })
    }
  }

  @Test func everyPrefixOfTheCorpusIsWrittenForAnotherReader() throws {
    var documents: [JSONValue] = []
    var comparable = 0
    for text in Self.texts() {
      let bytes = Array(text.utf8)
      var reader = PartialJSONReader(maxDepth: 64)
      var prefixes: [JSONValue] = [["shown": nil, "inToken": false]]
      for index in bytes.indices {
        try bytes[index...index].withUnsafeBytes { try reader.append($0) }
        let snapshot = reader.snapshot
        // A number or literal whose end has not arrived: `jiter` shows it, this reader does not yet.
        let inToken = snapshot.hiddenElement || snapshot.hiddenMemberKey != nil || !snapshot.hasValue
        let shown = snapshot.hasValue ? try JSONValue(json: snapshot.closedText) : nil
        prefixes.append(["shown": shown ?? nil, "inToken": .bool(inToken)])
        if !inToken { comparable += 1 }
      }
      documents.append(["text": .string(text), "prefixes": .array(prefixes)])
    }
    #expect(documents.count > 40 && comparable > 1_000)
    guard let folder = ProcessInfo.processInfo.environment["MODELKIT_PARTIAL_ARTIFACTS"] else { return }
    let url = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(JSONValue.array(documents).jsonString().utf8).write(to: url.appendingPathComponent("partial-corpus.json"))
  }
}
