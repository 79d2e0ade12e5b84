import Foundation
@testable import ModelKit
import Testing

/// The boxes a Codable coder keeps (Internals.md §12): which box serves a
/// key type as the types take turns, which boxes a value's end lets go
/// of the coder or drops, and a box read back as the container for its
/// key type through `KeptBox` (the container read back is the one the
/// box was made for, here Foundation's so that nothing of ModelKit's but
/// the cast is under test; each read retains the box once and its
/// container releases it; a box of another key type reads back as its own).
@Suite("Kept keyed containers")
struct KeptContainerTests {
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
      let fruitBox = try KeptContainerTests.box(of: top.nestedContainer(keyedBy: Fruit.self, forKey: .fruit))
      let slotBox = try KeptContainerTests.box(of: top.nestedContainer(keyedBy: Slot.self, forKey: .slots))
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
      let box = KeptContainerTests.box(of: encoder.container(keyedBy: Fruit.self))
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

  enum Third: String, CodingKey { case only }

  /// A box's target: counts the objects it ended and whether it holds its coder.
  final class Target: KeptContainerTarget {
    let name: String
    var endedObjects = 0
    var holdsCoder = false
    init(_ name: String) { self.name = name }
    func endObject() { endedObjects += 1 }
    func holdCoder() { holdsCoder = true }
  }

  final class Box {}

  /// Which box `kept` holds now: the name of its target, or nil.
  static func current(_ kept: KeptContainer<Target>) -> String? { kept.target?.name }

  @Test func aBoxIsKeptForEachOfTwoKeyTypes() {
    var kept = KeptContainer<Target>()
    #expect(kept.serves(Fruit.self) && Self.current(kept) == nil)
    let fruitBox = Box()
    kept.keep(fruitBox, for: Fruit.self, over: Target("fruit"))
    #expect(kept.serves(Fruit.self) && Self.current(kept) == "fruit")
    // A second key type: the fruit box steps aside for a new one.
    #expect(kept.serves(Slot.self) && Self.current(kept) == nil)
    let slotBox = Box()
    kept.keep(slotBox, for: Slot.self, over: Target("slots"))
    // The two take turns; a third is served by neither.
    for _ in 0..<3 {
      #expect(kept.serves(Fruit.self) && Self.current(kept) == "fruit" && kept.box === fruitBox)
      #expect(!kept.serves(Third.self) && Self.current(kept) == "fruit")
      #expect(kept.serves(Slot.self) && Self.current(kept) == "slots" && kept.box === slotBox)
      #expect(kept.serves(Slot.self) && Self.current(kept) == "slots")
    }
  }

  @Test func aValuesEndEndsTheObjectOfEveryBoxThatServedIt() {
    var kept = KeptContainer<Target>()
    let fruit = Target("fruit")
    let slots = Target("slots")
    kept.keep(Box(), for: Fruit.self, over: fruit)
    kept.endValue()
    #expect(fruit.endedObjects == 1)
    // Both boxes serve the next value: both end their object.
    _ = kept.serves(Slot.self)
    kept.keep(Box(), for: Slot.self, over: slots)
    kept.endValue()
    #expect(fruit.endedObjects == 2 && slots.endedObjects == 1)
    // Only the slot box serves the next: the idle fruit box is left alone.
    _ = kept.serves(Slot.self)
    kept.endValue()
    #expect(fruit.endedObjects == 2 && slots.endedObjects == 2)
    #expect(!fruit.holdsCoder && !slots.holdsCoder)
    // A box something else still holds (the slot box) is dropped at the
    // value's end, its target holding the coder from then on; the other is kept.
    withExtendedLifetime(kept.box) {
      _ = kept.serves(Fruit.self)
      kept.endValue()
    }
    #expect(slots.holdsCoder && slots.endedObjects == 2)
    #expect(!fruit.holdsCoder && fruit.endedObjects == 3)
    #expect(kept.serves(Fruit.self) && Self.current(kept) == "fruit")
    #expect(kept.serves(Slot.self) && Self.current(kept) == nil)
  }
}
