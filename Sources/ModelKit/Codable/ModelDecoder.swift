public import Foundation

/// Decodes any `Decodable` type with ModelKit's reader and its lenient
/// conversion table; `DecodingOptions(strict: true)` behaves like
/// Foundation's `JSONDecoder`.
///
/// ```swift
/// let decoder = ModelDecoder()
/// let order = try decoder.decode(Order.self, from: data)
/// ```
///
/// Lenient (the default): `"12"` reads as 12, `"yes"` as true, null words
/// as null; a missing key or unconvertible value for a non-optional
/// property gets its type's empty value (0, false, "", an empty collection,
/// a nested type decoded from nothing). Strict: a missing key, a `null` or
/// a kind mismatch is an error naming the path. Lenient decoding reads the
/// input strictly first and leniently only when that fails, so input
/// `JSONDecoder` reads gets `JSONDecoder`'s value, even through a type's own
/// `try?` fallbacks (a model, or a collection of models or scalars, at the
/// top level is read in one lenient pass, as `Model(json:)` reads it).
///
/// Errors are Foundation's `DecodingError`, with the cases and coding paths
/// `JSONDecoder` uses (`catch DecodingError.keyNotFound` works, in a type's
/// own `init(from:)` too), a type mismatch worded as `JSONDecoder` words it;
/// each carries ModelKit's `ModelError` (JSON path, line, column, and which
/// value it was) as its underlying error. A type's own errors pass through.
///
/// A decoder is `Sendable`, as Foundation's is: one can be shared (a
/// `static let`) and used from many threads; each call reads the settings
/// once, when it starts. It keeps its last call's converter cache for the
/// next call.
public final class ModelDecoder: Sendable {
  private struct Settings: Sendable {
    var options: DecodingOptions
    /// The strategies as the properties hold them.
    var strategies = FoundationDecodingStrategies() {
      didSet { rules = .jsonDecoder(strategies.conversion) }
    }
    /// The rules every call hands to its converters, with the strategies, kept ready.
    private(set) var rules = ReadRules.jsonDecoder(DecodingStrategies())
    /// `allowsJSON5` and `assumesTopLevelDictionary`.
    var allowsJSON5 = false
    var assumesTopLevelDictionary = false

    /// The options a call reads with: the caller's, reading the input as
    /// `JSONDecoder` does (for record `recordIndex` of a stream, if given).
    func callOptions(recordIndex: Int? = nil) -> DecodingOptions {
      var call = options
      call.readsAsJSONDecoder = true
      call.readsJSON5 = allowsJSON5
      call.readsMembersWithoutBraces = assumesTopLevelDictionary
      call.recordIndex = recordIndex
      return call
    }
  }

  private let settings: CoderSettings<Settings>
  /// The last call's converter cache, for the next call (what a type's
  /// converter is depends on the type only).
  private let spareConverters = Spare<ConverterCache>()

  /// The decoding options, shared with `JSONModel`. `options.keyDecoding =
  /// .convertFromSnakeCase` is the same as `keyDecodingStrategy =
  /// .convertFromSnakeCase` for Codable types.
  public var options: DecodingOptions {
    get { settings[\.options] }
    set { settings[\.options] = newValue }
  }

