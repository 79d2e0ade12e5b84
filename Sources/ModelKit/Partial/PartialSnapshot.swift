import ModelKitJSON

/// What a `PartialDecoder` had received at one moment (design section 13):
/// the value so far, the JSON so far, and which parts are complete.
///
/// Taking a snapshot costs O(depth); its `value` and `json` are made the
/// first time they are read (each a decode of the text so far), then kept.
/// Snapshots are monotonic: a later one never loses a key, shrinks an
/// array or a string, or changes a `.complete` part.
public struct PartialSnapshot<T>: @unchecked Sendable {
  // Unchecked: the reading and the text are immutable, and the made parts
  // are behind a lock (`Locked`).
  let text: PartialJSONSnapshot
  let reading: PartialReading<T>
  /// The parts made when first read: a snapshot's own, or shared with
  /// every snapshot of the same text.
  let made: Locked<SnapshotParts>

  init(text: PartialJSONSnapshot, reading: PartialReading<T>, made: Locked<SnapshotParts> = Locked(SnapshotParts())) {
    self.text = text
    self.reading = reading
    self.made = made
  }

  /// Whether a whole JSON value has arrived (a top-level number or literal
  /// once the byte after it has, or `finish()` was called).
  public var isComplete: Bool { text.isComplete }

  /// The JSON text so far as a value, closed where it is cut; `null`
  /// before any value has begun to show.
  public var json: JSONValue {
    if let json = made.withLock({ $0.json }) { return json }
    var json = JSONValue.null
    if let found = try? document() { json = found.document.value(of: found.document.root) }
    made.withLock { $0.json = json }
    return json
  }

  /// The value so far: every property that has arrived (strings as they
  /// grow, collections element by element, converted values once
  /// complete), the rest at its default (a model's) or empty value (a
  /// Codable type's). When the text so far does not decode (strict mode,
  /// a hook's rejection), what it shows read leniently, and `error` says
  /// why; when it does not decode even leniently (a type's own
  /// `init(from:)` rejecting a part), what the latest snapshot that decoded
  /// showed. A Codable type whose `init(from:)` rejects its empty value
  /// has nothing to show before a snapshot decodes: reading `value` then
  /// is a programming error.
  public var value: T { decoded.value }

  /// Why the text so far does not decode with the decoder's options (a
  /// strict mode error, a hook's rejection), or nil. Errors of syntax are
  /// `append`'s.
  public var error: ModelError? { decoded.error }

  /// How much of the property at `keyPath` has arrived (a property path
  /// such as `\.author.name`; the property's JSON keys are those the
  /// decode reads it from: its mapped keys, or its name as the key
  /// decoding makes it).
  ///
  /// - Parameter keyPath: a path of stored properties (`\.steps`, `\.author.name`).
  /// - Returns: `.absent`, `.partial` or `.complete`; `.absent` for a key
  ///   path that names no stored property (a subscript, a computed property).
  public func state(of keyPath: PartialKeyPath<T>) -> PartialState {
    guard let names = PropertyPath.names(of: keyPath) else { return .absent }
    let candidates = reading.candidates(names, reading.options)
    for (index, candidate) in candidates.enumerated() {
      let state = state(atComponents: candidate.map(JSONPathComponent.key))
      guard state != .absent else { continue }
      // Read from a fallback key: a preferred one may still come while its object is open.
      if index > 0, state == .complete, !isClosed(around: candidate) { return .partial }
      return state
    }
    return .absent
  }

  /// How much of the value at a JSON key path has arrived: keys joined by
  /// dots, array indices in brackets (`steps[2].text`; a leading `$` is allowed).
  ///
  /// - Parameter path: the JSON key path.
  /// - Returns: `.absent`, `.partial` or `.complete`; `.absent` for a path that is not one.
  public func state(at path: String) -> PartialState {
    guard let components = JSONPathComponent.parse(path) else { return .absent }
    return state(atComponents: components)
  }

  // MARK: - Making

  private var decoded: (value: T, error: ModelError?) {
    if let decoded = madeValue { return decoded }
    // One decode at a time for the snapshots of a text: two threads reading
    // values at once would both decode what completed, running its hooks twice.
    return reading.oneDecodeAtATime {
      if let decoded = madeValue { return decoded }
      let decoded = decode()
      made.withLock {
        $0.value = decoded.value
        $0.error = decoded.error
      }
      return decoded
    }
  }

