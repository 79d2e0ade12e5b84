// Checks the doc comments of a library's public declarations in SwiftPM's
// symbol graphs: every declaration has a summary, and every function,
// initialiser and subscript says what its parameters are (`- Parameter x:`
// or a `- Parameters:` list naming each), what it returns (`- Returns:`)
// and, if it throws, when (`- Throws:`). A declaration whose comment is
// inherited from a protocol of another module counts as documented.
//
//     swift Scripts/check-doc-comments.swift GRAPH-DIRECTORY MODULE...
//
// Prints one line per gap and exits with status 1 if there is any.
import Foundation

struct Graph: Decodable {
  struct Symbol: Decodable {
    struct Kind: Decodable { var identifier: String }
    struct Identifier: Decodable { var precise: String }
    struct DocComment: Decodable {
      struct Line: Decodable { var text: String }
      var module: String?
      var lines: [Line]
    }
    struct Fragment: Decodable {
      var kind: String
      var spelling: String
    }
    struct Signature: Decodable {
      struct Parameter: Decodable {
        var name: String
        var internalName: String?
      }
      var parameters: [Parameter]?
      var returns: [Fragment]?
    }
    struct Location: Decodable {
      struct Position: Decodable { var line: Int }
      var uri: String
      var position: Position
    }
    var kind: Kind
    var location: Location?
    var identifier: Identifier
    var pathComponents: [String]
    var accessLevel: String
    var docComment: DocComment?
    var declarationFragments: [Fragment]?
    var functionSignature: Signature?
  }
  var symbols: [Symbol]
}

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first, arguments.count > 1 else {
  FileHandle.standardError.write(Data("usage: check-doc-comments.swift GRAPH-DIRECTORY MODULE...\n".utf8))
  exit(2)
}
let modules = Set(arguments.dropFirst())
let callables: Set<String> = [
  "swift.func", "swift.func.op", "swift.method", "swift.type.method", "swift.init", "swift.subscript",
]

var gaps: [String] = []
var checked = 0
let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
for file in files where file.hasSuffix(".symbols.json") {
  let module = String(file.prefix { $0 != "." && $0 != "@" })
  guard modules.contains(module) else { continue }
  let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(file))
  let graph = try JSONDecoder().decode(Graph.self, from: data)
  for symbol in graph.symbols where ["public", "open"].contains(symbol.accessLevel) {
    // Members a protocol extension gives a type are documented by that protocol.
    if symbol.identifier.precise.contains("::SYNTHESIZED::") { continue }
    let place = symbol.location.map { "\($0.uri.replacingOccurrences(of: "file://", with: "")):\($0.position.line + 1)" }
    let name = "\(place ?? module): \(symbol.pathComponents.joined(separator: "."))"
    checked += 1
    guard let comment = symbol.docComment, comment.lines.contains(where: { !$0.text.isEmpty }) else {
      gaps.append("\(name): no doc comment")
      continue
    }
    if let origin = comment.module, !modules.contains(origin) { continue }
    guard callables.contains(symbol.kind.identifier) else { continue }
    let text = comment.lines.map(\.text).joined(separator: "\n")
    let parameters = (symbol.functionSignature?.parameters ?? []).map { $0.internalName ?? $0.name }
    let named = { (parameter: String) in
      text.contains("- Parameter \(parameter):")
        || (text.contains("- Parameters:") && text.contains("- \(parameter):"))
    }
    let unnamed = parameters.filter { !named($0) }
    if !unnamed.isEmpty { gaps.append("\(name): no - Parameter for \(unnamed.joined(separator: ", "))") }
    let returns = (symbol.functionSignature?.returns ?? []).map(\.spelling).joined()
    let returnsSomething = !["", "()", "Void"].contains(returns) && symbol.kind.identifier != "swift.init"
    if returnsSomething && !text.contains("- Returns:") { gaps.append("\(name): no - Returns") }
    let throwing = (symbol.declarationFragments ?? []).contains { $0.kind == "keyword" && $0.spelling == "throws" }
    if throwing && !text.contains("- Throws:") { gaps.append("\(name): no - Throws") }
  }
}
for gap in gaps { print(gap) }
print("check-doc-comments: \(checked) public declarations of \(modules.sorted().joined(separator: ", ")), \(gaps.count) gaps")
exit(gaps.isEmpty ? 0 : 1)
