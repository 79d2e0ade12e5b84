import Foundation
import ModelKit
import Testing
import ModelKitTestSupport

/// The coding paths the caller's own code sees (a type's `init(from:)` and
/// `encode(to:)`, a strategy's function) and the errors it throws, as
/// Foundation's coders give them, across the crossings between Codable
/// values and models.
@Suite struct CodingPathParityTests {
  /// Decodes and encodes as the coding path it is given.
  struct PathRecorder: Codable, Equatable {
    var path = ""
    init() {}
    init(from decoder: any Decoder) throws {
      path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
      _ = try decoder.singleValueContainer()
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
    }
  }

  struct Model: JSONModel, Codable, Equatable {
    var rec = PathRecorder()
    var list: [PathRecorder] = []
    var byName: [String: PathRecorder] = [:]
  }

  struct Outer: Codable, Equatable {
    var inner: Model
    var models: [Model]
    var recs: [PathRecorder]
  }

  static let text = #"""
    {"inner": {"rec": 1, "list": [1, 2], "byName": {"a": 1}}, "models": [{"rec": 1, "list": [], "byName": {}}], "recs": [1]}
    """#

  @Test(arguments: [false, true]) func decodersSeeTheirValuesPathsAsInJSONDecoder(strict: Bool) throws {
    let expected = try JSONDecoder().decode(Outer.self, from: Data(Self.text.utf8))
    #expect(expected.inner.list.last?.path == "inner/list/Index 1")
    let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
    #expect(try decoder.decode(Outer.self, from: Self.text) == expected)
  }

  @Test func encodersSeeTheirValuesPathsAsInJSONEncoder() throws {
    var model = Model()
    model.list = [PathRecorder()]
    model.byName = ["a": PathRecorder()]
    let value = Outer(inner: model, models: [model], recs: [PathRecorder()])
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let written = try foundation.encode(value)
    #expect(String(decoding: written, as: UTF8.self).contains(#""inner\/list\/Index 0""#))
    #expect(try ModelEncoder(options: .sortedKeys).encode(value) == written)
  }

  struct Stamped: Codable, Equatable {
    var at: Date
    var list: [Date]
    var blob: Data
  }

  @Test func strategyFunctionsSeeTheirValuesPathsAsInFoundation() throws {
    let seen = Locked<[String]>([])
    let dates: JSONDecoder.DateDecodingStrategy = .custom { decoder in
      seen.withLock { $0.append(decoder.codingPath.map(\.stringValue).joined(separator: "/")) }
      return Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self))
    }
    let data: JSONDecoder.DataDecodingStrategy = .custom { decoder in
      seen.withLock { $0.append(decoder.codingPath.map(\.stringValue).joined(separator: "/")) }
      return Data()
    }
    let text = #"{"at": 1, "list": [2, 3], "blob": "x"}"#
    let foundation = JSONDecoder()
    (foundation.dateDecodingStrategy, foundation.dataDecodingStrategy) = (dates, data)
    _ = try foundation.decode(Stamped.self, from: Data(text.utf8))
    let expected = seen.withLock { paths in defer { paths = [] }; return paths }
    #expect(expected == ["at", "list/Index 0", "list/Index 1", "blob"])
    for strict in [false, true] {
      let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
      (decoder.dateDecodingStrategy, decoder.dataDecodingStrategy) = (dates, data)
      _ = try decoder.decode(Stamped.self, from: text)
      #expect(seen.withLock { paths in defer { paths = [] }; return paths } == expected)
    }
  }

  /// An error of the caller's own.
  struct Refusal: Error, Equatable {
    let reason: String
  }

  struct Refusing: Codable {
    init() {}
    init(from decoder: any Decoder) throws { throw Refusal(reason: decoder.codingPath.map(\.stringValue).joined(separator: "/")) }
    func encode(to encoder: any Encoder) throws { throw Refusal(reason: "encode") }
  }

  struct RefusingModel: JSONModel, Codable {
    var refusing: Refusing?
  }

  struct Holder: Codable {
    var model: RefusingModel
  }

  /// The caller's own error reaches the caller as it was thrown, the same
  /// instance, as `JSONDecoder` lets it through: from a type's
  /// `init(from:)` (at the top, nested, inside a model) and from a
  /// strategy's function.
  @Test func theCallersOwnErrorsPassThroughUnchanged() throws {
    let strict = ModelDecoder(options: DecodingOptions(strict: true))
    let inputs: [(any Decodable.Type, String, String)] = [
      (Refusing.self, "1", ""), ([Refusing].self, "[1]", "Index 0"),
      (Holder.self, #"{"model": {"refusing": 1}}"#, "model/refusing"),
    ]
    for (type, text, path) in inputs {
      #expect(throws: Refusal(reason: path)) { _ = try JSONDecoder().decode(type, from: Data(text.utf8)) }
      #expect(throws: Refusal(reason: path)) { _ = try strict.decode(type, from: text) }
    }
    #expect(throws: Refusal(reason: "refusing")) { _ = try strict.decode(RefusingModel.self, from: #"{"refusing": 1}"#) }
    let refusingDates = ModelDecoder(options: DecodingOptions(strict: true))
    refusingDates.dateDecodingStrategy = .custom { throw Refusal(reason: $0.codingPath.map(\.stringValue).joined(separator: "/")) }
    #expect(throws: Refusal(reason: "at")) { _ = try refusingDates.decode(Stamped.self, from: #"{"at": 1, "list": [], "blob": ""}"#) }
    let refusing = Holder(model: RefusingModel(refusing: Refusing()))
    #expect(throws: Refusal(reason: "encode")) { _ = try JSONEncoder().encode(refusing) }
    #expect(throws: Refusal(reason: "encode")) { _ = try ModelEncoder().encode(refusing) }
  }
}
