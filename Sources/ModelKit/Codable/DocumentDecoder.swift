import Foundation

/// What every decoder of one `ModelDecoder.decode` call shares.
final class DecodingContext {
  let document: JSONDocument
  let options: DecodingOptions
  let userInfo: [CodingUserInfoKey: Any]
  /// The reader that holds the lenient conversion table (one call's, used
  /// by one thread at a time, so unchecked).
  @exclusivity(unchecked) var reader: ModelReader
  let converters = ConverterCache()

  /// How dates and data are read; `nil` for ModelKit's own rules.
  let dateStrategy: ModelDecoder.DateDecodingStrategy?
  let dataStrategy: ModelDecoder.DataDecodingStrategy?
  /// Whether dates or data are read by a strategy.
  var hasStrategies: Bool { dateStrategy != nil || dataStrategy != nil }

  init(
    document: JSONDocument, options: DecodingOptions, userInfo: [CodingUserInfoKey: Any],
    dates: ModelDecoder.DateDecodingStrategy = .modelKit, data: ModelDecoder.DataDecodingStrategy = .base64
  ) {
    self.document = document
    self.options = options
    self.userInfo = userInfo
    reader = ModelReader(document: document, options: options)
    if case .modelKit = dates { dateStrategy = nil } else { dateStrategy = dates }
    if case .base64 = data { dataStrategy = nil } else { dataStrategy = data }
  }

  /// The error for a value that did not convert, at `path`.
  func failure(_ failure: ConversionFailure, _ type: Any.Type, at path: [any CodingKey]) -> ModelError {
    let (kind, what): (ModelError.Kind, String) =
      switch failure {
      case .null: (.unexpectedNull, "null is not a value")
      case .mismatch, .unconvertible: (.typeMismatch, "the value cannot be converted")
      case .outOfRange: (.outOfRange, "the value is out of range")
      case .rejected: (.rejected, "the value was rejected")
      }
    return ModelError(kind: kind, message: "\(what) for \(type)", codingPath: Self.describe(path))
  }

  /// `$`, `$.author.birthday`, `$.users[3].id`.
  static func describe(_ path: [any CodingKey]) -> String {
    path.reduce("$") { text, key in
      key.intValue.map { "\(text)[\($0)]" } ?? "\(text).\(key.stringValue)"
    }
  }
}

/// ModelKit's own converters (scalars, Foundation types, containers of them,
/// `JSONModel`s) for one Codable call, looked up once per type; nil for
/// types only Codable handles. Misses go to the process-wide caches.
final class ConverterCache {
  /// What a call needs to know of a type, found with one lookup.
  struct Entry {
    /// ModelKit's converter, or nil for a type only Codable handles.
    let converter: AnyConverter?
    /// The type's traits (types without a converter only).
    let traits: CodableTraits.Traits?
  }

  // One call's cache, used by one thread at a time.
  @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
  @exclusivity(unchecked) private var containers: [ObjectIdentifier: Bool] = [:]
  @exclusivity(unchecked) private var outputMappings: [ObjectIdentifier: [String: [String]]?] = [:]

  func entry<Value>(for type: Value.Type) throws(ModelError) -> Entry {
    let identifier = ObjectIdentifier(type)
    if let known = entries[identifier] { return known }
    let converter = try SchemaCache.shared.converter(for: type, allowingDecodable: false)
    let made = Entry(converter: converter, traits: converter == nil ? CodableTraits.shared.traits(of: type) : nil)
    entries[identifier] = made
    return made
  }

  func converter<Value>(for type: Value.Type) throws(ModelError) -> ValueConverter<Value>? {
    // Cached by `Value`'s identity, so it is a `ValueConverter<Value>`.
    guard let converter = try entry(for: type).converter else { return nil }
    return unsafeDowncast(converter, to: ValueConverter<Value>.self)
  }

  /// Where `type`'s keys are written: the first candidate of each mapped key.
  func outputMapping<Value>(for type: Value.Type) -> [String: [String]]? {
    let identifier = ObjectIdentifier(type)
    if let cached = outputMappings[identifier] { return cached }
    let made = CodableTraits.shared.traits(of: type).mapping?.compactMapValues(\.first)
    outputMappings[identifier] = made
    return made
  }

  /// Whether `type` is an optional, array, set or dictionary (which encode
  /// their elements through the encoder rather than through a converter).
  func isContainer<Value>(_ type: Value.Type) -> Bool {
    let identifier = ObjectIdentifier(type)
    if let cached = containers[identifier] { return cached }
    let made = Value.self is any ContainerConvertible.Type || Value.self is any OptionalConvertible.Type
    containers[identifier] = made
    return made
  }
}

