import Foundation

/// Builds the schemas of a model type and of every model type it reaches,
/// under the cache's lock. Cycles (a model that contains itself) end at the
/// reference registered before its fields are planned, which is resolved
/// once its schema is built.
final class SchemaBuilder: ConverterBuilding {
  private let cached: [ObjectIdentifier: SchemaReference]
  private(set) var built: [ObjectIdentifier: SchemaReference] = [:]
  /// Whether types that only Codable handles go through the Codable bridge
  /// (always, for a model's own fields: see `build`).
  private var allowingDecodable: Bool

  init(cached: [ObjectIdentifier: SchemaReference], allowingDecodable: Bool = true) {
    self.cached = cached
    self.allowingDecodable = allowingDecodable
  }

  /// A stored field under the name its declaration uses.
  private struct Property {
    let name: String
    /// The field written: the declared field, or a property wrapper's
    /// stored `wrappedValue` inside it (at the two offsets added).
    let field: TypeInfo.Field
  }

  /// The properties of a reflected type. An `@Observable` class's storage
  /// `_name` is the property `name` (its registrar is no property); a
  /// property wrapper's storage `_name` whose wrapper is a struct with a
  /// stored `wrappedValue` is the property `name`, holding that value; any
  /// other storage `_name` of a struct or class type that is not a JSON
  /// value, a model, a container or a raw-value enum is taken for a
  /// wrapper that keeps its value under another name: the property `name`,
  /// read and written as the wrapper (through its own `Codable`).
  private static func properties(of info: TypeInfo) -> [Property] {
    let stored = Set(info.fields.map(\.name))
    let observable = stored.contains(observationRegistrar)
    return info.fields.compactMap { field -> Property? in
      if field.name == observationRegistrar { return nil }
      let declared = String(field.name.dropFirst())
      guard field.name.hasPrefix("_"), !declared.isEmpty, !declared.hasPrefix("_"), !stored.contains(declared) else {
        return Property(name: field.name, field: field)
      }
      if observable { return Property(name: declared, field: field) }
      let wrapper = TypeInfo(of: field.type)
      guard !wrapper.isClass, wrapper.problem == nil,
        let value = wrapper.fields.first(where: { $0.name == "wrappedValue" })
      else {
        return Property(name: isWrapper(field.type, wrapper) ? declared : field.name, field: field)
      }
      return Property(
        name: declared,
        field: TypeInfo.Field(
          name: field.name, offset: field.offset + value.offset, type: value.type,
          isVariable: field.isVariable && value.isVariable, isStrong: value.isStrong))
    }
  }

  /// Whether `type`, the type of a stored `_name` (whose `name` is not
  /// stored), is a property wrapper: a struct or class that is none of the
  /// types a property holds JSON in.
  private static func isWrapper(_ type: any Any.Type, _ info: TypeInfo) -> Bool {
    KnownConverters.make(for: type) == nil && !(type is any OptionalConvertible.Type)
      && !(type is any ContainerConvertible.Type) && !(type is any JSONModel.Type)
      && !(type is any RawRepresentable.Type) && (info.isClass || runtimeMetadataKind(type) == runtimeStructKind)
  }

  /// The stored property the `@Observable` macro adds.
  private static let observationRegistrar = "_$observationRegistrar"

  /// The reference to `type`'s schema: resolved, unless `type` is being
  /// built further up (a model that contains itself).
  func schema(for type: any JSONModel.Type) throws(ModelError) -> SchemaReference {
    if let existing = cached[ObjectIdentifier(type)] ?? built[ObjectIdentifier(type)] {
      return existing
    }
    return try build(type)
  }

