import Foundation
import ModelKitTestSupport
import Testing

/// The folders of both modules form one direction of flow (design section
/// 1): a file may use what its own folder and the folders below it
/// declare (types at any nesting, members of types and extensions), never
/// what a folder above declares. A new folder must be placed in its
/// module's layers first.
@Suite struct LayeringTests {
  /// A module's folders, lowest first.
  struct Module: CustomTestStringConvertible, Sendable {
    let name: String
    let layers: [String]
    /// Files at the module's root, outside every layer.
    let rootFiles: Set<String>
    /// The modules below this one, whose names belong to none of its layers.
    let below: [String]

    var testDescription: String { name }
  }

  static let engine = Module(
    name: "ModelKitJSON",
    layers: ["Support", "Errors", "Tape", "Numbers", "Reader", "Document", "Value", "Writer", "Framing", "Partial"],
    rootFiles: [], below: [])
  static let model = Module(
    name: "ModelKit",
    layers: [
      "Support", "Errors", "Reflection", "Mapping", "Declaration", "Conversion", "Schema", "Decoding", "Encoding", "Codable",
      "Model", "Streams", "Partial", "JSONSchema",
    ],
    rootFiles: ["Exports.swift"], below: ["ModelKitJSON"])
  static let modules = [engine, model]

  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The Swift files of `folder` (recursively), with their text, by path relative to `base`.
  static func files(in folder: URL, relativeTo base: URL) throws -> [(path: String, text: String)] {
    let urls = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    return try urls.map { (String($0.path.dropFirst(base.path.count + 1)), try String(contentsOf: $0, encoding: .utf8)) }
      .sorted { $0.path < $1.path }
  }

  /// The files of `module`'s layers.
  static func layered(_ module: Module) throws -> [LayerCheck.File] {
    let root = sources.appendingPathComponent(module.name)
    return try module.layers.enumerated().flatMap { index, layer in
      try files(in: root.appendingPathComponent(layer), relativeTo: root).map {
        LayerCheck.File(layer: index, path: $0.path, text: $0.text)
      }
    }
  }

  /// The sources of the modules below `module`.
  static func below(_ module: Module) throws -> [SwiftSource] {
    try module.below.flatMap { name in
      try files(in: sources.appendingPathComponent(name), relativeTo: sources).map { SwiftSource($0.text) }
    }
  }

  @Test(arguments: modules) func everyFileSitsInALayer(_ module: Module) throws {
    let root = Self.sources.appendingPathComponent(module.name)
    let files = try Self.files(in: root, relativeTo: root)
    #expect(files.count > 10, "the sources were not found at \(root.path)")
    for (path, _) in files {
      let folder = path.split(separator: "/").first.map(String.init) ?? ""
      #expect(
        module.layers.contains(folder) || module.rootFiles.contains(path),
        "\(module.name)/\(path) is in no layer: add its folder to LayeringTests")
    }
  }

  @Test(arguments: modules) func noFolderUsesWhatAFolderAboveItDeclares(_ module: Module) throws {
    let files = try Self.layered(module)
    #expect(files.flatMap(\.source.types).count > 30, "the declarations were not found")
    let violations = LayerCheck.violations(files, layers: module.layers, below: try Self.below(module))
    #expect(violations.isEmpty, "dependencies that run back up:\n\(violations.joined(separator: "\n"))")
  }

  /// A back-reference planted in the lowest layer of each module, to each
  /// kind of declaration a higher layer makes, is found; the same names
  /// used the right way round are not.
  @Test(arguments: modules) func theCheckFindsABackReferencePlantedInTheModule(_ module: Module) throws {
    let files = try Self.layered(module)
    let below = try Self.below(module)
    #expect(LayerCheck.violations(files, layers: module.layers, below: below).isEmpty)
    let top = module.layers.count - 1
    let upper = files.filter { $0.layer == top }
    // A type, a nested type and an extension member that only the top layer declares.
    let topTypes = upper.flatMap(\.source.types).filter { name in !files.contains { $0.layer < top && $0.source.declared.contains(name) } }
    let topMembers = upper.flatMap(\.source.members).filter { name in
      !LayerCheck.standardNames.contains(name) && !files.contains { $0.layer < top && $0.source.declared.contains(name) }
        && !below.contains { $0.declared.contains(name) }
    }
    let planted = [topTypes.first, topMembers.first].compactMap { $0 }
    #expect(planted.count == 2, "the top layer of \(module.name) declares no type or member of its own")
    for name in planted {
      let plant = LayerCheck.File(layer: 0, path: "\(module.layers[0])/Planted.swift", text: "func planted() { _ = \(name) }\n")
      let found = LayerCheck.violations(files + [plant], layers: module.layers, below: below)
      #expect(found.count == 1 && found.first?.contains("uses \(name) (\(module.layers[top]))") == true, "\(found)")
    }
    // Nested types and extension members are declarations too.
    let nested = LayerCheck.File(layer: top, path: "Top.swift", text: "extension Holder { struct Deep {}; func helper() {} }\n")
    let user = LayerCheck.File(layer: 0, path: "Low.swift", text: "struct Holder { let deep: Deep; func run() { helper() } }\n")
    let found = LayerCheck.violations([user, nested], layers: module.layers)
    #expect(found.map { $0.components(separatedBy: " uses ").last ?? "" }.sorted() == ["Deep (\(module.layers[top]))", "helper (\(module.layers[top]))"])
  }

  @Test func namesInCommentsAndStringsAreNoUses() {
    let upper = LayerCheck.File(layer: 1, path: "Upper.swift", text: "final class Walker {}\n")
    let lower = LayerCheck.File(
      layer: 0, path: "Lower.swift", text: "// Walker\nstruct Lower { let note = \"Walker\"; let raw = #\"Walker\"# }\n")
    #expect(LayerCheck.violations([upper, lower], layers: ["Low", "High"]).isEmpty)
    let user = LayerCheck.File(layer: 0, path: "Lower.swift", text: "struct Lower { let walker: Walker }\n")
    #expect(LayerCheck.violations([upper, user], layers: ["Low", "High"]) == ["Lower.swift:1 (Low) uses Walker (High)"])
  }

  @Test("a case's payload declares no name; each case after a comma does")
  func casePayloadsDeclareNothing() {
    let upper = LayerCheck.File(
      layer: 1, path: "Upper.swift", text: "enum Rule { case custom(@Sendable (Int, any Error) -> Void), plain }\n")
    let lower = LayerCheck.File(layer: 0, path: "Lower.swift", text: "func low(_ error: any Error) { _ = plain }\n")
    #expect(LayerCheck.violations([upper, lower], layers: ["Low", "High"]) == ["Lower.swift:1 (Low) uses plain (High)"])
  }

  @Test func theFloorKnowsNothingOfFoundationOrModels() throws {
    let root = Self.sources.appendingPathComponent("ModelKitJSON")
    for (path, text) in try Self.files(in: root, relativeTo: root) {
      let code = String(decoding: SwiftSource(text).code, as: UTF8.self)
      #expect(!code.contains("import Foundation"), "\(path) imports Foundation")
      #expect(!code.contains("import ModelKit\n"), "\(path) imports the model layer")
    }
  }
}