/// What the bridge needs to know of a Codable type, found once per process:
/// a conformance check costs microseconds, too much for every call.
final class CodableTraits: @unchecked Sendable {
  struct Traits {
    /// The type's `JSONKeyMapping` as key paths.
    let mapping: [String: [[String]]]?
    /// The type as a collection whose failing elements lenient decoding drops.
    let droppingCollection: (any ElementDroppingCollection.Type)?
  }

  // Safe: `traits` is only touched while holding `lock`.
  static let shared = CodableTraits()
  private let lock = NSLock()
  private var traits: [ObjectIdentifier: Traits] = [:]

  func traits<Value>(of type: Value.Type) -> Traits {
    let identifier = ObjectIdentifier(type)
    if let known = lock.withLock({ traits[identifier] }) { return known }
    // Outside the lock: `keyMapping` is the type's own code.
    let made = Traits(
      mapping: (Value.self as? any JSONKeyMapping.Type).map { $0.keyMapping.mapValues(\.candidates) },
      droppingCollection: Value.self as? any ElementDroppingCollection.Type)
    lock.withLock { traits[identifier] = made }
    return made
  }
}

/// A `Decoder` over one node of a parsed document; `node == nil` stands
/// for a missing value, which lenient mode decodes as the type's empty value.
final class DocumentDecoder: Decoder {
  let context: DecodingContext
  let node: JSONDocument.Node?
  /// The decoder of the enclosing value, and this value's key in it (nil
  /// for a single value): the coding path, assembled only when asked for.
  private let parent: DocumentDecoder?
  private let key: (any CodingKey)?
  /// The `JSONKeyMapping` of the type being decoded, as key paths.
  let mapping: [String: [[String]]]?
  /// What a lenient value that does not convert (or asks for a container
  /// of the wrong kind) becomes.
  let onMismatch: Mismatch

  /// What lenient decoding does with a value that does not convert.
  enum Mismatch {
    /// A property: its type's empty value.
    case empty
    /// A collection element: dropped (`DroppedElement` is thrown).
    case drop
    /// The top-level value: a `ModelError`, in every mode.
    case fail
  }

  var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

  init(
    context: DecodingContext, node: JSONDocument.Node?, parent: DocumentDecoder?, key: (any CodingKey)?,
    mapping: [String: [[String]]]? = nil, onMismatch: Mismatch = .empty
  ) {
    self.context = context
    self.node = node
    self.parent = parent
    self.key = key
    self.mapping = mapping
    self.onMismatch = onMismatch
  }

