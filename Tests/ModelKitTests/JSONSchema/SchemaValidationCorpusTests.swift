import Foundation
import ModelKit
import Testing

/// The corpus the real validators check (Scripts/check-schemas.sh): for
/// each type and contract, its schema in each dialect, the generated
/// inputs with the strict and lenient decoders' verdicts, and what the
/// encoders write. With `MODELKIT_SCHEMA_ARTIFACTS` set to a folder, the
/// cases are written there as JSON files; the script then checks that
/// each schema is valid against its dialect's meta-schema (OpenAPI
/// documents with `openapi-spec-validator`), and that validation against
/// it gives each input's verdict.
@Suite struct SchemaValidationCorpusTests {
  /// One schema and the texts it must accept or reject.
  struct Case {
    let name: String
    /// "2020-12", "openapi-3.1" or "openapi-3.0" (a whole OpenAPI document).
    let dialect: String
    let schema: JSONValue
    let instances: [(text: String, valid: Bool)]
    /// For an OpenAPI document with instances: the component they are of.
    var component: String? = nil

    var json: JSONValue {
      [
        "name": .string(name), "dialect": .string(dialect), "schema": schema,
        "instances": .array(instances.map { ["json": .string($0.text), "valid": .bool($0.valid)] }),
        "component": component.map(JSONValue.string) ?? .null,
      ]
    }
  }

  /// What a lenient decode's report may hold for the text to be valid
  /// against `.lenientInput`: nothing ignored, dropped or rejected, no
  /// empty value put in for a value that was there.
  static func isClean(_ report: DecodeReport) -> Bool {
    !report.entries.contains { entry in
      switch entry.kind {
      case .ignored, .nullForNonOptional, .dropped, .rejectedByHook: true
      case .emptySubstituted: entry.found != "missing"
      default: false
      }
    }
  }

  /// Verdicts and outputs of a model type on `texts`.
  static func modelVerdicts<Model: JSONModel>(_ type: Model.Type, _ texts: [String])
    -> (strict: [(String, Bool)], lenient: [(String, Bool)], outputs: [String])
  {
    var strict: [(String, Bool)] = []
    var lenient: [(String, Bool)] = []
    var outputs: [String] = []
    for text in texts {
      let strictValue = try? Model(json: text, options: DecodingOptions(strict: true))
      strict.append((text, strictValue != nil))
      let report = DecodeReport()
      let lenientValue = try? Model(json: text, options: DecodingOptions(report: report))
      lenient.append((text, lenientValue != nil && isClean(report)))
      for value in [strictValue, lenientValue].compactMap({ $0 }) {
        if let written = try? value.jsonString() { outputs.append(written) }
      }
    }
    return (strict, lenient, outputs)
  }

  /// Verdicts and outputs of a Codable type on `texts`, with coders that
  /// `configure` sets up (strategies; `strict` and the report are set here).
  static func codableVerdicts<Value: Codable>(
    _ type: Value.Type, _ texts: [String], with configure: (ModelDecoder, ModelEncoder) -> Void = { _, _ in }
  ) -> (strict: [(String, Bool)], lenient: [(String, Bool)], outputs: [String]) {
    var strict: [(String, Bool)] = []
    var lenient: [(String, Bool)] = []
    var outputs: [String] = []
    let encoder = ModelEncoder()
    let strictDecoder = ModelDecoder()
    configure(strictDecoder, encoder)
    strictDecoder.options.strict = true
    for text in texts {
      let strictValue = try? strictDecoder.decode(Value.self, from: text)
      strict.append((text, strictValue != nil))
      let report = DecodeReport()
      let lenientDecoder = ModelDecoder()
      configure(lenientDecoder, ModelEncoder())
      lenientDecoder.options.report = report
      let lenientValue = try? lenientDecoder.decode(Value.self, from: text)
      lenient.append((text, lenientValue != nil && isClean(report)))
      for value in [strictValue, lenientValue].compactMap({ $0 }) {
        if let data = try? encoder.encode(value) { outputs.append(String(decoding: data, as: UTF8.self)) }
      }
    }
    return (strict, lenient, outputs)
  }

  /// The cases of one type: each contract in 2020-12, and as a component
  /// of an OpenAPI 3.1 and 3.0 document.
  static func cases(
    _ name: String, _ type: any Any.Type,
    _ verdicts: (strict: [(String, Bool)], lenient: [(String, Bool)], outputs: [String]),
    options: JSONSchemaOptions = JSONSchemaOptions(),
    openAPI: [(JSONSchemaOptions.Dialect, String)] = [(.openAPI3_1, "3.1.0"), (.openAPI3_0, "3.0.3")]
  ) throws -> [Case] {
    var cases: [Case] = []
    let contracts: [(JSONSchemaOptions.Contract, String, [(String, Bool)])] = [
      (.strictInput, "strict", verdicts.strict), (.lenientInput, "lenient", verdicts.lenient),
      (.output, "output", verdicts.outputs.map { ($0, true) }),
    ]
    for (contract, suffix, instances) in contracts {
      var options = options
      options.contract = contract
      cases.append(Case(name: name + "-" + suffix, dialect: "2020-12", schema: try JSONSchema.of(type, options: options), instances: instances))
      for (dialect, version) in openAPI {
        options.dialect = dialect
        let components = try JSONSchema.components(for: [type], options: options)
        let document: JSONValue = [
          "openapi": .string(version), "info": ["title": "ModelKit corpus", "version": "1"], "paths": [:],
          "components": components,
        ]
        let component = components["schemas"]?.object?.keys.first ?? ""
        cases.append(
          Case(name: "\(name)-\(suffix)-openapi-\(version)", dialect: "openapi-" + version, schema: document, instances: instances, component: component))
        options.dialect = .draft2020_12
      }
    }
    return cases
  }

