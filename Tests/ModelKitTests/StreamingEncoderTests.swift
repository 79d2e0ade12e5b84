import Foundation
import ModelKit
import Testing

/// `ModelEncoder.encode` streams values whose containers nest and starts
/// over as a tree for the others; both must give the same JSON as
/// `encodeValue`, which always builds the tree.
@Suite("ModelEncoder streaming")
struct StreamingEncoderTests {
  /// The streamed bytes, parsed, after checking they equal the tree's value.
  private func streamed<T: Encodable>(
    _ value: T, options: JSONWriteOptions = [], encoder: ModelEncoder? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> JSONValue {
    let encoder = encoder ?? ModelEncoder(options: options)
    let parsed = try JSONValue(json: encoder.encode(value))
    #expect(parsed == (try encoder.encodeValue(value)), sourceLocation: sourceLocation)
    return parsed
  }

  class Base: Encodable {
    var id = 1
    var name = "base"
    enum CodingKeys: String, CodingKey { case id, name }
  }

  /// Shares its superclass's container and writes one of its keys again.
  final class Derived: Base {
    var extra = true
    enum DerivedKeys: String, CodingKey { case extra, name }
    override func encode(to encoder: any Encoder) throws {
      try super.encode(to: encoder)
      var container = encoder.container(keyedBy: DerivedKeys.self)
      try container.encode(extra, forKey: .extra)
      try container.encode("derived", forKey: .name)
    }
  }

  /// A class hierarchy as Codable's users write it: each level shares the one keyed container.
  class Counted: Encodable {
    let calls: Calls
    var id = 7
    init(calls: Calls) { self.calls = calls }
    enum CodingKeys: String, CodingKey { case id }
    func encode(to encoder: any Encoder) throws {
      calls.outer += 1
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
    }
  }

  final class CountedChild: Counted {
    var tags = ["a"]
    enum ChildKeys: String, CodingKey { case tags, owner }
    override func encode(to encoder: any Encoder) throws {
      try super.encode(to: encoder)
      calls.inner += 1
      var container = encoder.container(keyedBy: ChildKeys.self)
      try container.encode(tags, forKey: .tags)
      var owner = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .owner)
      try owner.encode(1, forKey: .id)
    }
  }

  @Test func subclassesSharingOneContainerStreamOnce() throws {
    let calls = Calls()
    let values = [CountedChild(calls: calls), CountedChild(calls: calls)]
    for formatting: JSONEncoder.OutputFormatting in [[], .sortedKeys, .prettyPrinted] {
      let foundation = JSONEncoder()
      foundation.outputFormatting = formatting
      let expected = try foundation.encode(values)
      let before = (calls.outer, calls.inner)
      let ours = ModelEncoder()
      ours.outputFormatting = formatting
      if formatting.contains(.sortedKeys) {
        #expect(try ours.encode(values) == expected)
      } else {
        // JSONEncoder keeps a shared container's keys in a dictionary: their order is its hash order.
        #expect(try JSONValue(json: ours.encode(values)) == JSONValue(json: expected))
      }
      // Each value encoded once: the second container went on in the open object.
      #expect(calls.outer == before.0 + 2 && calls.inner == before.1 + 2)
    }
  }

  @Test func subclassSharingItsSuperclassContainerMergesKeys() throws {
    let value = try streamed(Derived())
    #expect(value == ["id": 1, "name": "derived", "extra": true])
    let text = String(decoding: try ModelEncoder().encode(Derived()), as: UTF8.self)
    #expect(text.components(separatedBy: "\"name\"").count == 2, "one name key: \(text)")
  }

