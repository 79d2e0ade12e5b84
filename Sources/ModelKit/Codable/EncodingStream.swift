import Foundation

/// Signals that a type used its encoding containers in an order a stream
/// cannot follow; that value (only) is then built as a tree.
struct OutOfOrderEncoding: Error {}

/// One Codable encoding call: its `Encodable` value written straight into a
/// `WriteContext`'s writer where it can be, and built as a tree of
/// `EncodedNode`s only where it must be, by one encoder (`ValueEncoder`)
/// whose containers write to either.
///
/// A stream can follow a type as long as its containers nest: a container
/// is written to only while no later sibling is open, and the encoder a
/// value is given is used while that value is being encoded. That is what
/// synthesized and almost all hand-written `encode(to:)` methods do, and so
/// do class hierarchies whose levels ask one encoder for its container in
/// turn (they share the open object). When a type does something else
/// (writes to a container it left, keeps an encoder, asks an encoder for a
/// container of the other kind or once the first is closed), the stream
/// rewinds to where that value began and builds that value alone as a
/// tree, which accepts any order and merges repeated keys; later values of
/// its type in the same call are built as trees directly, and everything
/// around them still streams. A key a type
/// writes twice into one container is handled the same way: the tree
/// writes it once, with its last value, as `JSONEncoder` does. A type whose
/// `JSONKeyMapping` has key paths (which merge into shared objects) is
/// built as a tree, and so is `encodeValue`'s value, whole. With
/// `.sortedKeys` an object streams too: its members are put in key order
/// where they were written, when it closes.
final class EncodingStream {
  // The mutable state is only touched from the one thread running `encode`,
  // one access at a time: dynamic exclusivity checks would only cost time.

  /// The caller's context, lent for the duration of `encode`.
  @exclusivity(unchecked) var write: WriteContext
  let call: EncodeCall
  /// Set when the stream could not follow a type (or has finished): every
  /// later container call fails, until the value at fault is encoded again.
  private(set) var isAbandoned = false
  /// The slot, container or encoder at fault when the stream was abandoned:
  /// an id, so that the value that made it (whose slot id is not above it) restarts.
  @exclusivity(unchecked) private var faultID = 0

  private struct Frame {
    let id: Int
    let isObject: Bool
    /// What the container set aside of its enclosing one's keys.
    let outerKeys: OpenObjectKeys.Mark
  }

  /// The keys of the open containers.
  @exclusivity(unchecked) private var keys: OpenObjectKeys

  /// The open containers, innermost last.
  @exclusivity(unchecked) private var frames: [Frame] = []
  @exclusivity(unchecked) private var lastID = 0

  /// The slot (a member, element or top-level value) whose value has not
  /// begun: its id, its key (members only), and whether an empty slot
  /// still needs a `null` (elements and the top level).
  @exclusivity(unchecked) private var pendingSlot = 0
  @exclusivity(unchecked) private var pendingKey: String?
  /// The pending slot's key as `KeyNames` keep it, instead of `pendingKey`.
  @exclusivity(unchecked) private var pendingSpelled: KeyNames.Name?
  @exclusivity(unchecked) private var pendingNeedsNull = false

  @exclusivity(unchecked) private var plans = EncodingPlans()

  /// The keys written lately, with their hashes and bytes.
  @exclusivity(unchecked) private var writtenKeys = WrittenKeys()

  /// The top-level value's encoder, once nothing else holds it, for the
  /// next value this stream writes: with the encoders below it and their
  /// kept containers, the next value of the same type makes none again.
  /// Kept only by a stream that `keepsTopLevelEncoder` (an encoder holds
  /// its stream: whoever keeps the stream drops it, `dropSpareEncoders`).
  @exclusivity(unchecked) private var spareTopLevel: ValueEncoder?
  /// Whether the stream keeps its top-level encoder between values: set by
  /// the coder's workspace, which keeps the stream between calls.
  @exclusivity(unchecked) var keepsTopLevelEncoder = false

  /// A stream for `call`'s values: one, or one after another (a coder
  /// keeps its stream between calls, see `EncodeWorkspace`).
  init(call: EncodeCall) {
    self.call = call
    keys = OpenObjectKeys(sortsKeys: call.options.contains(.sortedKeys))
    write = Self.placeholder
  }

