import ModelKitJSON

/// How a `PartialDecoder` turns what has arrived into a `T`: a model as
/// `init(json:)` reads one, a Codable type as `ModelDecoder` does, and
/// which JSON keys a property is read from, for `state(of:)`.
final class PartialReading<T>: Sendable {
  let options: DecodingOptions
  /// How the text is read: as `init(json:)` reads it, or as `ModelDecoder` does (trailing commas).
  let readOptions: JSONReadOptions
  /// Decodes the document's root as a `T` (what of it has not all arrived is attached to it).
  let decode: @Sendable (JSONDocument, DecodingOptions) throws -> T
  /// The JSON key paths a property path of `T` (property names) may be read from, in order of preference.
  let candidates: @Sendable ([String], DecodingOptions) -> [[String]]

  init(
    options: DecodingOptions, readOptions: JSONReadOptions,
    decode: @escaping @Sendable (JSONDocument, DecodingOptions) throws -> T,
    candidates: @escaping @Sendable ([String], DecodingOptions) -> [[String]]
  ) {
    self.options = options
    self.readOptions = readOptions
    self.decode = decode
    self.candidates = candidates
  }

  /// The models with hooks that the snapshots decoded from complete objects (`PartialInput`).
  let completedModels = PartialInput.CompletedModels([:])

  /// Held while a snapshot's value is decoded (recursive: a hook that
  /// reads a snapshot of the same text again does not wait for itself).
  private let decoding = Locked((), recursive: true)

  /// Runs `body`, a snapshot's decode, while no other snapshot of the text is decoded.
  func oneDecodeAtATime<Result>(_ body: () -> Result) -> Result {
    decoding.whileLocked(body)
  }

  /// Attaches to `document` what of it has not all arrived (`incomplete`,
  /// and the string at its end when `endsInString`), for the readers. A
  /// whole text none of whose objects an earlier snapshot decoded is read
  /// as any whole text (nothing is held back, no hook has run): nothing is attached.
  @discardableResult
  func attach(_ incomplete: [JSONDocument.Node], endsInString: Bool, to document: JSONDocument) -> PartialInput {
    let input = PartialInput(incomplete: incomplete, endsInString: endsInString, completedModels: completedModels)
    if !incomplete.isEmpty || !completedModels.withLock(\.isEmpty) { document.partial = input }
    return input
  }

  /// The report entries handed to the options' report so far: each
  /// snapshot's decode notes again what the one before noted.
  private let delivered = Locked(Set<DecodeReport.Entry>())

  /// `decode`, handing the options' report only the entries no snapshot
  /// handed it before (each field's, once, when it completes).
  func decodeReporting(_ document: JSONDocument, _ options: DecodingOptions) throws -> T {
    guard let report = options.report else { return try decode(document, options) }
    let collected = DecodeReport()
    var own = options
    own.report = collected
    let value = try decode(document, own)
    let fresh = delivered.withLock { seen in collected.entries.filter { seen.insert($0).inserted } }
    let recorder = ReportRecorder(report)
    fresh.forEach(recorder.record)
    recorder.finish()
    return value
  }

  /// The value the latest decoded snapshot showed, for a snapshot whose
  /// text does not decode even leniently (a Codable type whose own
  /// `init(from:)` rejects what has arrived so far).
  let lastValue = Locked<Any?>(nil)

  /// The value shown before anything has arrived: what a text that has
  /// only begun shows (every property at its default or empty value).
  func emptyValue() throws -> T {
    let document = try JSONDocument(parsing: Array("\"\"".utf8))
    attach([document.root], endsInString: true, to: document)
    return try decode(document, options)
  }
}

extension PartialReading where T: JSONModel {
  /// Models, read by the model reader.
  static func models(_ options: DecodingOptions) -> PartialReading {
    PartialReading(
      options: options, readOptions: options.readOptions,
      decode: { document, options in
        // A text that has begun as something else shows the defaults until the whole decode refuses it.
        if document.kind(of: document.root) != .object, ReadContext.isIncomplete(document.root, of: document) {
          return T()
        }
        return try ModelEntry.decode(T.self, from: InputDocument(document: document, node: document.root), options: options)
      },
      candidates: { names, options in ModelKeyPaths.candidates(for: names, in: T.self, options) })
  }
}

extension PartialReading where T: Decodable {
  /// Codable types, read as a `ModelDecoder` with `options` reads them.
  static func codable(_ options: DecodingOptions) -> PartialReading { codable(ModelDecoder(options: options)) }

  /// Codable types, read as `decoder` reads them (its options, strategies
  /// and `userInfo` as they are when each snapshot is decoded).
  static func codable(_ decoder: ModelDecoder) -> PartialReading {
    let options = decoder.options
    return PartialReading(
      options: options, readOptions: decoder.readOptions,
      decode: { document, _ in try decoder.decodePartial(T.self, from: document) },
      candidates: { names, _ in
        // The decoder's key strategy as it is when asked (a custom one cannot be run backwards: names as they are).
        [decoder.readsKeysFromSnakeCase ? names.map(SnakeCase.from) : names]
      })
  }
}

/// The JSON keys a model's properties are read from.
enum ModelKeyPaths {
  /// The key paths the property path `names` of `type` may be read from,
  /// in order of preference: each property's candidates (its mapped keys,
  /// or its name), followed into nested models.
  static func candidates(for names: [String], in type: any JSONModel.Type, _ options: DecodingOptions) -> [[String]] {
    guard let name = names.first else { return [[]] }
    guard let schema = try? SchemaCache.shared.schema(for: type),
      let field = schema.fields.first(where: { $0.name == name })
    else { return [names] }
    let own = field.candidates(options.keyDecoding)
    guard names.count > 1 else { return own }
    let rest: [[String]] =
      if let nested = field.converter.shape.modelType {
        candidates(for: Array(names.dropFirst()), in: nested, options)
      } else {
        [Array(names.dropFirst())]
      }
    return own.flatMap { head in rest.map { head + $0 } }
  }
}

extension ValueShape {
  /// The model type a value of this shape is, if it is one (or an optional one).
  fileprivate var modelType: (any JSONModel.Type)? {
    switch self {
    case .model(let type): type
    case .optional(let wrapped): wrapped.modelType
    default: nil
    }
  }
}
