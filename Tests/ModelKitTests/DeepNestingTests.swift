import Foundation
import ModelKit
import Testing
import ModelKitTestSupport

private final class DeepNode: JSONModel, Codable {
  var child: DeepNode?
  var name = ""
  required init() {}
}

private struct DeepTree: JSONModel {
  var children: [DeepTree] = []
}

private struct DeepCodable: Codable {
  var next: [DeepCodable]
}

private struct DeepDictionaries: Codable {
  var next: [String: DeepDictionaries]
}

/// A Codable value holding a model holding a Codable value…: each level
/// crosses from one walker to the other.
private struct AlternatingCodable: Codable {
  var model: AlternatingModel?
}

private final class AlternatingModel: JSONModel, Codable {
  var codable: AlternatingCodable?
  required init() {}
}

private struct LongPath: JSONModel {
  var value = 1
  static let segments = 20_000
  static var keyMapping: [String: JSONKey] {
    ["value": .path((0..<segments).map { "k\($0)" })]
  }
}

/// Runs `body` on a new thread with `stackSize` bytes of stack and waits for it.
private func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
  let result = Locked<Result?>(nil)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    let value = body()
    result.withLock { $0 = value }
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
  return result.withLock { $0! }
}

private func nested(_ depth: Int, open: String, close: String, leaf: String = "{}") -> String {
  String(repeating: open, count: depth) + leaf + String(repeating: close, count: depth)
}

/// Whether `body` gave a value or a `ModelError` of the expected kinds (never a crash).
private func endsCleanly(_ body: () throws -> Void) -> Bool {
  do {
    try body()
    return true
  } catch {
    let kind = underlyingModelError(error)?.kind
    return kind == .tooDeep || kind == .syntax
  }
}

@Suite("Deep nesting")
struct DeepNestingTests {
  static let smallStack = 512 * 1024

