import ModelKitJSON

/// Walks a parsed document with a model's schema and writes fields in place.
struct ModelReader {
  /// One step of a coding path.
  enum PathStep {
    case key(String)
    /// An object key still in the document (named only when an error is reported).
    case keyNode(JSONDocument.Node)
    /// A key's UTF-8 in a schema's output plan (which lives as long as the schema).
    case keyUTF8(UnsafeBufferPointer<UInt8>)
    /// A mapped key path, joined with dots only when named.
    case keyPath([String])
    case index(Int)
  }

  let document: JSONDocument
  let options: DecodingOptions
  private(set) var path: [PathStep]

  init(document: JSONDocument, options: DecodingOptions, path: [PathStep] = []) {
    self.document = document
    self.options = options
    self.path = path
  }

  // MARK: - Models

  /// Decodes the object at `node` as `Model` (or, through `modelType(for:)`,
  /// as the type it picks when that is a `Model`).
  mutating func decodeModel<Model: JSONModel>(
    _ type: Model.Type, schema: ModelSchema, node: JSONDocument.Node, choosingType: Bool = true
  ) throws(ModelError) -> Model {
    if choosingType, schema.hooks.contains(.modelType), let chosen = try chosenModel(Model.self, node) {
      return chosen
    }
    var model = Model()
    try populate(&model, schema: schema, node: node)
    return model
  }

  private mutating func chosenModel<Model: JSONModel>(_ type: Model.Type, _ node: JSONDocument.Node)
    throws(ModelError) -> Model?
  {
    guard let view = JSONObject(viewing: node, in: document),
      let chosen = Model.modelType(for: view), ObjectIdentifier(chosen) != ObjectIdentifier(Model.self)
    else { return nil }
    let schema = try ModelSchema.of(chosen)
    return try decodeAnyModel(chosen, schema: schema, node: node) as? Model
  }

  private mutating func decodeAnyModel<Chosen: JSONModel>(
    _ type: Chosen.Type, schema: ModelSchema, node: JSONDocument.Node
  ) throws(ModelError) -> any JSONModel {
    try decodeModel(Chosen.self, schema: schema, node: node, choosingType: false)
  }

  /// Runs the hooks and fills `model`'s fields from the object at `node`.
  mutating func populate<Model: JSONModel>(
    _ model: inout Model, schema: ModelSchema, node: JSONDocument.Node
  ) throws(ModelError) {
    var input: JSONObject?
    if schema.hooks.contains(.willDecode), let view = JSONObject(viewing: node, in: document) {
      input = view
      do {
        if let replacement = try model.willDecode(from: view) { input = replacement }
      } catch {
        throw rejection(error, hook: "willDecode")
      }
      if let replacement = input, !replacement.sharesStorage(with: view) {
        try populateFromReplacement(&model, schema: schema, replacement: replacement)
        try finish(&model, schema: schema, input: replacement)
        return
      }
    }
    try withFields(of: &model, schema: schema) { (base, reader) throws(ModelError) in
      try reader.decodeFields(schema, node, base)
    }
    try finish(&model, schema: schema, input: input)
  }

  private mutating func populateFromReplacement<Model: JSONModel>(
    _ model: inout Model, schema: ModelSchema, replacement: JSONObject
  ) throws(ModelError) {
    let bytes = JSONValue.object(replacement).jsonBytes()
    let replaced: JSONDocument
    do {
      replaced = try JSONDocument(parsing: bytes, options: options.readOptions)
    } catch {
      throw ModelError(error)
    }
    var reader = ModelReader(document: replaced, options: options, path: namedPath)
    try reader.withFields(of: &model, schema: schema) { (base, reader) throws(ModelError) in
      try reader.decodeFields(schema, replaced.root, base)
    }
  }

  private func finish<Model: JSONModel>(_ model: inout Model, schema: ModelSchema, input: JSONObject?)
    throws(ModelError)
  {
    guard schema.hooks.contains(.didDecode) else { return }
    do {
      try model.didDecode(from: input ?? JSONObject())
    } catch {
      throw rejection(error, hook: "didDecode")
    }
  }

  /// Calls `body` with the address of `model`'s fields: the value itself for
  /// a struct, the instance for a class.
  private mutating func withFields<Model: JSONModel>(
    of model: inout Model, schema: ModelSchema,
    _ body: (UnsafeMutableRawPointer, inout ModelReader) throws(ModelError) -> Void
  ) throws(ModelError) {
    if schema.isClass {
      let object = model as AnyObject
      try withExtendedLifetime(object) { () throws(ModelError) in
        try body(Unmanaged.passUnretained(object).toOpaque(), &self)
      }
    } else {
      try withUnsafeMutablePointer(to: &model) { (pointer) throws(ModelError) in
        try body(UnsafeMutableRawPointer(pointer), &self)
      }
    }
  }

  // MARK: - Fields

