import ModelKitJSON

/// How a kept keyed container (`KeptObjectContainer`) finds the members of
/// the objects it reads when they hold them in the order its type asks for
/// them, as a synthesized `init(from:)` asks for its keys (in declaration
/// order) and as most JSON is written: `InOrderMembers`, given the key's
/// name from `KeyNames`, without the key's `stringValue` and without a
/// search of the object. What it cannot tell (a key without a kept name,
/// one out of order) is left to the container's search, which finds the
/// same member; so it reads only for calls where the first key wins (as
/// `InOrderMembers` reads), in objects read by their JSON keys as they are
/// (no key strategy, no `JSONKeyMapping`).
struct MemberCursor {
  /// The names of the container's keys, unretained (Internals.md §2); nil
  /// for key types the search alone reads.
  private let names: Unmanaged<KeyNames>?
  /// The object being read, in order; nil when it is not read here.
  private var reading: InOrderMembers?

  /// A cursor for the keys of `type`.
  init<Key: CodingKey>(for type: Key.Type) {
    names = KeyNames.of(type).map(Unmanaged.passUnretained)
  }

  /// Starts on `object` (nil: none), its members in order when `inOrder`
  /// (the call's first key wins and keys are read as they are).
  @inline(__always)
  mutating func start(_ object: JSONDocument.Node?, of document: JSONDocument, inOrder: Bool) {
    guard inOrder, names != nil, let object else {
      reading = nil
      return
    }
    reading = InOrderMembers(object, of: document)
  }

  /// The member named as `key` is, as `InOrderMembers` finds it;
  /// `unordered` when the container's search must find it.
  @inline(__always)
  mutating func member<Key: CodingKey>(_ key: Key, in document: JSONDocument) -> InOrderMembers.Reading {
    guard reading != nil, let name = names?._withUnsafeGuaranteedRef({ $0.name(of: key) }) else { return .unordered }
    return reading!.member(name.utf8, hash: name.hash, in: document)
  }
}