  @Test func deepModelsDecodeOrFailCleanlyOnASmallThread() {
    let chain = nested(510, open: #"{"child": "#, close: "}")
    let tree = nested(510, open: #"{"children": ["#, close: "]}")
    let results = onThread(stackSize: Self.smallStack) {
      [
        endsCleanly { _ = try DeepNode(json: chain) },
        endsCleanly { _ = try DeepTree(json: tree) },
        endsCleanly { _ = try ModelDecoder().decode(DeepNode.self, from: chain) },
        endsCleanly { _ = try ModelDecoder(options: DecodingOptions(strict: true)).decode(DeepNode.self, from: chain) },
        endsCleanly { _ = try ModelDecoder().decode(DeepCodable.self, from: nested(510, open: #"{"next": ["#, close: "]}", leaf: #"{"next": []}"#)) },
      ]
    }
    #expect(results == [true, true, true, true, true])
  }

  @Test func valuesCrossingBetweenModelsAndCodableDecodeOrFailCleanly() {
    // Deeper than the reader's default limit: the stack is what ends it.
    let chain = nested(5_000, open: #"{"model": {"codable": "#, close: "}}")
    let results = onThread(stackSize: Self.smallStack) {
      [
        endsCleanly { _ = try ModelDecoder(options: DecodingOptions(maxDepth: 20_000)).decode(AlternatingCodable.self, from: chain) },
        endsCleanly {
          _ = try ModelDecoder(options: DecodingOptions(strict: true, maxDepth: 20_000)).decode(AlternatingCodable.self, from: chain)
        },
        endsCleanly { _ = try AlternatingModel(json: #"{"codable": "# + chain + "}", options: DecodingOptions(maxDepth: 20_000)) },
      ]
    }
    #expect(results == [true, true, true])
    // And written, built in code.
    var value = AlternatingCodable(model: nil)
    for _ in 0..<5_000 {
      let model = AlternatingModel()
      model.codable = value
      value = AlternatingCodable(model: model)
    }
    let shared = UncheckedBox(value)
    let written = onThread(stackSize: Self.smallStack) {
      [
        endsCleanly { _ = try ModelEncoder().encode(shared.value) },
        endsCleanly { _ = try ModelEncoder().encodeValue(shared.value) },
        endsCleanly { _ = try shared.value.model?.jsonData() },
      ]
    }
    #expect(written == [true, true, true])
    // Taken apart a level at a time: released whole, the chain's own
    // deinitialisers would recurse 10,000 levels on whichever thread lets it go last.
    var current = value.model
    while let model = current {
      current = model.codable?.model
      model.codable = nil
    }
  }

  @Test func theErrorSaysWhereTheStackRanOut() {
    let chain = nested(20_000, open: #"{"child": "#, close: "}")
    let options = DecodingOptions(maxDepth: 100_000)
    let kind = onThread(stackSize: Self.smallStack) { () -> ModelError.Kind? in
      do {
        _ = try DeepNode(json: chain, options: options)
        return nil
      } catch let error as ModelError {
        return error.kind
      } catch {
        return nil
      }
    }
    #expect(kind == .tooDeep)
    let main = #expect(throws: ModelError.self) { try DeepNode(json: chain, options: options) }
    #expect(main?.kind == .tooDeep)
    #expect(main?.codingPath.hasPrefix("$.child.child.child") == true)
  }

  @Test func aCodableValueSaysWhereTheStackRanOut() {
    // The error's coding path is made where the stack has least room left,
    // from every decoder above, without a call per level.
    let chain = nested(100_000, open: #"{"next": ["#, close: "]}", leaf: #"{"next": []}"#)
    let decoder = ModelDecoder(options: DecodingOptions(strict: true, maxDepth: 1_000_000))
    let error = #expect(throws: DecodingError.self) { try decoder.decode(DeepCodable.self, from: chain) }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("\(String(describing: error).prefix(300))")
      return
    }
    #expect(underlyingModelError(error!)?.kind == .tooDeep)
    #expect(context.codingPath.count > 100)
    #expect(context.codingPath.prefix(4).map(\.stringValue) == ["next", "Index 0", "next", "Index 0"])
    // Leniently too: an element where the stack ran out is not dropped, which would cut the value short.
    let lenient = ModelDecoder(options: DecodingOptions(maxDepth: 1_000_000))
    let lenientError = #expect(throws: DecodingError.self) { try lenient.decode(DeepCodable.self, from: chain) }
    #expect(lenientError.flatMap(underlyingModelError)?.kind == .tooDeep)
    let dictionaries = nested(100_000, open: #"{"next": {"k": "#, close: "}}", leaf: #"{"next": {}}"#)
    let dictionaryError = #expect(throws: DecodingError.self) {
      try lenient.decode(DeepDictionaries.self, from: dictionaries)
    }
    #expect(dictionaryError.flatMap(underlyingModelError)?.kind == .tooDeep)
  }

  @Test func deepChainsBuiltInCodeEncodeOrFailCleanly() {
    let root = DeepNode()
    var last = root
    for _ in 0..<5_000 {
      let next = DeepNode()
      last.child = next
      last = next
    }
    let shared = UncheckedBox(root)
    let results = onThread(stackSize: Self.smallStack) {
      [
        endsCleanly { _ = try shared.value.jsonData() },
        endsCleanly { _ = try shared.value.jsonData(options: .sortedKeys) },
        endsCleanly { _ = try ModelEncoder().encode(shared.value) },
        endsCleanly { _ = try ModelEncoder().encodeValue(shared.value) },
        endsCleanly { _ = shared.value.modelDescription },
        endsCleanly { _ = shared.value.modelEquals(shared.value.modelCopy()) },
      ]
    }
    #expect(results == [true, true, true, true, true, true])
    #expect(throws: ModelError.self) { try root.jsonData() }
    // Take the chain apart from the end: releasing it at once would recurse.
    var links: [DeepNode] = []
    var current: DeepNode? = root
    while let node = current {
      links.append(node)
      current = node.child
    }
    for node in links.reversed() { node.child = nil }
  }

  @Test func longKeyPathsBuildAndFailCleanly() {
    #expect(endsCleanly { _ = try ModelSchema.of(LongPath.self) })
    #expect(endsCleanly { _ = try LongPath().jsonData() })
    #expect(endsCleanly { _ = try LongPath(json: "{}") })
  }
}

/// Hands a non-Sendable value to another thread that is the only one using it.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
