import ModelKitJSON

/// The answer of converting one JSON value: read from the kind the type is
/// written as, converted by one of the lenient table's rules, or failed.
/// Strict mode never sees `.converted` (`ReadContext.lenient` refuses those
/// rules there); a decode report notes it as a conversion where the walker
/// takes the answer, the one place it does.
enum Converted<Value> {
  /// Read from the type's natural JSON kind (or, for a wrapper, whatever
  /// its wrapped type read naturally).
  case natural(Value)
  /// Read by a lenient rule (a number from a string, a truncated fraction,
  /// a date from text, …): the decode report's "converted".
  case converted(Value)
  /// No value, and why.
  case failed(ConversionFailure)

  /// `.natural(value)`, or `.failed(failure)` where there is no value.
  @inline(__always)
  static func natural(_ value: Value?, orElse failure: ConversionFailure) -> Converted {
    guard let value else { return .failed(failure) }
    return .natural(value)
  }

  /// `.converted(value)`, or `.failed(failure)` where there is no value.
  @inline(__always)
  static func converted(_ value: Value?, orElse failure: ConversionFailure) -> Converted {
    guard let value else { return .failed(failure) }
    return .converted(value)
  }

  /// The same answer for the value `transform` makes of this one's (nil
  /// makes it `failure`): for a type read through another one's converter.
  @inline(__always)
  func mapped<Mapped, Failure: Error>(
    failing failure: ConversionFailure = .unconvertible, _ transform: (Value) throws(Failure) -> Mapped?
  ) throws(Failure) -> Converted<Mapped> {
    switch self {
    case .natural(let value): return .natural(try transform(value), orElse: failure)
    case .converted(let value): return .converted(try transform(value), orElse: failure)
    case .failed(let failure): return .failed(failure)
    }
  }

  /// This answer as a lenient rule's: a natural reading of a value that a
  /// rule took from another kind (the number a numeric string holds).
  var asConversion: Converted<Value> {
    if case .natural(let value) = self { return .converted(value) }
    return self
  }
}

/// Converts between JSON and one Swift type, picked once per field when a
/// schema is built. The type-erased methods work on a field's memory.
///
/// Converters are immutable once built; schemas share them across threads.
class AnyConverter {
  /// The Swift type this converter handles, for messages.
  var typeName: String { "?" }

  /// The type of the values this converter converts: the type of every
  /// field and element it is given (an invariant the unsafe code relies
  /// on; see `typed(as:)`).
  var valueType: any Any.Type { fatalError("abstract") }

  /// What this converter reads and writes, for a JSON Schema. Default:
  /// nothing a schema can promise (a schema of it is an error).
  var shape: ValueShape { .undescribable }

  /// Whether writing a value can fail (a model's hook, a reference cycle, a
  /// graph with no JSON form): a caller gives it the path only then.
  var encodingCanFail: Bool { false }

  /// For a converter of an `Array` (not a set or another collection): the
  /// converter of its elements.
  var arrayElement: AnyConverter? { nil }

  /// Decodes `node` into the value at `field`: how it was read, or why not.
  func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    fatalError("abstract")
  }

  /// Writes the value at `field`, after `key` (none when nil), unless it
  /// is left out of the output (nil, or not finite): then writes nothing
  /// and answers false. One question and one write from one read of the
  /// field, which generic code copies out. With `takesPath` (for a
  /// converter whose writing can fail, `encodingCanFail`), the value is
  /// written at the key's step of the path, its depth checked; one that
  /// cannot fail reads no path and nests no model.
  func encodeField(
    _ field: UnsafeRawPointer, key: UnsafeBufferPointer<UInt8>?, needsEscaping: Bool, takesPath: Bool,
    _ context: inout WriteContext
  ) throws(ModelError) -> Bool {
    fatalError("abstract")
  }

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
}

extension AnyConverter {
  /// This converter as the `ValueConverter<Value>` it is: a converter's
  /// type is its value's type, which the caches (keyed by that type) and
  /// the schema (pairing a field with its type's converter) make so.
  @inline(__always)
  func typed<Value>(as type: Value.Type) -> ValueConverter<Value> {
    checkInvariant(self is ValueConverter<Value>, "a converter of \(typeName) used for \(Value.self)")
    return unsafeDowncast(self, to: ValueConverter<Value>.self)
  }
}

