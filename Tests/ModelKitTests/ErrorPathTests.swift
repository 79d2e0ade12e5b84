import Foundation
import ModelKit
import Testing

// Models whose errors sit a few levels down, as a model, inside Codable
// values, and as Codable values inside models.

private struct PathLeaf: JSONModel {
  var count: UInt8 = 0
  var list: [Int] = []
  var name = ""
  var checked: Checked?
}

/// A nested model whose hook rejects `{"ok": false}`.
private struct Checked: JSONModel {
  var ok = true
  struct Refused: Error {}
  mutating func didDecode(from json: JSONObject) throws {
    if !ok { throw Refused() }
  }
}

private final class PathBranch: JSONModel {
  var leaf = PathLeaf()
  var leaves: [PathLeaf] = []
  required init() {}
}

private struct PathRoot: JSONModel {
  var branch: PathBranch?
  var byKey: [String: PathLeaf] = [:]
}

private struct CodableLeaf: Codable {
  var count: UInt8
  var list: [Int]
  var name: String
}

private struct CodableRoot: Codable {
  var branch: CodableLeaf
  var leaves: [CodableLeaf]
}

/// The issue's example: a Codable type with an array of integers.
private struct Numbers: Codable {
  var xs: [Int]
}

/// A model holding that Codable type.
private struct HoldsNumbers: JSONModel {
  var a = Numbers(xs: [])
}

/// A class model that can reach itself.
private final class Chain: JSONModel, Codable {
  var name = ""
  var next: Chain?
  required init() {}
}

/// A Codable value holding models.
private struct Catalog: Codable {
  var items: [String: Chain]
}

/// A model holding that Codable value.
private struct CatalogShelf: JSONModel {
  var catalog: Catalog?
}

/// A model whose `didEncode` refuses to be written.
private struct Sealed: JSONModel {
  var id = 1
  struct Refused: Error {}
  func didEncode(into json: inout JSONObject) throws { throw Refused() }
}

private struct SealedHolder: JSONModel {
  var seals: [Sealed] = []
}

/// A model with a Foundation graph that holds something JSON cannot.
private struct Loose: JSONModel {
  var extra: [String: Any] = [:]
}

@Suite("Error paths")
struct ErrorPathTests {
  let strict = DecodingOptions(strict: true)

