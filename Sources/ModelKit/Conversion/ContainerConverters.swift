/// `Optional<Wrapped>`: `null` (and what the wrapped type reads as null) is
/// nil; a rejected nested model is nil too. Nil is left out on output
/// unless `.includeNulls`.
final class OptionalConverter<Wrapped>: ValueConverter<Wrapped?> {
  let wrapped: ValueConverter<Wrapped>

  init(wrapped: ValueConverter<Wrapped>) { self.wrapped = wrapped }

  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) throws(ModelError)
    -> Converted<Wrapped?>
  {
    if reader.document.isNull(node) { return .value(nil) }
    switch try wrapped.decode(node, &reader) {
    case .value(let value): return .value(value)
    case .failed(.null), .failed(.rejected): return .value(nil)
    case .failed(let failure): return .failed(failure)
    }
  }

  override func isOmitted(_ value: Wrapped?) -> Bool {
    guard let value else { return true }
    return wrapped.isOmitted(value)
  }

  override func isNil(_ value: Wrapped?) -> Bool { value == nil }

  override func encode(_ value: Wrapped?, _ writer: inout ModelWriter) throws(ModelError) {
    guard let value, !wrapped.isOmitted(value) else { return writer.json.writeNull() }
    try wrapped.encode(value, &writer)
  }

  override func deepCopy(_ value: Wrapped?) -> Wrapped? { value.map(wrapped.deepCopy) }
}

extension OptionalConverter: ModelFieldFiller {
  /// An optional struct model fills in place too: the payload of a non-nil
  /// optional sits at its start.
  var filler: AnyModelFiller? {
    guard let inner = (wrapped as? any ModelFieldFiller)?.filler else { return nil }
    return type(of: inner).init(schema: inner.schema, isOptional: true)
  }
}

/// Builds the converter of a generic container from its element's converter.
protocol OptionalConvertible {
  static func makeConverter(_ builder: SchemaBuilder) throws(ModelError) -> AnyConverter?
}

extension Optional: OptionalConvertible {
  static func makeConverter(_ builder: SchemaBuilder) throws(ModelError) -> AnyConverter? {
    guard let wrapped = try builder.typedConverter(for: Wrapped.self) else { return nil }
    return OptionalConverter(wrapped: wrapped)
  }
}

/// Builds the converter of an array, set or dictionary from its element's converter.
protocol ContainerConvertible {
  static func makeConverter(_ builder: SchemaBuilder) throws(ModelError) -> AnyConverter?
}

extension Array: ContainerConvertible {
  static func makeConverter(_ builder: SchemaBuilder) throws(ModelError) -> AnyConverter? {
    guard let element = try builder.typedConverter(for: Element.self) else { return nil }
    return SequenceConverter<[Element]>(element: element)
  }
}

extension ContiguousArray: ContainerConvertible {
  static func makeConverter(_ builder: SchemaBuilder) throws(ModelError) -> AnyConverter? {
    guard let element = try builder.typedConverter(for: Element.self) else { return nil }
    return SequenceConverter<ContiguousArray<Element>>(element: element)
  }
}

extension Set: ContainerConvertible {
  static func makeConverter(_ builder: SchemaBuilder) throws(ModelError) -> AnyConverter? {
    guard let element = try builder.typedConverter(for: Element.self) else { return nil }
    return SequenceConverter<Set<Element>>(element: element)
  }
}

extension Dictionary: ContainerConvertible where Key == String {
  static func makeConverter(_ builder: SchemaBuilder) throws(ModelError) -> AnyConverter? {
    guard let value = try builder.typedConverter(for: Value.self) else { return nil }
    return DictionaryConverter<Value>(value: value)
  }
}

/// A collection that can be built by appending elements one at a time.
protocol AppendableCollection<Element>: Sequence {
  init()
  mutating func reserve(_ count: Int)
  mutating func add(_ element: Element)
  var count: Int { get }
}

extension Array: AppendableCollection {
  mutating func reserve(_ count: Int) { reserveCapacity(count) }
  mutating func add(_ element: Element) { append(element) }
}

extension ContiguousArray: AppendableCollection {
  mutating func reserve(_ count: Int) { reserveCapacity(count) }
  mutating func add(_ element: Element) { append(element) }
}

extension Set: AppendableCollection {
  mutating func reserve(_ count: Int) { reserveCapacity(count) }
  mutating func add(_ element: Element) { insert(element) }
}

/// `[T]`, `ContiguousArray<T>`, `Set<T>` from a JSON array, element-wise:
/// an element that cannot convert or is rejected is dropped (strict mode:
/// an error naming its index). Anything but an array is a mismatch.
final class SequenceConverter<Collection: AppendableCollection>: ValueConverter<Collection> {
  let element: ValueConverter<Collection.Element>

