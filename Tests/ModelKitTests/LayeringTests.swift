import Foundation
import Testing

/// The model layer's folders form one direction of flow (design section 1):
/// a file may use the types of its own folder and of the folders below it,
/// never those above. A new folder must be placed in `layers` first.
@Suite struct LayeringTests {
  /// `Sources/ModelKit`'s folders, lowest first.
  static let layers = [
    "Errors", "Reflection", "Mapping", "Declaration", "Conversion", "Schema", "Decoding", "Encoding", "Codable", "Model",
  ]

  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The Swift files of `folder` (recursively), with their text.
  static func sources(in folder: URL) throws -> [(path: String, text: String)] {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    return try files.map { ($0.path, try String(contentsOf: $0, encoding: .utf8)) }.sorted { $0.path < $1.path }
  }

  /// `text` without comments and string literals, which name types without using them.
  static func code(_ text: String) -> String {
    var code = ""
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
    while let line = lines.next() {
      var kept = ""
      var inString = false
      var previous: Character = " "
      for character in line {
        if !inString && character == "/" && previous == "/" {
          kept.removeLast()
          break
        }
        if character == "\"" && previous != "\\" { inString.toggle() }
        if !inString && character != "\"" { kept.append(character) }
        previous = character
      }
      code += kept + "\n"
    }
    return code
  }

  /// The types a file declares at its top level.
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  static func declaredTypes(_ code: String) -> [String] {
    let pattern = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|protocol|typealias|actor)\s+([A-Za-z_]\w*)/
      .anchorsMatchLineEndings()
    return code.matches(of: pattern).map { String($0.output.1) }
  }

  /// Every identifier in `code`, whole (never part of a longer one).
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  static func identifiers(_ code: String) -> Set<String> {
    Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
  }

  @Test func everyFileSitsInALayer() throws {
    let model = Self.root.appendingPathComponent("ModelKit")
    for (path, _) in try Self.sources(in: model) {
      let relative = path.dropFirst(model.path.count + 1)
      let folder = relative.split(separator: "/").first.map(String.init) ?? ""
      #expect(
        Self.layers.contains(folder) || relative == "Exports.swift",
        "\(relative) is in no layer: add its folder to LayeringTests.layers")
    }
  }

  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  @Test func noFolderUsesTheTypesOfAFolderAboveIt() throws {
    let model = Self.root.appendingPathComponent("ModelKit")
    var files: [(layer: Int, path: String, code: String)] = []
    for (index, layer) in Self.layers.enumerated() {
      for (path, text) in try Self.sources(in: model.appendingPathComponent(layer)) {
        files.append((index, path, Self.code(text)))
      }
    }
    // A name declared in several layers belongs to the lowest.
    var owner: [String: Int] = [:]
    for file in files {
      for name in Self.declaredTypes(file.code) { owner[name] = min(owner[name] ?? .max, file.layer) }
    }
    #expect(owner.count > 50, "the declarations were not found")
    var violations: [String] = []
    for file in files {
      for name in Self.identifiers(file.code).sorted() {
        guard let layer = owner[name], layer > file.layer else { continue }
        let relative = file.path.dropFirst(model.path.count + 1)
        violations.append("\(relative) (\(Self.layers[file.layer])) uses \(name) (\(Self.layers[layer]))")
      }
    }
    #expect(violations.isEmpty, "dependencies that run back up:\n\(violations.joined(separator: "\n"))")
  }

  @Test func theFloorKnowsNothingOfFoundationOrModels() throws {
    for (path, text) in try Self.sources(in: Self.root.appendingPathComponent("ModelKitJSON")) {
      let code = Self.code(text)
      #expect(!code.contains("import Foundation"), "\(path) imports Foundation")
      #expect(!code.contains("import ModelKit\n"), "\(path) imports the model layer")
    }
  }

  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  @Test func theCheckFindsABackwardReference() {
    // The checker's own parts, on a made-up pair of files.
    let upper = Self.code("final class Walker {}\n// mentions Lower\n")
    #expect(Self.declaredTypes(upper) == ["Walker"])
    let lower = Self.code("struct Lower { let walker: Walker; let note = \"Walker\" }\n")
    #expect(Self.identifiers(lower).contains("Walker"))
    #expect(Self.identifiers("x = SchemaCache.shared").contains("SchemaCache"))
    #expect(Self.code("let x = \"Walker\" // Walker").contains("Walker") == false)
  }
}
