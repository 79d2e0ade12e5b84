import Foundation

/// A `Decoder` over one node of a parsed document; `node == nil` stands
/// for a missing value, which lenient mode decodes as the type's empty value.
///
/// A decoder that nothing holds once its value is decoded is kept by its
/// parent for the next value inside the parent (`spareChild`), as
/// `JSONDecoder` decodes nested values with the one decoder object: the
/// per-value fields are therefore variables, set anew by `child`. The decoder
/// of a call is used by one thread at a time, so they are unchecked. The
/// decoders are the nodes of the call's coding path.
final class DocumentDecoder: CodingPathNode, Decoder {
  let call: DecodeCall
  @exclusivity(unchecked) private(set) var node: JSONDocument.Node?
  /// The `JSONKeyMapping` of the type being decoded, as key paths.
  @exclusivity(unchecked) private(set) var mapping: [String: [[String]]]?
  /// What a lenient value that does not convert (or asks for a container
  /// of the wrong kind) becomes.
  @exclusivity(unchecked) private(set) var onMismatch: Mismatch
  /// Whether the value's JSON keys are used as they are, whatever the key
  /// strategy (a `String`-keyed dictionary's, as in `JSONDecoder`).
  @exclusivity(unchecked) private(set) var keysAsTheyAre: Bool
  /// With a decode report, the coding keys of the value's keyed
  /// containers, to tell unknown keys.
  @exclusivity(unchecked) private var keyTypes: KeyTypes?
  /// A decoder of a value inside this one that nothing else holds, for
  /// the next such value.
  @exclusivity(unchecked) private var spareChild = SpareCoder<DocumentDecoder>()
  /// The box of the keyed container made over this decoder, handed out
  /// again for its next object of the same key type (`KeptObjectContainer`)
  /// when nothing else holds it. Kept only by a decoder `child` made,
  /// between `child` and `recycle`, which keeps the box for the next
  /// value or drops it (Internals.md §12).
  @exclusivity(unchecked) private var kept = KeptContainer<ContainerTarget>()
  /// Whether `container(keyedBy:)` keeps its box: set by `child` (`keepsChildContainers`), cleared by `recycle`.
  @exclusivity(unchecked) private var keepsContainers = false
  /// Whether a `KeyedDecodingContainer` is its box, as kept (its layout
  /// does not depend on the key type).
  private static let keepsBoxes = MemoryLayout<KeyedDecodingContainer<NoKey>>.size == MemoryLayout<AnyObject>.size

  /// The key types, or every key once `allKeys` was asked for.
  private final class KeyTypes {
    var types: [any CodingKey.Type] = []
    var all = false
  }

  /// What lenient decoding does with a value that does not convert.
  enum Mismatch {
    /// A property: its type's empty value.
    case empty
    /// A collection element: dropped (`DroppedElement` is thrown).
    case drop
    /// The top-level value: a `ModelError`, in every mode.
    case fail
  }

  var userInfo: [CodingUserInfoKey: Any] { call.userInfo }

  /// The call's document, held here for the containers' reads.
  let document: JSONDocument
  /// For keyed containers over this value's object: its member index, made
  /// at the first lookup that needs one (too large to scan; members read
  /// in order by key names need none); its members by converted key, with
  /// a key strategy.
  @exclusivity(unchecked) private(set) var memberIndex: MemberIndex? {
    didSet { memberIndexLink = memberIndex.map(Unmanaged.passUnretained) }
  }
  /// `memberIndex`, unretained, for a lookup without a retain and a
  /// release (`memberIndex` keeps it alive).
  @exclusivity(unchecked) private var memberIndexLink: Unmanaged<MemberIndex>?
  @exclusivity(unchecked) private(set) var convertedMembers: [String: JSONDocument.Node]?
  /// The members of this value's object read in order, by the names of
  /// coding key enums (`member(_:named:)`); nil where that does not read:
  /// the call's last key wins, or keys are mapped or converted.
  @exclusivity(unchecked) private var inOrder: InOrderMembers?
  @exclusivity(unchecked) private var membersPrepared = false