  /// Every type the schema tests describe: each of their schemas goes to
  /// the validators too.
  static let describedTypes: [any Any.Type] = [
    SchemaCatalog.self, SchemaPerson.self, SchemaNode.self, SchemaOrder.self, SchemaEvent.self, SchemaPage<SchemaLine>.self,
    SchemaDog.self, SchemaFlags.self, SchemaEnvelope.self, SchemaKeyedMaps.self, SchemaEndless.self, SchemaPicky.self,
    SchemaSnake.self, SchemaWrapped.self, SchemaLegacy.self, Recipe.self, SchemaBlob.self, [SchemaPerson].self,
    [String: SchemaOrder].self, SchemaFiltered.self, SchemaManyCodes.self, SchemaDeepPath.self,
  ]

  /// OpenAPI documents wrapping the components of every described type, and
  /// the profiles' schemas of the types each profile can express.
  static func documentCases() throws -> [Case] {
    let types = describedTypes
    var cases: [Case] = []
    for (dialect, version) in [(JSONSchemaOptions.Dialect.openAPI3_1, "3.1.0"), (.openAPI3_0, "3.0.3")] {
      for contract in JSONSchemaOptions.Contract.allCases {
        let components = try JSONSchema.components(for: types, options: JSONSchemaOptions(dialect: dialect, contract: contract))
        let document: JSONValue = [
          "openapi": .string(version), "info": ["title": "ModelKit corpus", "version": "1"], "paths": [:],
          "components": components,
        ]
        cases.append(Case(name: "openapi-\(version)-\(contract)-document", dialect: "openapi-" + version, schema: document, instances: []))
      }
    }
    // Each profile's schemas: in 2020-12, or Gemini's OpenAPI 3.0 subset
    // as a component of a 3.0 document.
    for type in describedTypes {
      for contract in JSONSchemaOptions.Contract.allCases {
        let schema = try JSONSchema.of(type, options: JSONSchemaOptions(contract: contract))
        let name = "\(type)-\(contract)".filter { $0.isLetter || $0.isNumber || $0 == "-" }
        cases.append(Case(name: "described-" + name + "-schema", dialect: "2020-12", schema: schema, instances: []))
      }
    }
    for profile in [JSONSchemaOptions.Profile.openAIStrict, .anthropic, .gemini] {
      for type in describedTypes {
        guard let schema = try? JSONSchema.of(type, options: JSONSchemaOptions(profile: profile)) else { continue }
        let name = "\(profile)-\(type)".filter { $0.isLetter || $0.isNumber || $0 == "-" }
        if profile == .gemini {
          // Gemini's one keyword beyond OpenAPI 3.0, left out for the 3.0 validator.
          let document: JSONValue = [
            "openapi": "3.0.3", "info": ["title": "ModelKit corpus", "version": "1"], "paths": [:],
            "components": ["schemas": ["Response": withoutPropertyOrdering(schema)]],
          ]
          cases.append(Case(name: name, dialect: "openapi-3.0.3", schema: document, instances: []))
        } else {
          cases.append(Case(name: name, dialect: "2020-12", schema: schema, instances: []))
        }
      }
    }
    return cases
  }

  /// `schema` without Gemini's `propertyOrdering`, wherever it stands.
  static func withoutPropertyOrdering(_ schema: JSONValue) -> JSONValue {
    switch schema {
    case .object(let object):
      var result = JSONObject()
      for (key, value) in object where key != "propertyOrdering" { result[key] = withoutPropertyOrdering(value) }
      return .object(result)
    case .array(let values): return .array(values.map(withoutPropertyOrdering))
    default: return schema
    }
  }

  static func allCases() throws -> [Case] {
    let catalog = SchemaInputs.documents(SchemaInputs.catalog, count: 600, seed: 1)
    let person = SchemaInputs.documents(SchemaInputs.person, count: 60, seed: 2)
    let node = SchemaInputs.documents(SchemaInputs.node, count: 120, seed: 3)
    let order = SchemaInputs.documents(SchemaInputs.order, count: 400, seed: 4)
    return try cases("catalog", SchemaCatalog.self, modelVerdicts(SchemaCatalog.self, catalog))
      + cases("person", SchemaPerson.self, modelVerdicts(SchemaPerson.self, person))
      + cases("node", SchemaNode.self, modelVerdicts(SchemaNode.self, node))
      + cases("order", SchemaOrder.self, codableVerdicts(SchemaOrder.self, order))
      + cases(
        "event", SchemaEvent.self,
        codableVerdicts(SchemaEvent.self, SchemaInputs.documents(SchemaInputs.event, count: 300, seed: 5), with: SchemaEvent.coder),
        // OpenAPI 3.0 cannot say which keys an object has (no `propertyNames`).
        options: SchemaEvent.schemaOptions, openAPI: [(.openAPI3_1, "3.1.0")])
      + documentCases()
  }

  @Test func corpusHasBothVerdictsForEveryInputContract() throws {
    let cases = try Self.allCases()
    for item in cases where item.name.hasSuffix("-strict") || item.name.hasSuffix("-lenient") {
      let valid = item.instances.filter(\.valid).count
      #expect(valid > 0 && valid < item.instances.count, "\(item.name): \(valid) of \(item.instances.count) valid")
    }
    for item in cases where item.name.hasSuffix("-output") { #expect(!item.instances.isEmpty, "\(item.name)") }
    guard let folder = ProcessInfo.processInfo.environment["MODELKIT_SCHEMA_ARTIFACTS"] else { return }
    let url = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for item in cases {
      let data = try item.json.jsonData(options: [.withoutEscapingSlashes])
      try data.write(to: url.appendingPathComponent(item.name + ".json"))
    }
  }
}