/// A converter for values of type `Value`.
class ValueConverter<Value>: AnyConverter {
  override var typeName: String { name }

  override var valueType: any Any.Type { Value.self }
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

  /// Decodes `node` into `target`, memory that holds no value yet: how it
  /// was read, or why not (`target` then still holds none). The walks of
  /// fields and elements call this form, which names no `Converted<Value>`
  /// and no `Value?`: in code not compiled for `Value`, naming either
  /// looks up its generic metadata on every call. Default: `decode`'s
  /// answer, moved into `target` (one lookup, as `decode` makes).
  func decode(_ node: JSONDocument.Node, into target: UnsafeMutablePointer<Value>, _ context: inout ReadContext)
    throws(ModelError) -> Converted<Void>
  {
    store(try decode(node, &context), into: target)
  }

  /// `answer`'s value moved into `target` (which holds none), and how it
  /// was read. Inlined where it is used, so that the answer's metadata is
  /// looked up once.
  @inline(__always)
  final func store(_ answer: Converted<Value>, into target: UnsafeMutablePointer<Value>) -> Converted<Void> {
    switch answer {
    case .natural(let value):
      target.initialize(to: value)
      return .natural(())
    case .converted(let value):
      target.initialize(to: value)
      return .converted(())
    case .failed(let failure):
      return .failed(failure)
    }
  }

  /// The value a string holding JSON of `kind` denotes (`decodeEmbedded`),
  /// moved into `target`. Apart, so that a converter decoding in place
  /// names no `Converted<Value>` on its common path (the compiler looks up
  /// the metadata of a value a function names on entry, whichever branch
  /// it then takes).
  @inline(never)
  final func decodeEmbedded(
    _ node: JSONDocument.Node, kind: JSONKind, into target: UnsafeMutablePointer<Value>, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    store(try decodeEmbedded(node, kind: kind, &context), into: target)
  }

  /// Writes `value`; only called when `isOmitted(value)` is false.
  func encode(_ value: Value, _ context: inout WriteContext) throws(ModelError) {
    fatalError("abstract")
  }

  /// Appends what the elements of the array at `node` convert to, each at
  /// its index from `firstIndex`; one that does not convert is dropped
  /// (strict mode: an error). Default: one by one, as
  /// `ReadContext.element` reads an element; a struct model's converter
  /// has the model reader read them.
  func appendElements<Target: AppendableCollection<Value>>(
    of node: JSONDocument.Node, from firstIndex: Int, to result: inout Target, _ context: inout ReadContext
  ) throws(ModelError) {
    // One slot for every element, each moved out as it is added.
    try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { (slot) throws(ModelError) in
      let target = slot.baseAddress!
      var index = firstIndex
      for item in context.document.elements(of: node) {
        if try context.element(item, at: .index(index), with: self, into: target) {
          result.add(target.move())
        }
        index += 1
      }
    }
  }

  /// What the elements of the array at `node` convert to, as a `Target`
  /// (the collection a `SequenceConverter` reads), as `appendElements`
  /// appends them to an empty one. A struct model's converter has the
  /// model reader read them into the collection's own storage.
  func collection<Target: AppendableCollection<Value>>(of node: JSONDocument.Node, _ context: inout ReadContext)
    throws(ModelError) -> Target
  {
    var result = Target()
    result.reserve(context.document.count(of: node))
    try appendElements(of: node, from: 0, to: &result, &context)
    return result
  }

  /// Whether `value` is left out of the output. Default: never.
  func isOmitted(_ value: Value) -> Bool { false }

  /// Writes the elements of an array, which lie in `elements`, each at
  /// its index. Default: one by one, as `WriteContext.element` writes an
  /// element; a struct model's converter writes them where they lie.
  func encodeElements(_ elements: UnsafeBufferPointer<Value>, _ context: inout WriteContext) throws(ModelError) {
    for index in elements.indices {
      try context.element(elements[index], at: .index(index), with: self)
    }
  }

