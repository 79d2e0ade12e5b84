import Foundation
import Observation
import ModelKit
import Testing

// Types for the schema tests (the corpus types are in SchemaCorpus.swift).

class SchemaAnimal: JSONModel {
  var name = ""
  let kingdom = "animals"
  weak var keeper: SchemaKeeper?
  required init() {}
}

final class SchemaDog: SchemaAnimal {
  var barks = true
}

final class SchemaKeeper {}

struct SchemaWithClosure: JSONModel {
  var name = ""
  var onChange: () -> Void = {}
}

enum SchemaSingle: String, Codable { case only }

struct SchemaCode: RawRepresentable, Codable, Equatable {
  var rawValue: String
}

struct SchemaFlags: JSONModel {
  var single: SchemaSingle = .only
  var code = SchemaCode(rawValue: "")
  var levels: [SchemaLevel] = []
}

/// A Codable type with a hand-written `init(from:)`: a nested container,
/// an optional read after `contains`, an array read element by element.
struct SchemaEnvelope: Decodable {
  var id: String
  var total: Double?
  var points: [Int]
  var flagged: Bool

  enum Keys: String, CodingKey { case id, meta, total, points, flagged }
  enum MetaKeys: String, CodingKey { case total }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    id = try container.decode(String.self, forKey: .id)
    let meta = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
    total = try meta.decodeIfPresent(Double.self, forKey: .total)
    var list = try container.nestedUnkeyedContainer(forKey: .points)
    points = []
    while !list.isAtEnd { points.append(try list.decode(Int.self)) }
    flagged = container.contains(.flagged) ? try container.decode(Bool.self, forKey: .flagged) : false
  }
}

struct SchemaSnake: JSONModel {
  var firstName = ""
  var lastSeen: Date?
}

@Suite struct JSONSchemaTests {
  static func schema(_ type: any Any.Type, _ options: JSONSchemaOptions = JSONSchemaOptions()) throws -> JSONValue {
    try JSONSchema.of(type, options: options)
  }

  /// Every object schema within `value` (through arrays and objects).
  static func objects(in value: JSONValue) -> [JSONObject] {
    switch value {
    case .object(let object): return [object] + object.keys.flatMap { objects(in: object[$0]!) }
    case .array(let values): return values.flatMap(objects(in:))
    default: return []
    }
  }

  /// Every key used anywhere in `value`'s objects that names a keyword,
  /// that is, not a key inside `properties`, `$defs` or `schemas`.
  static func keywords(in value: JSONValue) -> Set<String> {
    guard case .object(let object) = value else {
      if case .array(let values) = value { return values.reduce(into: []) { $0.formUnion(keywords(in: $1)) } }
      return []
    }
    var found = Set(object.keys)
    for key in object.keys {
      let member = object[key]!
      if ["properties", "$defs", "schemas"].contains(key), case .object(let named) = member {
        for name in named.keys { found.formUnion(keywords(in: named[name]!)) }
      } else if !["enum", "const", "required", "propertyOrdering"].contains(key) {
        found.formUnion(keywords(in: member))
      }
    }
    return found
  }

