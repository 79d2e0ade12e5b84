import Foundation

/// The process-wide schema cache. Schemas are built under its recursive
/// lock (a type's keyMapping may itself touch other models) together with
/// every model type they reach, and published all at once.
final class SchemaCache: @unchecked Sendable {
  // Safe: `schemas` and `converters` are only touched while holding `lock`.
  static let shared = SchemaCache()
  private let lock = NSRecursiveLock()
  private var schemas: [ObjectIdentifier: SchemaReference] = [:]
  private var converters: [ConverterKey: AnyConverter?] = [:]

  func schema(for type: any JSONModel.Type) throws(ModelError) -> ModelSchema {
    lock.lock()
    defer { lock.unlock() }
    if let reference = schemas[ObjectIdentifier(type)] { return reference.schema }
    let builder = SchemaBuilder(cached: schemas)
    let schema = try builder.schema(for: type).schema
    publish(builder)
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
    publish(builder)
    converters[key] = converter
    return converter
  }

  private func publish(_ builder: SchemaBuilder) {
    for (identifier, built) in builder.built { schemas[identifier] = built }
  }

  /// Converters are immutable once built, so one per type serves every call.
  private struct ConverterKey: Hashable {
    let type: ObjectIdentifier
    let allowingDecodable: Bool
  }
}