  /// Readies the members of `object` (this value's node), once for all the
  /// keyed containers asked for: converted, when the call has a key
  /// strategy; else read in order, when the first key wins and the type
  /// maps none.
  func prepareMembers(of object: JSONDocument.Node?) {
    guard !membersPrepared, let object else { return }
    membersPrepared = true
    if call.keyStrategy != nil, !keysAsTheyAre {
      convertedMembers = call.convertedMembers(of: object, codingPath: codingPath)
    } else if call.firstKeyWins && mapping == nil {
      inOrder = InOrderMembers(object, of: document)
    }
  }

  /// The member of `object` (this value's node) whose JSON key is `name`
  /// (the first or last of a repeated key, as the call says): from the
  /// member index, or by scanning a small object. Here rather than in the
  /// container, which reaches the document only through this decoder.
  @inline(__always)
  func member(_ name: String, of object: JSONDocument.Node) -> JSONDocument.Node? {
    if let memberIndexLink { return memberIndexLink._withUnsafeGuaranteedRef { $0.member(name) } }
    if document.count(of: object) > MemberIndex.scanLimit { return indexedMember(name, of: object) }
    return document.member(name, of: object, firstWins: call.firstKeyWins)
  }

  /// `member(_:of:)` in an object too large to scan, its index made.
  @inline(never)
  private func indexedMember(_ name: String, of object: JSONDocument.Node) -> JSONDocument.Node? {
    let index = MemberIndex(document, object, firstWins: call.firstKeyWins)
    memberIndex = index
    return index.member(name)
  }

  /// The member for `key` in this value's object, read in order by its
  /// name among `names` (its key type's), without the key's `stringValue`
  /// and without a search of the object; `unordered` when the container's
  /// search must find it (not read in order here, a name not kept, a key
  /// out of order), which finds the same member.
  @inline(__always)
  func member<Key: CodingKey>(_ key: Key, named names: Unmanaged<KeyNames>) -> InOrderMembers.Reading {
    guard inOrder != nil, let name = names._withUnsafeGuaranteedRef({ $0.name(of: key) }) else { return .unordered }
    return inOrder!.member(name.utf8, hash: name.hash, head: name.head, in: document)
  }

  /// `read` applied to the call's document, for a container, which would
  /// otherwise copy the document (a retain and a release) for every read.
  @inline(__always)
  func reading<Result>(_ read: (JSONDocument) -> Result) -> Result { read(document) }

  init<Key: CodingKey>(
    call: DecodeCall, node: JSONDocument.Node?, parent: DocumentDecoder?, key: Key,
    mapping: [String: [[String]]]? = nil, onMismatch: Mismatch = .empty, keysAsTheyAre: Bool = false
  ) {
    self.call = call
    document = call.document
    self.node = node
    self.mapping = mapping
    self.onMismatch = onMismatch
    self.keysAsTheyAre = keysAsTheyAre
    keyTypes = call.read.recorder == nil ? nil : KeyTypes()
    super.init(parent: parent, key: CodingPathNode.Key(key), rootDepth: call.rootDepth)
  }

  /// Where the call's top-level value is.
  override var root: CodingPath { call.root }

  /// A decoder for a value inside this one (`init`'s parameters, the
  /// mapping and key rule those of the value's type's `traits`): the spare
  /// one, set up anew, when there is one.
  private func child<Key: CodingKey>(
    node: JSONDocument.Node?, key: Key, traits: Unmanaged<CodableTraits.Traits>?, onMismatch: Mismatch
  ) -> DocumentDecoder {
    let keysAsTheyAre = traits?._withUnsafeGuaranteedRef { $0.isStringKeyedDictionary } ?? false
    var mapping: [String: [[String]]]? { traits?._withUnsafeGuaranteedRef { $0.mapping } }
    guard let spare = spareChild.take() else {
      let child = DocumentDecoder(
        call: call, node: node, parent: self, key: key, mapping: mapping, onMismatch: onMismatch,
        keysAsTheyAre: keysAsTheyAre)
      child.keepsContainers = keepsChildContainers
      return child
    }
    spare.keepsContainers = keepsChildContainers
    spare.move(below: self, atCodingKey: key)
    spare.node = node
    // Nearly always nil, and nil before: no retain and release of it then
    // (nor of the type's, read from its traits only when it is there).
    if let mapping {
      spare.mapping = mapping
    } else if spare.mapping != nil {
      spare.mapping = nil
    }
    spare.onMismatch = onMismatch
    spare.keysAsTheyAre = keysAsTheyAre
    if call.read.recorder != nil { spare.keyTypes = KeyTypes() }
    return spare
  }

