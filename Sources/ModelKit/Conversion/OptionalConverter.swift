import ModelKitJSON

/// `Optional<Wrapped>`: `null` (and what the wrapped type reads as null) is
/// nil; a rejected nested model is nil too. Nil is left out on output
/// unless `.includeNulls`.
final class OptionalConverter<Wrapped>: InPlaceConverter<Wrapped?> {
  let wrapped: ValueConverter<Wrapped>

  /// Whether a non-nil value is decoded into (a nested model) rather than replaced.
  private let fillsWrapped: Bool
  /// Whether `null` is the wrapped type's value (`NSNull?` holds `NSNull()`).
  private let wrapsNull: Bool

  /// `Wrapped?`, looked up once (see `OptionalConvertible.isNil(at:)`).
  private let optional: any OptionalConvertible.Type = Wrapped?.self

  init(wrapped: ValueConverter<Wrapped>) {
    self.wrapped = wrapped
    fillsWrapped = wrapped.fillsExisting
    wrapsNull = wrapped.readsNull
  }

  override var encodingCanFail: Bool { wrapped.encodingCanFail }

  override var shape: ValueShape { .optional(wrapped.shape) }

  override func graphValue(_ value: Any, keys: DecodingOptions.KeyDecoding) -> Any {
    wrapped.graphValue(value, keys: keys)
  }

  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<Wrapped?>, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    // The optional is initialised through `optional`, whose methods have
    // `Wrapped?` handed in: here, naming it looked up its metadata (~380
    // instructions a value).
    let field = UnsafeMutableRawPointer(target)
    if context.document.isNull(node) && !wrapsNull {
      optional.initializeNil(at: field)
      return .natural(())
    }
    // Null (for a value other than JSON `null`, a lenient rule's) and a
    // rejected model are nil.
    return try withTemporarySlot(for: Wrapped.self) { (value) throws(ModelError) -> Converted<Void> in
      switch try wrapped.decode(node, into: value, &context) {
      case .natural:
        optional.initializeWrapped(at: field, movingFrom: value)
        return .natural(())
      case .converted:
        optional.initializeWrapped(at: field, movingFrom: value)
        return .converted(())
      case .failed(.null):
        optional.initializeNil(at: field)
        return context.document.isNull(node) ? .natural(()) : .converted(())
      case .failed(.rejected):
        optional.initializeNil(at: field)
        return .natural(())
      case .failed(let failure):
        return .failed(failure)
      }
    }
  }

  /// A field holding a nested model already is decoded into; a rejected
  /// one becomes nil.
  override func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    // Nothing here names `Wrapped?`, whose metadata code not compiled for
    // `Wrapped` looks up on entry to every function that names it.
    guard fillsWrapped else { return try super.decodeField(field, node, &context) }
    return try fillField(field, node, &context)
  }

  /// `decodeField` for a wrapped type that is decoded into (a nested model).
  @inline(never)
  private func fillField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    let optional = field.assumingMemoryBound(to: Wrapped?.self)
    guard var current = optional.pointee, !context.document.isNull(node) else {
      return try super.decodeField(field, node, &context)
    }
    switch try wrapped.fill(&current, from: node, &context) {
    case .natural:
      optional.pointee = current
      return .natural(())
    case .converted:
      optional.pointee = current
      return .converted(())
    case .failed(.null):  // of a value that is not JSON null: a lenient rule's, as in `decode`
      optional.pointee = nil
      return .converted(())
    case .failed(.rejected):
      optional.pointee = nil
      return .natural(())
    case .failed(let failure):
      return .failed(failure)
    }
  }

  /// Nil is left out; any other value is its payload, which lies where
  /// the optional does (a single-payload enum's payload is at its start),
  /// written by the wrapped type's converter: nothing here names `Wrapped?`.
  override func encodeField(
    _ field: UnsafeRawPointer, key: UnsafeBufferPointer<UInt8>?, needsEscaping: Bool, takesPath: Bool,
    _ context: inout WriteContext
  ) throws(ModelError) -> Bool {
    guard !optional.isNil(at: field) else { return false }
    return try wrapped.encodeField(field, key: key, needsEscaping: needsEscaping, takesPath: takesPath, &context)
  }

  override func isFieldNil(_ field: UnsafeRawPointer) -> Bool { optional.isNil(at: field) }

  override func isOmitted(_ value: Wrapped?) -> Bool {
    guard let value else { return true }
    return wrapped.isOmitted(value)
  }

  override var emptyValue: Wrapped?? { .some(nil) }

  override func isNil(_ value: Wrapped?) -> Bool { value == nil }

  override func describe(_ value: Wrapped?, level: Int, _ context: inout WriteContext) -> String {
    guard let value else { return "<nil>" }
    return wrapped.describe(value, level: level, &context)
  }

  /// nil is `null`; so is a value the model layer leaves out (a coder's
  /// call writes it, as its strategies say).
  override func encode(_ value: Wrapped?, _ context: inout WriteContext) throws(ModelError) {
    guard let value, context.rules.writesOmittedValues || !wrapped.isOmitted(value) else {
      return context.json.writeNull()
    }
    try wrapped.encode(value, &context)
  }

  override func deepCopy(_ value: Wrapped?) -> Wrapped? { value.map(wrapped.deepCopy) }
}

/// Builds the converter of a generic container from its element's converter.
protocol OptionalConvertible {
  static func makeConverter(_ builder: some ConverterBuilding) throws(ModelError) -> AnyConverter?
  /// Whether `value` is nil.
  static func isNone(_ value: borrowing Self) -> Bool
  /// nil.
  static var nilValue: Self { get }
  /// The wrapped value at `payload`, moved out (left uninitialised).
  static func wrapping(_ payload: UnsafeMutableRawPointer) -> Self
}

extension OptionalConvertible {
  /// Whether the optional at `pointer` is nil. Asked of the type through
  /// its metatype, here where `Self` is handed in: code not compiled for
  /// `Wrapped` that names `Wrapped?`, `Optional`'s own methods included,
  /// looks up its metadata on every call (~330 instructions).
  @inline(__always)
  static func isNil(at pointer: UnsafeRawPointer) -> Bool { isNone(pointer.assumingMemoryBound(to: Self.self).pointee) }

  /// Initialises the optional at `pointer` (uninitialised) to nil; here
  /// for the same reason.
  static func initializeNil(at pointer: UnsafeMutableRawPointer) {
    pointer.assumingMemoryBound(to: Self.self).initialize(to: nilValue)
  }

  /// Initialises the optional at `pointer` (uninitialised) to the wrapped
  /// value at `payload`, which is left uninitialised; here for the same reason.
  static func initializeWrapped(at pointer: UnsafeMutableRawPointer, movingFrom payload: UnsafeMutableRawPointer) {
    pointer.assumingMemoryBound(to: Self.self).initialize(to: wrapping(payload))
  }
}

extension Optional: OptionalConvertible {
  static func isNone(_ value: borrowing Self) -> Bool { value == nil }

  static var nilValue: Self { nil }

  static func wrapping(_ payload: UnsafeMutableRawPointer) -> Self {
    payload.assumingMemoryBound(to: Wrapped.self).move()
  }

  static func makeConverter(_ builder: some ConverterBuilding) throws(ModelError) -> AnyConverter? {
    guard let wrapped = try builder.typedConverter(for: Wrapped.self) else { return nil }
    return OptionalConverter(wrapped: wrapped)
  }
}

