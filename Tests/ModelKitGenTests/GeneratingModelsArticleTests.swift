import Foundation
import ModelKitGen
import Testing

/// The DocC article "Generating models" shows a sample and what
/// `modelkit gen` writes for it: the generator must write exactly that.
@Suite("Generating models article")
struct GeneratingModelsArticleTests {
  static let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ModelKit/ModelKit.docc/GeneratingModels.md")

  /// The fenced blocks of `language`, in order.
  static func blocks(_ language: String, in text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```\(language)" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n") + "\n")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func theArticleShowsWhatTheGeneratorWrites() throws {
    let text = try String(contentsOf: Self.article, encoding: .utf8)
    let sample = try #require(Self.blocks("json", in: text).first)
    let shown = try #require(Self.blocks("swift", in: text).first)
    let generator = ModelGenerator(
      options: .init(rootName: "Member", command: "modelkit gen user.json --name Member"))
    #expect(try generator.swift(for: [Array(sample.utf8)]) == shown)
  }
}
