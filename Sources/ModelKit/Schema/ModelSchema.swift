import ModelKitJSON

/// The mapping plan of one model type, built once, cached, and immutable:
/// ModelKit's counterpart of YYModel's `_YYModelMeta`.
///
/// ```swift
/// let schema = try ModelSchema.of(Book.self)
/// schema.fieldNames      // the properties that take part, in declaration order
/// schema.diagnostics     // unknown names in keyMapping, skipped fields, …
/// ```
public final class ModelSchema: @unchecked Sendable {
  // Safe to share: every stored property is a constant, and what they
  // hold (converters, key tables, the output plan) never changes either.

  /// One property that takes part in JSON.
  struct Field {
    let name: String
    let offset: Int
    let converter: AnyConverter
    /// The converter-free path for common scalar types with their natural JSON kind.
    let scalar: ScalarField
    /// Fills a struct model field (or an optional one) in place.
    let filler: AnyModelFiller?
    /// For a `[Model]` field of struct models: their filler, for the
    /// writer (`AnyModelFiller.arrayElements`).
    let elements: AnyModelFiller?
    /// Explicit candidates from `keyMapping`, or nil for the default key.
    let mapped: [[String]]?
    /// The name in snake_case, for `.convertFromSnakeCase`.
    let snakeCaseName: String

    /// The key paths tried when decoding, in order.
    func candidates(_ keyDecoding: DecodingOptions.KeyDecoding) -> [[String]] {
      mapped ?? [[keyDecoding == .convertFromSnakeCase ? snakeCaseName : name]]
    }

    /// The key path written when encoding (always the property name when unmapped).
    var outputPath: [String]? { mapped == nil ? [name] : mapped?.first }
  }

  /// A field's offset, scalar path and converter, laid out for the decode
  /// and encode loops (kept alive by `fields`).
  struct HotField {
    let offset: Int
    let scalar: ScalarField
    /// Whether writing it can fail (`AnyConverter.encodingCanFail`): only
    /// then is the converter given the field's path. (Beside `scalar`, in
    /// the padding before `converter`.)
    let encodingCanFail: Bool
    /// For a `[Int]`, `[String]` or `[Double]` field: which, for the
    /// reader and the writer to take its elements without the converter
    /// when it would do the same (`CompiledArray`).
    let array: CompiledArray?
    let converter: Unmanaged<AnyConverter>
    /// For a field holding a struct model (or an optional one): its filler.
    let nested: Unmanaged<AnyModelFiller>?
    /// For a `[Model]` field of struct models: their filler, for the writer.
    let elements: Unmanaged<AnyModelFiller>?
  }

  /// The model type.
  public let type: any JSONModel.Type
  /// Whether the model is a class.
  public let isClass: Bool
  /// Problems found while building: unknown names in `keyMapping`,
  /// `ignoredProperties` or `allowedProperties`, and fields skipped because
  /// their type cannot be converted.
  public let diagnostics: [String]

  let fields: [Field]
  /// The properties left out because no converter handles their type (a
  /// closure, a tuple, …): what a JSON Schema of the type cannot describe.
  let unconvertible: [(name: String, type: any Any.Type)]
  /// Which hooks the type implements, learned from real calls.
  let hooks: HookKnowledge
  /// Plain keys for the default key decoding and for snake_case.
  let defaultKeys: KeyTable
  let snakeCaseKeys: KeyTable
  /// `fields` as the decode loop reads them, without reference counting.
  let hotFields: UnsafeMutableBufferPointer<HotField>
  /// The fields found by key path or fallback list, after the member pass.
  let mappedFields: [Int]
  /// The first keys of those fields' key paths: members the member pass
  /// skips that are read all the same (for the decode report).
  let keyPathHeads: Set<String>
  /// Where fields go when encoding.
  let plan: OutputPlan
  /// Whether writing a model of this type where it lies can fail: a field
  /// whose converter's writing can (`AnyConverter.encodingCanFail`: every
  /// model field's, so no such model nests another), or a key path, whose
  /// object the writer enters at its own path. When not, nothing below
  /// reads the path: an array's models are written without their indices.
  let writingCanFail: Bool