  @Test func aModelsKeysFollowItsMappingInDeclarationOrder() throws {
    let schema = try Self.schema(SchemaCatalog.self)
    #expect(schema["$schema"] == .string(JSONSchema.draft2020_12))
    #expect(schema["type"] == "object")
    let properties = try #require(schema["properties"]?.object)
    #expect(
      properties.keys == [
        "count", "small", "port", "ratio", "gain", "enabled", "title", "created", "home", "token", "blob", "price",
        "numbers", "labels", "weights", "hue", "level", "owner", "extra", "meta", "sum",
      ])
    // A key path is a nested object, which input that meets anything else there simply lacks.
    #expect(properties["meta"] == ["properties": ["note": ["type": ["string", "null"]]]])
    // Two properties on one key: both must read the value.
    #expect(properties["sum"]?["allOf"]?.array?.count == 2)
    // Fallback keys: the first present and not null decides.
    let condition = try #require(schema["allOf"]?[0])
    #expect(condition["if"] == ["required": ["id"], "properties": ["id": ["not": ["type": "null"]]]])
    #expect(condition["else"]?["if"]?["required"] == ["ID"])
    #expect(condition["else"]?["else"]?["if"]?["properties"]?["ids"]?["type"] == "object")
    // Integers keep their exact bounds; an optional takes null.
    #expect(properties["count"] == ["type": "integer", "minimum": -9_223_372_036_854_775_808, "maximum": 9_223_372_036_854_775_807])
    #expect(properties["port"]?["maximum"] == 65535)
    #expect(properties["level"] == ["enum": [1, 5, -3, nil]])
    #expect(properties["hue"] == ["enum": ["red", "green", "blue"]])
    #expect(properties["labels"] == ["type": "array", "items": ["type": "string"]])
    #expect(properties["weights"] == ["type": "object", "additionalProperties": ["type": "number"]])
    #expect(properties["extra"] == [:])
    #expect(properties["token"]?["type"] == ["string", "null"])
    #expect(properties["token"]?["format"] == "uuid")
  }

  @Test func theOutputContractSaysWhatTheEncoderWrites() throws {
    let schema = try Self.schema(SchemaCatalog.self, JSONSchemaOptions(contract: .output))
    let properties = try #require(schema["properties"]?.object)
    // Fallback lists write their first key; key paths write objects; sets are unique.
    #expect(properties["id"] != nil && properties["ID"] == nil)
    #expect(properties["meta"]?["type"] == "object")
    #expect(properties["labels"]?["uniqueItems"] == true)
    #expect(properties["sum"]?["anyOf"]?.array?.count == 2)
    let created = try #require(properties["created"]?["anyOf"]?.array)
    #expect(created.contains { $0["format"] == "date-time" })
    let seconds = try Self.schema(SchemaCatalog.self, JSONSchemaOptions(contract: .output, writing: [.datesAsSecondsSince1970]))
    #expect(seconds["properties"]?["created"] == ["type": ["number", "null"]])
  }

  @Test func theLenientContractTakesTheTablesForms() throws {
    let schema = try Self.schema(SchemaCatalog.self, JSONSchemaOptions(contract: .lenientInput))
    let count = try #require(schema["properties"]?["count"]?["anyOf"]?.array)
    #expect(count.contains { $0["type"] == "boolean" })
    #expect(count.contains { $0["pattern"]?.string?.contains("yes") == true })
    #expect(count.contains { $0["exclusiveMaximum"] == .number(JSONNumber(text: "9223372036854775808")!) })
    // A string holding a model's JSON.
    let owner = try #require(schema["properties"]?["owner"]?["anyOf"]?.array)
    #expect(owner.contains { $0["contentMediaType"] == "application/json" })
  }

  @Test func inputOptionsChangeTheSchema() throws {
    let snake = try Self.schema(SchemaSnake.self, JSONSchemaOptions(decoding: DecodingOptions(keyDecoding: .convertFromSnakeCase)))
    #expect(snake["properties"]?.object?.keys == ["first_name", "last_seen"])
    let textOnly = DecodingOptions(dateDecoding: DecodingOptions.DateDecoding(numbers: .none))
    let dates = try Self.schema(SchemaSnake.self, JSONSchemaOptions(decoding: textOnly))
    #expect(dates["properties"]?["lastSeen"]?["type"] == ["string", "null"])
    #expect(dates["properties"]?["lastSeen"]?["pattern"] != nil)
  }

  @Test func aTypeThatContainsItselfRefersToItself() throws {
    let schema = try Self.schema(SchemaNode.self)
    #expect(schema["properties"]?["children"] == ["type": "array", "items": ["$ref": "#"]])
    #expect(schema["properties"]?["next"] == ["anyOf": [["$ref": "#"], ["type": "null"]]])
    #expect(schema["$defs"] == nil)
    let components = try JSONSchema.components(for: [SchemaNode.self])
    #expect(components["schemas"]?["SchemaNode"]?["properties"]?["next"]?["anyOf"]?[0] == ["$ref": "#/components/schemas/SchemaNode"])
  }

  @Test func nestedTypesAreDefinitionsNamedForOpenAPI() throws {
    let schema = try Self.schema(SchemaCatalog.self)
    #expect(schema["properties"]?["owner"]?["anyOf"]?[0] == ["$ref": "#/$defs/SchemaPerson"])
    #expect(schema["$defs"]?["SchemaPerson"]?["description"] == "Someone.")
    #expect(schema["$defs"]?["SchemaPerson"]?["properties"]?["age"]?["description"] == "In whole years.")
    let components = try JSONSchema.components(for: [SchemaPage<SchemaLine>.self, SchemaOrder.self])
    let names = try #require(components["schemas"]?.object?.keys)
    #expect(names == ["SchemaPage_SchemaLine", "SchemaLine", "SchemaOrder"])
    let allowed = try NSRegularExpression(pattern: "^[a-zA-Z0-9._-]+$")
    for name in names { #expect(allowed.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil) }
  }

  @Test func classesListInheritedFieldsAndLeaveOutWhatIsNeverWritten() throws {
    let schema = try Self.schema(SchemaDog.self)
    // `let` and `weak` properties take no part, as in decoding.
    #expect(schema["properties"]?.object?.keys == ["name", "barks"])
  }

  @Test func enumsListTheirCasesWithoutCaseIterable() throws {
    let schema = try Self.schema(SchemaFlags.self)
    #expect(schema["properties"]?["single"] == ["enum": ["only"]])
    // A raw-representable struct has no list of values: its raw type's schema.
    #expect(schema["properties"]?["code"] == ["type": "string"])
    #expect(schema["properties"]?["levels"]?["items"] == ["enum": [1, 5, -3]])
  }

  @Test func codableTypesAreWhatTheirInitFromAsksFor() throws {
    let order = try Self.schema(SchemaOrder.self)
    #expect(order["required"] == ["lines", "placed", "hue", "tags", "meta"])
    #expect(order["properties"]?["placed"] == ["type": "number"])  // .deferredToDate
    #expect(order["properties"]?["rush"] == ["type": ["boolean", "null"]])
    #expect(order["properties"]?["details"]?["properties"]?["note"]?["type"] == ["string", "null"])
    // The renamed id: "order_id" or "id", one of which must hold a value.
    let conditions = try #require(order["allOf"]?.array)
    #expect(conditions.contains { $0["anyOf"]?.array?.count == 2 })

    let envelope = try Self.schema(SchemaEnvelope.self)
    #expect(envelope["required"] == ["id", "meta", "points"])
    #expect(envelope["properties"]?["meta"]?["properties"]?["total"] == ["type": ["number", "null"]])
    #expect(envelope["properties"]?["points"]?["items"]?["type"] == "integer")
    #expect(envelope["properties"]?["flagged"] == ["type": "boolean"])
  }

  @Test func whatHasNoSchemaIsAnErrorNamingItsPath() throws {
    for (type, path) in [(SchemaUndescribable.self as any Any.Type, "$.anything"), (SchemaWithClosure.self, "$.onChange")] {
      do {
        _ = try Self.schema(type)
        Issue.record("\(type) has no schema")
      } catch let error as ModelError {
        #expect(error.kind == .unsupportedType)
        #expect(error.codingPath == path, "\(error)")
      }
    }
  }

  @Test func schemasAreDeterministic() throws {
    for type in [SchemaCatalog.self, SchemaOrder.self, SchemaNode.self] as [any Any.Type] {
      let first = try Self.schema(type).jsonString(options: [.sortedKeys])
      let second = try Self.schema(type).jsonString(options: [.sortedKeys])
      #expect(first == second)
    }
  }

  @Test func openAPI3_0HasNoTypeListsNoDefinitionsAndNoNullType() throws {
    let options = JSONSchemaOptions(dialect: .openAPI3_0, contract: .strictInput)
    let schema = try Self.schema(SchemaCatalog.self, options)
    #expect(schema["$defs"] == nil && schema["$schema"] == nil)
    #expect(schema["properties"]?["owner"]?["anyOf"]?[0] == ["$ref": "#/components/schemas/SchemaPerson"])
    #expect(schema["properties"]?["note"] == nil)
    #expect(schema["properties"]?["meta"]?["properties"]?["note"] == ["type": "string", "nullable": true])
    let components = try JSONSchema.components(for: [SchemaCatalog.self, SchemaOrder.self], options: options)
    for object in Self.objects(in: components) {
      if let type = object["type"] { #expect(type.string != nil && type != "null", "\(object)") }
      #expect(object["const"] == nil && object["if"] == nil && object["$defs"] == nil)
    }
  }

  @Test func theOpenAIProfileClosesEveryObjectAndRequiresEveryKey() throws {
    let options = JSONSchemaOptions(profile: .openAIStrict)
    let schema = try Self.schema(SchemaPage<SchemaLine>.self, options)
    for object in Self.objects(in: schema) {
      guard let properties = object["properties"]?.object else { continue }
      #expect(object["additionalProperties"] == false)
      #expect(object["required"] == .array(properties.keys.map(JSONValue.string)))
    }
    let allowed: Set<String> = [
      "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "$ref", "$defs",
      "description", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems",
    ]
    #expect(Self.keywords(in: schema).subtracting(allowed).isEmpty, "\(Self.keywords(in: schema).subtracting(allowed))")
    #expect(schema["properties"]?["next"]?["type"] == ["integer", "null"])
    // Recursion is allowed there, dictionaries and any-value fields are not.
    #expect(try Self.schema(SchemaNode.self, options)["properties"]?["children"]?["items"] == ["$ref": "#"])
    #expect(throws: ModelError.self) { try Self.schema(SchemaCatalog.self, options) }
    do {
      _ = try Self.schema(SchemaCatalog.self, options)
    } catch let error as ModelError {
      #expect(error.codingPath == "$.weights", "\(error)")
    }
  }

  @Test func anthropicAndGeminiInlineAndRefuseRecursion() throws {
    for profile in [JSONSchemaOptions.Profile.anthropic, .gemini] {
      let options = JSONSchemaOptions(profile: profile)
      let schema = try Self.schema(SchemaPage<SchemaLine>.self, options)
      #expect(!Self.keywords(in: schema).contains("$ref") && schema["$defs"] == nil)
      #expect(schema["properties"]?["items"]?["items"]?["properties"]?["sku"] == ["type": "string"])
      do {
        _ = try Self.schema(SchemaNode.self, options)
        Issue.record("\(profile) described a type that contains itself")
      } catch let error as ModelError {
        #expect(error.codingPath == "$.children[0]", "\(error)")
      }
    }
    let anthropic = try Self.schema(SchemaLine.self, JSONSchemaOptions(profile: .anthropic))
    // No numeric limits there: said in the description instead.
    #expect(anthropic["properties"]?["quantity"]?["minimum"] == nil)
    #expect(anthropic["properties"]?["quantity"]?["description"]?.string?.contains("maximum 255") == true)
    let gemini = try Self.schema(SchemaPerson.self, JSONSchemaOptions(profile: .gemini))
    #expect(gemini["propertyOrdering"] == ["name", "age"])
    #expect(gemini["properties"]?["age"] == ["type": "integer", "nullable": true, "minimum": -9_223_372_036_854_775_808, "maximum": 9_223_372_036_854_775_807, "description": "In whole years."])
  }

  @Test func aProfileDescribesStrictInput() throws {
    #expect(throws: ModelError.self) {
      try Self.schema(SchemaPerson.self, JSONSchemaOptions(contract: .output, profile: .openAIStrict))
    }
  }
}

