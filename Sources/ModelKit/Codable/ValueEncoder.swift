import ModelKitJSON

/// The `Encoder` a Codable value gets in a `ModelEncoder` call (or inside a
/// model). Its containers write straight into the call's stream while
/// they nest, or into an `EncodedNode` when the value is built as a tree
/// first (sorted keys, key paths, `encodeValue`, and a type whose
/// containers the stream could not follow); see `EncodingStream`.
///
/// The encoders are the nodes of the call's coding path.
final class ValueEncoder: CodingPathNode, Encoder {
  /// Where the value goes.
  enum Destination {
    /// Into the stream, filling this pending slot (0: none, the stream was abandoned).
    case slot(Int)
    /// Into this node of a tree.
    case node(EncodedNode)
  }

  let encoding: EncodingStream
  // Set anew when a spare encoder is reused (`child`); one thread, one access at a time.
  @exclusivity(unchecked) private(set) var destination: Destination
  /// Where the type's `JSONKeyMapping` puts its keys: one name each in the
  /// stream, key paths too in a tree.
  @exclusivity(unchecked) private(set) var mapping: [String: [String]]?
  /// Whether keys are written as they are, whatever the key strategy (a
  /// `String`-keyed dictionary's, as in `JSONEncoder`).
  @exclusivity(unchecked) private(set) var keysAsTheyAre: Bool
  /// The frame this value opened in the stream, 0 before.
  @exclusivity(unchecked) private var openedFrame = 0
  @exclusivity(unchecked) private var openedObject = false
  /// An encoder a value below this one used and nothing else holds, for
  /// the next value below this one (`child`, `recycle`).
  @exclusivity(unchecked) private var spareChild = SpareCoder<ValueEncoder>()
  /// The box of the keyed container made over this encoder, handed out
  /// again for its next object of the same key type (pointing its
  /// `EncodingObjectState` there) when nothing else holds it. Kept only
  /// between `init(taking:…)` or `takeUp` and `endValue`, which keeps the
  /// box for the next value or drops it (Internals.md §12).
  @exclusivity(unchecked) private var kept = KeptContainer<EncodingObjectState>()
  /// Whether `container(keyedBy:)` keeps its box: set by `init(taking:…)`
  /// and `takeUp`, cleared by `endValue`.
  @exclusivity(unchecked) private var keepsContainers = false
  /// Whether a `KeyedEncodingContainer` is its box, as kept (its layout
  /// does not depend on the key type).
  private static let keepsBoxes = MemoryLayout<KeyedEncodingContainer<NoKey>>.size == MemoryLayout<AnyObject>.size

  init(
    encoding: EncodingStream, destination: Destination, parent: ValueEncoder?, key: CodingPathNode.Key,
    mapping: [String: [String]]? = nil, keysAsTheyAre: Bool = false
  ) {
    self.encoding = encoding
    self.destination = destination
    self.mapping = mapping
    self.keysAsTheyAre = keysAsTheyAre
    super.init(parent: parent, key: key, rootDepth: encoding.call.rootDepth)
  }

  /// The encoder of a value below this one, written into the stream at
  /// `slot`: the spare one when there is one, else a new one.
  func child(
    slot: Int, key: CodingPathNode.Key, mapping: [String: [String]]?, keysAsTheyAre: Bool
  ) -> ValueEncoder {
    guard let spare = spareChild.take() else {
      return ValueEncoder(
        taking: encoding, slot: slot, parent: self, key: key, mapping: mapping, keysAsTheyAre: keysAsTheyAre)
    }
    spare.move(below: self, at: key)
    spare.takeUp(slot: slot, mapping: mapping, keysAsTheyAre: keysAsTheyAre)
    return spare
  }

  /// A new encoder for a value written into `encoding` at `slot`, as
  /// `child` or the stream's top level makes one: it keeps its keyed
  /// container's box until `endValue`.
  convenience init(
    taking encoding: EncodingStream, slot: Int, parent: ValueEncoder?, key: CodingPathNode.Key,
    mapping: [String: [String]]?, keysAsTheyAre: Bool
  ) {
    self.init(
      encoding: encoding, destination: .slot(slot), parent: parent, key: key, mapping: mapping,
      keysAsTheyAre: keysAsTheyAre)
    keepsContainers = true
  }