  /// What the caller's context holds while the stream has it. Never
  /// written to in place: a writer copies a shared buffer before writing.
  nonisolated(unsafe) private static let placeholder = WriteContext(
    options: [], capacity: 16, models: ModelWriter(), codable: CodableBridge())

  /// Writes `value` into `context`: streamed when the type's containers
  /// nest, built as a tree otherwise.
  static func encode<Value: Encodable>(_ value: Value, into context: inout WriteContext, call: EncodeCall)
    throws(ModelError)
  {
    try EncodingStream(call: call).encode(value, into: &context)
  }

  /// `encode(_:into:call:)` with this stream, which may have written
  /// values before. Ids go on from the last value's, so that a container
  /// a type kept from an earlier value is never taken for a new one.
  func encode<Value: Encodable>(_ value: Value, into context: inout WriteContext) throws(ModelError) {
    let checkpoint = context.json.checkpoint
    start()
    swap(&write, &context)
    // Once done, containers a type kept fail until the next value starts.
    defer { isAbandoned = true }
    var failure: (any Error)?
    do {
      try encodeTop(value)
    } catch {
      failure = error
    }
    swap(&write, &context)
    if !isAbandoned {
      guard let failure else { return }
      throw ModelError.encoding(failure, of: Value.self, at: call.root)
    }
    context.json.rewind(to: checkpoint)
    let node = try Self.tree(of: value, call: call)
    if node.isEmpty && call.isOutermost { throw ModelError.nothingEncoded(Value.self) }
    node.write(into: &context.json)
  }

  /// `value` built as a tree, the whole of a call.
  static func tree<Value: Encodable>(of value: Value, call: EncodeCall) throws(ModelError) -> EncodedNode {
    let node = EncodedNode()
    do {
      try EncodingStream(call: call).encode(value, into: node, parent: nil, key: .none)
    } catch {
      throw ModelError.encoding(error, of: Value.self, at: call.root)
    }
    return node
  }

  /// Clears what the last value left (nothing, unless it failed), keeping
  /// the arrays' room and the plans.
  private func start() {
    (isAbandoned, faultID) = (false, 0)
    frames.removeAll(keepingCapacity: true)
    keys.removeAll()
    // Room for the frames of a stream (a tree needs none).
    frames.reserveCapacity(8)
    (pendingSlot, pendingKey, pendingSpelled, pendingNeedsNull) = (0, nil, nil, false)
  }

  private func encodeTop<Value: Encodable>(_ value: Value) throws {
    let slot = openSlot(key: nil, needsNull: true)
    try encode(value, slot: slot, parent: nil, key: .none)
  }

  // MARK: - Values

