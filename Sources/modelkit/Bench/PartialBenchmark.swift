import Dispatch
import Foundation
import ModelKit

/// Partial decoding: a generated 1 MB recipe fed to a `PartialDecoder` in
/// 1-byte, 16-byte and 4 KiB chunks, a snapshot taken after every chunk
/// and after every 64th, against one `init(json:)` of the whole text
/// (design section 13: appending costs time proportional to the bytes
/// appended, never a re-parse of the text per chunk). A snapshot is built
/// when read: taking one costs O(depth); reading its `value` decodes the
/// text so far, measured apart.
struct PartialBenchmark {
  let timing: Timing
  /// The width of the table's first column.
  private static let labelWidth = 66

  func run() throws {
    let text = PartialInput.recipe(bytes: 1 << 20)
    let decodeWhole = { consume(try PartialRecipe(json: text)) }
    let whole = try timing.median("init(json:) of the whole text", decodeWhole)
    print("Partial decoding: a \(formatted(Double(text.count) / 1_048_576, digits: 2)) MiB recipe, appended in chunks")
    print("  each figure the median of at least \(timing.runs) runs; each ratio is to init(json:) of the whole text,")
    print("  timed in the same rounds (interleaved), so that the machine's noise slows both alike")
    printRow("", ["ms", "ratio"], labelWidth: Self.labelWidth)
    printRow("  init(json:), the whole text", [formatted(whole * 1000, digits: 2), ""], labelWidth: Self.labelWidth)
    /// The median time of `feed` and its ratio to the whole decode's, interleaved.
    func measured(_ what: String, _ feed: @escaping () throws -> Void) throws -> (time: Double, ratio: Double) {
      let times = try timing.interleavedMedians(what, [decodeWhole, feed])
      return (times[1], times[1] / times[0])
    }
    for chunk in [1, 16, 4096] {
      for every in [64, 1] {
        let (time, ratio) = try measured("\(chunk)-byte chunks, a snapshot every \(every)") {
          consume(try Self.feed(text, chunk: chunk, snapshotEvery: every, readsValue: false))
        }
        let target = every == 64 ? " (≤ 3x)" : ""
        printRow(
          "  \(chunk)-byte chunks, a snapshot after \(every == 1 ? "every chunk" : "every 64th")\(target)",
          [formatted(time * 1000, digits: 2), ratioCell(ratio, target: nil, atMost: every == 64 ? 3 : nil)],
          labelWidth: Self.labelWidth)
      }
    }
    // Reading values: each read decodes the text so far.
    for (chunk, every) in [(4096, 64), (4096, 1)] {
      let (time, ratio) = try measured("\(chunk)-byte chunks, the value every \(every)") {
        consume(try Self.feed(text, chunk: chunk, snapshotEvery: every, readsValue: true))
      }
      let reads = (text.count + chunk - 1) / chunk / every
      printRow(
        "  \(chunk)-byte chunks, its value read after \(every == 1 ? "every chunk" : "every 64th") (\(reads) reads)",
        [formatted(time * 1000, digits: 2), ratioCell(ratio, target: nil)], labelWidth: Self.labelWidth)
    }
    print()
  }

  /// Appends `text` in chunks of `chunk` bytes, taking a snapshot after
  /// every `every`-th (reading its value when `readsValue`); the last value.
  static func feed(_ text: [UInt8], chunk: Int, snapshotEvery every: Int, readsValue: Bool) throws -> PartialRecipe {
    let decoder = PartialDecoder<PartialRecipe>()
    var shown = 0
    try text.withUnsafeBytes { bytes in
      // The chunks cut by hand, so that the loop measures the decoder, not slicing.
      guard let base = bytes.baseAddress else { return }
      var start = 0
      var untilSnapshot = every
      while start < bytes.count {
        let length = min(chunk, bytes.count - start)
        try decoder.append(UnsafeRawBufferPointer(start: base + start, count: length))
        start += length
        untilSnapshot -= 1
        if untilSnapshot == 0 {
          untilSnapshot = every
          let snapshot = decoder.snapshot
          shown &+= readsValue ? snapshot.value.steps.count : (snapshot.isComplete ? 1 : 0)
        }
      }
    }
    consume(shown)
    return try decoder.finish().value
  }
}

/// A recipe as an LLM would stream it, large.
struct PartialRecipe: JSONModel {
  var title = ""
  var summary = ""
  var servings = 0
  var rating: Double = 0
  var steps: [PartialStep] = []
  var tags: [String] = []
}

struct PartialStep: JSONModel {
  var index = 0
  var text = ""
  var minutes = 0
  var temperature: Double?
  var tools: [String] = []
  var optional = false
}

enum PartialInput {
  /// A recipe of about `bytes` bytes of JSON: strings with escapes and
  /// non-ASCII text, integers, fractions, literals, nested arrays and objects.
  static func recipe(bytes: Int) -> [UInt8] {
    var text = #"{"title": "Crêpes for a crowd \"deluxe\" 🥞", "summary": "Thin pancakes.\nServe warm.", "#
    text += #""servings": 120, "rating": 4.75, "tags": ["breakfast", "dessert", "français"], "steps": ["#
    var index = 0
    while text.utf8.count < bytes - 200 {
      if index > 0 { text += ", " }
      text += #"{"index": \#(index), "text": "Whisk \#(index % 7 + 1) eggs with 250 ml of milk, then rest the batter for \#(index % 50) minutes — "#
      text += #"at 21.5 °C.", "minutes": \#(index % 90), "temperature": \#(Double(index % 400) / 2 + 0.25), "#
      text += #""tools": ["whisk", "bowl"], "optional": \#(index % 3 == 0)}"#
      index += 1
    }
    text += "]}"
    return Array(text.utf8)
  }
}