  init(element: ValueConverter<Collection.Element>) { self.element = element }

  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) throws(ModelError)
    -> Converted<Collection>
  {
    let document = reader.document
    switch document.kind(of: node) {
    case .array: break
    case .null: return .failed(.null)
    default: return .failed(.mismatch)
    }
    // Arrays of the common element types get code specialised for them:
    // generic code looks up metadata for every element.
    if Collection.self == [Double].self { return try specialised(node, &reader, Double.self) }
    if Collection.self == [Int].self { return try specialised(node, &reader, Int.self) }
    if Collection.self == [String].self { return try specialised(node, &reader, String.self) }
    if Collection.self == [[Double]].self { return try specialised(node, &reader, [Double].self) }
    var result = Collection()
    result.reserve(document.count(of: node))
    for (index, item) in document.elements(of: node).enumerated() {
      if let value = try reader.decodeElement(item, at: .index(index), with: element) {
        result.add(value)
      }
    }
    return .value(result)
  }

  /// `decode` for `Collection == [Member]`, compiled for `Member`.
  @inline(__always)
  private func specialised<Member>(_ node: JSONDocument.Node, _ reader: inout ModelReader, _ member: Member.Type)
    throws(ModelError) -> Converted<Collection>
  {
    let converter = unsafeDowncast(element, to: ValueConverter<Member>.self)
    let document = reader.document
    var result: [Member] = []
    result.reserveCapacity(document.count(of: node))
    var index = 0
    for item in document.elements(of: node) {
      if let value = try reader.decodeElement(item, at: .index(index), with: converter) { result.append(value) }
      index += 1
    }
    return .value(unsafeBitCast(result, to: Collection.self))
  }

  override func encode(_ value: Collection, _ writer: inout ModelWriter) throws(ModelError) {
    if isUnordered { return try encodeSorted(value, &writer) }
    writer.json.beginArray()
    var index = 0  // not `enumerated()`: its tuples cost a metadata lookup per element here
    for item in value {
      try writer.encodeElement(item, at: .index(index), with: element)
      index += 1
    }
    writer.json.endArray()
  }

  /// Sets have no order of their own: their elements are written sorted by
  /// their JSON text, so equal sets always write the same bytes.
  private func encodeSorted(_ value: Collection, _ writer: inout ModelWriter) throws(ModelError) {
    var encoded: [[UInt8]] = []
    encoded.reserveCapacity(value.count)
    for item in value {
      var single = writer.detached()
      try single.encodeElement(item, at: .index(encoded.count), with: element)
      encoded.append(single.json.bytes)
    }
    encoded.sort { $0.lexicographicallyPrecedes($1) }
    writer.json.beginArray()
    for bytes in encoded { writer.json.write(try ModelEntry.value(of: bytes)) }
    writer.json.endArray()
  }

  private let isUnordered = Collection.self is any SetAlgebra.Type

  override func deepCopy(_ value: Collection) -> Collection {
    var copy = Collection()
    copy.reserve(value.count)
    for item in value { copy.add(element.deepCopy(item)) }
    return copy
  }
}

/// `[String: T]` from a JSON object, value-wise, with the same dropping rule.
final class DictionaryConverter<Value>: ValueConverter<[String: Value]> {
  let value: ValueConverter<Value>

  init(value: ValueConverter<Value>) { self.value = value }

  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) throws(ModelError)
    -> Converted<[String: Value]>
  {
    let document = reader.document
    switch document.kind(of: node) {
    case .object: break
    case .null: return .failed(.null)
    default: return .failed(.mismatch)
    }
    // The common value types get code specialised for them: generic
    // dictionary code looks up metadata on every insertion.
    if Value.self == String.self { return try specialised(node, &reader, String.self) }
    if Value.self == Int.self { return try specialised(node, &reader, Int.self) }
    return try specialised(node, &reader, Value.self)
  }

  /// `decode` for `Value == Member`, compiled for `Member`.
  @inline(__always)
  private func specialised<Member>(_ node: JSONDocument.Node, _ reader: inout ModelReader, _ member: Member.Type)
    throws(ModelError) -> Converted<[String: Value]>
  {
    let converter = unsafeDowncast(value, to: ValueConverter<Member>.self)
    let document = reader.document
    var result: [String: Member] = [:]
    result.reserveCapacity(document.count(of: node))
    for (keyNode, item) in document.members(of: node) {
      let key = document.string(keyNode) ?? ""
      if let converted = try reader.decodeElement(item, at: .key(key), with: converter) {
        result[key] = converted
      } else {
        result[key] = nil  // a later duplicate that cannot convert still replaces the earlier one
      }
    }
    return .value(unsafeBitCast(result, to: [String: Value].self))
  }

  override func encode(_ dictionary: [String: Value], _ writer: inout ModelWriter) throws(ModelError) {
    writer.json.beginObject()
    // Dictionaries have no order of their own: keys are always sorted, so output is deterministic.
    for key in dictionary.keys.sorted() {
      guard let item = dictionary[key], !value.isOmitted(item) || writer.includesNulls else { continue }
      writer.json.writeKey(key)
      try writer.encodeElement(item, at: .key(key), with: value)
    }
    writer.json.endObject()
  }

  override func deepCopy(_ dictionary: [String: Value]) -> [String: Value] {
    dictionary.mapValues(value.deepCopy)
  }
}