  /// Writes `value` into the pending slot `slot`. A value that writes
  /// nothing is `{}` in a coder's call, as in `JSONEncoder`; inside a
  /// model, a member is left out and an element is `null`. An array
  /// container passes the plan it keeps for its elements (`elementPlan`),
  /// used when it is `Value`'s and set to `Value`'s when that is `.own`
  /// and `Value` is neither a scalar nor a compiled array.
  func encode<Value: Encodable>(
    _ value: Value, slot: Int, parent: ValueEncoder?, key: CodingPathNode.Key,
    elementPlan: UnsafeMutablePointer<ElementPlan?>? = nil
  ) throws {
    let depth = frames.count
    try StackGuard.check(depth: depth, at: path(below: parent, key))
    let kept: ElementPlan? = elementPlan?.pointee.flatMap { $0.type == ObjectIdentifier(Value.self) ? $0 : nil }
    switch kept == nil ? ScalarField(writtenDirectly: Value.self) : nil {
    case .string?:
      try begin(slot)
      write.json.write(Self.load(value, as: String.self))
    case .int?:
      try begin(slot)
      write.json.write(Self.load(value, as: Int.self))
    case .double?:
      try encode(Self.load(value, as: Double.self), slot: slot, at: parent, key)
    case .bool?:
      try begin(slot)
      write.json.write(Self.load(value, as: Bool.self))
    default:
      let plan: EncodingPlan
      if let kept {
        plan = .own(keysAsTheyAre: kept.keysAsTheyAre)
      } else {
        let array = CompiledArray(Value.self)
        if let array, try writeCompiledArray(value, array, slot: slot) { break }
        plan = try plans.plan(for: Value.self, call: call)
        if let elementPlan, array == nil, case .own(let keysAsTheyAre) = plan {
          elementPlan.pointee = ElementPlan(type: ObjectIdentifier(Value.self), keysAsTheyAre: keysAsTheyAre)
        }
      }
      switch plan {
      case .converter(let converter):
        let converter = converter.typed(as: Value.self)
        if converter.isNil(value) {
          try begin(slot)  // an optional encoded explicitly is `null`, as in Foundation
          write.json.writeNull()
        } else if call.rules.writesOmittedValues || !converter.isOmitted(value) {
          try begin(slot)
          try written(value, with: converter, at: parent, key)
        }
      case .tree:
        try encodeAsTree(value, slot: slot, parent: parent, key: key)
      case .own, .renamed, .elements:
        let start = resumePoint(slot: slot)
        var failure: (any Error)?
        var encoder = self.encoder(slot: slot, parent: parent, key: key, plan: plan)
        do {
          if case .elements(let array) = plan {
            try withUnsafePointer(to: value) { try array.encodeEveryElement(at: $0, to: encoder) }
          } else {
            try value.encode(to: encoder)
          }
        } catch {
          failure = error
        }
        // (Not `if let parent`: the binding costs a retain and a release per value.)
        if parent != nil {
          parent.unsafelyUnwrapped.recycle(consume encoder)
        } else if ValueEncoder.endValue(of: &encoder), keepsTopLevelEncoder, case .none = key {
          spareTopLevel = encoder
        }
        if isAbandoned && faultID >= slot {
          // This value's own containers could not be followed: it alone starts over as a tree.
          resume(at: start)
          plans.replace(Value.self, with: .tree)
          elementPlan?.pointee = nil
          try encodeAsTree(value, slot: slot, parent: parent, key: key)
        } else if let failure {
          throw failure
        } else if call.rules.writesNothingAsObject && slot == pendingSlot {
          if parent == nil && call.isOutermost { throw ModelError.nothingEncoded(Value.self) }
          try begin(slot)
          write.json.beginObject()
          write.json.endObject()
        }
      }
    }
    try close(toDepth: depth)
  }

  /// Where the stream stood before a value in `slot` began, to go back to.
  private struct ResumePoint {
    let output: JSONWriter.Checkpoint
    let frames: Int
    let keys: OpenObjectKeys.Mark
    let pendingKey: String?
    let pendingSpelled: KeyNames.Name?
    let pendingNeedsNull: Bool
    let slot: Int
  }

  private func resumePoint(slot: Int) -> ResumePoint {
    ResumePoint(
      output: readingWriter { $0.checkpoint }, frames: frames.count, keys: keys.mark, pendingKey: pendingKey,
      pendingSpelled: pendingSpelled, pendingNeedsNull: pendingNeedsNull, slot: slot)
  }

  /// `read` applied to the writer in place: a property of the writer read
  /// through the stored `write` copied the writer for the call (a retain
  /// and a release per value, for the checkpoint).
  @inline(__always)
  private func readingWriter<Result>(_ read: (inout JSONWriter) -> Result) -> Result { read(&write.json) }

  /// Drops everything written since `point` and makes its slot pending again.
  private func resume(at point: ResumePoint) {
    write.json.rewind(to: point.output)
    frames.removeLast(frames.count - point.frames)
    keys.rewind(to: point.keys)
    (pendingSlot, pendingKey, pendingSpelled, pendingNeedsNull) =
      (point.slot, point.pendingKey, point.pendingSpelled, point.pendingNeedsNull)
    (isAbandoned, faultID) = (false, 0)
  }

  /// Builds `value` as a tree, then writes it into `slot` (nothing when it is empty).
  private func encodeAsTree<Value: Encodable>(
    _ value: Value, slot: Int, parent: ValueEncoder?, key: CodingPathNode.Key
  ) throws {
    let node = EncodedNode()
    try encode(value, into: node, parent: parent, key: key)
    if !node.isEmpty {
      try begin(slot)
      node.write(into: &write.json)
    }
  }