  var codingPath: [any CodingKey] {
    var keys: [any CodingKey] = []
    var current: DocumentDecoder? = self
    while let decoder = current {
      if let key = decoder.key { keys.append(key) }
      current = decoder.parent
    }
    return keys.reversed()
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let object = try present(.object, "an object")
    return KeyedDecodingContainer(ObjectContainer<Key>(decoder: self, object: object))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    ArrayContainer(decoder: self, array: try present(.array, "an array"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ValueContainer(decoder: self)
  }

  /// The node when it has `kind`; nil for a missing node, or leniently for
  /// any other kind (an empty container); strict mode throws, and so does
  /// a top-level value in every mode.
  private func present(_ kind: JSONKind, _ what: String) throws -> JSONDocument.Node? {
    if onMismatch != .empty, let found = node.map({ context.document.kind(of: $0) }), found != kind {
      if onMismatch == .drop { throw DroppedElement() }
      throw ModelError(kind: .wrongTopLevel, message: "expected \(what), found \(found.article)", codingPath: path)
    }
    guard let node else {
      if context.options.strict {
        throw ModelError(kind: .missingKey, message: "expected \(what), found nothing", codingPath: path)
      }
      return nil
    }
    let found = context.document.kind(of: node)
    if found == kind { return node }
    if context.options.strict {
      throw ModelError(kind: .typeMismatch, message: "expected \(what), found \(found.article)", codingPath: path)
    }
    return nil
  }

  var path: String { DecodingContext.describe(codingPath) }

  /// Decodes `type` from `node` (nil = missing), a value at `key` inside
  /// this decoder's value (nil: this value itself, as a single value);
  /// `onMismatch` says what a lenient value that does not convert becomes.
  func decode<Value: Decodable>(
    _ type: Value.Type, from node: JSONDocument.Node?, key: (any CodingKey)?, onMismatch: Mismatch = .empty
  ) throws -> Value {
    func path() -> [any CodingKey] { key.map { codingPath + [$0] } ?? codingPath }
    if let strategy = context.dateStrategy, Value.self == Date.self {
      return try decodeByStrategy(node, key: key, onMismatch) { unsafeBitCast(try strategy.decode(from: $0), to: Value.self) }
    }
    if let strategy = context.dataStrategy, Value.self == Data.self {
      return try decodeByStrategy(node, key: key, onMismatch) { unsafeBitCast(try strategy.decode(from: $0), to: Value.self) }
    }
    var entry = try context.converters.entry(for: Value.self)
    if context.hasStrategies, entry.converter != nil, context.converters.isContainer(Value.self) {
      // Its dates or data must meet the strategies: the elements come back one by one.
      entry = ConverterCache.Entry(converter: nil, traits: CodableTraits.shared.traits(of: Value.self))
    }
    if let known = entry.converter {
      let converter = unsafeDowncast(known, to: ValueConverter<Value>.self)
      if let node {
        switch try converter.decode(node, &context.reader) {
        case .value(let value): return value
        case .failed(let failure):
          if onMismatch == .fail && failure == .mismatch {
            throw ModelError(
              kind: .wrongTopLevel, message: "\(Value.self) cannot be read from \(context.document.kind(of: node).article)",
              codingPath: DecodingContext.describe(path()))
          }
          if context.options.strict || onMismatch == .fail { throw context.failure(failure, Value.self, at: path()) }
          if onMismatch == .drop { throw DroppedElement() }
        }
      } else if context.options.strict {
        throw ModelError(kind: .missingKey, message: "no value for \(Value.self)", codingPath: DecodingContext.describe(path()))
      }
      return try emptyValue(Value.self, key: key)
    }
    let traits = entry.traits
    if !context.options.strict, let collection = traits?.droppingCollection, let node,
      context.document.kind(of: node) == collection.kind
    {
      let decoder = DocumentDecoder(context: context, node: node, parent: self, key: key)
      return Self.decode(collection, node, decoder)
    }
    let decoder = DocumentDecoder(
      context: context, node: node, parent: self, key: key, mapping: traits?.mapping,
      onMismatch: context.options.strict ? .empty : onMismatch)
    return try Value(from: decoder)
  }

  /// `Value`, known to be the collection type `Collection`, decoded element by element.
  private static func decode<Collection: ElementDroppingCollection, Value>(
    _ collection: Collection.Type, _ node: JSONDocument.Node, _ decoder: DocumentDecoder
  ) -> Value {
    unsafeBitCast(Collection.decodeDroppingFailures(node, in: decoder), to: Value.self)
  }

  /// A value read by a date or data strategy; leniently, one it cannot
  /// read is a failed conversion (the empty value, or a dropped element).
  private func decodeByStrategy<Value: Decodable>(
    _ node: JSONDocument.Node?, key: (any CodingKey)?, _ onMismatch: Mismatch,
    _ read: (DocumentDecoder) throws -> Value
  ) throws -> Value {
    do {
      return try read(DocumentDecoder(context: context, node: node, parent: self, key: key))
    } catch {
      if context.options.strict || onMismatch == .fail { throw error }
      if onMismatch == .drop { throw DroppedElement() }
      return try emptyValue(Value.self, key: key)
    }
  }

  /// The natural empty value of a type ModelKit converts: 0, false, "",
  /// nil, empty collections; a model or other type decoded from nothing.
  private func emptyValue<Value: Decodable>(_ type: Value.Type, key: (any CodingKey)?) throws -> Value {
    if let empty = EmptyValues.value(of: Value.self) { return empty }
    if let model = Value.self as? any JSONModel.Type, let value = model.init() as? Value { return value }
    return try Value(from: DocumentDecoder(context: context, node: nil, parent: self, key: key))
  }

}

/// The empty values of the scalar types and of containers.
enum EmptyValues {
  static func value<Value>(of type: Value.Type) -> Value? {
    switch Value.self {
    case is String.Type: return "" as? Value
    case is Bool.Type: return false as? Value
    case is Int.Type: return 0 as? Value
    case is Int8.Type: return Int8(0) as? Value
    case is Int16.Type: return Int16(0) as? Value
    case is Int32.Type: return Int32(0) as? Value
    case is Int64.Type: return Int64(0) as? Value
    case is UInt.Type: return UInt(0) as? Value
    case is UInt8.Type: return UInt8(0) as? Value
    case is UInt16.Type: return UInt16(0) as? Value
    case is UInt32.Type: return UInt32(0) as? Value
    case is UInt64.Type: return UInt64(0) as? Value
    case is Double.Type: return 0.0 as? Value
    case is Float.Type: return Float(0) as? Value
    case is Decimal.Type: return Decimal(0) as? Value
    case is JSONValue.Type: return JSONValue.null as? Value
    default: break
    }
    if let empty = Value.self as? any EmptyConstructible.Type { return empty.emptyValue as? Value }
    return nil
  }
}

/// Types with an obvious empty value: optionals and collections.
protocol EmptyConstructible {
  static var emptyValue: Self { get }
}

extension Optional: EmptyConstructible {
  static var emptyValue: Self { nil }
}

extension Array: EmptyConstructible {
  static var emptyValue: Self { [] }
}

extension Set: EmptyConstructible {
  static var emptyValue: Self { [] }
}

extension Dictionary: EmptyConstructible {
  static var emptyValue: Self { [:] }
}
