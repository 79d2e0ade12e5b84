import Foundation
import ModelKit
import ModelKitFixtures
import ModelKitGen
import Testing

/// The golden files of `modelkit gen` compile (they are this target's
/// sources), read their samples, and write them back as equal JSON; and
/// the generator still writes them byte for byte.
@Suite("modelkit gen: golden models", .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
struct GoldenModelTests {
  static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Models")

  @Test(arguments: GoldenModel.all.map(\.root))
  func readsItsSampleAndWritesItBack(_ root: String) throws {
    let golden = try #require(GoldenModel.all.first { $0.root == root })
    let data = try Data(contentsOf: TestData.directory!.appendingPathComponent(golden.sample))
    let written = try golden.read(data)
    let difference = JSONEquivalence.difference(try JSONValue(json: data), written)
    if golden.codable && difference != nil {
      // Foundation's coders keep a repeated key's first value (ModelKit's
      // models and `JSONValue(json:)` its last): the sample as JSONDecoder reads it.
      let asFoundationReadsIt = try JSONDecoder().decode(JSONValue.self, from: data)
      let other = JSONEquivalence.difference(asFoundationReadsIt, written)
      #expect(other == nil, "\(golden.sample): \(difference ?? ""); as JSONDecoder reads it: \(other ?? "")")
    } else {
      #expect(difference == nil, "\(golden.sample): \(difference ?? "")")
    }
  }

  @Test(arguments: GoldenModel.all.map(\.root))
  func theGeneratorStillWritesTheGoldenFile(_ root: String) throws {
    let golden = try #require(GoldenModel.all.first { $0.root == root })
    let sample = try Data(contentsOf: TestData.directory!.appendingPathComponent(golden.sample))
    let file = URL(fileURLWithPath: golden.sample).lastPathComponent
    let command = "modelkit gen \(file) --name \(root)" + (golden.codable ? " --codable" : "")
    let options = ModelGenerator.Options(rootName: root, codable: golden.codable, command: command)
    let generated = try ModelGenerator(options: options).swift(for: [Array(sample)])
    let onDisk = try String(contentsOf: Self.goldenFolder.appendingPathComponent("\(root).swift"), encoding: .utf8)
    #expect(generated == onDisk, "Scripts/regenerate-golden-models.sh writes the golden files again")
  }
}

/// "Equal JSON" as `modelkit gen` promises it: numbers by value, a key
/// whose value was null may be absent, and a date, URL or UUID string may
/// come back in ModelKit's canonical form of the same value.
enum JSONEquivalence {
  /// Where `written` differs from `sample`, or nil.
  static func difference(_ sample: JSONValue, _ written: JSONValue, at path: String = "$") -> String? {
    switch (sample, written) {
    case (.object(let expected), .object(let found)):
      for key in expected.keys {
        let value = expected[key]!
        guard let other = found[key] else {
          if value.isNull { continue }
          return "\(path).\(key) is missing"
        }
        if let difference = difference(value, other, at: "\(path).\(key)") { return difference }
      }
      for key in found.keys where expected[key] == nil {
        return "\(path).\(key) was not in the sample"
      }
      return nil
    case (.array(let expected), .array(let found)):
      guard expected.count == found.count else { return "\(path) has \(found.count) elements, not \(expected.count)" }
      for (index, (left, right)) in zip(expected, found).enumerated() {
        if let difference = difference(left, right, at: "\(path)[\(index)]") { return difference }
      }
      return nil
    case (.string(let expected), .string(let found)) where expected != found:
      if let a = try? ModelDecoder().decode(Date.self, from: JSONValue.string(expected)),
        let b = try? ModelDecoder().decode(Date.self, from: JSONValue.string(found)), a == b
      {
        return nil
      }
      if let a = UUID(uuidString: expected), a == UUID(uuidString: found) { return nil }
      if let a = URL(string: expected), a == URL(string: found) { return nil }
      return "\(path) is \"\(found)\", not \"\(expected)\""
    default:
      return sample == written ? nil : "\(path) is \(written.jsonString()), not \(sample.jsonString())"
    }
  }
}