  /// Builds `value` into `node`: ModelKit's converters for the types it
  /// knows, the value's own `encode(to:)` for the others.
  func encode<Value: Encodable>(_ value: Value, into node: EncodedNode, parent: ValueEncoder?, key: CodingPathNode.Key)
    throws
  {
    try StackGuard.check(depth: (parent?.depth ?? 0) + 1, at: path(below: parent, key))
    // Containers encode themselves, so their elements come back here one by one.
    if !call.converters.isContainer(Value.self), let converter = try call.converters.converter(for: Value.self) {
      if !call.rules.writesOmittedValues && converter.isOmitted(value) { return }
      // The path is only worth assembling for a value whose writing can fail.
      var context = call.detachedContext(at: converter.encodingCanFail ? path(below: parent, key) : call.root)
      try converter.encode(value, &context)
      node.set(try context.builtValue())
      return
    }
    let mapping = call.converters.outputMapping(for: Value.self)
    let keysAsTheyAre = mapping == nil && call.converters.isStringKeyedDictionary(Value.self)
    try value.encode(
      to: ValueEncoder(
        encoding: self, destination: .node(node), parent: parent, key: key, mapping: mapping,
        keysAsTheyAre: keysAsTheyAre))
    // The model layer writes a set in `SetOrder`; a coder's call, as `JSONEncoder` does, in its own.
    if call.rules.sortsSets && Value.self is any SetAlgebra.Type { node.sortElements() }
    // A value that writes nothing is `{}` in a coder's call, as in `JSONEncoder`.
    let isTopLevel: Bool
    if parent == nil, case .none = key { isTopLevel = true } else { isTopLevel = false }
    if node.isEmpty && call.rules.writesNothingAsObject && !(isTopLevel && call.isOutermost) { node.makeObject() }
  }

  /// A double; one that is not finite as the coder's strategy says, or,
  /// inside a model, left out (`null` as an element).
  private func encode(_ value: Double, slot: Int, at parent: ValueEncoder?, _ key: CodingPathNode.Key) throws {
    guard value.isFinite else {
      guard call.rules.writesOmittedValues else { return }
      let text = try nonFinite(value, at: path(below: parent, key))
      try begin(slot)
      return write(text)
    }
    try begin(slot)
    write.json.write(value)
  }

  /// A NaN or infinity as the coder's strategy writes it; throws for it at `path` otherwise.
  func nonFinite(_ value: Double, at path: @autoclosure () -> CodingPath) throws(ModelError) -> EncodedScalar {
    .string(try WriteContext.nonConformingText(value, strategies: call.strategies, at: path()))
  }

  /// The path of the value at `key` below `parent` (nil: the call's
  /// top-level value), named now: for an error.
  func path(below parent: ValueEncoder?, _ key: CodingPathNode.Key) -> CodingPath {
    guard let parent else { return call.root }
    return CodingPath(key.borrowed { parent.components(appending: $0) })
  }

  /// Writes `scalar` where the stream stands.
  @inline(__always)
  func write(_ scalar: EncodedScalar) {
    switch scalar {
    case .null: write.json.writeNull()
    case .bool(let flag): write.json.write(flag)
    case .string(let text): write.json.write(text)
    case .int(let integer): write.json.write(integer)
    case .uint(let integer): write.json.write(integer)
    case .double(let double): write.json.write(double)
    case .digits(let number): write.json.write(number)
    }
  }

  /// Notes `key` in the innermost object; a key written twice abandons
  /// the stream (the tree keeps one, with the last value, as `JSONEncoder`).
  /// Keys are told apart by hash: two keys that only share a hash also
  /// abandon the stream, which costs time, never a wrong output.
  func noteKey(_ key: String) throws {
    if let known = knownKey(key) {
      return try noteKey(hash: known.hash)
    }
    try noteKey(
      hash: withUTF8Bytes(of: key) { utf8 in
        let hash = KeyHash.quick(utf8)
        writtenKeys.remember(key, hash: hash, utf8: utf8)
        return hash
      })
  }

  /// `key` as the written-key table kept it, escaped as this stream's writer escapes.
  @inline(__always)
  private func knownKey(_ key: String) -> WrittenKeys.Known? {
    writtenKeys.known(key, escapingSlashes: write.json.escapesSlashes)
  }

  /// `noteKey(_:)` for a key whose bytes' `KeyHash.quick` is `hash`.
  @inline(__always)
  func noteKey(hash: Int) throws {
    guard keys.insert(hash: hash) else { throw abandon(at: frames.last?.id ?? 0) }
  }