  /// Writes to its outer container after a nested one, and comes back to the nested one.
  struct Interleaved: Encodable {
    enum Keys: String, CodingKey { case meta, count, late }
    enum MetaKeys: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
      try meta.encode(1, forKey: .a)
      try container.encode(2, forKey: .count)
      try meta.encode(3, forKey: .b)  // the stream already closed `meta`
      var late = container.nestedUnkeyedContainer(forKey: .late)
      try late.encode("x")
    }
  }

  @Test func containersUsedOutOfOrderStillEncodeEverything() throws {
    #expect(try streamed(Interleaved()) == ["meta": ["a": 1, "b": 3], "count": 2, "late": ["x"]])
  }

  /// Takes a super encoder, writes a sibling, then fills the super encoder.
  struct LateSuper: Encodable {
    enum Keys: String, CodingKey { case first }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      let parent = container.superEncoder()
      try container.encode(1, forKey: .first)
      var single = parent.singleValueContainer()
      try single.encode("kept")
    }
  }

  @Test func encodersKeptForLaterStillEncode() throws {
    #expect(try streamed(LateSuper()) == ["first": 1, "super": "kept"])
  }

  /// Counts the calls of `encode(to:)` of the types below, per test.
  final class Calls: @unchecked Sendable {
    var outer = 0
    var inner = 0
  }

  /// A value that streams, holding values that cannot be streamed.
  struct Outer: Encodable {
    let calls: Calls
    var first = 1
    var items: [CountedInterleaved]
    var last = "end"
    enum CodingKeys: String, CodingKey { case first, items, last }
    func encode(to encoder: any Encoder) throws {
      calls.outer += 1
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(first, forKey: .first)
      try container.encode(items, forKey: .items)
      try container.encode(last, forKey: .last)
    }
  }

  struct CountedInterleaved: Encodable {
    let calls: Calls
    func encode(to encoder: any Encoder) throws {
      calls.inner += 1
      try Interleaved().encode(to: encoder)
    }
  }

  @Test func onlyTheValueThatCannotStreamIsEncodedAgain() throws {
    let calls = Calls()
    let outer = Outer(calls: calls, items: [CountedInterleaved(calls: calls), CountedInterleaved(calls: calls)])
    let value = try JSONValue(json: ModelEncoder().encode(outer))
    let element: JSONValue = ["meta": ["a": 1, "b": 3], "count": 2, "late": ["x"]]
    #expect(value == ["first": 1, "items": [element, element], "last": "end"])
    // The outer value streamed once; the first element was tried as a
    // stream, then built as a tree, and the second went to the tree at once.
    #expect(calls.outer == 1)
    #expect(calls.inner == 3)
  }

  /// Keys in an order `.sortedKeys` changes at every level, some of them
  /// alike but for case, accents or length, in a value that counts its encodes.
  struct Unsorted: Encodable {
    let calls: Calls
    enum CodingKeys: String, CodingKey {
      case zeta, Zeta, alpha
      case é = "é"
      case e, ee, nested, list
    }
    func encode(to encoder: any Encoder) throws {
      calls.outer += 1
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(1, forKey: .zeta)
      try container.encode("Z", forKey: .Zeta)
      var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .nested)
      try nested.encode(["b": 2, "a": 1], forKey: .list)
      try nested.encode(true, forKey: .alpha)
      try container.encode(2.5, forKey: .alpha)
      try container.encode([["y": [1], "x": [3, 4]]], forKey: .list)
      try container.encode("accent", forKey: .é)
      try container.encode("short", forKey: .e)
      try container.encodeNil(forKey: .ee)
    }
  }

  @Test func sortedKeysStreamInJSONEncodersOrder() throws {
    let calls = Calls()
    for formatting: JSONEncoder.OutputFormatting in [.sortedKeys, [.sortedKeys, .prettyPrinted]] {
      let foundation = JSONEncoder()
      foundation.outputFormatting = formatting
      let ours = ModelEncoder()
      ours.outputFormatting = formatting
      let before = calls.outer
      let bytes = try ours.encode(Unsorted(calls: calls))
      #expect(calls.outer == before + 1)  // encoded once
      #expect(
        String(decoding: bytes, as: UTF8.self)
          == String(decoding: try foundation.encode(Unsorted(calls: calls)), as: UTF8.self))
      // Inside an array, as a dictionary's value, and as a value that must be built as a tree.
      let holder: [String: [Unsorted]] = ["k": [Unsorted(calls: calls)]]
      #expect(try ours.encode(holder) == foundation.encode(holder))
      let outer = Outer(calls: calls, items: [CountedInterleaved(calls: calls)])
      #expect(try ours.encode(outer) == foundation.encode(outer))
    }
  }

  /// Encodes nothing at all.
  struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  struct Holder: Encodable {
    var silent = Silent()
    var list = [Silent(), Silent()]
    var present: Int? = nil
    enum CodingKeys: String, CodingKey { case silent, list, present, explicit }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(silent, forKey: .silent)
      try container.encode(list, forKey: .list)
      try container.encodeIfPresent(present, forKey: .present)
      try container.encode(present, forKey: .explicit)
    }
  }

  @Test func emptyValuesNilsAndExplicitNulls() throws {
    // Nothing is `{}`, as in Foundation; nil: absent when `IfPresent`,
    // `null` when encoded explicitly.
    #expect(try streamed(Holder()) == ["silent": [:], "list": [[:], [:]], "explicit": nil])
    #expect(try streamed(Holder()) == JSONValue(json: JSONEncoder().encode(Holder())))
    // At the top level, nothing is an error, as with JSONEncoder.
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(Silent()) }
    #expect(throws: EncodingError.self) { try ModelEncoder().encode(Silent()) }
    #expect(throws: EncodingError.self) { try ModelEncoder().encodeValue(Silent()) }
  }

  struct Measures: Encodable {
    var finite = 1.5
    var infinite = Double.infinity
    var list = [1.0, .nan, -0.5]
    var maybe: Double? = .nan
  }

  @Test func nonFiniteNumbersThrowOrFollowTheStrategy() throws {
    // As with JSONEncoder: an error naming the path, unless a strategy names them.
    for encode in [{ _ = try ModelEncoder().encode(Measures()) }, { _ = try ModelEncoder().encodeValue(Measures()) }] {
      #expect {
        try encode()
      } throws: { error in
        guard case EncodingError.invalidValue(_, let context) = error else { return false }
        return context.codingPath.map(\.stringValue) == ["infinite"]
      }
    }
    let encoder = ModelEncoder(options: .sortedKeys)
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    foundation.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
    #expect(try encoder.encode(Measures()) == foundation.encode(Measures()))
    #expect(try encoder.encodeValue(Measures()) == JSONValue(json: foundation.encode(Measures())))
    #expect(try streamed([2.5, -.infinity], encoder: encoder) == [2.5, "-inf"])
  }

  struct Readings: Encodable {
    var row = [1.0, 2.0]
    var rows = [[0.5], [1.5, 2.5, .infinity]]
  }

  @Test func aNonFiniteNumberInAnArrayIsNamedByItsIndexes() throws {
    // Arrays of doubles are written by code compiled for them: a number
    // that is not finite still goes to the coder's strategy, at its path.
    func failurePath(_ encode: () throws -> Void) -> [String]? {
      do {
        try encode()
        return nil
      } catch EncodingError.invalidValue(_, let context) {
        return context.codingPath.map(\.stringValue)
      } catch {
        return ["unexpected \(error)"]
      }
    }
    let expected = failurePath { _ = try JSONEncoder().encode(Readings()) }
    #expect(expected == ["rows", "Index 1", "Index 2"])
    #expect(failurePath { _ = try ModelEncoder().encode(Readings()) } == expected)
    #expect(failurePath { _ = try ModelEncoder().encode(Readings().rows) } == ["Index 1", "Index 2"])
    let encoder = ModelEncoder(options: .sortedKeys)
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    #expect(try streamed(Readings(), encoder: encoder) == ["row": [1, 2], "rows": [[0.5], [1.5, 2.5, "+inf"]]])
  }

  @Test func keyPathsAndRenamesFollowTheMapping() throws {
    let order = Order(id: 7, note: "gift", paid: true, total: 12.5)
    #expect(try streamed(order) == ["order_id": 7, "meta": ["note": "gift"], "paid": true, "total": 12.5])
    struct Renamed: Codable, JSONKeyMapping {
      var id = 3
      var title = "t"
      static var keyMapping: [String: JSONKey] { ["id": "identifier", "title": ["heading", "title"]] }
    }
    #expect(try streamed(Renamed()) == ["identifier": 3, "heading": "t"])
  }

  struct OddKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  struct OddKeys: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: OddKey.self)
      for key in ["quo\"te", "back\\slash", "a/b", "tab\tkey", "long key with spaces", "é"] {
        try container.encode(key, forKey: OddKey(stringValue: key))
      }
    }
  }

  @Test func keysAreEscaped() throws {
    let value = try streamed(OddKeys())
    for key in ["quo\"te", "back\\slash", "a/b", "tab\tkey", "long key with spaces", "é"] {
      #expect(value[key] == .string(key))
    }
    let text = String(decoding: try ModelEncoder().encode(OddKeys()), as: UTF8.self)
    #expect(text.contains(#""a\/b":"a\/b""#))
  }

  /// One member whose key is `key`.
  struct OneKey: Encodable {
    let key: String
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: OddKey.self)
      try container.encode(1, forKey: OddKey(stringValue: key))
    }
  }

  /// A character that needs an escape at every place in keys of every
  /// length up to three words (keys are checked eight bytes at a time as
  /// they are copied): the bytes `JSONEncoder` writes, slashes escaped or not.
  @Test func keysNeedingEscapesAtEveryPlace() throws {
    for unescapedSlashes in [false, true] {
      let encoder = ModelEncoder()
      let foundation = JSONEncoder()
      if unescapedSlashes {
        encoder.outputFormatting = .withoutEscapingSlashes
        foundation.outputFormatting = .withoutEscapingSlashes
      }
      for length in 0...24 {
        #expect(
          try encoder.encode(OneKey(key: String(repeating: "k", count: length)))
            == foundation.encode(OneKey(key: String(repeating: "k", count: length))))
        for place in 0..<length {
          for special in ["\"", "\\", "/", "\u{01}", "\n", "\u{1F}", "é"] {
            let key = String(repeating: "a", count: place) + special + String(repeating: "b", count: length - place - 1)
            #expect(
              try encoder.encode(OneKey(key: key)) == foundation.encode(OneKey(key: key)), "\(key.debugDescription)")
          }
        }
      }
    }
  }

  struct Grid: Encodable {
    func encode(to encoder: any Encoder) throws {
      var rows = encoder.unkeyedContainer()
      var first = rows.nestedUnkeyedContainer()
      try first.encode(1)
      var cell = rows.nestedContainer(keyedBy: OddKey.self)
      try cell.encode(true, forKey: OddKey(stringValue: "on"))
      try Silent().encode(to: rows.superEncoder())
      try rows.encode(UInt64.max)
    }
  }

  @Test func unkeyedContainersNestAndKeepPlaces() throws {
    #expect(try streamed(Grid()) == [[1], ["on": true], nil, JSONValue(UInt64.max)])
  }

  @Test func topLevelScalarsAndPrettyOutput() throws {
    #expect(try streamed(5) == 5)
    #expect(try streamed("text") == "text")
    struct Pair: Encodable {
      var a = 1
      var b = ["x"]
    }
    let pretty = String(decoding: try ModelEncoder(options: .prettyPrinted).encode(Pair()), as: UTF8.self)
    #expect(pretty == "{\n  \"a\" : 1,\n  \"b\" : [\n    \"x\"\n  ]\n}")
    let sorted = String(decoding: try ModelEncoder(options: .sortedKeys).encode(Pair()), as: UTF8.self)
    #expect(sorted == #"{"a":1,"b":["x"]}"#)
  }

  struct Failing: Encodable {
    struct Problem: Error {}
    var inner = Inner()
    struct Inner: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(1)
        throw Problem()
      }
    }
  }

  @Test func thrownErrorsPassThroughAsWithJSONEncoder() {
    #expect(throws: Failing.Problem.self) { try ModelEncoder().encode(Failing()) }
    #expect(throws: Failing.Problem.self) { try ModelEncoder().encodeValue(Failing()) }
    #expect(throws: Failing.Problem.self) { try JSONEncoder().encode(Failing()) }
  }

  @Test func modelsAndDatesInsideCodableValuesStream() throws {
    struct Envelope: Encodable {
      var at = Date(timeIntervalSince1970: 86_400.5)
      var badge = Badge(title: "b", level: 2)
    }
    let value = try streamed(Envelope())
    #expect(value["at"] == JSONValue(Date(timeIntervalSince1970: 86_400.5).timeIntervalSinceReferenceDate))
    #expect(value["badge"] == ["title": "b", "level": 2])
  }
}

