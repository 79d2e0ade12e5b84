/// What a keyed container's box reads or writes through, which its coder
/// points at each object it hands the box out for (`ContainerTarget`,
/// `EncodingObjectState`). It reads its coder unretained: the coder that
/// keeps the box, alive while it keeps it (Internals.md §12).
protocol KeptContainerTarget: AnyObject {
  /// Lets go of what the object was (a tree's node), while the box is idle.
  func endObject()
  /// Holds the coder from now on: the box is held past the value it was
  /// made for, and the coder no longer keeps it.
  func holdCoder()
}

/// The box of a keyed container that a Codable decoder or encoder keeps
/// and hands out again for its next object of the same key type, instead
/// of making a `KeyedDecodingContainer` or `KeyedEncodingContainer` (their
/// metadata, conformance and allocation cost about a thousand
/// instructions); one per coder, with the box it kept before for another
/// key type. Internals.md §12 says what this relies on.
struct KeptContainer<Target: KeptContainerTarget> {
  /// The box: a keyed container's one stored property, so that it is the
  /// container when cast back (the coder checks the layout once, `keepsBoxes`).
  private(set) var box: AnyObject?
  /// The coding key type of the box's container.
  private var keyType = ObjectIdentifier(NoKey.self)
  /// What the box's container reads or writes through.
  private(set) var target: Target?
  /// The box kept before `box`, for another key type, its key type and
  /// its target: a coder that takes turns between two types of objects
  /// (a model's `[Price]`, then its `[SeatCategory]`, model after model)
  /// keeps a box for each.
  private var otherBox: AnyObject?
  private var otherKeyType = ObjectIdentifier(NoKey.self)
  private var otherTarget: Target?
  /// Whether the boxes changed places during the coder's value, so that
  /// the other box may have served it too (`endValue`).
  private var swappedDuringValue = false

  /// Whether the container for `Key`s may be the kept one: there is no box
  /// yet, or the box's container is for `Key`s, or the other box's is (the
  /// boxes change places), or there is no other box (the box becomes the
  /// other one, and the next kept is for `Key`s). Past two key types the
  /// boxes stay with the first two (a coder reads or writes the values of
  /// a type's properties in turn, where a box made anew for each type
  /// would cost more than it saves).
  @inline(__always)
  mutating func serves<Key: CodingKey>(_ type: Key.Type) -> Bool {
    if box == nil || keyType == ObjectIdentifier(type) { return true }
    guard otherBox == nil || otherKeyType == ObjectIdentifier(type) else { return false }
    swap(&box, &otherBox)
    swap(&keyType, &otherKeyType)
    swap(&target, &otherTarget)
    swappedDuringValue = true
    return true
  }

  /// Keeps `box`, the box of a container for `Key`s over `target`.
  mutating func keep<Key: CodingKey>(_ box: AnyObject, for type: Key.Type, over target: Target) {
    self.box = box
    keyType = ObjectIdentifier(type)
    self.target = target
  }

  /// At the end of the coder's value: each box that served it is kept
  /// for the next value when nothing else holds it, its target done with
  /// the object; otherwise it is dropped, its target holding the coder
  /// for whoever holds the box.
  mutating func endValue() {
    if swappedDuringValue {
      swappedDuringValue = false
      Self.endValue(&otherBox, &otherTarget)
    }
    Self.endValue(&box, &target)
  }

  private static func endValue(_ box: inout AnyObject?, _ target: inout Target?) {
    guard box != nil else { return }
    guard isKnownUniquelyReferenced(&box) else {
      target?.holdCoder()
      box = nil
      target = nil
      return
    }
    target?.endObject()
  }

  /// Drops the boxes (their coder is held by the value's code, so not used again).
  mutating func drop() {
    box = nil
    target = nil
    otherBox = nil
    otherTarget = nil
    swappedDuringValue = false
  }
}

extension KeptContainer {
  /// The box, not retained: this value holds it.
  var unretainedBox: Unmanaged<AnyObject> { Unmanaged.passUnretained(box.unsafelyUnwrapped) }
}

/// A kept box cast back to the container it is, without looking up the
/// container's metadata for the key type (`KeyedDecodingContainer<Key>`
/// is a generic type of the standard library, its metadata found in a
/// table per call, about 330 instructions). The cast is made once, for
/// `NoKey`, by a function that returns its container indirectly, as the
/// standard library's resilient containers are returned; that function is
/// called as one returning a container for `Key`s, which has the same
/// layout (Internals.md §12).
enum KeptBox {
  /// `box`, the box of a container for `Key`s, as that container (retained).
  @inline(__always)
  static func decodingContainer<Key: CodingKey>(
    _ box: Unmanaged<AnyObject>, keyedBy type: Key.Type
  ) -> KeyedDecodingContainer<Key> {
    unsafeBitCast(Reader(read: decodingContainer(ofBox:)), to: Reader<KeyedDecodingContainer<Key>>.self).read(box)
  }

  /// `box`, the box of a container for `Key`s, as that container (retained).
  @inline(__always)
  static func encodingContainer<Key: CodingKey>(
    _ box: Unmanaged<AnyObject>, keyedBy type: Key.Type
  ) -> KeyedEncodingContainer<Key> {
    unsafeBitCast(Reader(read: encodingContainer(ofBox:)), to: Reader<KeyedEncodingContainer<Key>>.self).read(box)
  }

  /// A function from a box to its container, stored as its generic
  /// declaration stores it (the container returned indirectly, whatever
  /// the key type), so that readers for two key types have one layout.
  struct Reader<Container> {
    let read: (Unmanaged<AnyObject>) -> Container
  }

  private static func decodingContainer(ofBox box: Unmanaged<AnyObject>) -> KeyedDecodingContainer<NoKey> {
    box._withUnsafeGuaranteedRef { unsafeBitCast($0, to: KeyedDecodingContainer<NoKey>.self) }
  }

  private static func encodingContainer(ofBox box: Unmanaged<AnyObject>) -> KeyedEncodingContainer<NoKey> {
    box._withUnsafeGuaranteedRef { unsafeBitCast($0, to: KeyedEncodingContainer<NoKey>.self) }
  }
}
