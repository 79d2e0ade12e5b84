import ModelKitJSON

/// The arrays whose elements are read by code compiled for their type
/// (generic code looks up metadata for every element): the one list of
/// them, which `SequenceConverter` and the Codable containers switch on.
/// Not nested in the converter: a type nested in a generic one is generic,
/// its metadata looked up where it is named in code not compiled for it.
enum CompiledArray {
  case doubles, ints, strings, arraysOfDoubles

  init?(_ type: any Any.Type) {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier([Double].self): self = .doubles
    case ObjectIdentifier([Int].self): self = .ints
    case ObjectIdentifier([String].self): self = .strings
    case ObjectIdentifier([[Double]].self): self = .arraysOfDoubles
    default: return nil
    }
  }

  /// Whether the array at `array` (of this kind) is written as its
  /// converter would write it without the converter: `[Int]` and
  /// `[String]`, and `[Double]` when every number is finite (the
  /// converter writes the others as its strategy says). Not `[[Double]]`.
  func writesItself(_ array: UnsafeRawPointer) -> Bool {
    switch self {
    case .ints, .strings: true
    case .doubles: array.assumingMemoryBound(to: [Double].self).pointee.allSatisfy(\.isFinite)
    case .arraysOfDoubles: false
    }
  }

  /// Reads the array at `node` into `field` (a field of this kind) when
  /// every element is of its natural kind, as the field's converter would
  /// read it, noting nothing; false, the field untouched, for any other
  /// value and for `[[Double]]`, which the converter reads. (Not in a text
  /// still arriving: there an array may be cut short.) `naturalElements`
  /// for a field, without the enum (which costs a model's array 36
  /// instructions more, citm.json 1.2%).
  ///
  /// Apart: inlined into the member pass, it made that loop slower for
  /// every member (user.json, which has no arrays, 27,485 -> 27,681
  /// instructions).
  @inline(never)
  func decodeNatural(_ document: JSONDocument, _ node: JSONDocument.Node, into field: UnsafeMutableRawPointer) -> Bool {
    if document.isEmptyArray(node) { return decodeEmpty(into: field) }
    switch self {
    case .ints:
      guard let elements = document.naturalElements(of: node, { $0.naturalInt($1) }) else { return false }
      field.assumingMemoryBound(to: [Int].self).pointee = elements
    case .strings:
      guard let elements = document.naturalElements(of: node, { $0.naturalString($1) }) else { return false }
      field.assumingMemoryBound(to: [String].self).pointee = elements
    case .doubles:
      guard let elements = document.naturalElements(of: node, { $0.naturalDouble($1) }) else { return false }
      field.assumingMemoryBound(to: [Double].self).pointee = elements
    case .arraysOfDoubles:
      return false
    }
    return true
  }

  /// `decodeNatural` for an empty array in the text (common in feeds:
  /// citm.json's 9,053 `blockIds`), without the walk `naturalElements`
  /// makes (~100 instructions an array): a field that is empty already is
  /// left as it is.
  @inline(__always)
  private func decodeEmpty(into field: UnsafeMutableRawPointer) -> Bool {
    func empty<Element>(_: [Element].Type) -> Bool {
      let array = field.assumingMemoryBound(to: [Element].self)
      if !array.pointee.isEmpty { array.pointee = [] }
      return true
    }
    return switch self {
    case .ints: empty([Int].self)
    case .strings: empty([String].self)
    case .doubles: empty([Double].self)
    case .arraysOfDoubles: false
    }
  }

  /// The array at `node` when every element is of this kind's natural
  /// kind, as `decodeNatural` reads it; nil otherwise.
  @inline(__always)
  func naturalElements(_ document: JSONDocument, _ node: JSONDocument.Node) -> NaturalArray? {
    // An empty array without the walk (see `decodeEmpty(into:)`).
    if document.isEmptyArray(node) {
      switch self {
      case .ints: return .ints([])
      case .doubles: return .doubles([])
      case .strings: return .strings([])
      case .arraysOfDoubles: return nil
      }
    }
    return switch self {
    case .ints: document.naturalElements(of: node) { $0.naturalInt($1) }.map(NaturalArray.ints)
    case .doubles: document.naturalElements(of: node) { $0.naturalDouble($1) }.map(NaturalArray.doubles)
    case .strings: document.naturalElements(of: node) { $0.naturalString($1) }.map(NaturalArray.strings)
    case .arraysOfDoubles: nil
    }
  }

  /// Writes the array at `array`, which `writesItself`, as its converter would.
  func write(_ array: UnsafeRawPointer, to json: inout JSONWriter) {
    checkInvariant(writesItself(array), "an array written without the converter it needs")
    switch self {
    case .ints:
      let ints = array.assumingMemoryBound(to: [Int].self).pointee
      if ints.isEmpty {
        json.writeEmptyArray()
      } else {
        ints.withUnsafeBufferPointer { json.writeArray(of: $0) }
      }
    case .doubles:
      array.assumingMemoryBound(to: [Double].self).pointee.withUnsafeBufferPointer { json.writeArray(of: $0) }
    case .strings:
      json.beginArray()
      for item in array.assumingMemoryBound(to: [String].self).pointee { json.write(item) }
      json.endArray()
    case .arraysOfDoubles: break
    }
  }
}