@Suite struct JSONSchemaCoderStrategyTests {
  @Test func aCodableTypesDatesAndDataFollowTheCodersStrategies() throws {
    var options = JSONSchemaOptions()
    #expect(try JSONSchema.of(SchemaOrder.self, options: options)["properties"]?["placed"] == ["type": "number"])
    options.dateDecodingStrategy = .iso8601
    let iso = try JSONSchema.of(SchemaOrder.self, options: options)["properties"]?["placed"]
    #expect(iso?["format"] == "date-time" && iso?["type"] == "string")
    options.contract = .output
    options.dateEncodingStrategy = .millisecondsSince1970
    #expect(try JSONSchema.of(SchemaOrder.self, options: options)["properties"]?["placed"] == ["type": "number"])
    options.dataEncodingStrategy = .deferredToData
    let bytes = try JSONSchema.of(SchemaBlob.self, options: options)["properties"]?["bytes"]
    #expect(bytes?["items"]?["maximum"] == 255)
  }
}

struct SchemaBlob: Codable {
  var bytes: Data
}

enum SchemaRoom: String, Codable, CodingKeyRepresentable, CaseIterable { case kitchen, hall }

struct SchemaKeyedMaps: Codable {
  var byNumber: [Int: String]
  var byRoom: [SchemaRoom: Double]
  var byPoint: [Double: Bool]
}

