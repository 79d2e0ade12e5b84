import Foundation
import ModelKit
import Testing

// Patterns from users' code that once crashed the compiler or failed to
// type-check with typed throws on the entry points. This file compiling is
// half of each test.

private struct PatternShelf: JSONModel {
  var name = ""
  var count = 0
}

/// An `await` beside a `catch let … as ModelError`, as in a top-level file.
private func loadShelf(_ text: String) async -> ModelError.Kind? {
  await Task.yield()
  do {
    _ = try PatternShelf(json: text)
    return nil
  } catch let error as ModelError {
    return error.kind
  } catch {
    return nil
  }
}

@Suite("User patterns")
struct UserPatternTests {
  @Test func catchAsModelErrorNextToAnAwait() async {
    #expect(await loadShelf("[") == .syntax)
    #expect(await loadShelf("{}") == nil)
  }

  @Test func expectInsideACatchBlock() {
    do {
      _ = try PatternShelf(json: "[")
      Issue.record("no error")
    } catch let error as ModelError {
      #expect(error.kind == .syntax)
      #expect(error.line == 1)
    } catch {
      Issue.record("\(error) is not a ModelError")
    }
  }

  @Test func entryPointsInClosuresAndMaps() throws {
    let texts = [#"{"name": "a"}"#, #"{"name": "b", "count": "2"}"#]
    let shelves = try texts.map { try PatternShelf(json: $0) }
    #expect(shelves.map(\.count) == [0, 2])
    let decode: (String) throws -> PatternShelf = { try PatternShelf(json: $0) }
    #expect(try decode(#"{"count": 3}"#).count == 3)
    let result = Result { try PatternShelf(json: "{") }
    #expect(throws: ModelError.self) { try result.get() }
  }

  @Test func modelErrorReadsAsALocalizedError() {
    let error = #expect(throws: ModelError.self) { try PatternShelf(json: #"{"count": "x"}"#, options: DecodingOptions(strict: true)) }
    #expect(error?.localizedDescription.contains("$.count") == true)
    #expect((error as (any LocalizedError)?)?.errorDescription == error?.description)
  }
}
