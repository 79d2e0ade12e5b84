import Foundation
import ModelKit
import Testing

/// An encoder that nothing holds once its value is written serves the next
/// value inside the same parent. Values that keep their encoder or a
/// container, and coding paths asked for by siblings and nested values,
/// must see only their own value; the text is JSONEncoder's.
@Suite("Encoders reused for sibling values")
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
}