/// A `[Int]`, `[Double]` or `[String]` read directly
/// (`CompiledArray.naturalElements`). Not nested in a generic type, whose
/// nested types are generic, their metadata looked up on every call.
enum NaturalArray {
  case ints([Int]), doubles([Double]), strings([String])

  /// The array as `T`, the type it was read for.
  func value<T>(as type: T.Type) -> T {
    // Read for `CompiledArray(T.self)`: the casts are no-ops.
    switch self {
    case .ints(let values): unsafeBitCast(values, to: T.self)
    case .doubles(let values): unsafeBitCast(values, to: T.self)
    case .strings(let values): unsafeBitCast(values, to: T.self)
    }
  }
}

/// `[T]`, `ContiguousArray<T>`, `Set<T>` from a JSON array, element-wise:
/// an element that cannot convert or is rejected is dropped (strict mode:
/// an error naming its index). Anything but an array is a mismatch.
final class SequenceConverter<Collection: AppendableCollection>: InPlaceConverter<Collection> {
  let element: ValueConverter<Collection.Element>

  /// Whether the element converter is this converter for `[Double]`, whose
  /// finite numbers `encodeArraysOfDoubles` may write itself.
  private let elementIsPlainDoubles: Bool

  init(element: ValueConverter<Collection.Element>) {
    self.element = element
    elementIsPlainDoubles = element is SequenceConverter<[Double]>
  }

  private let compiledArray = CompiledArray(Collection.self)

  override var emptyValue: Collection? { Collection() }

  override var encodingCanFail: Bool { element.encodingCanFail }

  override var arrayElement: AnyConverter? { Collection.self == [Collection.Element].self ? element : nil }

  override var shape: ValueShape { .array(element.shape, unique: Collection.self is any SetAlgebra.Type) }

