import Foundation
import ModelKit
import Testing

/// A decoder that nothing holds once its value is decoded serves the next
/// value inside the same parent. Values that keep their decoder or a
/// container, siblings asking for their coding paths, and errors made after
/// a decoder served another value must see only their own value.
@Suite("Decoders reused for sibling values")
struct SpareDecoderTests {
  /// Notes the coding path its decoder, its container and a nested value report.
  struct PathNotes: Decodable, Equatable {
    var decoderPath: [String]
    var containerPath: [String]
    var inner: Inner?
    var value: Int

    struct Inner: Decodable, Equatable {
      var path: [String]
      var text: String
      init(from decoder: any Decoder) throws {
        path = decoder.codingPath.map(PathNotes.describe)
        text = try decoder.singleValueContainer().decode(String.self)
      }
    }

    enum CodingKeys: String, CodingKey { case inner, value }

    static func describe(_ key: any CodingKey) -> String { key.intValue.map { "[\($0)]" } ?? key.stringValue }

    init(from decoder: any Decoder) throws {
      decoderPath = decoder.codingPath.map(Self.describe)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      containerPath = container.codingPath.map(Self.describe)
      inner = try container.decodeIfPresent(Inner.self, forKey: .inner)
      value = try container.decode(Int.self, forKey: .value)
    }
  }

