import ModelKitJSON

/// The result of converting one JSON value.
enum Converted<Value> {
  case value(Value)
  case failed(ConversionFailure)
}

/// Converts between JSON and one Swift type, picked once per field when a
/// schema is built. The type-erased methods work on a field's memory.
///
/// Converters are immutable once built; schemas share them across threads.
class AnyConverter {
  /// The Swift type this converter handles, for messages.
  var typeName: String { "?" }

  /// Whether reading a value reads a model's fields (a model, or a
  /// container or optional of models): the Codable values among them are
  /// handed decoders at their coding path, which the reading must start from.
  var readsModels: Bool { false }

  /// Whether writing a value can fail (a model's hook, a reference cycle, a
  /// graph with no JSON form): a caller gives it the path only then.
  var encodingCanFail: Bool { false }

  /// Decodes `node` into the value at `field`; returns why not, or nil when done.
  func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> ConversionFailure? {
    fatalError("abstract")
  }

  /// Writes the value at `field`.
  func encodeField(_ field: UnsafeRawPointer, _ context: inout WriteContext) throws(ModelError) {
    fatalError("abstract")
  }

  /// Whether the value at `field` is left out of the output (nil, or not finite).
  func isFieldOmitted(_ field: UnsafeRawPointer) -> Bool { false }

  /// Whether the value at `field` is nil.
  func isFieldNil(_ field: UnsafeRawPointer) -> Bool { false }

  /// The value at `field` as `modelDescription` shows it, on a line at `level`.
  func describeField(_ field: UnsafeRawPointer, level: Int, _ context: inout WriteContext) -> String {
    fatalError("abstract")
  }

  /// Assigns a deep copy of the value at `source` to the initialised value at `target`.
  func copyField(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
    fatalError("abstract")
  }

  /// A value of a Foundation graph (the input of `init(jsonObject:)`) as
  /// this type reads it where the type gives it a reading its JSON form
  /// would lose, as YYModel read graphs: `Data` for a `String` (its UTF-8
  /// text) or an `NSData` (its bytes); otherwise `value` itself. Models,
  /// optionals and containers hand their parts to their converters.
  func graphValue(_ value: Any, keys: DecodingOptions.KeyDecoding) -> Any { value }

  /// Whether reading `node` (which decodes) takes one of the table's
  /// lenient rules: a conversion strict mode refuses, or a date read from
  /// text. For the decode report only. Default: false.
  func isConversion(_ node: JSONDocument.Node, _ context: ReadContext) -> Bool { false }
}

/// A converter for values of type `Value`.
class ValueConverter<Value>: AnyConverter {
  override var typeName: String { name }
  /// `typeName`, named once per converter: errors in a type's `try?`
  /// fallback ask for it again and again.
  private let name = TypeNames.name(of: Value.self)

  /// The type a mismatch names in a Foundation error, as `JSONDecoder`
  /// names it: a collection of the wrong kind is an array or dictionary of
  /// anything. Found once per converter (a conformance check is slow).
  let mismatchType: any Any.Type = {
    guard Value.self is any ContainerConvertible.Type else { return Value.self }
    return Value.self is any AppendableCollection.Type ? [Any].self : [String: Any].self
  }()

  /// The value for `node`, or why there is none.
  func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> Converted<Value>
  {
    fatalError("abstract")
  }

  /// Writes `value`; only called when `isOmitted(value)` is false.
  func encode(_ value: Value, _ context: inout WriteContext) throws(ModelError) {
    fatalError("abstract")
  }

  /// Whether `value` is left out of the output. Default: never.
  func isOmitted(_ value: Value) -> Bool { false }

  /// Whether `value` is nil. Default: never.
  func isNil(_ value: Value) -> Bool { false }

  /// A copy that shares no class model instances with `value`. Default: `value`.
  func deepCopy(_ value: Value) -> Value { value }

  /// `value` as `modelDescription` shows it, on a line at `level`. Default:
  /// its JSON; nil and values left out of JSON are `<nil>`.
  func describe(_ value: Value, level: Int, _ context: inout WriteContext) -> String {
    guard !isOmitted(value) else { return "<nil>" }
    var detached = context.detached(sorted: true)
    guard (try? encode(value, &detached)) != nil, let json = try? WriteContext.value(of: detached.json.bytes) else {
      return "<\(Value.self)>"
    }
    return ValueDescription.json(json, level: level)
  }

  /// The value a string holding JSON of `kind` denotes, read leniently
  /// (see `ReadContext.embeddedJSON`); a mismatch for any other string.
  final func decodeEmbedded(_ node: JSONDocument.Node, kind: JSONKind, _ context: inout ReadContext)
    throws(ModelError) -> Converted<Value>
  {
    guard var inner = context.embeddedJSON(node, kind: kind, target: typeName) else { return .failed(.mismatch) }
    return try decode(inner.document.root, &inner)
  }

  /// Whether `fill(_:from:_:)` decodes into the value a field holds rather
  /// than replacing it (nested models). Default: false.
  var fillsExisting: Bool { false }

  /// Whether `null` is a value of the type (`NSNull`), which an optional
  /// of it holds instead of nil. Default: false.
  var readsNull: Bool { false }

  /// Decodes `node` into `value`, a field's current value; returns why not,
  /// or nil when done. Default: replaces it with `decode`'s result.
  func fill(_ value: inout Value, from node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> ConversionFailure?
  {
    switch try decode(node, &context) {
    case .value(let decoded):
      value = decoded
      return nil
    case .failed(let failure):
      return failure
    }
  }

  override func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> ConversionFailure? {
    switch try decode(node, &context) {
    case .value(let value):
      field.assumingMemoryBound(to: Value.self).pointee = value
      return nil
    case .failed(let failure):
      return failure
    }
  }

  override final func encodeField(_ field: UnsafeRawPointer, _ context: inout WriteContext)
    throws(ModelError)
  {
    try encode(field.assumingMemoryBound(to: Value.self).pointee, &context)
  }

  override final func isFieldOmitted(_ field: UnsafeRawPointer) -> Bool {
    isOmitted(field.assumingMemoryBound(to: Value.self).pointee)
  }

  override final func isFieldNil(_ field: UnsafeRawPointer) -> Bool {
    isNil(field.assumingMemoryBound(to: Value.self).pointee)
  }

  override final func describeField(_ field: UnsafeRawPointer, level: Int, _ context: inout WriteContext) -> String {
    describe(field.assumingMemoryBound(to: Value.self).pointee, level: level, &context)
  }

  override final func copyField(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
    target.assumingMemoryBound(to: Value.self).pointee = deepCopy(
      source.assumingMemoryBound(to: Value.self).pointee)
  }
}