/// Reads an array without looking for its end: the probe stops it.
struct SchemaEndless: Decodable {
  var values: [Int] = []
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while true { values.append(try container.decode(Int.self)) }
  }
}

/// Rejects the placeholders it is given after asking for one key.
struct SchemaPicky: Decodable {
  var email: String
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    email = try container.decode(String.self, forKey: AnyCodingKey("email"))
    guard email.contains("@") else {
      throw DecodingError.dataCorruptedError(forKey: AnyCodingKey("email"), in: container, debugDescription: "no @")
    }
  }
}

struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

@Suite struct JSONSchemaHostileTypeTests {
  @Test func dictionariesWithOtherKeysAreWhatFoundationWrites() throws {
    let schema = try JSONSchema.of(SchemaKeyedMaps.self)
    #expect(schema["properties"]?["byNumber"] == ["type": "object", "additionalProperties": ["type": "string"], "propertyNames": ["pattern": "^[+-]?[0-9]+$"]])
    #expect(schema["properties"]?["byRoom"]?["propertyNames"] == ["enum": ["kitchen", "hall"]])
    #expect(schema["properties"]?["byPoint"] == ["type": "array", "items": ["anyOf": [["type": "number"], ["type": "boolean"]]]])
    // What the encoder writes validates, by hand: keys as texts.
    let written = try ModelEncoder().encodeValue(SchemaKeyedMaps(byNumber: [1: "a"], byRoom: [.hall: 2], byPoint: [1.5: true]))
    #expect(written["byNumber"]?["1"] == "a" && written["byRoom"]?["hall"] == 2)
  }

