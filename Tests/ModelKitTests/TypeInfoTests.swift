import Foundation
import ModelKit
import Testing

@propertyWrapper
struct Trimmed {
  var wrappedValue: String
  init(wrappedValue: String) { self.wrappedValue = wrappedValue }
}

struct Shapes: JSONModel {
  let constant = 5
  var variable = 0
  @Trimmed var wrapped = ""
  lazy var cached = 3
  var _id = ""
}

/// A model whose only stored value is an enum: reflection reports nothing.
enum Colorful: JSONModel {
  case red, blue
  init() { self = .red }
}

@Suite("TypeInfo")
struct TypeInfoTests {
  @Test func reportsFieldsWithOffsetsAndTypes() throws {
    let info = TypeInfo(of: Owner.self)
    #expect(info.fields.map(\.name) == ["uid", "name"])
    #expect(info.fields.map(\.offset) == [0, 8])
    #expect(ObjectIdentifier(info.fields[0].type) == ObjectIdentifier(UInt64.self))
    #expect(!info.isClass)
    #expect(info.superclasses.isEmpty)
  }

  @Test func classOffsetsStartAfterTheHeader() throws {
    let info = TypeInfo(of: Leaf.self)
    #expect(info.isClass)
    #expect(info.fields.first?.offset == 16)
  }

  @Test func refusesTypesWithoutFields() {
    #expect(TypeInfo(of: Color.self).fields.isEmpty)
    #expect(TypeInfo(of: Color.self).problem?.contains("is not a struct or class") == true)
    #expect(TypeInfo(of: (() -> Void).self).problem != nil)
    #expect(TypeInfo(of: Owner.self).problem == nil)
    let error = #expect(throws: ModelError.self) { try ModelSchema.of(Colorful.self) }
    #expect(error?.kind == .unsupportedType)
  }

  /// What the runtime reports for `Owner` (`uid: UInt64`, `name: String`),
  /// with the names and flags given.
  private func reported(names: [String?], isVar: UInt8 = 1, isStrong: UInt8 = 1) -> [TypeInfo.ReportedField] {
    zip(names, [(0, UInt64.self), (8, String.self)] as [(Int, any Any.Type)]).map { name, field in
      TypeInfo.ReportedField(name: name, offset: field.0, type: field.1, isStrong: isStrong, isVar: isVar)
    }
  }

  @Test func trustsNamedFieldsWithReportedFlags() throws {
    let fields = try TypeInfo.fields(from: reported(names: ["uid", "name"]), of: Owner.self, isClass: false, size: 24)
      .get()
    #expect(fields.map(\.name) == ["uid", "name"] && fields.allSatisfy { $0.isVariable && $0.isStrong })
    let lets = try TypeInfo.fields(from: reported(names: ["uid", "name"], isVar: 0, isStrong: 0), of: Owner.self,
      isClass: false, size: 24).get()
    #expect(lets.allSatisfy { !$0.isVariable && !$0.isStrong })
  }

  /// A module built with SWIFT_REFLECTION_METADATA_LEVEL = without-names
  /// reports its fields without names (measured: the name pointer is nil);
  /// one built with `none` reports no fields (Tests/StrippedReflection
  /// builds both for real).
  @Test func fieldsWithoutNamesOrFlagsAreAProblem() {
    for names in [[nil, nil], ["", ""], ["uid", nil]] as [[String?]] {
      let result = TypeInfo.fields(from: reported(names: names), of: Owner.self, isClass: false, size: 24)
      guard case .failure(let reason) = result else {
        Issue.record("fields without names were trusted: \(names)")
        continue
      }
      #expect(reason.message.contains("without reflection names") && reason.message.contains("without-names"))
    }
    let none = TypeInfo.fields(from: [], of: Owner.self, isClass: false, size: 24)
    #expect((try? none.get()) == nil)
    #expect((try? TypeInfo.fields(from: [], of: Leaf.self, isClass: true, size: 8).get()) == nil)
    // A struct of no bytes has no fields to miss.
    #expect((try? TypeInfo.fields(from: [], of: Owner.self, isClass: false, size: 0).get())?.isEmpty == true)
    for flags in [(isVar: UInt8(0xA5), isStrong: UInt8(1)), (isVar: 1, isStrong: 0xA5)] {
      let result = TypeInfo.fields(
        from: reported(names: ["uid", "name"], isVar: flags.isVar, isStrong: flags.isStrong), of: Owner.self,
        isClass: false, size: 24)
      guard case .failure(let reason) = result else {
        Issue.record("fields whose flags the runtime left unwritten were trusted")
        continue
      }
      #expect(reason.message.contains("'let'"))
    }
  }

  @Test func documentsWrappersLazyAndLetFields() throws {
    let schema = try ModelSchema.of(Shapes.self)
    #expect(schema.fieldNames == ["variable", "wrapped", "_id"])
    #expect(schema.diagnostics.contains { $0.contains("'constant'") && $0.contains("let") })
    #expect(schema.diagnostics.contains { $0.contains("lazy") })
    let model = try Shapes(json: #"{"constant": 9, "variable": 1, "_id": "x", "wrapped": "w", "_wrapped": "no"}"#)
    #expect(model.constant == 5 && model.variable == 1 && model._id == "x" && model.wrapped == "w")
    #expect(try model.jsonString(options: [.sortedKeys]) == #"{"_id":"x","variable":1,"wrapped":"w"}"#)
  }
}

final class Delegate {}

struct WithReferences: JSONModel {
  weak var delegate: Delegate?
  weak var leaf: Leaf?
  unowned(unsafe) var owner: Delegate = Delegate.shared
  var name = ""
}

extension Delegate {
  nonisolated(unsafe) static let shared = Delegate()
}

@Suite("Reference fields")
struct ReferenceFieldTests {
  @Test func weakAndUnownedStructFieldsAreNeverWritten() throws {
    let schema = try ModelSchema.of(WithReferences.self)
    #expect(schema.fieldNames == ["name"])
    #expect(schema.diagnostics.contains { $0.contains("'delegate'") })
    #expect(schema.diagnostics.contains { $0.contains("'leaf'") && $0.contains("weak") })
    let model = try WithReferences(json: #"{"delegate": {}, "leaf": {"n": 1}, "owner": {}, "name": "n"}"#)
    #expect(model.leaf == nil)
    #expect(model.name == "n")
    #expect(model.delegate == nil)
  }
}