  /// Lets go of the kept top-level encoder, which holds this stream.
  func dropSpareEncoders() { spareTopLevel = nil }

  /// The encoder of a value in `slot` (below `parent`, or at the top
  /// level) whose type's `encode(to:)` runs as `plan` says. A plan without
  /// a mapping passes none: one taken from the plan was retained and
  /// released for every value, though nearly always nil.
  @inline(__always)
  private func encoder(slot: Int, parent: ValueEncoder?, key: CodingPathNode.Key, plan: EncodingPlan) -> ValueEncoder {
    guard case .renamed(let mapping) = plan else {
      let keysAsTheyAre = plan.keysAsTheyAre
      return parent?.child(slot: slot, key: key, mapping: nil, keysAsTheyAre: keysAsTheyAre)
        ?? topLevelEncoder(slot: slot, key: key, mapping: nil, keysAsTheyAre: keysAsTheyAre)
    }
    return parent?.child(slot: slot, key: key, mapping: mapping, keysAsTheyAre: false)
      ?? topLevelEncoder(slot: slot, key: key, mapping: mapping, keysAsTheyAre: false)
  }

  /// The encoder of a top-level value in `slot`: the spare one, set up
  /// anew, when there is one (its place in the coding path is the top
  /// level's already), else a new one.
  private func topLevelEncoder(
    slot: Int, key: CodingPathNode.Key, mapping: [String: [String]]?, keysAsTheyAre: Bool
  ) -> ValueEncoder {
    guard case .none = key, let spare = spareTopLevel else {
      return ValueEncoder(
        taking: self, slot: slot, parent: nil, key: key, mapping: mapping, keysAsTheyAre: keysAsTheyAre)
    }
    spareTopLevel = nil
    spare.takeUp(slot: slot, mapping: mapping, keysAsTheyAre: keysAsTheyAre)
    return spare
  }

  /// Writes an array of one of the element types the converters compile
  /// for (`CompiledArray`) as its converter writes it, without looking up
  /// its plan; false, writing nothing, for a `[Double]` holding a number
  /// that is not finite and for a `[[Double]]`, which the converter writes.
  private func writeCompiledArray<Value>(_ value: Value, _ array: CompiledArray, slot: Int) throws -> Bool {
    try withUnsafePointer(to: value) { (pointer) in
      guard array.writesItself(pointer) else { return false }
      try begin(slot)
      array.write(pointer, to: &write.json)
      return true
    }
  }

  /// Runs a converter; one whose writing can fail starts from this value's
  /// path, for the errors it makes further down.
  private func written<Value>(
    _ value: Value, with converter: ValueConverter<Value>, at parent: ValueEncoder?, _ key: CodingPathNode.Key
  ) throws(ModelError) {
    guard converter.encodingCanFail else { return try converter.encode(value, &write) }
    let outer = write.path
    defer { write.path = outer }
    guard let parent else {
      write.path = call.root
      return try converter.encode(value, &write)
    }
    try key.borrowed { key throws(ModelError) in
      write.path = CodingPath(below: parent, key)
      try converter.encode(value, &write)
    }
  }

