import Foundation
import ModelKit
import Testing

/// An encoder that nothing holds once its value is written serves the next
/// value inside the same parent. Values that keep their encoder or a
/// container, and coding paths asked for by siblings and nested values,
/// must see only their own value; the text is JSONEncoder's.
@Suite("Encoders reused for sibling values", .serialized)
struct SpareEncoderTests {
  /// Writes the coding path its encoder and its container report, and a nested value's.
  struct PathNotes: Encodable {
    var value: Int
    var inner: Inner?

    struct Inner: Encodable {
      var text: String
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text + " at " + SpareEncoderTests.describe(encoder.codingPath))
      }
    }

    enum CodingKeys: String, CodingKey { case value, inner, encoderPath, containerPath }

    func encode(to encoder: any Encoder) throws {
      let encoderPath = SpareEncoderTests.describe(encoder.codingPath)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value, forKey: .value)
      try container.encodeIfPresent(inner, forKey: .inner)
      try container.encode(encoderPath, forKey: .encoderPath)
      try container.encode(SpareEncoderTests.describe(container.codingPath), forKey: .containerPath)
    }
  }

  /// Keeps its encoder (and so its coding path) past its own `encode(to:)`.
  final class KeepsEncoder: Encodable {
    nonisolated(unsafe) static var kept: [any Encoder] = []
    let value: Int
    init(_ value: Int) { self.value = value }
    func encode(to encoder: any Encoder) throws {
      Self.kept.append(encoder)
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
  }

  /// Keeps its keyed container past its own `encode(to:)`.
  final class KeepsContainer: Encodable {
    nonisolated(unsafe) static var kept: [KeyedEncodingContainer<CodingKeys>] = []
    enum CodingKeys: String, CodingKey { case id }
    let id: Int
    init(_ id: Int) { self.id = id }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      Self.kept.append(container)
    }
  }

  struct Holder<Element: Encodable>: Encodable {
    var first: Element
    var rest: [Element]
    var byName: [String: Element]
  }

  static func describe(_ path: [any CodingKey]) -> String {
    path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }

  static func expectJSONEncoderText<Value: Encodable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    let expected = String(decoding: try foundation.encode(value), as: UTF8.self)
    #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == expected, sourceLocation: sourceLocation)
  }

  @Test func siblingsAndNestedValuesWriteTheirOwnPaths() throws {
    let notes = (0..<5).map { PathNotes(value: $0, inner: $0.isMultiple(of: 2) ? .init(text: "t\($0)") : nil) }
    try Self.expectJSONEncoderText(Holder(first: notes[0], rest: notes, byName: ["a": notes[1], "b": notes[2]]))
    try Self.expectJSONEncoderText([[notes[0], notes[1]], [notes[2]], [], notes])
  }

  @Test func anEncoderKeptByItsValueIsNotReused() throws {
    KeepsEncoder.kept = []
    let text = try ModelEncoder().encode(Holder(first: KeepsEncoder(1), rest: [KeepsEncoder(2), KeepsEncoder(3)], byName: [:]))
    #expect(String(decoding: text, as: UTF8.self) == #"{"first":1,"rest":[2,3],"byName":{}}"#)
    // Each kept encoder still names its own value, after its siblings were written.
    #expect(KeepsEncoder.kept.map { Self.describe($0.codingPath) } == ["first", "rest.[0]", "rest.[1]"])
  }

  @Test func aContainerKeptByItsValueKeepsItsPath() throws {
    KeepsContainer.kept = []
    let value = Holder(first: KeepsContainer(1), rest: [KeepsContainer(2), KeepsContainer(3)], byName: ["x": KeepsContainer(4)])
    try Self.expectJSONEncoderText(value)
    KeepsContainer.kept = []
    _ = try ModelEncoder().encode(value)
    #expect(KeepsContainer.kept.map { Self.describe($0.codingPath) } == ["first", "rest.[0]", "rest.[1]", "byName.x"])
  }

  // An encoder that `child` made keeps the box of the keyed container it
  // made, and hands it out again for its next object of the same key type
  // (Internals.md §12): a box that a value still holds must never be
  // handed out, a box must write through its own value's settings, and a
  // kept box must not keep its encoder alive once the call is over.

  /// An object that notes its encoder, and holds it past the call when its id is odd.
  private struct Noted: Encodable {
    nonisolated(unsafe) static var held: [any Encoder] = []
    var id: Int
    var name: String
    enum CodingKeys: String, CodingKey { case id, name }
    func encode(to encoder: any Encoder) throws {
      CoderLog.note(encoder as AnyObject, userInfo: encoder.userInfo)
      if !id.isMultiple(of: 2) { Self.held.append(encoder) }
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(name, forKey: .name)
    }
  }

  private struct NotedGroups: Encodable {
    var groups: [[Noted]]
    var single: Noted
  }

  @Test func keptBoxesLetTheirEncodersGo() throws {
    let value = NotedGroups(
      groups: [[Noted(id: 1, name: "a"), Noted(id: 2, name: "b")], [Noted(id: 3, name: "c")]],
      single: Noted(id: 4, name: "d"))
    try Self.expectJSONEncoderText(value)
    Noted.held = []
    let log = CoderLog()
    let encoder = ModelEncoder()
    encoder.userInfo[CoderLog.key] = log
    #expect(
      String(decoding: try encoder.encode(value), as: UTF8.self)
        == #"{"groups":[[{"id":1,"name":"a"},{"id":2,"name":"b"}],[{"id":3,"name":"c"}]],"single":{"id":4,"name":"d"}}"#)
    #expect(log.count == 4)
    #expect(Noted.held.map { Self.describe($0.codingPath) } == ["groups.[0].[0]", "groups.[1].[0]"])
    Noted.held = []
    // Every encoder is gone with its call (or, when held, once let go): a
    // box holding its encoder while the encoder holds the box would keep
    // both for good.
    #expect(log.alive == 0)
  }

  /// Asks for two containers of one key type and writes through both, the first last.
  private struct TwoContainers: Encodable {
    var a: Int
    var b: Int
    enum CodingKeys: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
      var first = encoder.container(keyedBy: CodingKeys.self)
      var second = encoder.container(keyedBy: CodingKeys.self)
      try second.encode(b, forKey: .b)
      try first.encode(a, forKey: .a)
    }
  }

  /// A tree whose nodes write the same coding keys at every level.
  private final class Tree: Encodable {
    let value: Int
    let children: [Tree]
    init(_ value: Int, _ children: [Tree] = []) {
      self.value = value
      self.children = children
    }
  }

  @Test func keptBoxesServeOneObjectAtATime() throws {
    try Self.expectJSONEncoderText((0..<3).map { TwoContainers(a: 2 * $0, b: 2 * $0 + 1) })
    let tree = Tree(1, [Tree(2, [Tree(3), Tree(4)]), Tree(5, [Tree(6, [Tree(7)])]), Tree(8)])
    try Self.expectJSONEncoderText(tree)
    try Self.expectJSONEncoderText([tree, Tree(9), tree])
  }

  /// Keeps its container past its value when its id is even.
  private final class MaybeKeeps: Encodable {
    nonisolated(unsafe) static var kept: [KeyedEncodingContainer<CodingKeys>] = []
    enum CodingKeys: String, CodingKey { case id, name }
    let id: Int
    init(_ id: Int) { self.id = id }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode("n\(id)", forKey: .name)
      if id.isMultiple(of: 2) { Self.kept.append(container) }
    }
  }

  /// Objects of one type, some keeping their container, some not: each writes its own members.
  @Test func keptAndHeldContainersInterleave() throws {
    let value = Holder(first: MaybeKeeps(0), rest: (1..<7).map(MaybeKeeps.init), byName: ["x": MaybeKeeps(8)])
    MaybeKeeps.kept = []
    try Self.expectJSONEncoderText(value)
    MaybeKeeps.kept = []
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    _ = try encoder.encode(value)
    _ = try encoder.encode(value)
    #expect(
      MaybeKeeps.kept.map { Self.describe($0.codingPath) }
        == Array(repeating: ["first", "rest.[1]", "rest.[3]", "rest.[5]", "byName.x"], count: 2).flatMap { $0 })
  }

  /// Two types whose containers share one key type, one renaming a key.
  private enum SharedKeys: String, CodingKey { case id, name }

  private struct Renamed: Encodable, JSONKeyMapping {
    var id: Int
    static var keyMapping: [String: JSONKey] { ["id": "renamed_id"] }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: SharedKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode("r", forKey: .name)
    }
  }

  private struct Unrenamed: Encodable {
    var id: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: SharedKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode("u", forKey: .name)
    }
  }

  private struct Lists: Encodable {
    var renamed: [Renamed]
    var unrenamed: [Unrenamed]
    var again: [Renamed]
  }

  @Test func aKeptBoxWritesWithItsOwnValuesMapping() throws {
    let value = Lists(renamed: [Renamed(id: 1), Renamed(id: 2)], unrenamed: [Unrenamed(id: 3)], again: [Renamed(id: 4)])
    let text = String(decoding: try ModelEncoder().encode(value), as: UTF8.self)
    #expect(
      text == #"{"renamed":[{"renamed_id":1,"name":"r"},{"renamed_id":2,"name":"r"}],"#
        + #""unrenamed":[{"id":3,"name":"u"}],"again":[{"renamed_id":4,"name":"r"}]}"#)
  }

  /// A key strategy converts an `[Int: T]`'s keys but not a `[String: T]`'s,
  /// whose containers share one key type.
  @Test func aKeptBoxConvertsKeysAsItsOwnValueSays() throws {
    struct Item: Encodable { var count: Int }
    struct Maps: Encodable {
      var byNumber: [[Int: Item]]
      var byName: [[String: Item]]
      var byNumberAgain: [[Int: Item]]
    }
    let value = Maps(
      byNumber: [[1: Item(count: 1)], [2: Item(count: 2)]], byName: [["ab": Item(count: 3)]],
      byNumberAgain: [[4: Item(count: 4)]])
    let strategy = JSONEncoder.KeyEncodingStrategy.custom { path in
      AnyKey(stringValue: "k" + path.last!.stringValue)
    }
    // Sorted: JSONEncoder writes the members of an object whose keys a custom strategy converts in any order.
    let foundation = JSONEncoder()
    foundation.keyEncodingStrategy = strategy
    foundation.outputFormatting = .sortedKeys
    let encoder = ModelEncoder(options: .sortedKeys)
    encoder.keyEncodingStrategy = strategy
    let expected = String(decoding: try foundation.encode(value), as: UTF8.self)
    #expect(expected.contains(#""k1":{"kcount":1}"#) && expected.contains(#""ab":{"kcount":3}"#))
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    #expect(text == expected)
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  // A coder keeps its top-level encoder between calls when nothing holds
  // it, with the encoders below it and their kept containers: the next
  // value of the same type makes none again.

  @Test func aCodersNextCallTakesUpItsTopLevelEncoder() throws {
    let log = CoderLog()
    let encoder = ModelEncoder()
    encoder.userInfo[CoderLog.key] = log
    for id in [2, 4, 6] {
      let text = String(decoding: try encoder.encode(Noted(id: id, name: "n")), as: UTF8.self)
      #expect(text == #"{"id":\#(id),"name":"n"}"#)
    }
    #expect(log.count == 3)
    #expect(log.distinctAlive == 1)
  }

  @Test func valuesOfManyTypesInTurnMatchJSONEncoder() throws {
    let tree = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
    let notes = (0..<3).map { PathNotes(value: $0, inner: $0 == 1 ? .init(text: "t") : nil) }
    MaybeKeeps.kept = []
    KeepsContainer.kept = []
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    func expectSame<Value: Encodable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let expected = String(decoding: try foundation.encode(value), as: UTF8.self)
      #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == expected, sourceLocation: sourceLocation)
    }
    for _ in 0..<2 {
      try expectSame(TwoContainers(a: 1, b: 2))
      try expectSame(tree)
      try expectSame(notes[1])
      try expectSame(MaybeKeeps(2))
      try expectSame(TwoContainers(a: 3, b: 4))
      try expectSame(KeepsContainer(5))
      try expectSame(notes)
      try expectSame(MaybeKeeps(7))
      try expectSame(tree)
    }
    // Each container kept from a top-level value still names the top level, after the calls that followed.
    let paths = MaybeKeeps.kept.map { $0.codingPath.count } + KeepsContainer.kept.map { $0.codingPath.count }
    #expect(paths.allSatisfy { $0 == 0 })
    #expect(MaybeKeeps.kept.count == 4 && KeepsContainer.kept.count == 4)
  }

  @Test func aCodersEncodersGoWithIt() throws {
    let log = CoderLog()
    do {
      let encoder = ModelEncoder()
      encoder.userInfo[CoderLog.key] = log
      for group in [[Noted(id: 2, name: "a")], [Noted(id: 4, name: "b"), Noted(id: 6, name: "c")]] {
        _ = try encoder.encode(NotedGroups(groups: [group], single: Noted(id: 8, name: "d")))
      }
      #expect(log.alive > 0)
    }
    #expect(log.count == 5)
    #expect(log.alive == 0)
  }

  /// Writes its object through containers of two key types (one kept box
  /// each, or one made anew), and holds the second past its value when
  /// its id is odd.
  private struct TwoKeyTypes: Encodable {
    nonisolated(unsafe) static var held: [KeyedEncodingContainer<NameKeys>] = []
    enum IDKeys: String, CodingKey { case id }
    enum NameKeys: String, CodingKey { case name }
    var id: Int
    func encode(to encoder: any Encoder) throws {
      CoderLog.note(encoder as AnyObject, userInfo: encoder.userInfo)
      var ids = encoder.container(keyedBy: IDKeys.self)
      var names = encoder.container(keyedBy: NameKeys.self)
      try names.encode("p\(id)", forKey: .name)
      try ids.encode(id, forKey: .id)
      if !id.isMultiple(of: 2) { Self.held.append(names) }
    }
  }

  /// Arrays of objects of three key types and of a type writing two, in
  /// turn: one encoder writes the elements of each array, model after model.
  private struct Round: Encodable {
    var notes: [Noted]
    var pairs: [TwoKeyTypes]
    var kept: [MaybeKeeps]
    var single: Noted
    var last: TwoKeyTypes
  }

  /// An encoder keeps a box for each of two key types, and the boxes
  /// change places as the types take turns: every object writes its own
  /// members (JSONEncoder's text), the containers held past their value
  /// keep their paths, and every encoder is gone once nothing holds one.
  @Test func keyTypesTakingTurnsKeepABoxEach() throws {
    var id = 0
    func next() -> Int {
      id += 1
      return id
    }
    let rounds = (0..<5).map { round in
      Round(
        notes: (0...round % 3).map { _ in Noted(id: 2 * next(), name: "n") },
        pairs: (0..<2 - round % 3).map { _ in TwoKeyTypes(id: next()) },
        kept: (0...round % 2).map { _ in MaybeKeeps(next()) },
        single: Noted(id: 2 * next(), name: "s"),
        last: TwoKeyTypes(id: 2 * next()))
    }
    Noted.held = []
    TwoKeyTypes.held = []
    MaybeKeeps.kept = []
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let expected = String(decoding: try foundation.encode(rounds), as: UTF8.self)
    let expectedPaths = (TwoKeyTypes.held.map(\.codingPath) + MaybeKeeps.kept.map(\.codingPath)).map(Self.describe)
    let heldPairs = rounds.flatMap(\.pairs).count { !$0.id.isMultiple(of: 2) }
    let keptContainers = rounds.flatMap(\.kept).count { $0.id.isMultiple(of: 2) }
    #expect(heldPairs >= 2 && keptContainers >= 2)
    #expect(TwoKeyTypes.held.count == heldPairs && MaybeKeeps.kept.count == keptContainers)
    TwoKeyTypes.held = []
    MaybeKeeps.kept = []
    let log = CoderLog()
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.userInfo[CoderLog.key] = log
    #expect(String(decoding: try encoder.encode(rounds), as: UTF8.self) == expected)
    #expect((TwoKeyTypes.held.map(\.codingPath) + MaybeKeeps.kept.map(\.codingPath)).map(Self.describe) == expectedPaths)
    #expect(log.count == 25 && log.alive > 0)
    TwoKeyTypes.held = []
    MaybeKeeps.kept = []
    #expect(log.alive == 0)
  }
}