  @Test func aTypeThatAsksWithoutEndIsStopped() throws {
    let schema = try JSONSchema.of(SchemaEndless.self)
    #expect(schema["type"] == "array" && schema["items"] == ["type": "integer", "minimum": -9_223_372_036_854_775_808, "maximum": 9_223_372_036_854_775_807])
  }

  @Test func aTypeThatRejectsItsPlaceholdersIsWhatItAskedFor() throws {
    let schema = try JSONSchema.of(SchemaPicky.self)
    #expect(schema["properties"] == ["email": ["type": "string"]] && schema["required"] == ["email"])
  }

  @Test func schemasAreWrittenFromManyTasksAtOnce() async throws {
    let expected = try JSONSchema.of(SchemaCatalog.self).jsonString(options: [.sortedKeys])
    let texts = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<16 {
        group.addTask {
          let type: any Any.Type = index.isMultiple(of: 2) ? SchemaCatalog.self : SchemaOrder.self
          return try JSONSchema.of(type).jsonString(options: [.sortedKeys])
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(texts.filter { $0 == expected }.count == 8)
    #expect(Set(texts).count == 2)
  }
}

@propertyWrapper
struct SchemaCapitalized {
  var wrappedValue: String
  init(wrappedValue: String) { self.wrappedValue = wrappedValue.capitalized }
}

struct SchemaWrapped: JSONModel {
  @SchemaCapitalized var name = ""
  var age = 0
}

final class SchemaLegacy: JSONModel {
  var title: NSString = ""
  var count: NSNumber = 0
  var marker: NSNull?
  var when: NSDate?
  required init() {}
}

/// An `NSArray` holds anything: no schema promises what.
final class SchemaLegacyList: JSONModel {
  var tags: NSArray = []
  required init() {}
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable
final class SchemaObserved: JSONModel {
  var theme = "light"
  var size = 12
  init() {}
}

@Suite struct JSONSchemaRealTypeTests {
  @Test func wrappersNSTypesAndObservationAreDescribedByWhatTheyHold() throws {
    let wrapped = try JSONSchema.of(SchemaWrapped.self)
    #expect(wrapped["properties"]?.object?.keys == ["name", "age"])
    #expect(wrapped["properties"]?["name"] == ["type": "string"])
    let legacy = try JSONSchema.of(SchemaLegacy.self)
    #expect(legacy["properties"]?["title"] == ["type": "string"])
    #expect(legacy["properties"]?["count"] == ["anyOf": [["type": "number"], ["type": "boolean"]]])
    #expect(legacy["properties"]?["marker"] == ["type": "null"])
    #expect(legacy["properties"]?["when"]?["anyOf"]?.array?.count == 3)
    #expect {
      try JSONSchema.of(SchemaLegacyList.self)
    } throws: { ($0 as? ModelError)?.codingPath == "$.tags" }
    if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
      let observed = try JSONSchema.of(SchemaObserved.self)
      #expect(observed["properties"]?.object?.keys == ["theme", "size"])
    }
  }
}

/// A value with 1,001 codes: more enum values than OpenAI takes.
struct SchemaBigCode: RawRepresentable, CaseIterable, Codable, Equatable {
  var rawValue: Int
  static var allCases: [SchemaBigCode] { (0...1000).map { SchemaBigCode(rawValue: $0) } }
}

struct SchemaManyCodes: JSONModel {
  var code = SchemaBigCode(rawValue: 0)
}

/// A key path eleven objects deep.
struct SchemaDeepPath: JSONModel {
  var leaf = ""
  static var keyMapping: [String: JSONKey] { ["leaf": "a.b.c.d.e.f.g.h.i.j.k"] }
}

@Suite struct JSONSchemaProfileLimitTests {
  @Test func openAIsLimitsAreErrors() throws {
    #expect(try JSONSchema.of(SchemaManyCodes.self)["properties"]?["code"]?["enum"]?.array?.count == 1001)
    #expect(throws: ModelError.self) { try JSONSchema.of(SchemaManyCodes.self, options: JSONSchemaOptions(profile: .openAIStrict)) }
    do {
      _ = try JSONSchema.of(SchemaDeepPath.self, options: JSONSchemaOptions(profile: .openAIStrict))
      Issue.record("eleven levels of objects for OpenAI")
    } catch let error as ModelError {
      #expect(error.codingPath == "$.a.b.c.d.e.f.g.h.i.j", "\(error)")
    }
    // Anthropic has no such limit.
    #expect(try JSONSchema.of(SchemaDeepPath.self, options: JSONSchemaOptions(profile: .anthropic))["required"] == ["a"])
  }
}

struct SchemaFiltered: JSONModel {
  var id = 0
  var secret = ""
  var cache: [String] = []
  var title = ""
  static var ignoredProperties: Set<String> { ["secret"] }
  static var allowedProperties: Set<String>? { ["id", "secret", "title"] }
}

@Suite struct JSONSchemaFilterTests {
  @Test func ignoredAndUnallowedPropertiesHaveNoSchema() throws {
    for contract in JSONSchemaOptions.Contract.allCases {
      let schema = try JSONSchema.of(SchemaFiltered.self, options: JSONSchemaOptions(contract: contract))
      #expect(schema["properties"]?.object?.keys == ["id", "title"])
    }
  }
}

@Suite struct JSONSchemaTopLevelTests {
  @Test func anyConvertedTypeHasASchemaAtTheTop() throws {
    #expect(try JSONSchema.of([Int: String].self)["propertyNames"] == ["pattern": "^[+-]?[0-9]+$"])
    #expect(try JSONSchema.of([SchemaPerson].self)["items"] == ["$ref": "#/$defs/SchemaPerson"])
    #expect(try JSONSchema.of(Int8.self) == ["$schema": .string(JSONSchema.draft2020_12), "type": "integer", "minimum": -128, "maximum": 127])
    let components = try JSONSchema.components(for: [[Int: SchemaLine].self])
    #expect(components["schemas"]?["Dictionary_Int_SchemaLine"]?["additionalProperties"] == ["$ref": "#/components/schemas/SchemaLine"])
  }
}

/// Reaches a new type of itself at every level: `SchemaSpiral<[T]>`, then `SchemaSpiral<[[T]]>`, …
final class SchemaSpiral<T: Codable>: Codable {
  var value: T
  var deeper: SchemaSpiral<[T]>?
}

/// Contains itself with no end: no finite JSON decodes, and its schema says so.
final class SchemaLoop: Codable {
  let next: SchemaLoop
}

@Suite struct JSONSchemaEndlessTypeTests {
  @Test func aTypeThatReachesEverNewTypesIsAnError() throws {
    do {
      _ = try JSONSchema.of(SchemaSpiral<Int>.self)
      Issue.record("an endless schema")
    } catch let error as ModelError {
      #expect(error.kind == .unsupportedType)
      #expect(error.codingPath.hasPrefix("$.deeper.deeper.deeper"))
    }
  }

  @Test func aTypeThatContainsItselfWithoutEndRequiresItself() throws {
    let schema = try JSONSchema.of(SchemaLoop.self)
    #expect(schema["properties"] == ["next": ["$ref": "#"]] && schema["required"] == ["next"], "\(schema)")
  }
}
