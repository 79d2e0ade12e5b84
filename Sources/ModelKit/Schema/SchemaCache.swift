import Foundation
import CModelKitPlatform

/// The process-wide schema cache. Schemas are built under its recursive
/// lock (a type's keyMapping may itself touch other models) together with
/// every model type they reach, and published all at once.
final class SchemaCache: Sendable {
  static let shared = SchemaCache()
  private let state = Locked(State(), recursive: true)

  private struct State {
    var schemas: [ObjectIdentifier: SchemaReference] = [:]
    var converters: [ConverterKey: AnyConverter?] = [:]
  }

  func schema(for type: any JSONModel.Type) throws(ModelError) -> ModelSchema {
    // The thread's last lookup answers again without the lock (two lock
    // pairs and a hash, ~330 instructions a call): the schema it names
    // unretained stays, as every published one does (Internals §2).
    let last = modelkit_thread_schema_slot()!
    let identifier = UInt(bitPattern: ObjectIdentifier(type))
    if last.pointee.type == identifier, let schema = last.pointee.schema {
      return Unmanaged<ModelSchema>.fromOpaque(schema).takeUnretainedValue()
    }
    let schema = try publishedSchema(for: type)
    last.pointee = modelkit_schema_slot(
      type: identifier, schema: Unmanaged.passUnretained(schema).toOpaque(), text_size: 0)
    return schema
  }

  /// The room to start a text of `type` with, after its `schema(for:)`:
  /// `initial`, or a little more than the calling thread's last text of
  /// it when that was larger, so that a type written again and again is
  /// not grown (and copied) to its size each time. At most
  /// `maximumTextCapacity`, which a larger text grows from. (Room a
  /// smaller text leaves unused is given back when it is handed over:
  /// `OutputBuffer.takeContents`.)
  func textCapacity(for type: any JSONModel.Type, initial: Int) -> Int {
    let last = modelkit_thread_schema_slot()!.pointee
    guard last.type == UInt(bitPattern: ObjectIdentifier(type)), last.text_size > initial else { return initial }
    return min(last.text_size + last.text_size / 8, Self.maximumTextCapacity)
  }

  /// The most room `textCapacity` starts a text with: 64 MiB.
  static let maximumTextCapacity = 1 << 26

  /// Notes the size of a text of `type` just written, for `textCapacity`
  /// (when the thread's last lookup is still of `type`).
  func noteText(of type: any JSONModel.Type, size: Int) {
    let last = modelkit_thread_schema_slot()!
    guard last.pointee.type == UInt(bitPattern: ObjectIdentifier(type)) else { return }
    last.pointee.text_size = size
  }

  /// `schema(for:)` from the cache, built and published when it is not there.
  private func publishedSchema(for type: any JSONModel.Type) throws(ModelError) -> ModelSchema {
    try state.whileLocked { () throws(ModelError) in
      if let reference = state.withLock({ $0.schemas[ObjectIdentifier(type)] }) { return reference.schema }
      let builder = SchemaBuilder(cached: state.withLock { $0.schemas })
      let schema = try builder.schema(for: type).schema
      publish(builder)
      return schema
    }
  }

  /// A converter for `type` (a container of models at the top level), with
  /// every schema it needs built and published. Without `allowingDecodable`,
  /// types only Codable can handle get no converter.
  func converter(for type: any Any.Type, allowingDecodable: Bool = true) throws(ModelError) -> AnyConverter? {
    try state.whileLocked { () throws(ModelError) in
      let key = ConverterKey(type: ObjectIdentifier(type), allowingDecodable: allowingDecodable)
      if let cached = state.withLock({ $0.converters[key] }) { return cached }
      let builder = SchemaBuilder(cached: state.withLock { $0.schemas }, allowingDecodable: allowingDecodable)
      let converter = try builder.converter(for: type)
      publish(builder)
      state.withLock { $0.converters[key] = converter }
      return converter
    }
  }

  private func publish(_ builder: SchemaBuilder) {
    state.withLock { state in
      for (identifier, built) in builder.built { state.schemas[identifier] = built }
    }
  }

  /// Converters are immutable once built, so one per type serves every call.
  private struct ConverterKey: Hashable {
    let type: ObjectIdentifier
    let allowingDecodable: Bool
  }
}