  init(
    type: any JSONModel.Type, isClass: Bool, fields: [Field], keyPathFields: [Int],
    output: OutputTree, unconvertible: [(name: String, type: any Any.Type)], diagnostics: [String]
  ) {
    self.unconvertible = unconvertible
    self.type = type
    self.isClass = isClass
    self.fields = fields
    hooks = HookKnowledge(type: type)
    self.diagnostics = diagnostics
    mappedFields = keyPathFields
    keyPathHeads = Set(keyPathFields.flatMap { fields[$0].mapped ?? [] }.compactMap(\.first))
    var defaultKeys: [(key: String, field: Int)] = []
    var snakeCaseKeys: [(key: String, field: Int)] = []
    for (index, field) in fields.enumerated() {
      if let mapped = field.mapped {
        if mapped.count == 1 && mapped[0].count == 1 {
          defaultKeys.append((mapped[0][0], index))
          snakeCaseKeys.append((mapped[0][0], index))
        }
      } else {
        defaultKeys.append((field.name, index))
        snakeCaseKeys.append((field.snakeCaseName, index))
      }
    }
    self.defaultKeys = KeyTable(defaultKeys)
    self.snakeCaseKeys = KeyTable(snakeCaseKeys)
    let hotFields = UnsafeMutableBufferPointer<HotField>.allocate(capacity: max(1, fields.count))
    for (index, field) in fields.enumerated() {
      (hotFields.baseAddress! + index).initialize(
        to: HotField(
          offset: field.offset, scalar: field.scalar, encodingCanFail: field.converter.encodingCanFail,
          array: CompiledArray(field.converter.valueType), converter: .passUnretained(field.converter),
          nested: field.filler.map(Unmanaged.passUnretained), elements: field.elements.map(Unmanaged.passUnretained)))
    }
    self.hotFields = hotFields
    plan = OutputPlan(output, fields: hotFields)
    writingCanFail =
      hotFields.prefix(fields.count).contains(where: \.encodingCanFail) || plan.nodes.dropFirst().contains { !$0.isLeaf }
  }

  deinit { hotFields.deallocate() }

  /// Calls `body` with the address of `model`'s fields: the value itself
  /// for a struct, the instance for a class.
  func withFields<Model: JSONModel, Result>(of model: Model, _ body: (UnsafeRawPointer) -> Result) -> Result {
    if isClass {
      let object = model as AnyObject
      return withExtendedLifetime(object) { body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())) }
    }
    return withUnsafePointer(to: model) { body(UnsafeRawPointer($0)) }
  }

  /// The names of the properties that take part, in declaration order.
  public var fieldNames: [String] { fields.map(\.name) }

  /// The hooks the type is known to implement itself (`modelType`,
  /// `willDecode`, `didDecode`, `didEncode`), learned from their first real
  /// calls; a hook found to be the default is never called again.
  public var customizedHooks: [String] {
    let names: [(HookSet, String)] = [
      (.modelType, "modelType"), (.willDecode, "willDecode"), (.didDecode, "didDecode"),
      (.didEncode, "didEncode"),
    ]
    let customized = hooks.customized
    return names.filter { customized.contains($0.0) }.map(\.1)
  }

  /// The schema of `type`, built on first use and cached; safe to call from
  /// many threads at once.
  ///
  /// - Parameter type: a model type.
  /// - Returns: how the type's properties map to JSON keys and values.
  /// - Throws: `ModelError` of kind `.unsupportedType` when the type's
  ///   fields cannot be reflected.
  public static func of(_ type: any JSONModel.Type) throws -> ModelSchema {
    try SchemaCache.shared.schema(for: type)
  }
}