  /// Values for the types' `init(from:)` to read through `decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings[\.strategies.userInfo] }
    set { settings[\.strategies.userInfo] = newValue }
  }

  /// How `Date` values are read, `JSONModel` properties included. Default
  /// `.deferredToDate`, as `JSONDecoder`'s; in lenient mode every date
  /// string of ModelKit's table is read as well, whatever the strategy.
  public var dateDecodingStrategy: DateDecodingStrategy {
    get { settings[\.strategies.dates] }
    set { settings[\.strategies.dates] = newValue }
  }

  /// How `Data` values are read. Default `.base64`.
  public var dataDecodingStrategy: DataDecodingStrategy {
    get { settings[\.strategies.data] }
    set { settings[\.strategies.data] = newValue }
  }

  /// How the JSON keys of Codable types' objects become their coding keys,
  /// exactly as `JSONDecoder` converts them (a `[String: T]`'s keys never
  /// change). Default `.useDefaultKeys`.
  public var keyDecodingStrategy: KeyDecodingStrategy {
    get { settings[\.strategies.keys] }
    set { settings[\.strategies.keys] = newValue }
  }

  /// Which strings are read as infinities and NaN. Default `.throw`: none.
  public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
    get { settings[\.strategies.nonConformingFloats] }
    set { settings[\.strategies.nonConformingFloats] = newValue }
  }

  /// Whether the input is an object's members without the braces around
  /// them (`"a": 1, "b": 2`), as `JSONDecoder` reads it; an input that is
  /// an object already is read as it is. Default `false`.
  public var assumesTopLevelDictionary: Bool {
    get { settings[\.assumesTopLevelDictionary] }
    set { settings[\.assumesTopLevelDictionary] = newValue }
  }

  /// Whether the input is read as JSON5, as `JSONDecoder` reads it with the
  /// same option: comments, trailing commas, unquoted keys, single-quoted
  /// strings and JSON5's escapes, hexadecimal numbers, `+` signs and bare
  /// decimal points, and `Infinity` and `NaN`, signed or not, for
  /// floating-point values (`Decimal.nan` for a `Decimal`, as `JSONDecoder`
  /// gives). Default `false`. Positions in errors refer to the input as
  /// it is (in UTF-8).
  public var allowsJSON5: Bool {
    get { settings[\.allowsJSON5] }
    set { settings[\.allowsJSON5] = newValue }
  }

  /// Creates a decoder, lenient unless told otherwise.
  ///
  /// - Parameter options: lenient or strict reading, the nesting limit and a decode
  ///   report; the strategies are set on the decoder's properties, as on `JSONDecoder`.
  public init(options: DecodingOptions = DecodingOptions()) {
    settings = CoderSettings(Settings(options: options))
  }

  /// Decodes `type` from UTF-8 JSON text.
  ///
  /// - Parameters:
  ///   - type: the type to decode (a subclass passed as its superclass's metatype decodes as itself).
  ///   - data: UTF-8 JSON text (or UTF-16/32 with or without a byte order mark).
  /// - Returns: the decoded value.
  ///
  /// - Throws: `DecodingError`, with the `ModelError` underneath:
  ///   `.dataCorrupted` for invalid JSON, `.typeMismatch` for a top-level
  ///   value of the wrong kind, and in strict mode the errors `JSONDecoder`
  ///   would report, with their paths; a type's own errors as they are.
  /// UTF-16 and UTF-32 text (told by its byte-order mark, or by its
  /// leading zero bytes, as `JSONDecoder` tells them) is read as well.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    // `Dictionary()`, the shared empty storage: the literal `[:]` is built
    // through `init(dictionaryLiteral:)` on every call.
    try decode(type, from: data, userInfo: Dictionary())
  }

  private func decode<T: Decodable>(_ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable])
    throws -> T
  {
    let current = settings.current
    // The bytes are lent once, for the whole call (each lending of a
    // `Data`'s bytes is an exclusive access Foundation checks at run time).
    return try data.withUnsafeBytes { bytes in
      if let text = InputText.utf8(bytes, strict: current.settings.options.strict) {
        return try decode(type, from: text, current, userInfo: userInfo)
      }
      return try decode(type, count: bytes.count, current, userInfo: userInfo, windows: { try $0(bytes) }) {
        options throws(ModelError) in try InputDocument(bytes, options)
      }
    }
  }

  /// Decodes `type`, which needs `configuration` to decode, from UTF-8 JSON text.
  ///
  /// - Parameters:
  ///   - type: the type to decode.
  ///   - data: UTF-8 JSON text (or UTF-16/32).
  ///   - configuration: what the type's `init(from:configuration:)` is given.
  /// - Returns: the decoded value.
  /// - Throws: `DecodingError`, as `decode(_:from:)` does.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  public func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    try decode(Configured<T>.self, from: data, userInfo: [Configured<T>.key: ConfigurationBox(value: configuration)])
      .value
  }

  /// Decodes `type` with the configuration `provider` gives, from UTF-8 JSON text.
  ///
  /// - Parameters:
  ///   - type: the type to decode.
  ///   - data: UTF-8 JSON text (or UTF-16/32).
  ///   - provider: the type whose `decodingConfiguration` is passed on.
  /// - Returns: the decoded value.
  /// - Throws: `DecodingError`, as `decode(_:from:)` does.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  public func decode<T, Provider>(_ type: T.Type, from data: Data, configuration provider: Provider.Type) throws -> T
  where
    T: DecodableWithConfiguration, Provider: DecodingConfigurationProviding,
    T.DecodingConfiguration == Provider.DecodingConfiguration
  {
    try decode(type, from: data, configuration: Provider.decodingConfiguration)
  }

  /// Decodes `type` from JSON text.
  ///
  /// - Parameters:
  ///   - type: the type to decode (a subclass passed as its superclass's metatype decodes as itself).
  ///   - text: JSON text.
  /// - Returns: the decoded value.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    let current = settings.current
    // A byte-order mark is taken off as for `Data`.
    if text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) { return try decode(type, from: Array(text.utf8)) }
    return try decode(type, count: text.utf8.count, current, windows: { body in
      var utf8 = text
      return try utf8.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }) {
      options throws(ModelError) in try InputDocument(text, options)
    }
  }

  /// Decodes `type` from a `JSONValue`.
  ///
  /// - Parameters:
  ///   - type: the type to decode (a subclass passed as its superclass's metatype decodes as itself).
  ///   - value: a JSON value.
  /// - Returns: the decoded value.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    // The value's document is built as its text is written, never read
    // back; a large array is read whole (the value is in memory already).
    let current = settings.current
    return try decode(type, current) { options throws(ModelError) in try InputDocument(value, options) }
  }

  /// Decodes `type` from JSON bytes: UTF-8, or UTF-16/32 as for `Data`.
  ///
  /// - Parameters:
  ///   - type: the type to decode (a subclass passed as its superclass's metatype decodes as itself).
  ///   - bytes: JSON text, UTF-8 (or UTF-16/32).
  /// - Returns: the decoded value.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    let current = settings.current
    let text = bytes.withUnsafeBytes {
      InputText.utf8($0, strict: current.settings.options.strict)
    }
    return try decode(type, from: text ?? bytes, current)
  }

  /// Decodes `type` from a JSON object.
  ///
  /// - Parameters:
  ///   - type: the type to decode (a subclass passed as its superclass's metatype decodes as itself).
  ///   - object: a JSON object.
  /// - Returns: the decoded value.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type, from object: JSONObject) throws -> T {
    let current = settings.current
    return try decode(type, current) { options throws(ModelError) in try InputDocument(object, options) }
  }

  /// Decodes `type` from UTF-8 input.
  private func decode<T: Decodable>(
    _ type: T.Type, from json: [UInt8], _ current: CoderSettings<Settings>.Snapshot,
    userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) throws -> T {
    try decode(type, count: json.count, current, userInfo: userInfo, windows: { try json.withUnsafeBytes($0) }) {
      options throws(ModelError) in try InputDocument(json, options)
    }
  }

  /// Decodes `type` from UTF-8 JSON of `count` bytes with the `current`
  /// settings: a large top-level array a window at a time (`windows` lends
  /// the bytes), anything else whole (`whole` parses them). (Inlined: a
  /// frame less per call, about 25 instructions.)
  @inline(__always)
  private func decode<T: Decodable>(
    _ type: T.Type, count: Int, _ current: CoderSettings<Settings>.Snapshot,
    userInfo: [CodingUserInfoKey: any Sendable] = [:],
    windows: ((UnsafeRawBufferPointer) throws -> Any?) throws -> Any?,
    whole: (DecodingOptions) throws(ModelError) -> InputDocument
  ) throws -> T {
    if count >= ArrayWindows.threshold, ObjectIdentifier(type) == ObjectIdentifier(T.self),
      let array = T.self as? any WindowedArrayDecoding.Type
    {
      let rules = rules(current, userInfo)
      let convertersReadAll = Self.isReadByConverters((try? ConverterCache().entry(for: T.self))?.converter, rules)
      let read = try Self.strictlyFirst(current.settings.callOptions(), unless: convertersReadAll) {
        options, recorder in
        do {
          return try windows {
            try array.decodeInWindows($0, options: options, rules: rules, recorder: recorder)
          }
        } catch let error as ModelError {
          throw error.foundationDecodingError
        }
      }
      if let value = read { return value as! T }  // `array` is `T.self`
    }
    return try decode(type, current, userInfo: userInfo, parse: whole)
  }

  /// What `decode` gives with `options`, read strictly first when they are
  /// lenient: whatever `JSONDecoder` reads, strict reading reads to
  /// `JSONDecoder`'s value, and leniency must not change it (a type's own
  /// `try?` fallback, such as a number-or-string enum, sees the errors
  /// `JSONDecoder` throws, not a conversion). Only input strict reading
  /// rejects is read again, leniently. `decode` is given the options of
  /// its pass and the recorder of the report to use (nil without a report).
  /// With `convertersReadAll`, the options are used as they are.
  @inline(__always)
  private static func strictlyFirst<Value>(
    _ options: DecodingOptions, unless convertersReadAll: Bool,
    _ decode: (DecodingOptions, ReportRecorder?) throws -> Value
  ) throws -> Value {
    guard !options.strict && !convertersReadAll else {
      // Without a report, no recorder (and no closure, which copied the options).
      if options.report == nil { return try decode(options, nil) }
      return try ReportRecorder.recording(options) { try decode(options, $0) }
    }
    var strict = options
    strict.strict = true
    // The strict pass's entries reach the report only if its value is used.
    let recorder = options.report.map { ReportRecorder($0, holding: true, recordIndex: options.recordIndex) }
    do {
      let value = try decode(strict, recorder)
      recorder?.finish()
      return value
    } catch {
      recorder?.discard()
    }
    return try ReportRecorder.recording(options) { try decode(options, $0) }
  }

  /// Whether ModelKit's `converter` (nil: none) reads the whole of its
  /// type (scalars, Foundation types, models, and collections of them), so that no strict
  /// pass is needed: they convert only what strict reading rejects, and a
  /// model is read as `Model(json:)` reads it (its hooks run once, on one
  /// pass, the Codable values inside it by the lenient bridge). A custom
  /// date or data strategy's function is the caller's code, read strictly
  /// first as a type's own `init(from:)` is.
  private static func isReadByConverters(_ converter: AnyConverter?, _ rules: ReadRules) -> Bool {
    converter != nil && rules.strategies?.hasCustomReading != true
  }

  /// The rules a call hands to its converters: the settings', with
  /// `userInfo` added to their strategies.
  private func rules(_ current: CoderSettings<Settings>.Snapshot, _ userInfo: [CodingUserInfoKey: any Sendable])
    -> ReadRules
  {
    guard !userInfo.isEmpty, var strategies = current.settings.rules.strategies else { return current.settings.rules }
    strategies.userInfo.merge(userInfo) { $1 }
    return .jsonDecoder(strategies)
  }

  /// How the records of one stream are decoded: each (UTF-8, with its
  /// index, which its report entries carry) with the settings the decoder
  /// has now, read once for the whole stream (they are behind a lock every
  /// core would contend for), and the stream's options from the same settings.
  func recordDecode<T: Decodable>(_ type: T.Type)
    -> (options: DecodingOptions, decode: @Sendable (UnsafeRawBufferPointer, Int) throws -> T)
  {
    let current = settings.current
    return (
      current.settings.options,
      { [self] text, index in
        try decode(type, current, recordIndex: index) { options throws(ModelError) in try InputDocument(text, options) }
      }
    )
  }

  /// How a call reads its text now (`JSONDecoder`'s reading: trailing
  /// commas; JSON5 and members without braces when they are set).
  var readOptions: JSONReadOptions { settings.current.settings.callOptions().readOptions }

  /// Whether a call now reads snake-case keys into camel-case names (the
  /// key strategy, or the options, say so).
  var readsKeysFromSnakeCase: Bool {
    switch keyDecodingStrategy {
    case .convertFromSnakeCase: true
    default: options.keyDecoding == .convertFromSnakeCase
    }
  }

  /// What a snapshot of a text still arriving shows as `type`, with the
  /// settings the decoder has now: `document` is the snapshot's (what of it
  /// has not all arrived is attached to it, `ReadContext.partial`).
  func decodePartial<T: Decodable>(_ type: T.Type, from document: JSONDocument) throws -> T {
    try decode(type, settings.current) { _ throws(ModelError) in InputDocument(document: document, node: document.root) }
  }

  /// Decodes `type` from the document `parse` makes, with the `current`
  /// settings (for record `recordIndex` of a stream, if given).
  private func decode<T: Decodable>(
    _ type: T.Type, _ current: CoderSettings<Settings>.Snapshot, userInfo: [CodingUserInfoKey: any Sendable] = [:],
    recordIndex: Int? = nil, parse: (DecodingOptions) throws(ModelError) -> InputDocument
  ) throws -> T {
    // A constant: passed on from a variable, the options were copied.
    let callOptions = current.settings.callOptions(recordIndex: recordIndex)
    // The document and its top-level node, taken out of the input: the
    // passes' closure would copy the whole input (its path too).
    let document: JSONDocument
    let node: JSONDocument.Node
    do {
      let input = try parse(callOptions)
      (document, node) = (input.document, input.node)
    } catch {
      throw error.decodingError
    }
    let rules = rules(current, userInfo)
    // One cache for both passes: what a type's converter is does not depend on the pass.
    let converters = spareConverters.take() ?? ConverterCache()
    converters.owner.claim()
    defer {
      converters.owner.release()
      spareConverters.give(converters)
    }
    // (None for a subclass passed as its superclass's metatype, which decodes as itself.)
    let converter =
      ObjectIdentifier(type) == ObjectIdentifier(T.self) ? (try? converters.entry(for: T.self))?.converter : nil
    return try Self.strictlyFirst(callOptions, unless: Self.isReadByConverters(converter, rules)) { options, recorder in
      try Self.decode(type, node, converter, converters, ReadContext(
        document: document, options: options, rules: rules, recorder: recorder))
    }
  }

  /// Decodes `type` from `node`, the top-level value of `read`'s document,
  /// with `read`; `converter` is the one that reads `type`, if one does.
  private static func decode<T: Decodable>(
    _ type: T.Type, _ node: JSONDocument.Node, _ converter: AnyConverter?, _ converters: ConverterCache,
    _ read: consuming ReadContext
  ) throws -> T {
    if let converter, read.recorder == nil, read.document.partial == nil {
      return try DocumentDecoder.decodeTopLevel(node, with: converter.typed(as: T.self), &read, converters: converters)
    }
    let call = DecodeCall(read, converters: converters)
    do {
      guard ObjectIdentifier(type) == ObjectIdentifier(T.self) else {
        // A subclass passed as its superclass's metatype decodes as itself, as with JSONDecoder.
        let mapping = (type as? any JSONKeyMapping.Type)?.keyMapping.mapValues(\.candidates)
        return try type.init(
          from: DocumentDecoder(call: call, node: node, parent: nil, key: NoKey(), mapping: mapping, onMismatch: .fail))
      }
      let decoder = DocumentDecoder(call: call, node: node, parent: nil, key: NoKey())
      return try decoder.decode(T.self, from: node, key: NoKey(), onMismatch: .fail)
    } catch let error as ModelError {
      throw error.foundationDecodingError
    }
  }
}

/// A `DecodableWithConfiguration` value decoded with the configuration the
/// call carries in its `userInfo`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private struct Configured<Value: DecodableWithConfiguration>: Decodable {
  static var key: CodingUserInfoKey { CodingUserInfoKey(rawValue: "ModelKit.decodingConfiguration")! }
  let value: Value

  init(from decoder: any Decoder) throws {
    guard let configuration = (decoder.userInfo[Self.key] as? ConfigurationBox)?.value as? Value.DecodingConfiguration
    else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no decoding configuration"))
    }
    value = try Value(from: decoder, configuration: configuration)
  }
}

/// A decoding configuration on its way through a call's `userInfo`: it is
/// read by the one call that put it there, on that call's thread.
private struct ConfigurationBox: @unchecked Sendable {
  let value: Any
}
