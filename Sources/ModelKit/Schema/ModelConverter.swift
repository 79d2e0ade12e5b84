import ModelKitJSON

/// A nested `JSONModel`, decoded from a JSON object by the model reader
/// (its `modelType(for:)` applies) and written by the model writer. A
/// rejection drops the value in lenient mode.
final class ModelConverter<Model: JSONModel>: InPlaceConverter<Model>, ModelFieldFiller {
  let reference: SchemaReference

  /// Whether the model is a `CodableModel`, which Foundation's coders read
  /// and write in its JSON form, by the model's own rules: a coder's date,
  /// data and float strategies do not reach inside it, so that
  /// `ModelEncoder` writes what `JSONEncoder` writes.
  private let travelsInJSONForm = Model.self is any CodableModel.Type

  init(reference: SchemaReference) { self.reference = reference }

  /// `converter` as the `ModelConverter` it is: only a model's converter
  /// hands a model to the model reader or writer.
  @inline(__always)
  static func of(_ converter: ValueConverter<Model>) -> ModelConverter<Model> {
    checkInvariant(converter is ModelConverter<Model>, "a model converted by \(converter.typeName)")
    return unsafeDowncast(converter, to: ModelConverter<Model>.self)
  }

  /// Runs `body` with `context`'s rules set to ModelKit's for a
  /// `CodableModel` (a coder's strategies set aside). The key path is made
  /// only then: a key path literal costs a runtime call each time it is
  /// evaluated, once per nested model otherwise.
  private func byModelRules<Context, Rules, Result>(
    _ context: inout Context, _ rulesPath: @autoclosure () -> WritableKeyPath<Context, Rules>, _ modelKit: Rules,
    _ body: (inout Context) throws(ModelError) -> Result
  ) throws(ModelError) -> Result {
    guard travelsInJSONForm else { return try body(&context) }
    let rules = rulesPath()
    let saved = context[keyPath: rules]
    context[keyPath: rules] = modelKit
    defer { context[keyPath: rules] = saved }
    return try body(&context)
  }

  override var emptyValue: Model? { Model() }

  override func graphValue(_ value: Any, keys: DecodingOptions.KeyDecoding) -> Any {
    guard let object = value as? [String: Any] else { return value }
    return schema.graphValue(object, keys: keys)
  }

  override var encodingCanFail: Bool { true }

  override var shape: ValueShape { .model(Model.self) }

  /// The model's schema.
  var schema: ModelSchema { reference.schema }

  /// Struct models fill in place; classes are made afresh.
  var filler: AnyModelFiller? {
    reference.isClass ? nil : ModelFiller<Model>(reference: reference, isOptional: false)
  }

  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<Model>, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    switch context.document.kind(of: node) {
    case .object: break
    case .null: return .failed(.null)
    case .string: return try decodeEmbedded(node, kind: .object, into: target, &context)
    default: return .failed(.mismatch)
    }
    do {
      let models = context.models
      try byModelRules(&context, \.rules, .modelKit) { context throws(ModelError) in
        try models.decodeModel(self, at: node, into: target, in: &context)
      }
      return .natural(())
    } catch {
      guard dropsRejection(error, at: node, &context) else { throw error }
      return .failed(.rejected)
    }
  }

  /// Whether `error`, from reading the object at `node`, drops the model
  /// rather than failing the decode: a hook's rejection in lenient mode,
  /// which is noted at `node`.
  func dropsRejection(_ error: ModelError, at node: JSONDocument.Node, _ context: inout ReadContext) -> Bool {
    guard error.kind == .rejected && !context.options.strict else { return false }
    context.note(.rejectedByHook, node, target: typeName, note: error.message)
    return true
  }

  /// Struct models are read by the model reader, element by element.
  override func appendElements<Target: AppendableCollection<Model>>(
    of node: JSONDocument.Node, from firstIndex: Int, to result: inout Target, _ context: inout ReadContext
  ) throws(ModelError) {
    guard !reference.isClass, !travelsInJSONForm, context.document.partial == nil else {
      return try super.appendElements(of: node, from: firstIndex, to: &result, &context)
    }
    let models = context.models
    try models.decodeModels(self, elementsOf: node, from: firstIndex, to: &result, in: &context)
  }

  override func collection<Target: AppendableCollection<Model>>(of node: JSONDocument.Node, _ context: inout ReadContext)
    throws(ModelError) -> Target
  {
    // A short array is appended to (`appendElements`).
    guard !reference.isClass, !travelsInJSONForm, context.document.partial == nil,
      context.document.count(of: node) >= ArraysMadeInPlace.fewest
    else {
      return try super.collection(of: node, &context)
    }
    let models = context.models
    return try models.decodeModels(self, elementsOf: node, as: Target.self, in: &context)
  }

  override var fillsExisting: Bool { true }

  /// A field that holds a model already is decoded into (see `fill`).
  override func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    try fill(&field.assumingMemoryBound(to: Model.self).pointee, from: node, &context)
  }

  /// Decodes the object into `model` (YYModel's rule: a nested model is
  /// updated, not replaced; `modelType(for:)` applies only to new ones).
  override func fill(_ model: inout Model, from node: JSONDocument.Node, _ context: inout ReadContext)
    throws(ModelError) -> Converted<Void>
  {
    switch context.document.kind(of: node) {
    case .object: break
    case .null: return .failed(.null)
    case .string:
      guard var inner = context.embeddedJSON(node, kind: .object) else { return .failed(.mismatch) }
      return try fill(&model, from: inner.document.root, &inner).asConversion
    default: return .failed(.mismatch)
    }
    do {
      let models = context.models
      try byModelRules(&context, \.rules, .modelKit) { context throws(ModelError) in
        try models.fillModel(self, &model, at: node, in: &context)
      }
      return .natural(())
    } catch {
      guard dropsRejection(error, at: node, &context) else { throw error }
      return .failed(.rejected)
    }
  }

  override func encode(_ value: Model, _ context: inout WriteContext) throws(ModelError) {
    let models = context.models
    try byModelRules(&context, \.rules, .modelKit) { context throws(ModelError) in
      try models.encodeModel(value, with: self, in: &context)
    }
  }

  /// Struct models are written where the array holds them.
  override func encodeElements(_ elements: UnsafeBufferPointer<Model>, _ context: inout WriteContext)
    throws(ModelError)
  {
    guard !reference.isClass, !travelsInJSONForm else { return try super.encodeElements(elements, &context) }
    try context.models.encodeModels(elements, with: self, in: &context)
  }

  override func describe(_ value: Model, level: Int, _ context: inout WriteContext) -> String {
    ModelDescription.describe(value, level: level, &context)
  }

  override func deepCopy(_ value: Model) -> Model {
    ModelCopy.copy(value)
  }
}
