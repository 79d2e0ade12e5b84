import Foundation
import ModelKit
import Testing

/// Values decoded one at a time into a temporary slot (a Codable value
/// read for a key, an element, an optional's wrapped value): those that
/// fit the slot in the caller's frame, those that take the larger buffer
/// (up to 1,024 bytes) and those that take an allocation (larger still,
/// or aligned beyond 8 bytes) are read alike, by every entry point.
@Suite("Values larger or more aligned than a temporary slot")
struct TemporarySlotTests {
  /// 24 strings: 384 bytes, more than the slot holds.
  struct Large: Codable, Equatable, JSONModel {
    var a0 = "", a1 = "", a2 = "", a3 = "", a4 = "", a5 = "", a6 = "", a7 = ""
    var b0 = "", b1 = "", b2 = "", b3 = "", b4 = "", b5 = "", b6 = "", b7 = ""
    var c0 = "", c1 = "", c2 = "", c3 = "", c4 = "", c5 = "", c6 = "", c7 = ""

    init() {}

    init(seed: Int) {
      let fields: [WritableKeyPath<Large, String>] = [
        \.a0, \.a1, \.a2, \.a3, \.a4, \.a5, \.a6, \.a7, \.b0, \.b1, \.b2, \.b3, \.b4, \.b5, \.b6, \.b7,
        \.c0, \.c1, \.c2, \.c3, \.c4, \.c5, \.c6, \.c7,
      ]
      for (index, field) in fields.enumerated() {
        // Long enough that none is a small string kept inline.
        self[keyPath: field] = "value \(seed) of field \(index), long enough to be stored apart"
      }
    }
  }

  /// Three `Large`: 1,152 bytes, more than the larger buffer holds.
  struct Huge: Codable, Equatable, JSONModel {
    var first = Large(), second = Large(), third = Large()

    init() {}

    init(seed: Int) {
      (first, second, third) = (Large(seed: seed), Large(seed: seed + 1), Large(seed: seed + 2))
    }
  }

  /// Codable values of every way in, around `Large`, `Huge` and a 16-byte-aligned `SIMD4<Float>`.
  struct Holder: Codable, Equatable {
    var large: Large
    var optionalLarge: Large?
    var missingLarge: Large?
    var larges: [Large]
    var byName: [String: Large]
    var vector: SIMD4<Float>
    var vectors: [SIMD4<Float>]
    var optionalVector: SIMD4<Float>?
    var huge: Huge
    var huges: [Huge]
  }

  /// The same through reflection (`JSONModel`).
  struct ModelHolder: JSONModel {
    var large = Large()
    var optionalLarge: Large?
    var larges: [Large] = []
    var byName: [String: Large] = [:]
    var nested: [[Large]] = []
    var huge = Huge()
  }

  static let holder = Holder(
    large: Large(seed: 1), optionalLarge: Large(seed: 2), missingLarge: nil, larges: [Large(seed: 3), Large(seed: 4)],
    byName: ["x": Large(seed: 5)], vector: SIMD4(1, -2.5, 3e10, 0), vectors: [SIMD4(1, 2, 3, 4), SIMD4(-1, 0, 0.5, 8)],
    optionalVector: SIMD4(9, 8, 7, 6), huge: Huge(seed: 10), huges: [Huge(seed: 20), Huge(seed: 30)])

  @Test func aLargeSlotOfSizeAndAlignmentIsTheCaseThisSuiteCovers() {
    #expect(MemoryLayout<Large>.size > 256)
    #expect(MemoryLayout<Large>.size <= 1024)
    #expect(MemoryLayout<Huge>.size > 1024)
    #expect(MemoryLayout<SIMD4<Float>>.alignment > 8)
  }

  @Test func codableValuesReadAsJSONDecoderReadsThem() throws {
    let data = try JSONEncoder().encode(Self.holder)
    let expected = try JSONDecoder().decode(Holder.self, from: data)
    #expect(expected == Self.holder)
    #expect(try ModelDecoder().decode(Holder.self, from: data) == expected)
    #expect(try ModelDecoder(options: DecodingOptions(strict: true)).decode(Holder.self, from: data) == expected)
    #expect(try ModelDecoder().decode([Holder].self, from: try JSONEncoder().encode([Self.holder, Self.holder])) == [expected, expected])
    #expect(try ModelDecoder().decode(Large.self, from: try JSONEncoder().encode(Large(seed: 7))) == Large(seed: 7))
    #expect(try ModelDecoder().decode(Huge.self, from: try JSONEncoder().encode(Huge(seed: 7))) == Huge(seed: 7))
    #expect(try Huge(json: try JSONEncoder().encode(Huge(seed: 8))) == Huge(seed: 8))
    #expect(try ModelDecoder().decode(SIMD4<Float>.self, from: Data("[1,2,3,4]".utf8)) == SIMD4(1, 2, 3, 4))
  }

  @Test func anErrorInsideALargeValueNamesItsPath() throws {
    var object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(Self.holder)) as! [String: Any]
    var larges = object["larges"] as! [[String: Any]]
    larges[1]["b3"] = ["not": "a string"]
    object["larges"] = larges
    let data = try JSONSerialization.data(withJSONObject: object)
    let foundation = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: data) }
    let modelKit = #expect(throws: DecodingError.self) {
      try ModelDecoder(options: DecodingOptions(strict: true)).decode(Holder.self, from: data)
    }
    #expect(Self.path(of: modelKit) == Self.path(of: foundation))
    #expect(Self.path(of: modelKit) == "larges.Index 1.b3")
  }

  @Test func modelsReadEveryLargeValue() throws {
    let large = String(decoding: try JSONEncoder().encode(Large(seed: 1)), as: UTF8.self)
    let other = String(decoding: try JSONEncoder().encode(Large(seed: 2)), as: UTF8.self)
    let huge = String(decoding: try JSONEncoder().encode(Huge(seed: 3)), as: UTF8.self)
    let json = #"{"large": \#(large), "optionalLarge": \#(other), "larges": [\#(other), \#(large)], "byName": {"k": \#(large)}, "nested": [[\#(large)], [], [\#(other), \#(other)]], "huge": \#(huge)}"#
    let model = try ModelHolder(json: json)
    #expect(model.large == Large(seed: 1))
    #expect(model.optionalLarge == Large(seed: 2))
    #expect(model.larges == [Large(seed: 2), Large(seed: 1)])
    #expect(model.byName == ["k": Large(seed: 1)])
    #expect(model.nested == [[Large(seed: 1)], [], [Large(seed: 2), Large(seed: 2)]])
    #expect(model.huge == Huge(seed: 3))
  }

  private static func path(of error: DecodingError?) -> String? {
    guard let error else { return nil }
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found), .dataCorrupted(let found):
      context = found
    @unknown default: return nil
    }
    return context.codingPath.map { $0.intValue.map { "Index \($0)" } ?? $0.stringValue }.joined(separator: ".")
  }
}
