import Foundation
import ModelKit
import Testing

/// A `ModelEncoder` remembers the keys it wrote (their hash, their bytes,
/// whether they need escapes) and writes a key it knows without looking at
/// it again. Whatever it remembers, each call writes what `JSONEncoder`
/// writes: keys that look alike to the table, keys it does not keep, keys
/// that need escapes, a key written twice into one object, keys made anew
/// each time, and calls that follow each other on one encoder. (It keeps
/// the keys of the objects it has open, too, for keys written twice.) Byte for
/// byte with keys sorted (without, `JSONEncoder`'s order is its
/// dictionary's, which differs from run to run); the same JSON otherwise.
@Suite("Keys an encoder has written before")
struct WrittenKeyTests {
  struct Name: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// An object whose members are `names`, in order: an integer for most, an
  /// array or a nested object for some (their keys are written when their
  /// value begins).
  struct Members: Encodable {
    let names: [String]
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Name.self)
      for (index, name) in names.enumerated() {
        switch index % 5 {
        case 3: try container.encode([index, -index], forKey: Name(name))
        case 4: try container.encode(["inner": index], forKey: Name(name))
        default: try container.encode(index, forKey: Name(name))
        }
      }
    }
  }

  /// Writes the member `"dup"` twice: first with the key `first`, then
  /// with one made anew from the same text (another string, hashed anew).
  struct Duplicate: Encodable {
    let first: String
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Name.self)
      try container.encode(1, forKey: Name(first))
      try container.encode(2, forKey: Name("other"))
      try container.encode(3, forKey: Name(String(decoding: Array(first.utf8), as: UTF8.self)))
    }
  }

  /// Forty keys, then (above depth 0) another layer at `inner`, then the
  /// key `k0` again: the encoder keeps the keys of every open object.
  struct Layer: Encodable {
    let depth: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Name.self)
      for index in 0..<40 { try container.encode(index, forKey: Name("k\(index)")) }
      if depth > 0 { try container.encode(Layer(depth: depth - 1), forKey: Name("inner")) }
      try container.encode(-1, forKey: Name("k0"))
    }
  }

  private func both(_ formatting: JSONEncoder.OutputFormatting) -> (ModelEncoder, JSONEncoder) {
    let model = ModelEncoder()
    model.outputFormatting = formatting
    let foundation = JSONEncoder()
    foundation.outputFormatting = formatting
    return (model, foundation)
  }

  /// Expects `model` to write what `foundation` writes for `value`: the
  /// same bytes with keys sorted, the same JSON without.
  private func expectSame(
    _ model: ModelEncoder, _ foundation: JSONEncoder, _ value: some Encodable,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let written = try model.encode(value)
    let expected = try foundation.encode(value)
    if foundation.outputFormatting.contains(.sortedKeys) {
      #expect(
        written == expected, "\(String(decoding: written, as: UTF8.self))", sourceLocation: sourceLocation)
    } else {
      let parsed = try JSONSerialization.jsonObject(with: written) as? NSArray
      let oracle = try JSONSerialization.jsonObject(with: expected) as? NSArray
      #expect(parsed != nil && parsed == oracle, sourceLocation: sourceLocation)
    }
  }

  /// Keys far more than the table's slots, so many land on one pair, and
  /// of one length with one word of their `String` value's bits the same:
  /// six hundred that share their first eight bytes, of every length from
  /// 9 to 60 bytes (the table keeps keys of up to 48), and three hundred
  /// short ones (stored in the value's bits) that share their last seven.
  private static let lookalikes: [String] =
    (0..<600).map { index in
      let length = 8 + index % 53
      let digits = String(index)
      return "abcdefgh" + String(repeating: "x", count: max(0, length - 8 - digits.count)) + digits
    }
    + (0..<300).map { index in
      let digits = String(index)
      return String(repeating: "0", count: 8 - digits.count) + digits + "-shared"
    }

  @Test(arguments: [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted], []])
  func keysThatLookAlikeToTheTable(_ formatting: JSONEncoder.OutputFormatting) throws {
    let (model, foundation) = both(formatting)
    // One key an object: a key the table took for another in the same
    // object would look like a key written twice, which the encoder mends
    // by building the object again, and then every object of its type.
    let rows = (Self.lookalikes + Self.lookalikes.reversed()).map { Members(names: [$0]) }
    for _ in 0..<3 {  // the second and third calls find the keys the first kept
      try expectSame(model, foundation, rows)
    }
  }

  @Test(arguments: [JSONEncoder.OutputFormatting.sortedKeys, [.withoutEscapingSlashes, .sortedKeys], []])
  func keysThatNeedEscapes(_ formatting: JSONEncoder.OutputFormatting) throws {
    let names = [
      "a/b", "/", "quote\"d", "back\\slash", "tab\there", "line\nfeed", "\u{1}", "caf\u{E9}", "\u{1F600}", "plain",
      "a/very/long/path/of/more/than/sixteen/bytes", "x\u{7F}y", String(repeating: "/", count: 48),
      String(repeating: "\"", count: 49),
    ]
    let (model, foundation) = both(formatting)
    let rows = [Members(names: names), Members(names: names.reversed()), Members(names: names)]
    for _ in 0..<2 {
      try expectSame(model, foundation, rows)
    }
  }

  @Test(arguments: ["dup", "a key of more than sixteen bytes", String(repeating: "k", count: 48)])
  func aKeyWrittenTwiceIsWrittenOnceWithItsLastValue(_ key: String) throws {
    let (model, foundation) = both(.sortedKeys)
    // Known first: the key is in the table when the object writes it twice.
    let value = [Duplicate(first: key), Duplicate(first: key)]
    for _ in 0..<2 {
      try expectSame(model, foundation, value)
      let written = String(decoding: try model.encode(value), as: UTF8.self)
      #expect(written.components(separatedBy: "\"\(key)\"").count == 3)
    }
  }

  @Test func aKeyWrittenTwiceAroundDeeplyNestedObjects() throws {
    for depth in [0, 1, 3, 8] {  // up to 369 keys of objects open at once
      // A new encoder each: once a key written twice is found, the
      // encoder builds its type's values as trees, and keeps no keys.
      let (model, foundation) = both(.sortedKeys)
      try expectSame(model, foundation, [Layer(depth: depth)])
    }
  }

  @Test func keysMadeAnewForEveryObject() throws {
    let (model, foundation) = both(.sortedKeys)
    let rows = (0..<50).map { row in
      Members(names: (0..<20).map { String(decoding: Array("key \(($0 * 7 + row) % 23)".utf8), as: UTF8.self) })
    }
    try expectSame(model, foundation, rows)
  }

  @Test func dictionaryKeysThatChangeFromCallToCall() throws {
    let (model, foundation) = both(.sortedKeys)
    for call in 0..<40 {
      var value: [String: [String: Int]] = [:]
      for index in 0..<(call % 7 + 1) {
        value["outer \(index)"] = Dictionary(uniqueKeysWithValues: (0..<(call % 5)).map { ("k\($0 * call)", $0) })
      }
      try expectSame(model, foundation, [value])
    }
  }
}
