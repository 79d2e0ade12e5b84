import Foundation
import ModelKit

/// Peak memory of decoding large top-level arrays, as a multiple of the
/// input's size: objects into models and into Codable structs, numbers into
/// `[Double]`. The input itself, resident throughout, counts as 1x. Each
/// decode runs once (its time is shown, not measured as the tables' are).
struct MemoryBenchmark {
  /// Whether the inputs are a tenth of the full size.
  let quick: Bool

  func run() throws {
    print("Peak memory of one decode (multiple of the input's size, the input included; lower is better)")
    guard PeakMemory.isAvailable else {
      print("  not measured: peak memory is read from /proc, on Linux only")
      print()
      return
    }
    let scale = quick ? 10 : 1
    let itemCount = 1_250_000 / scale
    let numberCount = 10_000_000 / scale
    try measure("\(itemCount) objects", bytes: { LargeArrayInput.items(itemCount) }, [
      ("  ModelKit [Item](json:) (≤ 3x)", 3, { data in consume(try [Item](json: data).count) }),
      ("  ModelDecoder [PlainItem] (≤ 3x)", 3, { data in consume(try ModelDecoder().decode([PlainItem].self, from: data).count) }),
      ("  Foundation JSONDecoder [PlainItem]", nil, { data in consume(try JSONDecoder().decode([PlainItem].self, from: data).count) }),
    ])
    try measure("\(numberCount) numbers", bytes: { LargeArrayInput.numbers(numberCount) }, [
      ("  ModelDecoder [Double] (≤ 3x)", 3, { data in consume(try ModelDecoder().decode([Double].self, from: data).count) }),
      ("  Foundation JSONDecoder [Double]", nil, { data in consume(try JSONDecoder().decode([Double].self, from: data).count) }),
    ])
    print()
  }

  /// Decodes the input once per contender, each after the peak is reset.
  private func measure(
    _ title: String, bytes: () -> [UInt8], _ contenders: [(String, Double?, (Data) throws -> Void)]
  ) throws {
    StandardError.write("  measuring the peak memory of \(title)…")
    PeakMemory.reset()
    let before = PeakMemory.resident ?? 0
    let data = Data(bytes())
    PeakMemory.reset()
    printRow("\(title), \(formatted(Double(data.count) / 1_048_576)) MiB", ["ms", "peak MiB", "x input"])
    for (label, target, decode) in contenders {
      PeakMemory.reset()
      let start = DispatchTime.now().uptimeNanoseconds
      try decode(data)
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      let peak = (PeakMemory.peak ?? 0) - before
      let ratio = Double(peak) / Double(data.count)
      printRow(label, [formatted(milliseconds, digits: 0), formatted(Double(peak) / 1_048_576), ratioCell(ratio, target: nil, atMost: target)])
    }
  }
}

/// One element of the large object array, as a model.
struct Item: JSONModel {
  var id = 0
  var name = ""
  var price = 0.0
  var inStock = false
  var tags: [String] = []
  var rating: Double?
}

/// One element of the large object array, as a plain Codable struct.
struct PlainItem: Codable {
  var id: Int
  var name: String
  var price: Double
  var inStock: Bool
  var tags: [String]
  var rating: Double?
}

/// The large inputs, generated (deterministically) rather than stored.
enum LargeArrayInput {
  /// `count` objects of six members, about 85 bytes each.
  static func items(_ count: Int) -> [UInt8] {
    var text = "["
    text.reserveCapacity(count * 96)
    for index in 0..<count {
      if index > 0 { text += "," }
      let rating = index % 5 == 0 ? "null" : "\(index % 5).\(index % 10)"
      text += #"{"id":\#(index),"name":"item \#(index)","price":\#(index % 1000).\#(index % 97),"#
      text += #""inStock":\#(index % 3 == 0),"tags":["red","large"],"rating":\#(rating)}"#
    }
    text += "]"
    return Array(text.utf8)
  }

  /// `count` numbers with fractions, about 11 bytes each.
  static func numbers(_ count: Int) -> [UInt8] {
    var text = "["
    text.reserveCapacity(count * 12)
    for index in 0..<count {
      if index > 0 { text += "," }
      text += "\(index % 100_000).\(index % 1000 + 1000)"
    }
    text += "]"
    return Array(text.utf8)
  }
}