  /// What a lenient Codable call gives for a missing value or one that
  /// does not convert (0, false, "", nil, an empty collection); nil where
  /// the type has none of its own, which it is then decoded from nothing
  /// for. Default: nil.
  var emptyValue: Value? { nil }

  /// Whether `value` is nil. Default: never.
  func isNil(_ value: Value) -> Bool { false }

  /// A copy that shares no class model instances with `value`. Default: `value`.
  func deepCopy(_ value: Value) -> Value { value }

  /// `value` as `modelDescription` shows it, on a line at `level`. Default:
  /// its JSON; nil and values left out of JSON are `<nil>`.
  func describe(_ value: Value, level: Int, _ context: inout WriteContext) -> String {
    guard !isOmitted(value) else { return "<nil>" }
    guard let json = try? context.detachedValue(sorted: true, { (detached) throws(ModelError) in try encode(value, &detached) })
    else {
      return "<\(Value.self)>"
    }
    return ValueDescription.json(json, level: level)
  }

  /// The value a string holding JSON of `kind` denotes, a lenient rule
  /// (see `ReadContext.embeddedJSON`); a mismatch for any other string.
  final func decodeEmbedded(_ node: JSONDocument.Node, kind: JSONKind, _ context: inout ReadContext)
    throws(ModelError) -> Converted<Value>
  {
    guard var inner = context.embeddedJSON(node, kind: kind) else { return .failed(.mismatch) }
    return try decode(inner.document.root, &inner).asConversion
  }

  /// Whether `fill(_:from:_:)` decodes into the value a field holds rather
  /// than replacing it (nested models). Default: false.
  var fillsExisting: Bool { false }

  /// Whether `null` is a value of the type (`NSNull`), which an optional
  /// of it holds instead of nil. Default: false.
  var readsNull: Bool { false }

  /// Decodes `node` into `value`, a field's current value: how it was
  /// read, or why not. Default: replaces it with `decode`'s result.
  func fill(_ value: inout Value, from node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> Converted<Void>
  {
    switch try decode(node, &context) {
    case .natural(let decoded):
      value = decoded
      return .natural(())
    case .converted(let decoded):
      value = decoded
      return .converted(())
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func decodeField(
    _ field: UnsafeMutableRawPointer, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    // Decoded into a slot of its own, then moved in: the field keeps its
    // value where there is no new one.
    return try withTemporarySlot(for: Value.self) { (target) throws(ModelError) -> Converted<Void> in
      let answer = try decode(node, into: target, &context)
      if case .failed = answer { return answer }
      field.assumingMemoryBound(to: Value.self).pointee = target.move()
      return answer
    }
  }

  override func encodeField(
    _ field: UnsafeRawPointer, key: UnsafeBufferPointer<UInt8>?, needsEscaping: Bool, takesPath: Bool,
    _ context: inout WriteContext
  ) throws(ModelError) -> Bool {
    let value = field.assumingMemoryBound(to: Value.self).pointee
    guard !isOmitted(value) else { return false }
    if let key { context.json.writeKey(utf8: key, needsEscaping: needsEscaping) }
    guard let key, takesPath else {
      try encode(value, &context)
      return true
    }
    context.path.push(.keyUTF8(key))
    defer { context.path.pop() }
    try StackGuard.check(depth: context.path.depth, at: context.path)
    try encode(value, &context)
    return true
  }

  override func isFieldNil(_ field: UnsafeRawPointer) -> Bool {
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

/// A converter that does its work in `decode(_:into:_:)`, as the field and
/// element walks call it (sequences, dictionaries, optionals, nested
/// models): its `decode` is that answer as a `Converted<Value>`.
class InPlaceConverter<Value>: ValueConverter<Value> {
  override final func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> Converted<Value>
  {
    try withTemporarySlot(for: Value.self) { (target) throws(ModelError) -> Converted<Value> in
      switch try decode(node, into: target, &context) {
      case .natural: return .natural(target.move())
      case .converted: return .converted(target.move())
      case .failed(let failure): return .failed(failure)
      }
    }
  }
}