  /// The error `body` throws, as a `ModelError`.
  private func failure(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> ModelError? {
    do {
      try body()
      Issue.record("no error was thrown", sourceLocation: sourceLocation)
      return nil
    } catch {
      guard let model = underlyingModelError(error) else {
        Issue.record("\(error) is not a ModelError and carries none", sourceLocation: sourceLocation)
        return nil
      }
      return model
    }
  }

  @Test func issueExampleCodableArrayElement() {
    let error = failure { _ = try ModelDecoder(options: strict).decode(Numbers.self, from: #"{"xs":[1,"a"]}"#) }
    #expect(error?.codingPath == "$.xs[1]")
    #expect(error?.kind == .typeMismatch)
  }

  @Test func issueExampleCodableInsideAModel() {
    let error = failure { _ = try HoldsNumbers(json: #"{"a":{"xs":[1,"a"]}}"#, options: strict) }
    #expect(error?.codingPath == "$.a.xs[1]")
  }

  @Test func issueExampleCycleInsideACodableValue() throws {
    let first = Chain()
    first.name = "first"
    first.next = first
    let catalog = Catalog(items: ["k": first])
    for options: JSONWriteOptions in [[], [.sortedKeys], [.prettyPrinted]] {
      let encoder = ModelEncoder(options: options)
      #expect(failure { _ = try encoder.encode(catalog) }?.codingPath == "$.items.k.next", "\(options)")
      #expect(failure { _ = try encoder.encodeValue(catalog) }?.codingPath == "$.items.k.next", "\(options)")
      let shelf = CatalogShelf(catalog: catalog)
      #expect(failure { _ = try shelf.jsonData(options: options) }?.codingPath == "$.catalog.items.k.next")
      #expect(failure { _ = try shelf.jsonData(options: options) }?.kind == .unencodable)
    }
  }

  /// Every decoding error kind, through the model, array, dictionary and
  /// `ModelDecoder` entry points, each with its full path.
  @Test(arguments: [
    (#"{"count": 300}"#, ModelError.Kind.outOfRange, "count"),
    (#"{"list": [1, "x"]}"#, .typeMismatch, "list[1]"),
    (#"{"name": null}"#, .unexpectedNull, "name"),
    (#"{"checked": {"ok": false}}"#, .rejected, "checked"),
  ])
  func decodingErrorsNameTheirPath(_ leaf: String, _ kind: ModelError.Kind, _ path: String) {
    let branch = #"{"leaf": \#(leaf), "leaves": [{}, \#(leaf)]}"#
    let cases: [(String, () throws -> Void)] = [
      ("$.branch.leaf.\(path)", { _ = try PathRoot(json: #"{"branch": \#(branch)}"#, options: strict) }),
      ("$.byKey.k.\(path)", { _ = try PathRoot(json: #"{"byKey": {"k": \#(leaf)}}"#, options: strict) }),
      ("$[1].branch.leaf.\(path)", { _ = try [PathRoot](json: #"[{}, {"branch": \#(branch)}]"#, options: strict) }),
      (
        "$.x.branch.leaf.\(path)",
        { _ = try [String: PathRoot](json: #"{"x": {"branch": \#(branch)}}"#, options: strict) }
      ),
      ("$.leaves[1].\(path)", { _ = try PathBranch(json: #"{"leaves": [{}, \#(leaf)]}"#, options: strict) }),
    ]
    for (expected, body) in cases {
      let error = failure(body)
      #expect(error?.codingPath == expected)
      #expect(error?.kind == kind, "\(expected)")
    }
  }

  @Test func codableDecodingErrorsNameTheirPath() {
    let decoder = ModelDecoder(options: strict)
    let good = #"{"count": 1, "list": [], "name": "n"}"#
    let cases: [(String, String, ModelError.Kind)] = [
      (#"{"branch": {"count": 300, "list": [], "name": "n"}, "leaves": []}"#, "$.branch.count", .outOfRange),
      (
        #"{"branch": \#(good), "leaves": [\#(good), {"count": 1, "list": [2, "x"], "name": "n"}]}"#,
        "$.leaves[1].list[1]", .typeMismatch
      ),
      (#"{"branch": {"count": 1, "list": [], "name": null}, "leaves": []}"#, "$.branch.name", .unexpectedNull),
      (#"{"branch": {"count": 1, "list": []}, "leaves": []}"#, "$.branch.name", .missingKey),
      (#"{"branch": \#(good), "leaves": {}}"#, "$.leaves", .typeMismatch),
    ]
    for (json, path, kind) in cases {
      let error = failure { _ = try decoder.decode(CodableRoot.self, from: json) }
      #expect(error?.codingPath == path, "\(json)")
      #expect(error?.kind == kind, "\(json)")
    }
  }

  @Test func syntaxAndTopLevelErrorsAreAtTheTop() {
    let syntax: [() throws -> Void] = [
      { _ = try PathRoot(json: "{\n  \"branch\": [,\n}") },
      { _ = try [PathRoot](json: "[{]") },
      { _ = try ModelDecoder().decode(CodableRoot.self, from: "{\"branch\" 1}") },
    ]
    for body in syntax {
      let error = failure(body)
      #expect(error?.kind == .syntax)
      #expect(error?.codingPath == "$")
      #expect(error?.line != nil && error?.column != nil)
    }
    let topLevel: [() throws -> Void] = [
      { _ = try PathRoot(json: "[]") },
      { _ = try [PathRoot](json: "{}") },
      { _ = try [String: PathRoot](json: "[]") },
      { _ = try ModelDecoder().decode(CodableRoot.self, from: "[]") },
    ]
    for body in topLevel {
      let error = failure(body)
      #expect(error?.kind == .wrongTopLevel)
      #expect(error?.codingPath == "$")
    }
  }

  /// Every encoding error kind, through the model, array, dictionary,
  /// `ModelEncoder` and `encodeValue` entry points, with and without sorted keys.
  @Test(arguments: [[], [JSONWriteOptions.sortedKeys]])
  func encodingErrorsNameTheirPath(_ options: JSONWriteOptions) {
    let chain = Chain()
    chain.next = Chain()
    chain.next?.next = chain
    let shelf = CatalogShelf(catalog: Catalog(items: ["a": chain]))
    let cycles: [(String, () throws -> Void)] = [
      ("$.next.next", { _ = try chain.jsonData(options: options) }),
      ("$[0].next.next", { _ = try [chain].jsonData(options: options) }),
      ("$.c.next.next", { _ = try ["c": chain].jsonData(options: options) }),
      ("$.catalog.items.a.next.next", { _ = try shelf.jsonValue(options: options) }),
      ("$.next.next", { _ = try ModelEncoder(options: options).encode(chain) }),
      ("$.next.next", { _ = try ModelEncoder(options: options).encodeValue(chain) }),
      ("$.items.a.next.next", { _ = try ModelEncoder(options: options).encode(Catalog(items: ["a": chain])) }),
    ]
    for (path, body) in cycles {
      let error = failure(body)
      #expect(error?.kind == .unencodable, "\(path)")
      #expect(error?.codingPath == path)
    }
    chain.next?.next = nil  // break the cycle the test made

    let sealed = SealedHolder(seals: [Sealed(), Sealed()])
    let rejection = failure { _ = try sealed.jsonData(options: options) }
    #expect(rejection?.kind == .rejected)
    #expect(rejection?.codingPath == "$.seals[0]")

    let loose = Loose(extra: ["fine": 1, "bad": ["list": [1, NSObject()]]])
    let graph = failure { _ = try loose.jsonData(options: options) }
    #expect(graph?.kind == .unencodable)
    #expect(graph?.codingPath == "$.extra.bad.list[1]")
  }
}