/// Random nested values, encoded the way hand-written `encode(to:)` methods do.
indirect enum Shape: Encodable {
  case integer(Int)
  case number(Double)
  case text(String)
  case flag(Bool)
  case nothing
  case list([Shape])
  case object([(String, Shape)])

  struct Name: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .integer(let value): try encoder.single(value)
    case .number(let value): try encoder.single(value)
    case .text(let value): try encoder.single(value)
    case .flag(let value): try encoder.single(value)
    case .nothing:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .list(let elements):
      var unkeyed = encoder.unkeyedContainer()
      for element in elements { try unkeyed.encode(element) }
    case .object(let members):
      var keyed = encoder.container(keyedBy: Name.self)
      for (name, value) in members { try keyed.encode(value, forKey: Name(stringValue: name)) }
    }
  }

  /// A random shape at most `depth` levels deep, from a fixed-seed sequence.
  static func random(depth: Int, _ state: inout UInt64) -> Shape {
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let texts = ["", "plain", "quo\"te", "back\\slash", "a/b", "tab\there", "line\nbreak", "é", "日本", "🙂", "\u{1}"]
    switch next(depth > 0 ? 7 : 5) {
    case 0: return .integer(next(2_000_001) - 1_000_000)
    case 1: return .number(Double(next(2_000_001) - 1_000_000) / Double(next(999) + 1))
    case 2: return .text(texts[next(texts.count)])
    case 3: return .flag(next(2) == 1)
    case 4: return .nothing
    case 5: return .list((0..<next(5)).map { _ in random(depth: depth - 1, &state) })
    default:
      return .object(
        (0..<next(6)).map { index in ("\(texts[next(texts.count)])\(index)", random(depth: depth - 1, &state)) })
    }
  }
}

extension Encoder {
  fileprivate func single<Value: Encodable>(_ value: Value) throws {
    var container = singleValueContainer()
    try container.encode(value)
  }
}

@Suite("ModelEncoder streaming, random values")
struct StreamingEncoderRandomTests {
  @Test func streamTreeAndFoundationAgree() throws {
    var state: UInt64 = 0x5EED
    for _ in 0..<500 {
      let shape = Shape.random(depth: 4, &state)
      let streamed = try JSONValue(json: ModelEncoder().encode(shape))
      #expect(streamed == (try ModelEncoder().encodeValue(shape)))
      #expect(streamed == (try JSONValue(json: JSONEncoder().encode(shape))))
      let pretty = try JSONValue(json: ModelEncoder(options: .prettyPrinted).encode(shape))
      #expect(pretty == streamed)
    }
  }
}