  /// `value`, whose type is `Target`.
  @inline(__always)
  private static func load<Source, Target>(_ value: Source, as target: Target.Type) -> Target {
    withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: Target.self) }
  }

  // MARK: - Slots and containers

  /// A new pending slot in the innermost container.
  func openSlot(key: String?, needsNull: Bool) -> Int {
    lastID += 1
    pendingSlot = lastID
    pendingKey = key
    pendingNeedsNull = needsNull
    return lastID
  }

  /// A new pending member in the innermost object, its key `name` as
  /// `KeyNames` keep it (no `String` held for it).
  @inline(__always)
  func openSlot(spelled name: KeyNames.Name) -> Int {
    lastID += 1
    pendingSlot = lastID
    pendingSpelled = name
    pendingNeedsNull = false
    return lastID
  }

  /// Starts the value of `slot` (writing its key), which must be the pending one.
  func begin(_ slot: Int) throws {
    guard !isAbandoned, slot == pendingSlot else { throw abandon(at: slot) }
    pendingSlot = 0
    if let name = pendingSpelled {
      pendingSpelled = nil
      noteMemberStart(name)
      write(spelled: name)
    } else if let key = pendingKey {
      pendingKey = nil
      noteMemberStart(key)
      if let known = knownKey(key) {
        write.json.writeKey(utf8: known.utf8, needsEscaping: known.needsEscaping)
      } else {
        write.json.writeKey(key)
      }
    }
  }

  /// `writeKey(_:)` for a key `KeyNames` keep (`name`).
  @inline(__always)
  func writeKey(spelled name: KeyNames.Name) throws {
    noteMemberStart(name)
    try noteKey(hash: name.hash)
    write(spelled: name)
  }

  /// Writes the key `name`, noted, into the innermost object.
  @inline(__always)
  private func write(spelled name: KeyNames.Name) {
    write.json.writeKey(utf8: name.utf8, needsEscaping: name.escapes.needed(escapingSlashes: write.json.escapesSlashes))
  }

  /// Writes a member's key into the innermost object, noted as `noteKey(_:)` notes it.
  func writeKey(_ key: String) throws {
    noteMemberStart(key)
    if let known = knownKey(key) {
      try noteKey(hash: known.hash)
      return self.write.json.writeKey(utf8: known.utf8, needsEscaping: known.needsEscaping)
    }
    // One pass over the key's bytes for both its hash and its text (a
    // native string's, in place; another is copied once).
    @inline(__always) func write(_ utf8: UnsafeBufferPointer<UInt8>) throws {
      let hash = KeyHash.quick(utf8)
      try noteKey(hash: hash)
      writtenKeys.remember(key, hash: hash, utf8: utf8)
      self.write.json.writeKey(escapingAsNeeded: utf8)
    }
    if try key.utf8.withContiguousStorageIfAvailable(write) == nil {
      var native = key
      try native.withUTF8(write)
    }
  }

  /// With `.sortedKeys`, notes that a member `key` of the innermost object begins here.
  @inline(__always)
  func noteMemberStart(_ key: String) {
    keys.noteMember(key, at: write.json.position)
  }

  /// `noteMemberStart(_:)` for a key `KeyNames` keep (its string made only then).
  @inline(__always)
  private func noteMemberStart(_ name: KeyNames.Name) {
    keys.noteMember(name.text, at: write.json.position)
  }

  /// Gives up an unused pending slot: a member is left out, an element is `null`.
  @inline(__always)
  private func settle() {
    guard pendingSlot != 0 else { return }
    pendingSlot = 0
    pendingKey = nil
    pendingSpelled = nil
    if pendingNeedsNull { write.json.writeNull() }
  }

  /// Makes container `id` the innermost one, closing those opened after it.
  func enter(_ id: Int) throws {
    guard !isAbandoned else { throw OutOfOrderEncoding() }
    settle()
    if frames.last?.id == id { return }
    guard let index = frames.lastIndex(where: { $0.id == id }) else { throw abandon(at: id) }
    try close(toDepth: index + 1)
  }

  /// Whether container `id` is still open.
  func isOpen(_ id: Int) -> Bool {
    !isAbandoned && frames.contains { $0.id == id }
  }

  /// `enter(_:)` for the container calls that cannot throw: failure abandons the stream.
  func tryEnter(_ id: Int) -> Bool {
    do {
      try enter(id)
      return true
    } catch {
      return false
    }
  }

  /// Opens an object (`isObject`) or array in the innermost slot or
  /// container position; returns its id.
  func open(object isObject: Bool) -> Int {
    if isObject { write.json.beginObject() } else { write.json.beginArray() }
    lastID += 1
    frames.append(Frame(id: lastID, isObject: isObject, outerKeys: keys.open()))
    return lastID
  }

  /// Closes the containers beyond the first `depth`.
  private func close(toDepth depth: Int) throws {
    settle()
    while frames.count > depth {
      let frame = frames.removeLast()
      keys.close(frame.outerKeys, isObject: frame.isObject, in: &write.json)
      if frame.isObject { write.json.endObject() } else { write.json.endArray() }
    }
  }

  /// Gives up streaming; returns the error that unwinds to `encode`.
  func abandon(at fault: Int) -> OutOfOrderEncoding {
    if !isAbandoned { (isAbandoned, faultID) = (true, fault) }
    return OutOfOrderEncoding()
  }
}
