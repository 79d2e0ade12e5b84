/// Why a JSON value did not become a property value.
enum ConversionFailure: Sendable, Equatable {
  /// JSON `null` (or a null word such as `"<null>"`) for a type that cannot hold nil.
  case null
  /// A JSON kind the type does not take (or does not take in strict mode).
  case mismatch
  /// A number beyond the type's range.
  case outOfRange
  /// The right kind with unusable content (`"abc"` for an `Int`, a bad date).
  case unconvertible
  /// A nested model was rejected by one of its hooks (lenient mode only;
  /// strict mode throws the nested error itself).
  case rejected
}

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

  /// Decodes `node` into the value at `field`; returns why not, or nil when done.
  func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ reader: inout ModelReader
  ) throws(ModelError) -> ConversionFailure? {
    fatalError("abstract")
  }

  /// Writes the value at `field`.
  func encodeField(_ field: UnsafeRawPointer, _ writer: inout ModelWriter) throws(ModelError) {
    fatalError("abstract")
  }

  /// Whether the value at `field` is left out of the output (nil, or not finite).
  func isFieldOmitted(_ field: UnsafeRawPointer) -> Bool { false }

  /// Whether the value at `field` is nil.
  func isFieldNil(_ field: UnsafeRawPointer) -> Bool { false }

  /// Assigns a deep copy of the value at `source` to the initialised value at `target`.
  func copyField(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
    fatalError("abstract")
  }
}

/// A converter for values of type `Value`.
class ValueConverter<Value>: AnyConverter {
  override var typeName: String { String(describing: Value.self) }

  /// The value for `node`, or why there is none.
  func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) throws(ModelError)
    -> Converted<Value>
  {
    fatalError("abstract")
  }

  /// Writes `value`; only called when `isOmitted(value)` is false.
  func encode(_ value: Value, _ writer: inout ModelWriter) throws(ModelError) {
    fatalError("abstract")
  }

  /// Whether `value` is left out of the output. Default: never.
  func isOmitted(_ value: Value) -> Bool { false }

  /// Whether `value` is nil. Default: never.
  func isNil(_ value: Value) -> Bool { false }

  /// A copy that shares no class model instances with `value`. Default: `value`.
  func deepCopy(_ value: Value) -> Value { value }

  override final func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ reader: inout ModelReader
  ) throws(ModelError) -> ConversionFailure? {
    switch try decode(node, &reader) {
    case .value(let value):
      field.assumingMemoryBound(to: Value.self).pointee = value
      return nil
    case .failed(let failure):
      return failure
    }
  }

  override final func encodeField(_ field: UnsafeRawPointer, _ writer: inout ModelWriter)
    throws(ModelError)
  {
    try encode(field.assumingMemoryBound(to: Value.self).pointee, &writer)
  }

  override final func isFieldOmitted(_ field: UnsafeRawPointer) -> Bool {
    isOmitted(field.assumingMemoryBound(to: Value.self).pointee)
  }

  override final func isFieldNil(_ field: UnsafeRawPointer) -> Bool {
    isNil(field.assumingMemoryBound(to: Value.self).pointee)
  }

  override final func copyField(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
    target.assumingMemoryBound(to: Value.self).pointee = deepCopy(
      source.assumingMemoryBound(to: Value.self).pointee)
  }
}
