import Foundation
import ModelKit
import Observation
import Testing

/// The shapes of Codable types users write, beyond structs of scalars,
/// each against Foundation's coders: ModelEncoder writes JSONEncoder's
/// bytes (compact, sorted, pretty), and ModelDecoder (strict and lenient)
/// reads what JSONEncoder wrote back to the value JSONDecoder reads.
@Suite("Codable shapes against Foundation")
struct CodableShapesTests {
  /// An enum with associated values (synthesized: nested keyed containers, `_0` keys).
  enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rect(Double, Double)
    case empty
    case labelled(name: String, tags: [String])
  }

  /// A property wrapper with its own single-value coding.
  @propertyWrapper
  struct Clamped: Codable, Equatable {
    var wrappedValue: Int
    init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 100) }
    init(from decoder: any Decoder) throws {
      self.init(wrappedValue: try decoder.singleValueContainer().decode(Int.self))
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(wrappedValue)
    }
  }

  /// BetterCodable's `@DefaultEmptyArray`: a missing key or null is `[]`,
  /// through an overload on `KeyedDecodingContainer`.
  @propertyWrapper
  struct DefaultEmpty: Codable, Equatable {
    var wrappedValue: [Int]
    init(wrappedValue: [Int]) { self.wrappedValue = wrappedValue }
    init(from decoder: any Decoder) throws { wrappedValue = try decoder.singleValueContainer().decode([Int].self) }
    func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
  }

  struct Wrapped: Codable, Equatable {
    @Clamped var level: Int
    @DefaultEmpty var items: [Int]
  }

  /// A generic page holding pages of itself.
  struct Page<Item: Codable & Equatable>: Codable, Equatable {
    var items: [Item]
    var children: [Page<Item>]
  }

  struct Everything: Codable, Equatable {
    var shapes: [Shape]
    var wrapped: Wrapped
    var page: Page<String>
    var byNumber: [Int: String]
    var nested: [String: [String: Int]]
    var doubleOptional: Int??
    var url: URL
    var uuid: UUID
    var decimal: Decimal
    var data: Data
    var date: Date
    var doubles: [Double]
    var floats: [Float]
    var escapedKeys: [String: String]
    var empty: Empty
    var optionalShape: Shape?
  }

  struct Empty: Codable, Equatable {}

  /// An `@Observable` class, its storage keys renamed to its properties' names.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Observable final class Profile: Codable, Equatable {
    var name = ""
    var age = 0
    enum CodingKeys: String, CodingKey {
      case _name = "name"
      case _age = "age"
    }
    static func == (left: Profile, right: Profile) -> Bool { left.name == right.name && left.age == right.age }
  }

  /// A class with `let` properties, a custom coding with nested and super containers.
  class Base: Codable, Equatable {
    let id: Int
    init(id: Int) { self.id = id }
    static func == (left: Base, right: Base) -> Bool { left.id == right.id && type(of: left) == type(of: right) }
  }

  final class Derived: Base {
    let point: (x: Int, y: Int)
    let history: [[Int]]
    enum CodingKeys: String, CodingKey { case point, history, extra }
    enum PointKeys: String, CodingKey { case x, y }
    init(id: Int, point: (x: Int, y: Int), history: [[Int]]) {
      self.point = point
      self.history = history
      super.init(id: id)
    }
    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let point = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
      self.point = (try point.decode(Int.self, forKey: .x), try point.decode(Int.self, forKey: .y))
      var rows = try container.nestedUnkeyedContainer(forKey: .history)
      var history: [[Int]] = []
      while !rows.isAtEnd {
        var row = try rows.nestedUnkeyedContainer()
        var values: [Int] = []
        while !row.isAtEnd { values.append(try row.decode(Int.self)) }
        history.append(values)
      }
      self.history = history
      try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      var point = container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
      try point.encode(self.point.x, forKey: .x)
      try point.encode(self.point.y, forKey: .y)
      var rows = container.nestedUnkeyedContainer(forKey: .history)
      for values in history {
        var row = rows.nestedUnkeyedContainer()
        for value in values { try row.encode(value) }
      }
      try container.encodeNil(forKey: .extra)
      try super.encode(to: container.superEncoder())
    }
    static func == (left: Derived, right: Derived) -> Bool {
      left.id == right.id && left.point == right.point && left.history == right.history
    }
  }

  enum Kind: String, Codable, CodingKeyRepresentable { case small, large }
  enum Plain: String, Codable { case on, off }

  struct Keyed: Codable, Equatable {
    var byKind: [Kind: Int]
    var byPlain: [Plain: Int]
    var limits: [Int64]
    var unsigned: [UInt64]
    var state: Plain?
    var note: String?
  }

  static var everything: Everything {
    Everything(
      shapes: [.circle(radius: 1.5), .rect(2, 3), .empty, .labelled(name: "a/b", tags: ["x", "\u{1F600}"])],
      wrapped: Wrapped(level: 250, items: [1, 2]),
      page: Page(items: ["top"], children: [Page(items: ["child"], children: []), Page(items: [], children: [])]),
      byNumber: [1: "one", -20: "minus twenty", 300: "three hundred"],
      nested: ["outer": ["b": 2, "a": 1], "other": [:]],
      doubleOptional: .some(nil),
      url: URL(string: "https://example.com/a?b=c&d=e#f")!,
      uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
      decimal: Decimal(string: "12345.678901234567890123")!,
      data: Data([0, 1, 2, 253, 254, 255]),
      date: Date(timeIntervalSinceReferenceDate: 123_456.789),
      doubles: [0, -0.0, 0.1 + 0.2, 1e-7, 5e-324, 1.7976931348623157e308, 123_456_789_012, 1e21, -1.5e-10],
      floats: [0.1, 3.4028235e38, 1e-45, -2.5],
      escapedKeys: ["quote\"key": "tab\there", "slash/key": "</script>", "naïve": "\u{7F}\u{1}", "": "empty"],
      empty: Empty(),
      optionalShape: nil)
  }

  static let layouts: [JSONEncoder.OutputFormatting] = [
    [], .sortedKeys, [.prettyPrinted, .sortedKeys], [.sortedKeys, .withoutEscapingSlashes],
  ]

  func expectFoundationParity<Value: Codable & Equatable>(
    _ value: Value, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for layout in Self.layouts {
      let foundation = JSONEncoder()
      foundation.outputFormatting = layout
      let encoder = ModelEncoder()
      encoder.outputFormatting = layout
      let expected = try foundation.encode(value)
      let written = try encoder.encode(value)
      if layout.contains(.sortedKeys) {
        #expect(
          String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
          "\(layout.rawValue) \(comment?.rawValue ?? "")", sourceLocation: sourceLocation)
      } else {
        // Without sorted keys JSONEncoder writes an object's keys in its dictionary's hash order.
        let parsed = try JSONSerialization.jsonObject(with: written, options: .fragmentsAllowed) as? NSObject
        let parsedExpected = try JSONSerialization.jsonObject(with: expected, options: .fragmentsAllowed) as? NSObject
        #expect(parsed == parsedExpected, comment, sourceLocation: sourceLocation)
      }
      let read = try JSONDecoder().decode(Value.self, from: expected)
      #expect(try ModelDecoder().decode(Value.self, from: expected) == read, comment, sourceLocation: sourceLocation)
      #expect(
        try ModelDecoder(options: DecodingOptions(strict: true)).decode(Value.self, from: expected) == read, comment,
        sourceLocation: sourceLocation)
      #expect(try JSONDecoder().decode(Value.self, from: written) == read, comment, sourceLocation: sourceLocation)
    }
  }

  @Test func aValueOfEveryShapeMatchesFoundation() throws {
    try expectFoundationParity(Self.everything)
  }

  @Test func eachShapeAloneAtTheTopLevelMatchesFoundation() throws {
    let value = Self.everything
    try expectFoundationParity(value.shapes, "shapes")
    try expectFoundationParity(value.wrapped, "wrapped")
    try expectFoundationParity(value.page, "page")
    try expectFoundationParity(value.byNumber, "byNumber")
    try expectFoundationParity(value.nested, "nested")
    try expectFoundationParity(value.url, "url")
    try expectFoundationParity(value.uuid, "uuid")
    try expectFoundationParity(value.decimal, "decimal")
    try expectFoundationParity(value.data, "data")
    try expectFoundationParity(value.date, "date")
    try expectFoundationParity(value.doubles, "doubles")
    try expectFoundationParity(value.floats, "floats")
    try expectFoundationParity(value.escapedKeys, "escapedKeys")
    try expectFoundationParity(value.empty, "empty")
    try expectFoundationParity(Shape.labelled(name: "x", tags: []), "enum")
    try expectFoundationParity(Optional<Int>.none, "nil")
    try expectFoundationParity(Set(["b", "a", "c"]), "set")
    try expectFoundationParity(Int?.some(3), "optional")
    try expectFoundationParity("text", "string")
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      let profile = Profile()
      profile.name = "Ada"
      profile.age = 36
      try expectFoundationParity(profile, "observable")
    }
    try expectFoundationParity(Derived(id: 4, point: (1, -2), history: [[1, 2], [], [3]]), "derived")
    try expectFoundationParity(
      Keyed(
        byKind: [.small: 1, .large: 2], byPlain: [.on: 1], limits: [.min, .max, 0], unsigned: [.max, 0],
        state: nil, note: "n"),
      "keyed")
  }

  /// Inputs JSONDecoder reads that the written values never contain.
  @Test func inputsOfEveryShapeReadAsJSONDecoderReadsThem() throws {
    let inputs: [(String, any (Decodable & Equatable).Type)] = [
      (#"{"level": 7}"#, Wrapped.self),  // a missing key read by an overload
      (#"{"level": 7, "items": null}"#, Wrapped.self),
      (#"{"level": -3, "items": [4]}"#, Wrapped.self),
      (#"{"circle": {"radius": 2}}"#, Shape.self),
      (#"{"rect": {"_0": 1, "_1": 2}}"#, Shape.self),
      (#"{"empty": {}}"#, Shape.self),
      (#"[{"empty": {}}, {"circle": {"radius": 0}}]"#, [Shape].self),
      (#"{"1": "a", "-2": "b"}"#, [Int: String].self),
      (#"[1, "a", 2, "b"]"#, [Int: String].self),
      (#"{"items": [], "children": [{"items": [1], "children": []}]}"#, Page<Int>.self),
      (
        #"{"byKind": {"small": 1}, "byPlain": ["on", 1, "off", 2], "limits": [], "unsigned": [18446744073709551615]}"#,
        Keyed.self
      ),
      (#"{"byKind": {"medium": 1}, "byPlain": [], "limits": [], "unsigned": []}"#, Keyed.self),
      (#"{"byKind": {}, "byPlain": [], "limits": [9223372036854775808], "unsigned": []}"#, Keyed.self),
      (#"{"byKind": {}, "byPlain": [], "limits": [], "unsigned": [], "state": "dim"}"#, Keyed.self),
      (#"{"point": {"x": 1, "y": 2}, "history": [[1], []], "super": {"id": 3}}"#, Derived.self),
      (#"{"point": {"x": 1, "y": 2}, "history": [[1], []]}"#, Derived.self),
    ]
    for (json, type) in inputs {
      try expectSameReading(type, json)
    }
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      try expectSameReading(Profile.self, #"{"name": "Ada", "age": 36}"#)
    }
  }

  struct Identified: Codable, Equatable {
    var id: UUID
    var url: URL
  }

  /// Top-level values and scalars at their edges.
  @Test func scalarsAndFragmentsReadAsJSONDecoderReadsThem() throws {
    let inputs: [(String, any (Decodable & Equatable).Type)] = [
      ("1", Int.self), ("null", Int?.self), ("null", String?.self), (#""a""#, String.self), ("  7  ", Int.self),
      ("{}", Empty.self), ("[]", Empty.self), ("null", Empty.self), ("[{}, {}]", [Empty].self),
      (#"{"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "url": "/path?a=1"}"#, Identified.self),
      (#"{"id": "nope", "url": ""}"#, Identified.self),
      ("1e400", Double.self), ("3.5e38", Float.self), ("300", Int8.self), ("-1", UInt.self), ("-0", Double.self),
      ("1.0", Int.self), ("1.5", Int.self), ("1e2", Int.self), ("-0", Int.self),
      ("18446744073709551616", UInt64.self), ("-9223372036854775809", Int64.self),
      ("[1, null, 2]", [Int?].self), (#"{"a": null}"#, [String: Int?].self),
      ("1", Bool.self), ("true", Bool.self), ("1", String.self),
      ("1e-5", Decimal.self), (#""1.5""#, Decimal.self), ("[0.1, 1e400]", [Decimal].self),
      (#""AQID""#, Data.self), (#""AQI""#, Data.self), ("[1,2,3]", Data.self),
      ("1.5", Date.self), (#""2024-01-01T00:00:00Z""#, Date.self),
      (#"["\ud83d\ude00", "\u00e9"]"#, [String].self), (#""\ud800""#, String.self),
    ]
    for (json, type) in inputs {
      try expectSameReading(type, json)
    }
  }

  private func expectSameReading<Value: Decodable & Equatable>(
    _ type: Value.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(json.utf8)
    let foundation = Result { try JSONDecoder().decode(Value.self, from: data) }
    for decoder in [ModelDecoder(), ModelDecoder(options: DecodingOptions(strict: true))] {
      let ours = Result { try decoder.decode(Value.self, from: data) }
      switch (foundation, ours) {
      case (.success(let expected), .success(let read)):
        #expect(read == expected, "\(json)", sourceLocation: sourceLocation)
      case (.failure, .failure) where decoder.options.strict:
        break
      case (.failure, _) where !decoder.options.strict:
        break  // leniency may read what JSONDecoder rejects
      default:
        Issue.record(
          "\(json): JSONDecoder \(foundation), ModelDecoder(strict: \(decoder.options.strict)) \(ours)",
          sourceLocation: sourceLocation)
      }
    }
  }
}

extension KeyedDecodingContainer {
  /// As BetterCodable's wrappers read a missing key: the overload the synthesized `init(from:)` picks.
  func decode(_ type: CodableShapesTests.DefaultEmpty.Type, forKey key: Key) throws -> CodableShapesTests.DefaultEmpty {
    try decodeIfPresent(type, forKey: key) ?? CodableShapesTests.DefaultEmpty(wrappedValue: [])
  }
}