  /// Whether the decoders `child` makes keep their boxes: below the
  /// call's top-level value, not for it (read once, its kept box would
  /// only cost an allocation more).
  @inline(__always)
  private var keepsChildContainers: Bool { !isTopLevel }

  /// Keeps `child`, a decoder `child(node:key:…)` made, as the spare one
  /// when nothing else holds it (a type's `init(from:)` may keep its
  /// decoder or a container over it). Its spare is kept with it.
  private func recycle(_ child: consuming DocumentDecoder) {
    var child = child
    child.keepsContainers = false
    child.kept.endValue()
    guard isKnownUniquelyReferenced(&child) else {
      // Held by the value's code, so not used again: its kept box goes,
      // and it holds its place in the coding path.
      child.kept.drop()
      child.holdParent()
      return
    }
    // The parent let go and what was made from it; the key and mapping
    // are set anew by `child`.
    child.letGoOfParent()
    if child.membersPrepared {
      child.membersPrepared = false
      // Each cleared only when set (nearly never): clearing releases what was there, nil too.
      if child.memberIndexLink != nil { child.memberIndex = nil }
      if child.convertedMembers != nil { child.convertedMembers = nil }
      child.inOrder = nil
    }
    // Moved, not copied: a retain and a release fewer per value.
    spareChild.keep(consume child)
  }

  /// Notes, with a decode report, that a keyed container reads `Key`s.
  @inline(__always)
  func readsKeys<Key: CodingKey>(_ type: Key.Type) {
    if let keyTypes, !keyTypes.types.contains(where: { $0 == type }) { keyTypes.types.append(type) }
  }

  /// Notes, with a decode report, that a keyed container asked for every key.
  func readsAllKeys() { keyTypes?.all = true }

  /// Notes in the decode's report what leniency did with `node`, the value
  /// at `key` inside this one (`NoKey`: this value).
  func note<Key: CodingKey>(_ kind: DecodeReport.Entry.Kind, _ node: JSONDocument.Node?, key: Key, target: String) {
    guard call.read.recorder != nil else { return }
    reading(at: key) { call.read.note(kind, node, target: target) }
  }

  /// Runs `body` with the call's read context at the value at `key` inside
  /// this one (`NoKey`: this value), for a converter or a report entry.
  @inline(__always)
  private func reading<Key: CodingKey, Result, Failure: Error>(at key: Key, _ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    try CodingPathNode.BorrowedKey.borrowing(key) { key throws(Failure) in
      call.read.path = CodingPath(below: self, key)
      // The key is lent only for this call: the path that names it goes with it.
      defer { call.read.path = CodingPath() }
      return try body()
    }
  }

  /// With a decode report, notes the members of this value's object whose
  /// keys are none of its containers' coding keys (as the key strategy
  /// converts them), nor the first key of a mapped key path. Without one,
  /// only the test is made, inline: the call cost about 23 instructions a value.
  @inline(__always)
  private func noteUnknownKeys(of type: Any.Type) {
    if keyTypes != nil { noteReportedUnknownKeys(of: type) }
  }

  /// `noteUnknownKeys(of:)` with a decode report.
  @inline(never)
  private func noteReportedUnknownKeys(of type: Any.Type) {
    guard let keyTypes, !keyTypes.all, !keyTypes.types.isEmpty, let node, call.document.kind(of: node) == .object
    else { return }
    let document = call.document
    let heads = Set(mapping?.values.flatMap { $0.compactMap(\.first) } ?? [])
    for (key, value) in document.members(of: node) {
      let name = document.string(key) ?? ""
      let codingName = keysAsTheyAre ? name : call.convert(name, codingPath)
      if heads.contains(name) || keyTypes.types.contains(where: { $0.init(stringValue: codingName) != nil }) { continue }
      // A value still arriving is noted once it is whole (its excerpt would change).
      if let partial = call.read.partial, partial.isIncomplete(value) { continue }
      reading(at: AnyKey(name)) { call.read.note(.unknownKey, value, target: TypeNames.name(of: type)) }
    }
  }

