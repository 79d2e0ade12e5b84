/// One value of a Codable walk: the decoder or encoder of a value, linked to
/// the enclosing value's, as Foundation's coders link their coding path
/// nodes. The coding path is walked up from here only when an error, a
/// report entry or a type's `codingPath` asks for it.
///
/// The walk's top-level value sits below `root`: `$` for a coder's call, a
/// model field's path for a Codable value inside a model. A walk is used by
/// one thread at a time, so its fields are unchecked.
class CodingPathNode {
  /// A value's key in the enclosing value.
  enum Key {
    /// None: the top level, or a single value.
    case none
    case index(Int)
    case codingKey(any CodingKey)
  }

  /// A key the walk holds on its stack while a converter reads or writes
  /// the value at it (see `CodingPath.Origin`): the key's address and type,
  /// valid only inside the call that lent it.
  enum BorrowedKey {
    case none
    case index(Int)
    case value(UnsafeRawPointer, any CodingKey.Type)
  }

  /// The node of the enclosing value, unretained (nil for the walk's
  /// top-level value): walked up without a retain and a release at every
  /// step. `heldParent` holds it, or it outlives this node's value (a
  /// spare coder's, `move`).
  @exclusivity(unchecked) private final var parentLink: Unmanaged<CodingPathNode>?
  /// The node of the enclosing value, held: by a node made below it, and
  /// by a spare coder once the value's code holds it past its value
  /// (`holdParent`). A spare coder taken up again does not hold it: the
  /// parent's own value is under way until the spare's ends, and a retain
  /// and a release of it per value cost more than the key.
  @exclusivity(unchecked) private final var heldParent: CodingPathNode?
  /// This value's key in the enclosing value.
  @exclusivity(unchecked) final var key: Key
  /// How many values lead here from the top level, `root`'s included.
  @exclusivity(unchecked) final var depth: Int

  /// A node at `key` below `parent`; a top-level one is `rootDepth` levels down.
  init(parent: CodingPathNode?, key: Key, rootDepth: Int) {
    heldParent = parent
    parentLink = parent.map(Unmanaged.passUnretained)
    self.key = key
    depth = (parent?.depth ?? rootDepth) + 1
  }

  /// Puts this node at `key` below `parent`, as `init` does but without
  /// holding `parent`: for a spare coder taken up again for another value
  /// inside `parent`'s (which let go of it, `letGoOfParent`).
  final func move(below parent: CodingPathNode, at key: Key) {
    hang(below: parent)
    self.key = key
  }

  /// `move(below:at:)` at a coding key, its path key made in place (made
  /// by the caller and passed in, it was copied again into the node).
  @inline(__always)
  final func move<Coding: CodingKey>(below parent: CodingPathNode, atCodingKey key: borrowing Coding) {
    hang(below: parent)
    self.key = Key(key)
  }

  /// The parent and depth of both moves; each sets the key as its caller holds it.
  @inline(__always)
  private final func hang(below parent: CodingPathNode) {
    assert(heldParent == nil, "a spare coder still holding its parent")
    parentLink = Unmanaged.passUnretained(parent)
    depth = parent.depth + 1
  }

  /// The node of the enclosing value; nil for the walk's top-level value.
  final var parent: CodingPathNode? { parentLink?.takeUnretainedValue() }

  /// Whether this is the walk's top-level value (it has no parent).
  final var isTopLevel: Bool { parentLink == nil }

  /// Holds the parent: the value's code holds this coder past its value.
  final func holdParent() { heldParent = parent }

  /// Lets go of the parent, for a spare coder (a spare holding its
  /// parent, which holds the spare, would be a cycle).
  @inline(__always)
  final func letGoOfParent() {
    if heldParent != nil { heldParent = nil }
  }

  /// Where the walk's top-level value is (each walker's call knows).
  var root: CodingPath { CodingPath() }

  /// The path of the value at `key` below this one, as keys and indices:
  /// the root's, then a key for each node up to here. No recursion, however
  /// deep the walk (an error where the stack ran out names its path too).
  final func components(appending key: BorrowedKey = .none) -> [CodingPath.Component] {
    pathElements(appending: key, index: { .index($0) }, codingKey: { .codingKey($0) }, rootComponent: { $0 })
  }

  /// The path of the value at `key` below this one, written as `Element`s:
  /// an index, a coding key, or one of the root's components each. One
  /// allocation and a copy of each key: a lenient decode that falls back
  /// with `try?` makes a path per attempt.
  @inline(__always)
  final func pathElements<Element>(
    appending key: BorrowedKey, index: (Int) -> Element, codingKey: (any CodingKey) -> Element,
    rootComponent: (CodingPath.Component) -> Element
  ) -> [Element] {
    var top = Unmanaged.passUnretained(self)
    while let parent = top._withUnsafeGuaranteedRef({ $0.parentLink }) { top = parent }
    let root = top._withUnsafeGuaranteedRef { $0.root.components }
    // `depth` counts the root's levels and every node's (each node's is
    // its parent's plus one, wherever a parent is set), so the root's
    // components, one per keyed node and the lent key fit in `capacity`.
    let capacity = root.count + depth + 1
    return [Element](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      // Filled from the end, bottom up (the lent key, each node's key, the
      // root's components), then moved to the front: slots
      // `start..<capacity` are initialised, and become `0..<count`.
      let base = buffer.baseAddress!
      var start = capacity
      func prepend(_ element: Element) {
        precondition(start > 0, "a coding path node deeper than its depth says")
        start -= 1
        (base + start).initialize(to: element)
      }
      switch key {
      case .none: break
      case .index(let number): prepend(index(number))
      case .value(let address, let type):
        func load<Stored: CodingKey>(_: Stored.Type) -> any CodingKey { address.load(as: Stored.self) }
        prepend(codingKey(load(type)))
      }
      var link: Unmanaged<CodingPathNode>? = Unmanaged.passUnretained(self)
      while let current = link {
        current._withUnsafeGuaranteedRef { node in
          switch node.key {
          case .none: break
          case .index(let number): prepend(index(number))
          case .codingKey(let key): prepend(codingKey(key))
          }
          link = node.parentLink
        }
      }
      for component in root.reversed() { prepend(rootComponent(component)) }
      let count = capacity - start
      if start > 0 { base.moveInitialize(from: base + start, count: count) }
      initialized = count
    }
  }
}
