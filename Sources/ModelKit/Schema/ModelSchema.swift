import Foundation

/// The mapping plan of one model type, built once, cached, immutable once
/// published: ModelKit's counterpart of YYModel's `_YYModelMeta`.
///
/// ```swift
/// let schema = try ModelSchema.of(Book.self)
/// schema.fieldNames      // the properties that take part, in declaration order
/// schema.diagnostics     // unknown names in keyMapping, skipped fields, …
/// ```
public final class ModelSchema: @unchecked Sendable {
  // Safe to share: every `var` below is set while the schema is built under
  // the cache's lock, before any other thread can see the schema.

  /// One property that takes part in JSON.
  struct Field {
    let name: String
    let offset: Int
    let converter: AnyConverter
    /// The converter-free path for common types with their natural JSON kind.
    let fast: FastField
    /// Fills a struct model field (or an optional one) in place.
    let filler: AnyModelFiller?
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

  /// The model type.
  public let type: any JSONModel.Type
  /// Whether the model is a class.
  public let isClass: Bool
  /// Problems found while building: unknown names in `keyMapping`,
  /// `ignoredProperties` or `allowedProperties`, and fields skipped because
  /// their type cannot be converted.
  public internal(set) var diagnostics: [String] = []

  var fields: [Field] = []
  var hooks: HookSet = []
  /// Plain keys for the default key decoding and for snake_case.
  let defaultKeys = KeyTable()
  let snakeCaseKeys = KeyTable()
  /// What the decode loop needs of each field, without reference counting.
  private(set) var hotFields = UnsafeMutableBufferPointer<HotField>(start: nil, count: 0)
  /// Fields read by key path or fallback list after the member pass.
  var resolvedFields: [Int] = []
  /// Where fields go when encoding, while planning; then frozen into `plan`.
  var output = OutputTree()
  private(set) var plan: OutputPlan?

  /// A field's offset, fast path and converter (kept alive by `fields`).
  struct HotField {
    let offset: Int
    let fast: FastField
    let converter: Unmanaged<AnyConverter>
    /// For a field holding a model (or an optional model): that model's
    /// converter, which can fill it in place.
    let nested: Unmanaged<AnyModelFiller>?
  }

  init(type: any JSONModel.Type, isClass: Bool) {
    self.type = type
    self.isClass = isClass
  }

  deinit { hotFields.deallocate() }

  /// Freezes the lookup structures once every field is planned.
  func freeze() {
    defaultKeys.freeze()
    snakeCaseKeys.freeze()
    hotFields = .allocate(capacity: max(1, fields.count))
    for (index, field) in fields.enumerated() {
      hotFields[index] = HotField(
        offset: field.offset, fast: field.fast, converter: .passUnretained(field.converter),
        nested: field.filler.map(Unmanaged.passUnretained))
    }
    output.finish()
    plan = OutputPlan(output)
  }

  /// The names of the properties that take part, in declaration order.
  public var fieldNames: [String] { fields.map(\.name) }

  /// The hooks the type implements itself (`modelType`, `willDecode`,
  /// `didDecode`, `didEncode`); the others are never called.
  public var customizedHooks: [String] {
    let names: [(HookSet, String)] = [
      (.modelType, "modelType"), (.willDecode, "willDecode"), (.didDecode, "didDecode"),
      (.didEncode, "didEncode"),
    ]
    return names.filter { hooks.contains($0.0) }.map(\.1)
  }

  /// The schema of `type`, built on first use and cached; safe to call from
  /// many threads at once.
  ///
  /// - Throws: `ModelError` of kind `.unsupportedType` when the type's
  ///   fields cannot be reflected.
  public static func of(_ type: any JSONModel.Type) throws(ModelError) -> ModelSchema {
    try SchemaCache.shared.schema(for: type)
  }
}

/// The process-wide schema cache. Schemas are built under its recursive
/// lock (a type's keyMapping may itself touch other models) together with
/// every model type they reach, and published all at once.
final class SchemaCache: @unchecked Sendable {
  // Safe: `schemas` is only touched while holding `lock`.
  static let shared = SchemaCache()
  private let lock = NSRecursiveLock()
  private var schemas: [ObjectIdentifier: ModelSchema] = [:]
  private var converters: [ConverterKey: AnyConverter?] = [:]

  func schema(for type: any JSONModel.Type) throws(ModelError) -> ModelSchema {
    lock.lock()
    defer { lock.unlock() }
    if let schema = schemas[ObjectIdentifier(type)] { return schema }
    let builder = SchemaBuilder(cached: schemas)
    let schema = try builder.schema(for: type)
    for (identifier, built) in builder.built { schemas[identifier] = built }
    return schema
  }

  /// A converter for `type` (a container of models at the top level), with
  /// every schema it needs built and published. Without `allowingDecodable`,
  /// types only Codable can handle get no converter.
  func converter(for type: any Any.Type, allowingDecodable: Bool = true) throws(ModelError) -> AnyConverter? {
    lock.lock()
    defer { lock.unlock() }
    let key = ConverterKey(type: ObjectIdentifier(type), allowingDecodable: allowingDecodable)
    if let cached = converters[key] { return cached }
    let builder = SchemaBuilder(cached: schemas, allowingDecodable: allowingDecodable)
    let converter = try builder.converter(for: type)
    for (identifier, built) in builder.built { schemas[identifier] = built }
    converters[key] = converter
    return converter
  }

  /// Converters are immutable once built, so one per type serves every call.
  private struct ConverterKey: Hashable {
    let type: ObjectIdentifier
    let allowingDecodable: Bool
  }
}