  /// Sets this spare encoder up anew for a value written at `slot`, its
  /// place in the coding path set already.
  func takeUp(slot: Int, mapping: [String: [String]]?, keysAsTheyAre: Bool) {
    keepsContainers = true
    destination = .slot(slot)
    // Nearly always nil, and nil before: no retain and release of it then.
    if mapping != nil || self.mapping != nil { self.mapping = mapping }
    self.keysAsTheyAre = keysAsTheyAre
    openedFrame = 0
    openedObject = false
  }

  /// Keeps `child`, an encoder `child(slot:…)` made, as the spare one when
  /// nothing else holds it (a type's `encode(to:)` may keep its encoder or
  /// a container over it). Its own spare is kept with it.
  func recycle(_ child: consuming ValueEncoder) {
    var child = child
    guard Self.endValue(of: &child) else {
      // Held by the value's code: it holds its place in the coding path.
      child.holdParent()
      return
    }
    child.letGoOfParent()
    // Moved, not copied: a retain and a release fewer per value.
    spareChild.keep(consume child)
  }

  /// Ends the value of `encoder`, which `init(taking:…)` made or `takeUp`
  /// set up: its kept box lets go of it. Whether nothing else holds it,
  /// so that it may serve another value.
  @inline(__always)
  static func endValue(of encoder: inout ValueEncoder) -> Bool {
    encoder.keepsContainers = false
    encoder.kept.endValue()
    guard isKnownUniquelyReferenced(&encoder) else {
      // Held by the value's code, so not used again: its kept box goes.
      encoder.kept.drop()
      return false
    }
    return true
  }

  /// Where the call's top-level value goes.
  override var root: CodingPath { encoding.call.root }

  /// The value's coding path from the top level (below a model's field,
  /// for a Codable value inside a model), as `JSONEncoder` gives it.
  var codingPath: [any CodingKey] { codingPath() }

  var userInfo: [CodingUserInfoKey: Any] { encoding.call.userInfo }

  /// This value's container: its node made an object or array, or opened
  /// in its slot of the stream. Asked again for one of the same kind (a
  /// subclass and its superclass sharing one object), the stream goes on
  /// writing into it while it is open, as `JSONEncoder` shares it (a key
  /// both write then abandons the stream for this value, and a tree merges
  /// them); asked for another kind, or once it is closed, the stream is
  /// abandoned for this value.
  private func target(object: Bool) -> EncodingTarget {
    switch destination {
    case .node(let node):
      if object { node.makeObject() } else { node.makeArray() }
      return .node(node)
    case .slot(let slot):
      if openedFrame != 0 {
        guard openedObject == object, encoding.isOpen(openedFrame) else {
          _ = encoding.abandon(at: slot)
          return .frame(0)
        }
        return .frame(openedFrame)
      }
      guard (try? encoding.begin(slot)) != nil else {
        _ = encoding.abandon(at: slot)
        return .frame(0)
      }
      openedFrame = encoding.open(object: object)
      openedObject = object
      return .frame(openedFrame)
    }
  }

  /// Whether the call's key strategy converts this value's keys.
  var convertsKeys: Bool { encoding.call.keyStrategy != nil && !keysAsTheyAre }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let target = target(object: true)
    guard keepsContainers, Self.keepsBoxes, kept.serves(Key.self) else {
      return KeyedEncodingContainer(EncodingObjectContainer<Key>(encoder: self, target: target))
    }
    if kept.target != nil {
      // The state borrowed: bound, it was retained and released (Internals.md §13).
      Unmanaged.passUnretained(kept.target.unsafelyUnwrapped)._withUnsafeGuaranteedRef { $0.set(self, target) }
      // The box is a container for `Key`s, held by nothing but this value (Internals.md §12).
      let box = kept.unretainedBox
      return KeptBox.encodingContainer(box, keyedBy: Key.self)
    }
    let state = EncodingObjectState(keptBy: self, keyedBy: Key.self, target: target)
    let container = KeyedEncodingContainer(EncodingObjectContainer<Key>(state: state))
    kept.keep(unsafeBitCast(container, to: AnyObject.self), for: Key.self, over: state)
    return container
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { arrayContainer() }

  /// `unkeyedContainer()` as its own type, for the encoder's own loops
  /// (`ElementByElementEncodable`), which reach it without an existential.
  func arrayContainer() -> EncodingArrayContainer {
    EncodingArrayContainer(encoder: self, target: target(object: false))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    EncodingValueContainer(encoder: self)
  }
}