  private func build<Model: JSONModel>(_ type: Model.Type) throws(ModelError) -> SchemaReference {
    let info = try TypeInfo.reflecting(Model.self)
    let reference = SchemaReference(isClass: info.isClass)
    built[ObjectIdentifier(Model.self)] = reference
    // A model's fields are the model reader's, whoever asks for the model (a
    // `ModelDecoder` asks without the bridge, and the schema is shared).
    let outerAllowingDecodable = allowingDecodable
    allowingDecodable = true
    defer { allowingDecodable = outerAllowingDecodable }

    let mapping = Model.keyMapping
    let ignored = Model.ignoredProperties
    let allowed = Model.allowedProperties
    let properties = Self.properties(of: info)
    let names = Set(properties.map(\.name))
    var diagnostics: [String] = []
    var unknown: [String] = []
    for name in mapping.keys.sorted() where !names.contains(name) {
      unknown.append("keyMapping names '\(name)', which is not a stored property of \(Model.self)")
    }
    for name in ignored.sorted() where !names.contains(name) {
      unknown.append("ignoredProperties names '\(name)', which is not a stored property of \(Model.self)")
    }
    for name in (allowed ?? []).sorted() where !names.contains(name) {
      unknown.append("allowedProperties names '\(name)', which is not a stored property of \(Model.self)")
    }
    diagnostics += unknown

    var fields: [ModelSchema.Field] = []
    var unconvertible: [(name: String, type: any Any.Type)] = []
    for property in properties {
      let (name, field) = (property.name, property.field)
      if ignored.contains(name) || !(allowed?.contains(name) ?? true) { continue }
      if name.hasPrefix("$__lazy_storage_$_") {
        diagnostics.append("skipped '\(name)': lazy properties are not mapped")
        continue
      }
      if !field.isVariable {
        diagnostics.append("skipped '\(name)': a 'let' property is never written")
        continue
      }
      if !field.isStrong {
        diagnostics.append("skipped '\(name)': a weak or unowned reference is never read or written")
        continue
      }
      guard let converter = try converter(for: field.type) else {
        unconvertible.append((name, field.type))
        diagnostics.append("skipped '\(name)': values of type \(field.type) cannot be converted to or from JSON")
        continue
      }
      // The field's memory is read and written as the converter's type.
      checkInvariant(converter.valueType == field.type, "'\(name)' of \(field.type) given a converter of \(converter.typeName)")
      var mapped: [[String]]?
      if let key = mapping[name] {
        mapped = key.candidates
        if mapped?.isEmpty == true {
          diagnostics.append("skipped '\(name)': its mapping \(key) addresses no key")
          continue
        }
      }
      fields.append(
        ModelSchema.Field(
          name: name, offset: field.offset, converter: converter, scalar: ScalarField(for: field.type),
          filler: AnyModelFiller.inPlace(converter), elements: AnyModelFiller.arrayElements(converter), mapped: mapped,
          snakeCaseName: SnakeCase.from(name)))
    }

    var keyPathFields: [Int] = []
    var output = OutputTree()
    for (index, field) in fields.enumerated() {
      if let mapped = field.mapped, mapped.count != 1 || mapped[0].count != 1 {
        keyPathFields.append(index)
      }
      if let path = field.outputPath, !output.add(path: path, field: index) {
        diagnostics.append("'\(field.name)' is not encoded: its key \(path.joined(separator: ".")) collides with another property's")
      }
    }
    output.finish()
    reference.resolve(
      ModelSchema(
        type: Model.self, isClass: info.isClass, fields: fields,
        keyPathFields: keyPathFields, output: output, unconvertible: unconvertible, diagnostics: diagnostics))
    #if DEBUG
      if !unknown.isEmpty && ProcessInfo.processInfo.environment["MODELKIT_SCHEMA_ASSERTIONS"] != "0" {
        assertionFailure("ModelKit: " + unknown.joined(separator: "; "))
      }
    #endif
    return reference
  }

  // MARK: - Converters

  /// The converter for values of `type`, or nil when ModelKit cannot convert it.
  func converter(for type: any Any.Type) throws(ModelError) -> AnyConverter? {
    if let known = KnownConverters.make(for: type) { return known }
    if let optional = type as? any OptionalConvertible.Type {
      return try optional.makeConverter(self)
    }
    if let container = type as? any ContainerConvertible.Type {
      return try container.makeConverter(self)
    }
    if let model = type as? any JSONModel.Type {
      // A model that cannot be reflected (built without reflection names or
      // metadata) is still Codable for the coders, which read it as
      // `JSONDecoder` does: through its own conformance.
      if !allowingDecodable, type is any Codable.Type, TypeInfo(of: type).problem != nil { return nil }
      return try modelConverter(model)
    }
    if let raw = type as? any RawRepresentable.Type, let converter = try rawValueConverter(raw) {
      return converter
    }
    if allowingDecodable, let codable = type as? any Codable.Type {
      return codableConverter(codable)
    }
    return nil
  }

  private func codableConverter<Value: Codable>(_ type: Value.Type) -> AnyConverter {
    CodableConverter<Value>()
  }

  /// The converter for `type` when it is exactly a `ValueConverter<Value>`.
  func typedConverter<Value>(for type: Value.Type) throws(ModelError) -> ValueConverter<Value>? {
    try converter(for: type) as? ValueConverter<Value>
  }

  private func modelConverter<Model: JSONModel>(_ type: Model.Type) throws(ModelError) -> AnyConverter {
    ModelConverter<Model>(reference: try schema(for: Model.self))
  }

  private func rawValueConverter<Value: RawRepresentable>(_ type: Value.Type) throws(ModelError)
    -> AnyConverter?
  {
    guard let raw = try typedConverter(for: Value.RawValue.self) else { return nil }
    return RawValueConverter<Value>(raw: raw)
  }
}