  override func graphValue(_ value: Any, keys: DecodingOptions.KeyDecoding) -> Any {
    guard let array = value as? [Any] else { return value }
    return array.map { element.graphValue($0, keys: keys) }
  }

  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<Collection>, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    let document = context.document
    switch document.kind(of: node) {
    case .array: break
    case .null: return .failed(.null)
    case .string: return try decodeEmbedded(node, kind: .array, into: target, &context)
    default: return .failed(.mismatch)
    }
    switch compiledArray {
    case .doubles?: try specialised(node, in: document, into: target, &context) { $0.naturalDouble($1) }
    case .ints?: try specialised(node, in: document, into: target, &context) { $0.naturalInt($1) }
    case .strings?: try specialised(node, in: document, into: target, &context) { $0.naturalString($1) }
    case .arraysOfDoubles?: try specialised(node, in: document, into: target, &context, natural: naturalDoubles)
    case nil:
      target.initialize(to: try element.collection(of: node, &context))
    }
    return .natural(())
  }

  /// Appends what the elements of the array at `node` convert to; the first
  /// is element `firstIndex` of the array the path names (a window of a
  /// large top-level array starts further on).
  func append(
    elementsOf node: JSONDocument.Node, from firstIndex: Int, to result: inout Collection, _ context: inout ReadContext
  ) throws(ModelError) {
    switch compiledArray {
    case .doubles?: try appendSpecialised(node, firstIndex, &result, &context) { $0.naturalDouble($1) }
    case .ints?: try appendSpecialised(node, firstIndex, &result, &context) { $0.naturalInt($1) }
    case .strings?: try appendSpecialised(node, firstIndex, &result, &context) { $0.naturalString($1) }
    case .arraysOfDoubles?: try appendSpecialised(node, firstIndex, &result, &context, natural: naturalDoubles)
    case nil: try element.appendElements(of: node, from: firstIndex, to: &result, &context)
    }
  }

  // `decode` keeps a switch of its own rather than building through
  // `append`: `Collection()` and `reserve` through the protocol, and the
  // move in and out of `appendSpecialised`, cost canada.json's decode 18%
  // and citm.json's 13% (callgrind).

  /// `decode` for `Collection == [Member]`, compiled for `Member`, into
  /// `target`; `natural` reads an element of the member type's natural kind
  /// as its field would (`ScalarField`), nil for any other, which takes the
  /// converter. The array is moved into `target` as the `[Member]` it is
  /// (`unsafeBitCast` to `Collection` would copy it, in code not compiled
  /// for it: a retain and a release per array).
  @inline(__always)
  private func specialised<Member>(
    _ node: JSONDocument.Node, in document: JSONDocument, into target: UnsafeMutablePointer<Collection>,
    _ context: inout ReadContext, natural: (JSONDocument, JSONDocument.Node) -> Member?
  ) throws(ModelError) {
    checkInvariant(Collection.self == [Member].self, "a compiled array read as another type")
    let count = document.count(of: node)
    var result: [Member]
    if count < Self.longArray {
      result = []
      result.reserve(count)
      try forEachElement(node, in: document, from: 0, &context, natural: natural) { result.append($0) }
    } else {
      // A long array (a GeoJSON ring) is written into storage made for
      // every element (fewer when some are dropped): no check of capacity
      // and uniqueness per element. (Not for a short one: making the
      // storage this way is not compiled for `Member`, and looks up its
      // metadata, about 300 instructions.)
      var failure: ModelError?
      result = [Member](unsafeUninitializedCapacity: count) { (storage, count) in
        do throws(ModelError) {
          try forEachElement(node, in: document, from: 0, &context, natural: natural) { (value) in
            (storage.baseAddress! + count).initialize(to: value)
            count += 1
          }
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    }
    UnsafeMutableRawPointer(target).initializeMemory(as: [Member].self, to: result)
  }

  /// The length from which `specialised` writes an array into storage made
  /// for all its elements rather than appending to it.
  private static var longArray: Int { 16 }

  /// `append` for `Collection == [Member]`: the array is moved out and
  /// back, so it stays uniquely referenced.
  private func appendSpecialised<Member>(
    _ node: JSONDocument.Node, _ firstIndex: Int, _ collection: inout Collection, _ context: inout ReadContext,
    natural: (JSONDocument, JSONDocument.Node) -> Member?
  ) throws(ModelError) {
    var result = unsafeBitCast(collection, to: [Member].self)
    collection = Collection()
    defer { collection = unsafeBitCast(result, to: Collection.self) }
    let document = context.document
    try forEachElement(node, in: document, from: firstIndex, &context, natural: natural) { result.append($0) }
  }

  /// The elements of a `[Member]`, each handed to `add` in order: those of
  /// their natural kind read directly (the converter would answer
  /// `.natural` with the same value and note nothing), the others by the
  /// converter, at their path (none for one the converter drops).
  @inline(__always)
  private func forEachElement<Member>(
    _ node: JSONDocument.Node, in document: JSONDocument, from firstIndex: Int, _ context: inout ReadContext,
    natural: (JSONDocument, JSONDocument.Node) -> Member?, _ add: (consuming Member) -> Void
  ) throws(ModelError) {
    var index = firstIndex
    for item in document.elements(of: node) {
      if let value = natural(document, item) {
        add(consume value)
      } else if let value = try context.element(item, at: .index(index), with: element.typed(as: Member.self)) {
        // (The converter is asked for here, not held before the loop: held, it would be retained for
        // every array, on a count every thread decoding the type shares.)
        add(value)
      }
      index += 1
    }
  }

  override func encode(_ value: Collection, _ context: inout WriteContext) throws(ModelError) {
    // A coder's call writes a set as `JSONEncoder` does: in its own order.
    if isUnordered && context.rules.sortsSets { return try encodeSorted(value, &context) }
    if let compiledArray, withUnsafePointer(to: value, { compiledArray.writesItself($0) }) {
      return withUnsafePointer(to: value) { compiledArray.write($0, to: &context.json) }
    }
    context.json.beginArray()
    switch compiledArray {
    case .doubles?: try encodeDoubles(unsafeBitCast(value, to: [Double].self), with: element.typed(as: Double.self), &context)
    case .arraysOfDoubles?: try encodeArraysOfDoubles(unsafeBitCast(value, to: [[Double]].self), &context)
    case .ints?, .strings?, nil: try encodeElements(value, &context)
    }
    context.json.endArray()
  }

  /// `encode`'s elements for `[[Double]]` (coordinates), compiled for it:
  /// the arrays of finite numbers written as their converter would write
  /// them (`encodeDoubles`), without a call per array, any other by the
  /// element converter, at its path.
  private func encodeArraysOfDoubles(_ arrays: [[Double]], _ context: inout WriteContext) throws(ModelError) {
    var index = 0
    while index < arrays.count {
      if elementIsPlainDoubles {
        index += arrays.withUnsafeBufferPointer { context.json.writeArrays(of: UnsafeBufferPointer(rebasing: $0[index...])) }
        guard index < arrays.count else { return }
      }
      try context.element(unsafeBitCast(arrays[index], to: Collection.Element.self), at: .index(index), with: element)
      index += 1
    }
  }

  /// `encode`'s elements for `[Double]` when one is not finite, compiled
  /// for it: a finite number written as its converter would write it, any
  /// other by the converter, at its path.
  private func encodeDoubles(_ doubles: [Double], with converter: ValueConverter<Double>, _ context: inout WriteContext)
    throws(ModelError)
  {
    for index in doubles.indices {
      let item = doubles[index]
      if item.isFinite {
        context.json.write(item)
      } else {
        try context.element(item, at: .index(index), with: converter)
      }
    }
  }

  /// `encode`'s elements, each by the element converter at its path; an
  /// array's read from its storage: through the collection protocol, every
  /// subscript is a coroutine whose frame generic code allocates (a malloc
  /// per element).
  private func encodeElements(_ value: Collection, _ context: inout WriteContext) throws(ModelError) {
    var failure: ModelError?
    let wasContiguous: Void? = value.withContiguousStorageIfAvailable { elements in
      do throws(ModelError) {
        try element.encodeElements(elements, &context)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    guard wasContiguous == nil else { return }
    try value.forEachElement { (item, index) throws(ModelError) in
      try context.element(item, at: .index(index), with: element)
    }
  }

  /// Sets have no order of their own: the model layer writes their
  /// elements in `SetOrder`, so equal sets give the same bytes.
  private func encodeSorted(_ value: Collection, _ context: inout WriteContext) throws(ModelError) {
    var encoded: [JSONValue] = []
    encoded.reserveCapacity(value.count)
    try value.forEachElement { (item, index) throws(ModelError) in
      encoded.append(
        try context.detachedValue(sorted: true) { (single) throws(ModelError) in
          try single.element(item, at: .index(index), with: element)
        })
    }
    // Each element's text as it would be written apart, slashes as the options say.
    let options = context.options.subtracting(.prettyPrinted).union(.sortedKeys)
    context.json.beginArray()
    for item in SetOrder.sorted(encoded, writtenWith: options) { context.json.write(item) }
    context.json.endArray()
  }

  private let isUnordered = Collection.self is any SetAlgebra.Type

  override func describe(_ value: Collection, level: Int, _ context: inout WriteContext) -> String {
    var entries = value.map { element.describe($0, level: level + 1, &context) }
    if isUnordered { entries.sort() }
    return ValueDescription.block("[", "]", entries, level: level)
  }

  override func deepCopy(_ value: Collection) -> Collection {
    var copy = Collection()
    copy.reserve(value.count)
    value.forEachElement { item, _ in copy.add(element.deepCopy(item)) }
    return copy
  }
}

/// An array of numbers, each of the natural kind, read as `[Double]`'s
/// converter reads it (coordinates); nil for any other value, which takes
/// the converter.
private func naturalDoubles(_ document: JSONDocument, _ node: JSONDocument.Node) -> [Double]? {
  // A pair (a position's longitude and latitude) as a literal, whose
  // storage is allocated directly: growing an empty array costs more.
  if let (x, y) = document.storedDoublePair(node) { return [x, y] }
  return document.naturalElements(of: node) { $0.naturalDouble($1) }
}
