import Foundation
import ModelKit
import Testing

/// `ModelEncoder` writes an array of Codable elements with its own loop
/// (one unkeyed container, each element encoded in turn, as
/// `Array.encode(to:)` does): the elements' bytes, the paths their code
/// sees and the errors it throws are `JSONEncoder`'s, whatever the elements.
@Suite("Arrays of Codable elements against JSONEncoder")
struct ArrayEncodingTests {
  struct Point: Codable, Equatable {
    var x: Int
    var label: String?
  }

  /// A class element, its subclass encoding through its superclass's container.
  class Node: Codable {
    var name: String
    weak var parent: Node?
    init(name: String) { self.name = name }
  }

  final class Leaf: Node {
    let weight: Double
    init(name: String, weight: Double) {
      self.weight = weight
      super.init(name: name)
    }
    required init(from decoder: any Decoder) throws { fatalError("not decoded here") }
    private enum CodingKeys: String, CodingKey { case weight }
    override func encode(to encoder: any Encoder) throws {
      try super.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(weight, forKey: .weight)
    }
  }

  enum Step: Codable, Equatable {
    case move(dx: Int, dy: Int)
    case wait
  }

  /// Writes the coding path it sees, as a string.
  struct PathRecorder: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      let names = encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      try container.encode(names.joined(separator: "/"))
    }
  }

  /// Writes nothing at all: `{}` as an element, as in `JSONEncoder`.
  struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  struct Everything: Encodable {
    var points: [Point]
    var optionalPoints: [Point?]
    var grid: [[Point]]
    var nodes: [Node]
    var steps: [Step]
    var paths: [[PathRecorder]]
    var silent: [Silent]
    var empty: [Point]
    var dates: [Date]
    var blobs: [Data]
    var urls: [URL]
  }

  static var everything: Everything {
    let root = Node(name: "root")
    let leaf = Leaf(name: "leaf", weight: 2.5)
    leaf.parent = root
    return Everything(
      points: [Point(x: 1, label: "a"), Point(x: -2, label: nil), Point(x: 3, label: "c/d")],
      optionalPoints: [nil, Point(x: 4, label: nil), nil],
      grid: [[], [Point(x: 5, label: "e")], [Point(x: 6, label: nil), Point(x: 7, label: "\u{1F600}")]],
      nodes: [root, leaf, root],
      steps: [.move(dx: 1, dy: -1), .wait, .move(dx: 0, dy: 0)],
      paths: [[PathRecorder(), PathRecorder()], [], [PathRecorder()]],
      silent: [Silent(), Silent()],
      empty: [],
      dates: [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.5)],
      blobs: [Data(), Data([0, 1, 2, 255])],
      urls: [URL(string: "https://example.com/a?b=c")!])
  }

  // Sorted: Foundation on Linux writes an object's keys in its own order otherwise.
  @Test(arguments: [
    JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
  ])
  func everyKindOfElementIsWrittenAsJSONEncoderWritesIt(formatting: JSONEncoder.OutputFormatting) throws {
    let foundation = JSONEncoder()
    foundation.outputFormatting = formatting
    let expected = try foundation.encode(Self.everything)
    // The paths the elements' code saw, to be sure the comparison holds them.
    let escaped = !formatting.contains(.withoutEscapingSlashes)
    #expect(String(decoding: expected, as: UTF8.self).contains(escaped ? #"paths\/2\/0"# : "paths/2/0"))
    let encoder = ModelEncoder()
    encoder.outputFormatting = formatting
    #expect(try encoder.encode(Self.everything) == expected)
  }

  @Test func topLevelArraysAreWrittenAsJSONEncoderWritesThem() throws {
    let values: [any Encodable] = [
      [Point](), [Point(x: 1, label: nil)], [[Point(x: 2, label: "b")], []], [Step.wait, .move(dx: 1, dy: 2)],
      [Silent()], [[PathRecorder()]],
    ]
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    for value in values {
      #expect(try ModelEncoder(options: .sortedKeys).encode(value) == foundation.encode(value), "\(type(of: value))")
    }
  }

  /// Throws at its element's index `failing`.
  struct Failing: Encodable {
    let index: Int
    let failing: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      if index == failing {
        throw EncodingError.invalidValue(index, .init(codingPath: encoder.codingPath, debugDescription: "no"))
      }
      try container.encode(index)
    }
  }

  struct Holder: Encodable {
    var items: [[Failing]]
  }

  @Test(arguments: [0, 1, 4]) func anElementThatThrowsFailsAtItsPathAsInJSONEncoder(failing: Int) throws {
    let value = Holder(
      items: [[], (0..<3).map { Failing(index: $0, failing: failing) }, [Failing(index: 4, failing: failing)]])
    func path(_ encode: () throws -> Data) -> [String]? {
      do {
        _ = try encode()
        return nil
      } catch EncodingError.invalidValue(_, let context) {
        return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      } catch {
        return ["other: \(error)"]
      }
    }
    let expected = path { try JSONEncoder().encode(value) }
    #expect(expected == ["items", failing == 4 ? "2" : "1", failing == 4 ? "0" : "\(failing)"])
    #expect(path { try ModelEncoder().encode(value) } == expected)
  }
}
