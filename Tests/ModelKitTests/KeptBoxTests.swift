import Foundation
@testable import ModelKit
import Testing

/// A keyed container's box read back as the container for its key type
/// through `KeptBox` (Internals.md §12), as the Codable coders hand out a
/// kept box again: the container read back is the one the box was made
/// for (here Foundation's, so that nothing of ModelKit's but the cast is
/// under test), each read retains the box once and its container releases
/// it, and a box of another key type reads back as its own.
@Suite("Kept boxes read back as their containers")
struct KeptBoxTests {
  enum Fruit: String, CodingKey { case apple, pear, plum }
  enum Slot: Int, CodingKey { case first = 1, second = 2 }

  // Retain counts are read outside `#expect`, which holds a copy of what
  // it could describe.

  /// The box of `container`, its one reference taken over from it.
  static func box<Container>(of container: consuming Container) -> AnyObject {
    precondition(MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size)
    return unsafeBitCast(container, to: AnyObject.self)
  }

  /// Reads its members through containers read back from its container's box.
  struct ReadBack: Decodable {
    var fruit: [String: Int] = [:]
    var slots: [Int: String] = [:]
    var keys: Set<String> = []
    var paths: [String] = []

    enum Top: String, CodingKey { case fruit, slots }

    init(from decoder: any Decoder) throws {
      let top = try decoder.container(keyedBy: Top.self)
      let fruitBox = try KeptBoxTests.box(of: top.nestedContainer(keyedBy: Fruit.self, forKey: .fruit))
      let slotBox = try KeptBoxTests.box(of: top.nestedContainer(keyedBy: Slot.self, forKey: .slots))
      let counts = (fruit: _getRetainCount(fruitBox), slots: _getRetainCount(slotBox))
      for round in 0..<3 {
        let fruitContainer = KeptBox.decodingContainer(.passUnretained(fruitBox), keyedBy: Fruit.self)
        let slotContainer = KeptBox.decodingContainer(.passUnretained(slotBox), keyedBy: Slot.self)
        let countsWhileRead = (fruit: _getRetainCount(fruitBox), slots: _getRetainCount(slotBox))
        #expect(countsWhileRead == (counts.fruit + 1, counts.slots + 1))
        for key in fruitContainer.allKeys { fruit[key.stringValue] = try fruitContainer.decode(Int.self, forKey: key) }
        for key in slotContainer.allKeys { slots[key.rawValue] = try slotContainer.decode(String.self, forKey: key) }
        if round == 0 {
          keys = Set(fruitContainer.allKeys.map(\.stringValue) + slotContainer.allKeys.map(\.stringValue))
          #expect(fruitContainer.contains(.apple) && !fruitContainer.contains(.plum))
          #expect(try fruitContainer.decodeIfPresent(Int.self, forKey: .plum) == nil)
          paths = [fruitContainer.codingPath, slotContainer.codingPath].map { $0.map(\.stringValue).joined(separator: ".") }
        }
      }
      // Each container read back released the box it retained.
      let countsAfter = (fruit: _getRetainCount(fruitBox), slots: _getRetainCount(slotBox))
      #expect(countsAfter == counts)
    }
  }

  @Test func aDecodingBoxReadsBackAsTheContainerItWasMadeFor() throws {
    let json = Data(#"{"fruit":{"apple":3,"pear":-7},"slots":{"first":"one","second":"two"}}"#.utf8)
    let value = try JSONDecoder().decode(ReadBack.self, from: json)
    #expect(value.fruit == ["apple": 3, "pear": -7])
    #expect(value.slots == [1: "one", 2: "two"])
    #expect(value.keys == ["apple", "pear", "first", "second"])
    #expect(value.paths == ["fruit", "slots"])
  }

  /// Writes its members through containers read back from its container's box.
  struct WriteBack: Encodable {
    var apples: Int
    var name: String

    func encode(to encoder: any Encoder) throws {
      let box = KeptBoxTests.box(of: encoder.container(keyedBy: Fruit.self))
      let count = _getRetainCount(box)
      do {
        var first = KeptBox.encodingContainer(.passUnretained(box), keyedBy: Fruit.self)
        try first.encode(apples, forKey: .apple)
        var second = KeptBox.encodingContainer(.passUnretained(box), keyedBy: Fruit.self)
        try second.encode(name, forKey: .pear)
        var nested = second.nestedContainer(keyedBy: Slot.self, forKey: .plum)
        try nested.encode(apples * 2, forKey: .second)
        #expect(second.codingPath.isEmpty && nested.codingPath.map(\.stringValue) == ["plum"])
        let countWhileWritten = _getRetainCount(box)
        #expect(countWhileWritten == count + 2)
      }
      let countAfter = _getRetainCount(box)
      #expect(countAfter == count)
    }
  }

  @Test func anEncodingBoxReadsBackAsTheContainerItWasMadeFor() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(WriteBack(apples: 21, name: "conference")), as: UTF8.self)
    #expect(text == #"{"apple":21,"pear":"conference","plum":{"second":42}}"#)
  }
}
