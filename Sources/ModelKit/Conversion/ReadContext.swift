import ModelKitJSON

/// What a converter reads with: the document, the options, and where in
/// the document the value is. The model reader and the Codable decoder
/// each hand one to the converters they call; converters know nothing of
/// either walker.
struct ReadContext {
  let document: JSONDocument
  let options: DecodingOptions
  /// Where the value being read is (below a Codable decoder's value, for a
  /// converter the decoder calls).
  var path: CodingPath
  /// How deeply the value being read is nested, for `StackGuard`.
  var depth: Int { path.depth }
  /// Reads nested models (the model reader).
  let models: any ModelReading
  /// Reads the types only Codable handles (the Codable bridge).
  let codable: any CodableReading
  /// The rules the call reads by (set aside for a `CodableModel`, which a
  /// coder's call reads by ModelKit's).
  var rules: ReadRules
  /// A coder's strategies; nil by ModelKit's rules.
  var strategies: DecodingStrategies? { rules.strategies }
  /// Where the decode's report entries go; nil without a report.
  let recorder: ReportRecorder?
  /// For a snapshot of a text still arriving, what of its document has
  /// not all arrived; nil for a whole text. Kept on the document, not
  /// here: a larger context costs stack at every level of a deep decode.
  var partial: PartialInput? { Self.partial(of: document) }

  /// What of `document` has not all arrived; nil for a whole text. Only a
  /// `PartialInput` is ever attached to a document (`PartialReading.attach`).
  static func partial(of document: JSONDocument) -> PartialInput? {
    document.partial.map { unsafeDowncast($0, to: PartialInput.self) }
  }

  /// Whether `node` of `document` has not all arrived. (Out of line, as
  /// the next: called only for a snapshot's document, from frames that are
  /// on every level of a deep decode.)
  @inline(never)
  static func isIncomplete(_ node: JSONDocument.Node, of document: JSONDocument) -> Bool {
    partial(of: document)?.isIncomplete(node) == true
  }

  /// Whether `converter` may not read `node` of `document` yet.
  @inline(never)
  static func holdsBack(_ node: JSONDocument.Node, of document: JSONDocument, from converter: AnyConverter) -> Bool {
    partial(of: document)?.holdsBack(node, from: converter) == true
  }

  /// A context; `recorder` is the decode's, made where the decode begins
  /// (`ReportRecorder.recording`), nil without a report.
  init(
    document: JSONDocument, options: DecodingOptions, path: CodingPath = CodingPath(),
    rules: ReadRules = .modelKit, models: any ModelReading, codable: any CodableReading,
    recorder: ReportRecorder? = nil
  ) {
    self.document = document
    self.options = options
    self.path = path
    self.rules = rules
    self.models = models
    self.codable = codable
    self.recorder = recorder
  }

  /// The same reader over another document (a hook's replacement input,
  /// JSON in a string), at this path, named: the new context may outlive
  /// a Codable walk's key, and does not hold the document whose key
  /// nodes the path names (`CodingPath.Step.keyNode`).
  func reading(_ document: JSONDocument) -> ReadContext {
    ReadContext(
      document: document, options: options, path: CodingPath(path.components), rules: rules, models: models,
      codable: codable, recorder: recorder)
  }

  /// Decodes one element of a container at `step` into `target` (which
  /// holds no value): whether it did; false when it is dropped (lenient)
  /// or has not all arrived (`partial`), an error naming it in strict mode.
  mutating func element<Value>(
    _ node: JSONDocument.Node, at step: CodingPath.Step, with converter: ValueConverter<Value>,
    into target: UnsafeMutablePointer<Value>
  ) throws(ModelError) -> Bool {
    if document.partial != nil, Self.holdsBack(node, of: document, from: converter) { return false }
    path.push(step)
    defer { path.pop() }
    try StackGuard.check(depth: depth, at: path)
    switch try converter.decode(node, into: target, &self) {
    case .natural:
      return true
    case .converted:
      noteConversion(node, target: converter.typeName)
      return true
    case .failed(let failure):
      if options.strict {
        throw self.failure(failure, node, target: "an element of type \(converter.typeName)", type: Value.self)
      }
      if failure != .rejected { note(.dropped, node, target: converter.typeName) }
      return false
    }
  }

  /// Decodes one element of a container at `step`; nil when it is dropped
  /// (lenient), an error naming it in strict mode.
  mutating func element<Value>(
    _ node: JSONDocument.Node, at step: CodingPath.Step, with converter: ValueConverter<Value>
  ) throws(ModelError) -> Value? {
    try withTemporarySlot(for: Value.self) { (slot) throws(ModelError) -> Value? in
      guard try element(node, at: step, with: converter, into: slot) else { return nil }
      return slot.move()
    }
  }

  /// Notes that one of the lenient table's rules read the value at `node`
  /// (a converter answered `.converted`), which strict mode never does.
  /// (Mutating only so that a context a class holds, a Codable call's, is
  /// not copied to call it: a copy per converted value.)
  mutating func noteConversion(_ node: JSONDocument.Node, target: @autoclosure () -> String) {
    checkInvariant(!options.strict, "strict mode took a lenient rule for \(target())")
    note(.converted, node, target: target())
  }

  /// The error for a value at `node` that did not convert, here.
  func failure(_ failure: ConversionFailure, _ node: JSONDocument.Node, target: String, type: (any Any.Type)? = nil)
    -> ModelError
  {
    Self.failure(failure, node, in: document, target: target, type: type, at: .components(path.components))
  }

  /// `failure(_:_:target:type:)` for a node of `document`, at `location`
  /// (from the root): for callers that hold no context of their own.
  static func failure(
    _ failure: ConversionFailure, _ node: JSONDocument.Node, in document: JSONDocument, target: String,
    type: (any Any.Type)?, at location: ModelError.Location
  ) -> ModelError {
    .conversion(failure, target: target, location: location, type: type, found: FoundValue(node, in: document))
  }
}