  /// The member pass (plain keys), then key paths and fallback lists.
  mutating func decodeFields(
    _ schema: ModelSchema, _ node: JSONDocument.Node, _ base: UnsafeMutableRawPointer
  ) throws(ModelError) {
    let keys = options.keyDecoding == .convertFromSnakeCase ? schema.snakeCaseKeys : schema.defaultKeys
    let hot = schema.hotFields
    var hint = 0
    for (key, value) in document.members(of: node) {
      guard let entry = keys.lookup(document, key, hint: &hint) else { continue }
      for index in keys.fields(of: entry) {
        let field = hot[index]
        if field.fast.decode(document, value, into: base + field.offset) { continue }
        if let nested = field.nested, try fillInPlace(nested, value, base + field.offset, step: .keyNode(key)) {
          continue
        }
        try decodeField(schema.fields[index], value, base, step: .keyNode(key))
      }
    }
    for index in schema.resolvedFields {
      let field = schema.fields[index]
      if let (node, candidate) = resolve(field.candidates(options.keyDecoding), in: node) {
        if field.fast.decode(document, node, into: base + field.offset) { continue }
        try decodeField(field, node, base, step: .keyPath(candidate))
      }
    }
  }

  /// Fills a struct model field in place from an object, when the model has
  /// no hooks (a hook could reject it, and a half-filled value cannot be
  /// taken back); false to take the converter. Keys the object omits keep
  /// the values the field already had, as `update(json:)` does.
  @inline(__always)
  private mutating func fillInPlace(
    _ filler: Unmanaged<AnyModelFiller>, _ node: JSONDocument.Node, _ field: UnsafeMutableRawPointer,
    step: PathStep
  ) throws(ModelError) -> Bool {
    let filler = filler.takeUnretainedValue()
    let schema = filler.schema
    guard schema.hooks.isEmpty, document.kind(of: node) == .object else { return false }
    if filler.isOptional && filler.isNil(field) { filler.makeDefault(field) }
    path.append(step)
    defer { path.removeLast() }
    try decodeFields(schema, node, field)
    return true
  }

  /// The value of the first candidate that is present and not `null`; else
  /// the first present `null`; else nil.
  private func resolve(_ candidates: [[String]], in object: JSONDocument.Node) -> (
    JSONDocument.Node, [String]
  )? {
    var firstNull: (JSONDocument.Node, [String])?
    for candidate in candidates {
      var current = object
      var found = true
      for segment in candidate {
        guard document.kind(of: current) == .object, let next = document.member(segment, of: current) else {
          found = false
          break
        }
        current = next
      }
      guard found else { continue }
      if !document.isNull(current) { return (current, candidate) }
      if firstNull == nil { firstNull = (current, candidate) }
    }
    return firstNull
  }

  private mutating func decodeField(
    _ field: ModelSchema.Field, _ node: JSONDocument.Node, _ base: UnsafeMutableRawPointer,
    step: PathStep
  ) throws(ModelError) {
    path.append(step)
    defer { path.removeLast() }
    if let failure = try field.converter.decodeField(base + field.offset, node, &self), options.strict {
      throw conversionError(failure, node: node, typeName: field.converter.typeName, property: field.name)
    }
  }

  /// Decodes one element of a container; nil when it is dropped (lenient).
  mutating func decodeElement<Value>(
    _ node: JSONDocument.Node, at step: PathStep, with converter: ValueConverter<Value>
  ) throws(ModelError) -> Value? {
    path.append(step)
    defer { path.removeLast() }
    switch try converter.decode(node, &self) {
    case .value(let value):
      return value
    case .failed(let failure):
      if options.strict {
        throw conversionError(failure, node: node, typeName: converter.typeName, property: nil)
      }
      return nil
    }
  }

  // MARK: - Errors

  /// The path with every key named, for errors and for readers of other documents.
  var namedPath: [PathStep] {
    path.map { step in
      switch step {
      case .keyNode(let node): return .key(document.string(node) ?? "")
      case .keyUTF8(let utf8): return .key(String(decoding: utf8, as: UTF8.self))
      case .keyPath(let segments): return .key(segments.joined(separator: "."))
      default: return step
      }
    }
  }

  /// `$`, `$.author.birthday`, `$.users[3].id`.
  var codingPath: String {
    var text = "$"
    for step in namedPath {
      switch step {
      case .key(let key): text += "." + key
      case .keyNode, .keyUTF8, .keyPath: break
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  func conversionError(
    _ failure: ConversionFailure, node: JSONDocument.Node, typeName: String, property: String?
  ) -> ModelError {
    let target = property.map { "property '\($0)' of type \(typeName)" } ?? "an element of type \(typeName)"
    let found = describe(node)
    let (kind, message): (ModelError.Kind, String) =
      switch failure {
      case .null: (.unexpectedNull, "null is not a value for \(target)")
      case .mismatch: (.typeMismatch, "\(found) is not a value for \(target)")
      case .outOfRange: (.outOfRange, "\(found) is out of range for \(target)")
      case .unconvertible: (.typeMismatch, "\(found) cannot be converted to \(target)")
      case .rejected: (.rejected, "the value for \(target) was rejected")
      }
    return ModelError(kind: kind, message: message, codingPath: codingPath)
  }

  private func describe(_ node: JSONDocument.Node) -> String {
    switch document.kind(of: node) {
    case .null: return "null"
    case .bool: return document.bool(node) == true ? "true" : "false"
    case .number: return "the number \(document.numberText(node) ?? "")"
    case .string:
      let text = document.string(node) ?? ""
      return "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  private func rejection(_ error: any Error, hook: String) -> ModelError {
    if let modelError = error as? ModelError, modelError.kind == .rejected { return modelError }
    return ModelError(
      kind: .rejected, message: "\(hook) rejected the object: \(error)", codingPath: codingPath,
      underlying: error)
  }
}