  /// The value and error made by an earlier read, if any.
  private var madeValue: (value: T, error: ModelError?)? {
    made.withLock { parts in (parts.value as? T).map { ($0, parts.error) } }
  }

  private func decode() -> (value: T, error: ModelError?) {
    let found: SnapshotDocument?
    do {
      found = try document()
    } catch {
      return (fallbackValue(), error)
    }
    guard let found else { return (fallbackValue(), nil) }
    do {
      let value = try reading.decodeReporting(found.document, reading.options)
      reading.lastValue.withLock { $0 = value }
      return (value, nil)
    } catch {
      let error = ModelError.decoding(error, of: T.self, at: CodingPath())
      var lenient = reading.options
      lenient.strict = false
      lenient.report = nil
      let value = (try? reading.decode(found.document, lenient)) ?? fallbackValue()
      return (value, error)
    }
  }

  /// What shows when the text so far does not decode at all: what the
  /// latest snapshot that decoded showed, else the empty value.
  private func fallbackValue() -> T {
    if let last = reading.lastValue.withLock({ $0 }) as? T { return last }
    do {
      return try reading.emptyValue()
    } catch {
      preconditionFailure(
        "\(T.self) has no value to show: its init(from:) rejects its empty value and nothing has decoded yet (\(error))")
    }
  }

  private func document() throws(ModelError) -> SnapshotDocument? {
    if let made = made.withLock({ $0.document }) { return try made.get() }
    let result: Result<SnapshotDocument?, ModelError>
    do {
      result = .success(
        try text.document(options: reading.readOptions).map {
          SnapshotDocument(
            document: $0.document, partial: reading.attach($0.incomplete, endsInString: text.endsInString, to: $0.document))
        })
    } catch {
      result = .failure(ModelError(error))
    }
    made.withLock { $0.document = result }
    return try result.get()
  }

  // MARK: - States

  private func state(atComponents components: [JSONPathComponent]) -> PartialState {
    guard let found = try? document() else { return .absent }
    let (document, partial) = (found.document, found.partial)
    var node = document.root
    for (index, component) in components.enumerated() {
      guard let next = component.child(of: node, in: document) else {
        // A member or element begun but not showing yet (a number still being read).
        let isLast = index == components.count - 1
        return isLast && isHidden(component, in: node, document, partial) ? .partial : .absent
      }
      node = next
    }
    return partial.isIncomplete(node) && !text.isComplete ? .partial : .complete
  }

  /// Whether `component` of `node` (the innermost open container) has begun but does not show.
  private func isHidden(
    _ component: JSONPathComponent, in node: JSONDocument.Node, _ document: JSONDocument, _ partial: PartialInput
  ) -> Bool {
    guard !text.isComplete, partial.isInnermost(node) else { return false }
    switch component {
    case .key(let key): return text.hiddenMemberKey == key
    case .index(let index): return text.hiddenElement && index == document.count(of: node)
    }
  }

  /// Whether the object holding the last key of `path` is closed.
  private func isClosed(around path: [String]) -> Bool {
    guard let found = try? document() else { return false }
    let (document, partial) = (found.document, found.partial)
    var node = document.root
    for key in path.dropLast() {
      guard let next = JSONPathComponent.key(key).child(of: node, in: document) else { return false }
      node = next
    }
    return text.isComplete || !partial.isIncomplete(node)
  }
}

/// The parts of a snapshot made when first read, kept for later reads. Not
/// generic: snapshots are taken often, in code not compiled for their
/// type, where a generic box would be looked up at run time each time.
struct SnapshotParts {
  var document: Result<SnapshotDocument?, ModelError>? { didSet { isEmpty = false } }
  /// The value (a `T`) and the error of decoding it.
  var value: Any? { didSet { isEmpty = false } }
  var error: ModelError? { didSet { isEmpty = false } }
  var json: JSONValue? { didSet { isEmpty = false } }
  /// Whether nothing was made (most snapshots are dropped so; checked
  /// before emptying parts for reuse, which costs a copy of every part).
  private(set) var isEmpty = true
}

/// A snapshot's document: the text so far, closed, and what of it has not all arrived.
struct SnapshotDocument {
  let document: JSONDocument
  let partial: PartialInput
}