  /// Keeps its keyed container and reads from it only when asked, after the decode.
  final class Deferred: Decodable {
    private let container: KeyedDecodingContainer<CodingKeys>
    enum CodingKeys: String, CodingKey { case id, name }
    init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: CodingKeys.self) }
    func id() throws -> Int { try container.decode(Int.self, forKey: .id) }
    func name() throws -> String { try container.decode(String.self, forKey: .name) }
    var path: [String] { container.codingPath.map(PathNotes.describe) }
  }

  /// Keeps its decoder and reads its single value only when asked.
  final class KeptDecoder: Decodable {
    private let decoder: any Decoder
    let pathAtInit: [String]
    init(from decoder: any Decoder) throws {
      self.decoder = decoder
      pathAtInit = decoder.codingPath.map(PathNotes.describe)
    }
    func value() throws -> Int { try decoder.singleValueContainer().decode(Int.self) }
    var path: [String] { decoder.codingPath.map(PathNotes.describe) }
  }

  private let notes = Data(
    #"""
    {"a": [{"value": 1, "inner": "x"}, {"value": 2}, {"inner": "y", "value": 3}],
     "b": {"k1": {"value": 4, "inner": "z"}, "k2": {"value": 5}},
     "c": [[{"value": 6}, {"value": 7, "inner": "w"}], []]}
    """#.utf8)

  private struct Notes: Decodable, Equatable {
    var a: [PathNotes]
    var b: [String: PathNotes]
    var c: [[PathNotes]]
  }

  @Test(arguments: [true, false])
  func siblingsSeeTheirOwnPaths(strict: Bool) throws {
    let expected = try JSONDecoder().decode(Notes.self, from: notes)
    let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
    for _ in 0..<2 { #expect(try decoder.decode(Notes.self, from: notes) == expected) }
    #expect(expected.a[2].inner?.path == ["a", "[2]", "inner"])
  }

  /// A type that renames a key, and one that does not.
  private struct Renamed: Decodable, Equatable, JSONKeyMapping {
    var id: Int
    var name: String
    static var keyMapping: [String: JSONKey] { ["id": "renamed_id"] }
  }

  private struct Unrenamed: Decodable, Equatable {
    var id: Int
    var name: String
  }

  private struct Lists: Decodable, Equatable {
    var renamed: [Renamed]
    var unrenamed: [Unrenamed]
    var again: [Renamed]
    var last: Unrenamed
  }

  @Test(arguments: [true, false])
  func aSpareDecoderReadsWithItsOwnValuesMapping(strict: Bool) throws {
    let text =
      #"{"renamed": [{"renamed_id": 1, "name": "r"}, {"renamed_id": 2, "name": "s"}], "#
      + #""unrenamed": [{"id": 3, "name": "u"}], "again": [{"renamed_id": 4, "name": "t"}], "#
      + #""last": {"id": 5, "name": "v", "renamed_id": 6}}"#
    let json = Data(text.utf8)
    let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
    for _ in 0..<2 {
      let lists = try decoder.decode(Lists.self, from: json)
      #expect(lists.renamed.map(\.id) == [1, 2] && lists.again.map(\.id) == [4])
      #expect(lists.unrenamed.map(\.id) == [3] && lists.last.id == 5 && lists.last.name == "v")
    }
  }

  @Test func keptContainersReadTheirOwnValuesLater() throws {
    let json = Data(#"[{"id": 1, "name": "one"}, {"id": 2, "name": "two"}, {"name": "three", "id": 3}]"#.utf8)
    let expected = try JSONDecoder().decode([Deferred].self, from: json)
    for strict in [true, false] {
      let values = try ModelDecoder(options: DecodingOptions(strict: strict)).decode([Deferred].self, from: json)
      #expect(try values.map { try $0.id() } == expected.map { try $0.id() })
      #expect(try values.map { try $0.name() } == expected.map { try $0.name() })
      #expect(values.map(\.path) == expected.map(\.path))
    }
  }

  @Test func keptDecodersKeepTheirValueAndPath() throws {
    struct Holder: Decodable {
      var first: KeptDecoder
      var more: [KeptDecoder]
      var last: KeptDecoder
    }
    let json = Data(#"{"first": 10, "more": [11, 12, 13], "last": 14}"#.utf8)
    let holder = try ModelDecoder(options: DecodingOptions(strict: true)).decode(Holder.self, from: json)
    let kept = [holder.first] + holder.more + [holder.last]
    #expect(try kept.map { try $0.value() } == [10, 11, 12, 13, 14])
    #expect(kept.map(\.path) == [["first"], ["more", "[0]"], ["more", "[1]"], ["more", "[2]"], ["last"]])
    #expect(kept.map(\.path) == kept.map(\.pathAtInit))
  }

  /// Sizes whose `try?` (number, else text) fails on some siblings: the
  /// errors that reach the caller name the sibling they come from.
  private struct Picture: Decodable, Equatable {
    var width: LenientFallbackTests.Measure
    var height: LenientFallbackTests.Measure
  }

  @Test func errorsAfterReuseNameTheirOwnValue() throws {
    let good = Data(#"[{"width": 1, "height": "2"}, {"width": "3", "height": 4}]"#.utf8)
    #expect(try ModelDecoder().decode([Picture].self, from: good) == JSONDecoder().decode([Picture].self, from: good))
    let bad = Data(#"[{"width": 1, "height": "2"}, {"width": "3", "height": 4}, {"width": 5, "height": true}]"#.utf8)
    var foundation: [String] = []
    do { _ = try JSONDecoder().decode([Picture].self, from: bad) } catch DecodingError.typeMismatch(_, let context) {
      foundation = context.codingPath.map(PathNotes.describe)
    }
    #expect(foundation == ["[2]", "height"])
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    for _ in 0..<2 {
      do {
        _ = try decoder.decode([Picture].self, from: bad)
        Issue.record("a Boolean size should not decode")
      } catch DecodingError.typeMismatch(let type, let context) {
        #expect(type is String.Type)
        #expect(context.codingPath.map(PathNotes.describe) == foundation)
      }
    }
  }

  /// Asks for a key that may be missing (its error names the value's path) before one that must be there.
  private struct Entry: Decodable {
    var id: Int
    var extra: Int
    enum CodingKeys: String, CodingKey { case id, extra }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      extra = (try? container.decode(Int.self, forKey: .extra)) ?? 0
      id = try container.decode(Int.self, forKey: .id)
    }
  }

  @Test func missingKeysAfterReuseNameTheirOwnValue() throws {
    let json = Data(#"{"entries": [{"id": 1}, {"id": 2}, {"extra": 3}]}"#.utf8)
    func path(_ decode: () throws -> Any) -> [String] {
      do {
        _ = try decode()
      } catch DecodingError.keyNotFound(let key, let context) {
        return context.codingPath.map(PathNotes.describe) + [key.stringValue]
      } catch {}
      return []
    }
    let foundation = path { try JSONDecoder().decode([String: [Entry]].self, from: json) }
    #expect(foundation == ["entries", "[2]", "id"])
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    for _ in 0..<2 { #expect(path { try decoder.decode([String: [Entry]].self, from: json) } == foundation) }
  }

  private struct Wide: Decodable, Equatable {
    var userId: Int
    var displayName: String
    var nested: Inner?
    struct Inner: Decodable, Equatable { var innerValue: Int }
  }

  /// Siblings with a key strategy (members by converted key) and with more
  /// members than are scanned (a member table): each reads its own members.
  @Test(arguments: [true, false])
  func siblingsReadTheirOwnMembers(snakeCase: Bool) throws {
    let padding = (0..<40).map { "\"pad_\($0)\": \($0)" }.joined(separator: ", ")
    let key = { (name: String) in snakeCase ? name : name.replacingOccurrences(of: "_i", with: "I").replacingOccurrences(of: "_n", with: "N").replacingOccurrences(of: "_v", with: "V") }
    let objects = (0..<4).map { index in
      let nested = index.isMultiple(of: 2) ? ", \"nested\": {\"\(key("inner_value"))\": \(index * 10)}" : ""
      return "{\(index == 1 ? padding + ", " : "")\"\(key("user_id"))\": \(index), \"\(key("display_name"))\": \"n\(index)\"\(nested)}"
    }
    let json = Data("[\(objects.joined(separator: ", "))]".utf8)
    let foundation = JSONDecoder()
    let decoder = ModelDecoder(options: DecodingOptions(strict: true))
    if snakeCase {
      foundation.keyDecodingStrategy = .convertFromSnakeCase
      decoder.keyDecodingStrategy = .convertFromSnakeCase
    }
    let expected = try foundation.decode([Wide].self, from: json)
    #expect(expected.map(\.userId) == [0, 1, 2, 3])
    for _ in 0..<2 { #expect(try decoder.decode([Wide].self, from: json) == expected) }
  }

  // A decoder keeps the box of its keyed container over an object,
  // to hand it out again for the next one: a box something else still
  // holds must never be handed out, and a kept box must not keep its
  // decoder alive once the decode is over.

  /// An object (its box kept) that notes its decoder.
  private struct Noted: Decodable, Equatable {
    var id: Int
    var name: String
    enum CodingKeys: String, CodingKey { case id, name }
    init(from decoder: any Decoder) throws {
      CoderLog.note(decoder as AnyObject, userInfo: decoder.userInfo)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      name = try container.decode(String.self, forKey: .name)
    }
  }

  private struct NotedGroups: Decodable, Equatable {
    var groups: [[Noted]]
    var single: Noted
  }

  @Test(arguments: [true, false])
  func keptBoxesLetTheirDecodersGo(strict: Bool) throws {
    let json = Data(
      #"""
      {"groups": [[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], [{"name": "c", "id": 3}]],
       "single": {"id": 4, "name": "d"}}
      """#.utf8)
    let log = CoderLog()
    let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
    decoder.userInfo[CoderLog.key] = log
    let value = try decoder.decode(NotedGroups.self, from: json)
    #expect(value == (try JSONDecoder().decode(NotedGroups.self, from: json)))
    #expect(log.count == 4)
    // Every decoder is gone with its call: a box holding its decoder while
    // the decoder holds the box would keep both for good.
    #expect(log.alive == 0)
  }

  /// Asks for two containers of one key type and holds both.
  private struct TwoContainers: Decodable, Equatable {
    var a: Int
    var b: Int
    enum CodingKeys: String, CodingKey { case a, b }
    init(from decoder: any Decoder) throws {
      let first = try decoder.container(keyedBy: CodingKeys.self)
      let second = try decoder.container(keyedBy: CodingKeys.self)
      b = try second.decode(Int.self, forKey: .b)
      a = try first.decode(Int.self, forKey: .a)
    }
  }

  /// A tree whose nodes read the same coding keys at every level.
  private final class Tree: Decodable {
    let value: Int
    let children: [Tree]
    var flattened: [Int] { [value] + children.flatMap(\.flattened) + [-1] }
  }

  @Test(arguments: [true, false])
  func keptBoxesServeOneObjectAtATime(strict: Bool) throws {
    let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
    let pairs = Data(#"[{"a": 1, "b": 2}, {"b": 4, "a": 3}, {"a": 5, "b": 6}]"#.utf8)
    let expected = try JSONDecoder().decode([TwoContainers].self, from: pairs)
    #expect(expected.map(\.a) == [1, 3, 5])
    for _ in 0..<2 { #expect(try decoder.decode([TwoContainers].self, from: pairs) == expected) }

    let tree = Data(
      #"""
      {"value": 1, "children": [
        {"value": 2, "children": [{"value": 3, "children": []}, {"value": 4, "children": []}]},
        {"value": 5, "children": [{"value": 6, "children": [{"value": 7, "children": []}]}]},
        {"value": 8, "children": []}]}
      """#.utf8)
    let foundation = try JSONDecoder().decode(Tree.self, from: tree).flattened
    #expect(foundation.filter { $0 > 0 } == [1, 2, 3, 4, 5, 6, 7, 8])
    for _ in 0..<2 { #expect(try decoder.decode(Tree.self, from: tree).flattened == foundation) }
  }

  /// Objects of one type, some kept and read later, some not: each reads its own members.
  @Test func keptAndHeldContainersInterleave() throws {
    struct Mixed: Decodable {
      var deferred: [Deferred]
      var plain: [Noted]
    }
    let objects = (0..<6).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ", ")
    let json = Data(#"{"deferred": [\#(objects)], "plain": [\#(objects)]}"#.utf8)
    for strict in [true, false] {
      let value = try ModelDecoder(options: DecodingOptions(strict: strict)).decode(Mixed.self, from: json)
      #expect(try value.deferred.map { try $0.id() } == Array(0..<6))
      #expect(try value.deferred.map { try $0.name() } == (0..<6).map { "n\($0)" })
      #expect(value.plain.map(\.id) == Array(0..<6))
    }
  }

  /// Reads its object through containers of two key types (one kept
  /// box each, or one made anew), and holds the second past its value
  /// when its id is odd.
  private final class TwoKeyTypes: Decodable {
    enum IDKeys: String, CodingKey { case id }
    enum NameKeys: String, CodingKey { case name }
    let id: Int
    let name: String
    private var held: KeyedDecodingContainer<NameKeys>?
    init(from decoder: any Decoder) throws {
      CoderLog.note(decoder as AnyObject, userInfo: decoder.userInfo)
      let ids = try decoder.container(keyedBy: IDKeys.self)
      let names = try decoder.container(keyedBy: NameKeys.self)
      name = try names.decode(String.self, forKey: .name)
      id = try ids.decode(Int.self, forKey: .id)
      if !id.isMultiple(of: 2) { held = names }
    }
    func heldName() throws -> String? { try held?.decode(String.self, forKey: .name) }
  }

  /// Arrays of objects of three key types and of a type reading two, in
  /// turn: one decoder reads the elements of each array, model after model.
  private struct Round: Decodable {
    var notes: [Noted]
    var pairs: [TwoKeyTypes]
    var deferred: [Deferred]
    var single: Noted
  }

  /// A decoder keeps a box for each of two key types, and the boxes change
  /// places as the types take turns: every object reads its own members,
  /// the containers held past their value read theirs later, and every
  /// decoder is gone once nothing holds a container.
  @Test(arguments: [true, false])
  func keyTypesTakingTurnsKeepABoxEach(strict: Bool) throws {
    var id = 0
    func object() -> String {
      id += 1
      return #"{"id": \#(id), "name": "n\#(id)"}"#
    }
    func objects(_ count: Int) -> String { (0..<count).map { _ in object() }.joined(separator: ", ") }
    let rounds = (0..<5).map { round in
      #"{"notes": [\#(objects(round % 3 + 1))], "pairs": [\#(objects(2 - round % 3))], "deferred": [\#(objects(round % 2 + 1))], "single": \#(object())}"#
    }
    let json = Data("[\(rounds.joined(separator: ", "))]".utf8)
    let expected = try JSONDecoder().decode([Round].self, from: json)
    #expect(expected.flatMap(\.pairs).count == 6)
    let log = CoderLog()
    do {
      let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
      decoder.userInfo[CoderLog.key] = log
      let value = try decoder.decode([Round].self, from: json)
      #expect(value.map { $0.notes.map(\.id) } == expected.map { $0.notes.map(\.id) })
      #expect(value.map { $0.single.name } == expected.map { $0.single.name })
      #expect(value.flatMap(\.pairs).map(\.id) == expected.flatMap(\.pairs).map(\.id))
      #expect(value.flatMap(\.pairs).map(\.name) == expected.flatMap(\.pairs).map(\.name))
      #expect(try value.flatMap(\.pairs).map { try $0.heldName() } == expected.flatMap(\.pairs).map { try $0.heldName() })
      #expect(try value.flatMap(\.deferred).map { try $0.id() } == expected.flatMap(\.deferred).map { try $0.id() })
      #expect(value.flatMap(\.deferred).map(\.path) == expected.flatMap(\.deferred).map(\.path))
      #expect(log.count == 20)
    }
    #expect(log.alive == 0)
  }
}