  var codingPath: [any CodingKey] { codingPath() }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let object: JSONDocument.Node?
    if let asked = node(ofKind: .object) {
      object = asked
    } else {
      if let embedded = embedded(.object, for: [String: Any].self) { return try embedded.container(keyedBy: type) }
      object = try present(.object, "an object")
    }
    guard keepsContainers, Self.keepsBoxes, let object, kept.serves(Key.self) else {
      return KeyedDecodingContainer(ObjectContainer<Key>(decoder: self, object: object))
    }
    ObjectContainer<Key>.prepare(self, object)
    if kept.target != nil {
      // Nothing else holds the box: a box held past the value it was made
      // for is dropped then (`KeptContainer.endValue`), and within one value
      // every container is over the same object. (The target borrowed:
      // bound, it was retained and released; Internals.md §13.)
      Unmanaged.passUnretained(kept.target.unsafelyUnwrapped)._withUnsafeGuaranteedRef { $0.object = object }
      // The box is a container for `Key`s (Internals.md §12).
      let box = kept.unretainedBox
      return KeptBox.decodingContainer(box, keyedBy: Key.self)
    }
    let target = ContainerTarget(keptBy: self, keyedBy: Key.self, object: object)
    let container = KeyedDecodingContainer(KeptObjectContainer<Key>(target: target))
    kept.keep(unsafeBitCast(container, to: AnyObject.self), for: Key.self, over: target)
    return container
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if let asked = node(ofKind: .array) { return ArrayContainer(decoder: self, array: asked) }
    if let embedded = embedded(.array, for: [Any].self) { return try embedded.unkeyedContainer() }
    return ArrayContainer(decoder: self, array: try present(.array, "an array"))
  }

  /// This value's node when it is of `kind`, as a container asked for it:
  /// what `embedded` and `present` leave such a node, found without their calls.
  @inline(__always)
  private func node(ofKind kind: JSONKind) -> JSONDocument.Node? {
    guard let node, call.document.kind(of: node) == kind else { return nil }
    return node
  }

  /// Leniently, for a value below the top level that is a string holding
  /// a JSON object or array (`kind`): a decoder of the document the string
  /// holds, at this value's path, as the model reader reads such strings
  /// (design section 4). Nil otherwise.
  private func embedded(_ kind: JSONKind, for type: Any.Type) -> DocumentDecoder? {
    guard onMismatch != .fail, !call.options.strict, let node, call.document.kind(of: node) == .string else {
      return nil
    }
    let embedded = reading(at: NoKey()) { () -> ReadContext? in
      guard let inner = call.read.embeddedJSON(node, kind: kind) else { return nil }
      call.read.noteConversion(node, target: TypeNames.name(of: type))
      return inner
    }
    guard let inner = embedded else { return nil }
    return DocumentDecoder(
      call: DecodeCall(inner, converters: call.converters), node: inner.document.root, parent: nil, key: NoKey(),
      mapping: mapping, onMismatch: onMismatch, keysAsTheyAre: keysAsTheyAre)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ValueContainer(decoder: self)
  }

  /// The node when it has `kind`; nil for a missing node, or leniently for
  /// any other kind (an empty container); strict mode throws, and so does
  /// a top-level value in every mode.
  private func present(_ kind: JSONKind, _ what: String) throws -> JSONDocument.Node? {
    // For an error only: named here, its metadata was looked up for every container.
    var type: any Any.Type { kind == .object ? [String: Any].self : [Any].self }
    if onMismatch != .empty, let found = node.map({ call.document.kind(of: $0) }), found != kind {
      if onMismatch == .drop { throw DroppedElement() }
      var error = ModelError.wrongTopLevel(expected: what, found: found, at: path, valueType: type)
      word(&error, type, found)
      throw error.decodingError
    }
    guard let node else {
      if call.options.strict && !awaits {
        throw ModelError.missingContainer(what, at: path, type: type).decodingError
      }
      return nil
    }
    let found = call.document.kind(of: node)
    if found == kind { return node }
    if call.options.strict {
      var error = ModelError.wrongContainer(expected: what, found: found, at: path, type: type)
      word(&error, type, found)
      throw error.decodingError
    }
    // Leniently an empty container, which the report says.
    note(.emptySubstituted, node, key: NoKey(), target: what)
    return nil
  }

  /// Gives `error`, a `type` expected where a value of kind `found` is,
  /// the sentence `JSONDecoder` says it in, for the Foundation error's
  /// context (a null is not a mismatch there).
  private func word(_ error: inout ModelError, _ type: any Any.Type, _ found: JSONKind) {
    guard found != .null else { return }
    error.foundation.description = call.converters.mismatchDescription(of: type, found: found)
  }

  /// This value's path from the top level, named now: for an error.
  var path: CodingPath { path(appending: NoKey()) }

  /// Whether this value is a container still arriving, or is missing from
  /// one: a key or element it lacks may still come, so it reads as its
  /// empty value, quietly (no report entry, no strict error) (design section 13).
  var awaits: Bool {
    guard let partial = call.read.partial else { return false }
    if let node { return partial.isIncomplete(node) }
    return (parent as? DocumentDecoder)?.awaits ?? false
  }

  /// Decodes `type` from `node` (nil = missing), a value at `key` inside
  /// this decoder's value (`NoKey`: this value itself, as a single value);
  /// `onMismatch` says what a lenient value that does not convert becomes.
  @inline(__always)
  func decode<Value: Decodable, Key: CodingKey>(
    _ type: Value.Type, from node: JSONDocument.Node?, key: Key, onMismatch: Mismatch = .empty
  ) throws -> Value {
    try decode(type, from: node, key: key, onMismatch: onMismatch, entry: checkedEntry(for: Value.self, at: key))
  }

  /// `decode(_:from:key:)` for an element of a collection whose elements
  /// this decoder reads one after another: the stack's room is checked and
  /// the elements' converter entry looked up for the first (`entry` nil),
  /// and the entry kept in `entry` for the others, at the same depth and of
  /// the same type.
  @inline(__always)
  func decodeElement<Value: Decodable, Key: CodingKey>(
    _ type: Value.Type, from node: JSONDocument.Node?, key: Key, entry: inout ConverterCache.Entry?
  ) throws -> Value {
    if let entry { return try decode(type, from: node, key: key, onMismatch: .empty, entry: entry) }
    let first = try checkedEntry(for: Value.self, at: key)
    entry = first
    return try decode(type, from: node, key: key, onMismatch: .empty, entry: first)
  }

  /// `Value`'s converter entry, once the stack is checked for room for a value at `key`.
  @inline(__always)
  private func checkedEntry<Value, Key: CodingKey>(for type: Value.Type, at key: Key) throws -> ConverterCache.Entry {
    try StackGuard.check(depth: depth, at: self.path(appending: key))
    return try converterEntry(for: Value.self)
  }

  /// `decode(_:from:key:onMismatch:)` once the stack's room is checked,
  /// with `Value`'s converter `entry`.
  private func decode<Value: Decodable, Key: CodingKey>(
    _ type: Value.Type, from node: JSONDocument.Node?, key: Key, onMismatch: Mismatch, entry: ConverterCache.Entry
  ) throws -> Value {
    if let known = entry.converter {
      return try decode(node, key: key, onMismatch: onMismatch, with: known.typed(as: Value.self))
    }
    let traits = entry.unretainedTraits
    let node = call.document.partial == nil ? node : shownToCodable(node)
    if let node {
      if !call.options.strict, let collection = traits?._withUnsafeGuaranteedRef({ $0.droppingCollection }),
        call.document.kind(of: node) == collection.kind
      {
        return try Self.decode(collection, node, DocumentDecoder(call: call, node: node, parent: self, key: key))
      }
      if call.options.strict, let collection = traits?._withUnsafeGuaranteedRef({ $0.elementByElement }),
        collection.readsElementByElement(node, of: call.document, depth: depth)
      {
        return try decodeElementByElement(collection, node, key: key)
      }
    }
    let decoder = child(node: node, key: key, traits: traits, onMismatch: call.options.strict ? .empty : onMismatch)
    let value: Value
    do {
      value = try Value(from: decoder)
    } catch {
      recycle(consume decoder)
      throw error
    }
    decoder.noteUnknownKeys(of: Value.self)
    recycle(consume decoder)
    return value
  }

  /// The call's converter entry for `type`, the cache borrowed from the
  /// call, which holds it (read as a property, it was retained and released
  /// around every value: Internals.md §13). Apart, so that the frames of a
  /// deep decode do not grow with the borrow's closure (under
  /// AddressSanitizer they did, by enough to end a 500-deep text early).
  @inline(never)
  private func converterEntry<Value>(for type: Value.Type) throws -> ConverterCache.Entry {
    try Unmanaged.passUnretained(call.converters)._withUnsafeGuaranteedRef { converters throws(ModelError) in
      try converters.entry(for: Value.self)
    }
  }

  /// `node`, or nil when it is a string still arriving, which is not there
  /// yet for a type read by its own `init(from:)`. Apart, so that the
  /// frames of a deep decode do not grow (they are on every level).
  @inline(never)
  private func shownToCodable(_ node: JSONDocument.Node?) -> JSONDocument.Node? {
    guard let node, let partial = call.read.partial, partial.holdsBackFromCodable(node) else { return node }
    return nil
  }

  /// The empty value of a value that has not arrived yet, quietly.
  @inline(never)
  private func awaitedValue<Value: Decodable, Key: CodingKey>(key: Key, with converter: ValueConverter<Value>) throws
    -> Value
  {
    try converter.emptyValue ?? Value(from: DocumentDecoder(call: call, node: nil, parent: self, key: key))
  }

  /// `decode(_:from:key:onMismatch:)` for a type ModelKit's `converter`
  /// reads. Apart, so that the other types' calls (Codable types, read in
  /// generic code) never ask for the converter's result type.
  @inline(never)
  private func decode<Value: Decodable, Key: CodingKey>(
    _ node: JSONDocument.Node?, key: Key, onMismatch: Mismatch, with converter: ValueConverter<Value>
  ) throws -> Value {
    guard let node, call.document.partial == nil || !ReadContext.holdsBack(node, of: call.document, from: converter) else {
      if call.document.partial != nil, awaits { return try awaitedValue(key: key, with: converter) }
      if call.options.strict {
        throw ModelError.missing("\(Value.self)", at: self.path(appending: key), type: Value.self).decodingError
      }
      return try substitutingEmpty(for: nil, key: key, with: converter)
    }
    // Decoded into a slot: this function names no `Converted<Value>` and no
    // `Value?`, whose metadata code not compiled for `Value` looks up on
    // every call (the converter's `decode(_:into:_:)`).
    return try withTemporarySlot(for: Value.self) { (target) throws -> Value in
      // Converters of models and containers make errors and report entries
      // of their own further down, at paths that start below this value.
      let answer: Converted<Void>
      do throws(ModelError) {
        // `reading(at:)` spelled out: one closure where it and
        // `BorrowedKey.borrowing` make three, in code not compiled for the
        // value's type (a Codable decode reads most values here).
        answer = try withUnsafePointer(to: key) { (address) throws(ModelError) in
          call.read.path = CodingPath(below: self, .lent(at: address))
          defer { call.read.path = CodingPath() }
          return try converter.decode(node, into: target, &call.read)
        }
      } catch {
        throw error.foundationDecodingError
      }
      switch answer {
      case .natural:
        return target.move()
      case .converted:
        // At the value's path only when a report notes it (setting the path costs more than the note).
        if call.read.recorder == nil {
          call.read.noteConversion(node, target: converter.typeName)
        } else {
          reading(at: key) { call.read.noteConversion(node, target: converter.typeName) }
        }
        return target.move()
      case .failed(let failure):
        if call.options.strict || onMismatch == .fail {
          throw failureError(failure, node, key: key, onMismatch: onMismatch, with: converter).decodingError
        }
        if onMismatch == .drop { throw DroppedElement() }
        return try substitutingEmpty(for: node, key: key, with: converter)
      }
    }
  }

  /// The error for the value at `node` (at `key`) that `converter` did not
  /// convert (`failure`), in strict mode or where a value that does not
  /// convert fails the call (`onMismatch` `.fail`).
  @inline(never)
  private func failureError<Value: Decodable, Key: CodingKey>(
    _ failure: ConversionFailure, _ node: JSONDocument.Node, key: Key, onMismatch: Mismatch,
    with converter: ValueConverter<Value>
  ) -> ModelError {
    let found = document.kind(of: node)
    if onMismatch == .fail && failure == .mismatch {
      var error = ModelError.wrongTopLevel(
        Value.self, cannotBeReadFrom: found, at: self.path(appending: key), valueType: converter.mismatchType)
      word(&error, converter.mismatchType, found)
      return error
    }
    let type = failure == .mismatch ? converter.mismatchType : Value.self
    let location = CodingPathNode.BorrowedKey.borrowing(key) { codingPath(appending: $0) }
    var error = ReadContext.failure(
      failure, node, in: document, target: converter.typeName, type: type, at: .codingKeys(location))
    if failure == .mismatch { word(&error, type, found) }
    return error
  }

  /// A call's top-level value, of a type ModelKit's `converter` reads,
  /// read as the call's top-level decoder reads it (`decode(_:from:key:onMismatch:)`
  /// with `.fail`: the same call of the converter, at the top level's
  /// path) without making the decoder and its `DecodeCall`, which only a
  /// value that does not convert needs (for its error). Not for a
  /// snapshot of a text still arriving, nor a call with a report, which
  /// the decoder reads (`read` has neither).
  static func decodeTopLevel<Value: Decodable>(
    _ node: JSONDocument.Node, with converter: ValueConverter<Value>, _ read: inout ReadContext,
    converters: ConverterCache
  ) throws -> Value {
    checkInvariant(read.recorder == nil && read.document.partial == nil, "a top-level value read without its decoder")
    return try withTemporarySlot(for: Value.self) { (target) throws -> Value in
      let answer: Converted<Void>
      do throws(ModelError) {
        answer = try converter.decode(node, into: target, &read)
      } catch {
        throw error.foundationDecodingError
      }
      switch answer {
      case .natural:
        return target.move()
      case .converted:
        read.noteConversion(node, target: converter.typeName)
        return target.move()
      case .failed(let failure):
        let call = DecodeCall(read, converters: converters)
        let decoder = DocumentDecoder(call: call, node: node, parent: nil, key: NoKey())
        throw decoder.failureError(failure, node, key: NoKey(), onMismatch: .fail, with: converter).decodingError
      }
    }
  }

  /// What a lenient call reads for a value that is missing (`node` nil) or
  /// does not convert: the type's empty value, noted in the report.
  @inline(never)
  private func substitutingEmpty<Value: Decodable, Key: CodingKey>(
    for node: JSONDocument.Node?, key: Key, with converter: ValueConverter<Value>
  ) throws -> Value {
    note(.emptySubstituted, node, key: key, target: converter.typeName)
    if let empty = converter.emptyValue { return empty }
    return try Value(from: DocumentDecoder(call: call, node: nil, parent: self, key: key))
  }

  /// `Value`, known to be the collection type `Collection`, decoded element by element.
  private static func decode<Collection: ElementDroppingCollection, Value>(
    _ collection: Collection.Type, _ node: JSONDocument.Node, _ decoder: DocumentDecoder
  ) throws -> Value {
    unsafeBitCast(try Collection.decodeDroppingFailures(node, in: decoder), to: Value.self)
  }

  /// `Value`, known to be the collection type `Collection`, decoded element
  /// by element, strictly, by a decoder at `key` (the spare one, when there is one).
  private func decodeElementByElement<Collection: ElementByElementDecodable, Value, Key: CodingKey>(
    _ collection: Collection.Type, _ node: JSONDocument.Node, key: Key
  ) throws -> Value {
    let decoder = child(node: node, key: key, traits: nil, onMismatch: .empty)
    let value: Value
    do {
      value = unsafeBitCast(try Collection.decodeEveryElement(node, in: decoder), to: Value.self)
    } catch {
      recycle(consume decoder)
      throw error
    }
    recycle(consume decoder)
    return value
  }
}
