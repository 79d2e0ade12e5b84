import Foundation
import ModelKit
import Testing

/// Keys a container writes by their names as `KeyNames` keep them (coding
/// key enums; kept containers below the top level, made anew above), against JSONEncoder:
/// names that need escapes, a slash, bytes above ASCII, the empty name, a
/// key written twice, in every layout.
extension CodableShapesTests {
  struct OddlyNamed: Codable, Equatable {
    var quote: Int
    var slash: String
    var control: Int
    var naive: Int
    var empty: Int
    var plain: [Int]
    var inner: Inner?

    enum CodingKeys: String, CodingKey {
      case quote = "quote\"key"
      case slash = "slash/key"
      case control = "tab\tkey\u{1}"
      case naive = "naïve"
      case empty = ""
      case plain
      case inner = "in/ner"
    }

    struct Inner: Codable, Equatable {
      var back: String
      enum CodingKeys: String, CodingKey { case back = "back\\slash" }
    }
  }

  /// Writes a key twice (`first` a scalar's, or with `nested` an
  /// array's): the second value replaces the first, in place.
  struct Twice: Codable, Equatable {
    var first: [Int]
    var second: Int
    var nested = false

    enum CodingKeys: String, CodingKey { case first, second }

    init(first: Int, second: Int, nested: Bool) {
      self.first = nested ? [first, second] : [first]
      self.second = second
      self.nested = nested
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      second = try container.decode(Int.self, forKey: .second)
      if let scalar = try? container.decode(Int.self, forKey: .first) {
        first = [scalar]
      } else {
        first = try container.decode([Int].self, forKey: .first)
        nested = true
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      if nested {
        try container.encode([-1], forKey: .first)
        try container.encode(second, forKey: .second)
        try container.encode(first, forKey: .first)
      } else {
        try container.encode(-1, forKey: .first)
        try container.encode(second, forKey: .second)
        try container.encode(first[0], forKey: .first)
      }
    }
  }

  /// A member whose value starts over as a tree, its key written again.
  struct Pair: Codable, Equatable {
    var label: Int
    var twice: Twice
  }

  struct Shelf: Codable, Equatable {
    var pairs: [Pair]
    var rows: [OddlyNamed]
    var nested: [[OddlyNamed]]
    var twice: [Twice]
  }

  @Test func namesThatNeedEscapesBelowTheTopLevelMatchFoundation() throws {
    let rows = (0..<4).map { index in
      OddlyNamed(
        quote: index, slash: "</\(index)>", control: -index, naive: index * 2, empty: 7, plain: [index],
        inner: index % 2 == 0 ? OddlyNamed.Inner(back: "\\\(index)") : nil)
    }
    let pairs = [Pair(label: 1, twice: Twice(first: 7, second: 8, nested: true))]
    let shelf = Shelf(pairs: pairs, rows: rows, nested: [rows, []], twice: [
        // An array's key first: a repeated key has its type written as a tree from then on.
        Twice(first: 3, second: 4, nested: true), Twice(first: 1, second: 2, nested: false),
        Twice(first: 5, second: 6, nested: true),
      ])
    try expectFoundationParity(shelf)
    let compact = String(decoding: try ModelEncoder().encode(shelf.twice), as: UTF8.self)
    #expect(compact == #"[{"first":[3,4],"second":4},{"first":1,"second":2},{"first":[5,6],"second":6}]"#)
  }
}
