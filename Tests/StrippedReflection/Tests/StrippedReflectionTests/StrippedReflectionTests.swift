import Foundation
import ModelKit
import NamelessModels
import Testing
import UnreflectedModels

/// A model of this (fully reflected) module that holds a stripped one.
struct Shelf: JSONModel {
  var books: [NamelessBook] = []
}

@Suite("Models from modules built without reflection names or metadata")
struct StrippedReflectionTests {
  /// Each entry point, with why it must fail.
  private func expectUnsupported(_ reason: String, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("no error: the model would have mapped nothing")
    } catch let error as ModelError {
      #expect(error.kind == .unsupportedType)
      #expect(error.message.contains(reason), "\(error.message)")
    } catch {
      Issue.record("not a ModelError: \(error)")
    }
  }

  @Test func withoutNamesIsADiagnosticAndAnErrorOnFirstUse() {
    let reason = "without reflection names"
    #expect(TypeInfo(of: NamelessUser.self).problem?.contains(reason) == true)
    #expect(TypeInfo(of: NamelessBook.self).problem?.contains(reason) == true)
    expectUnsupported(reason) { _ = try ModelSchema.of(NamelessUser.self) }
    expectUnsupported(reason) { _ = try NamelessUser(json: #"{"id": 1, "name": "a"}"#) }
    expectUnsupported(reason) { _ = try NamelessBook(json: #"{"title": "t"}"#) }
    expectUnsupported(reason) { _ = try [NamelessUser](json: "[{}]") }
    expectUnsupported(reason) { _ = try NamelessUser().jsonData() }
    expectUnsupported(reason) { _ = try Shelf(json: #"{"books": [{"title": "t"}]}"#) }
  }

  @Test func withoutMetadataIsADiagnosticAndAnErrorOnFirstUse() {
    let reason = "without reflection metadata"
    #expect(TypeInfo(of: UnreflectedUser.self).problem?.contains(reason) == true)
    #expect(TypeInfo(of: UnreflectedBook.self).problem?.contains(reason) == true)
    expectUnsupported(reason) { _ = try UnreflectedUser(json: #"{"id": 1}"#) }
    expectUnsupported(reason) { _ = try UnreflectedBook(json: "{}") }
    expectUnsupported(reason) { _ = try UnreflectedUser().jsonString() }
  }

  /// Codable needs no reflection: the coders read these types through
  /// their synthesized conformances, as JSONDecoder does.
  @Test func theCodersStillReadCodableConformances() throws {
    let text = #"{"id": 7, "name": "Ada"}"#
    var expected = NamelessUser()
    (expected.id, expected.name) = (7, "Ada")
    #expect(try ModelDecoder().decode(NamelessUser.self, from: text) == expected)
    #expect(try JSONDecoder().decode(NamelessUser.self, from: Data(text.utf8)) == expected)
    var unreflected = UnreflectedUser()
    (unreflected.id, unreflected.name) = (7, "Ada")
    #expect(try ModelDecoder().decode(UnreflectedUser.self, from: text) == unreflected)
    let encoder = ModelEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    #expect(try encoder.encode(unreflected) == foundation.encode(unreflected))
    #expect(try encoder.encode(expected) == foundation.encode(expected))
  }
}
