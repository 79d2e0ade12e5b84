import ModelKitJSON

/// Finds an object's members by name when the names are asked for in the
/// order the object holds them, members between them or not (a type
/// decoding the keys it declares from JSON written in that order), where the
/// first of a repeated key wins (as in `JSONDecoder`): by reading on from
/// the member after the last one found, without hashing every key. A
/// filter of the keys passed tells when a name may have been passed
/// already, and a look back finds its first occurrence, as it finds a name
/// asked for after it was passed (while looking back has read fewer than
/// twice the members). A name neither among the next `lookAhead` members
/// nor found looking back, or a key with escapes or non-ASCII bytes on the
/// way, is `unordered`: another way must find it (`MemberIndex`'s table,
/// a container's search). Names asked for are plain ASCII: one that is not
/// may equal a key as a `String` (U+212A KELVIN SIGN is "K"), which reading
/// on compares byte for byte.
struct InOrderMembers {
  /// The key node of the object's first member.
  private let first: Int
  /// The key node of the member after the last one found, and how many
  /// members are left from it. (Sums on nodes and counts of members wrap,
  /// `&+`: they stay within the document's tape.)
  private var next: Int
  private var remaining: Int
  /// The keys of the members before `next`, as bits of their `KeyHash.quick`.
  private var passed = KeyFilter()
  /// How many more members looking back may read before lookups are
  /// `unordered`: a few members behind cost less than another way, but
  /// every name behind would cost the members before it (quadratic).
  private var lookBackBudget: Int

  /// How many members reading on passes before giving up the order.
  private static let lookAhead = 16

  /// What a lookup found.
  enum Reading {
    case found(JSONDocument.Node)
    /// No member has the name.
    case absent
    /// Another way must find it.
    case unordered
  }

  /// A reading of `object`, from its first member.
  @inline(__always)
  init(_ object: JSONDocument.Node, of document: JSONDocument) {
    first = object.index + 1
    next = first
    remaining = document.count(of: object)
    lookBackBudget = 2 * remaining + 16
  }

  /// The first member named `utf8`, read on from the last one found;
  /// `hash` is `utf8`'s `KeyHash.quick` and `head` its `KeyHash.firstWord`
  /// when the caller knows them.
  @inline(__always)
  mutating func member(
    _ utf8: UnsafeBufferPointer<UInt8>, hash: Int? = nil, head: UInt64? = nil, in document: JSONDocument
  ) -> Reading {
    if let value = nextMember(utf8, hash: hash, head: head, in: document) { return .found(value) }
    return memberFurther(utf8, hash: hash, in: document)
  }

  /// The member after the last one found, when it is named `utf8` and no
  /// member before it may be: the common case, names asked for in order
  /// with no member between them, read without copying the filter. A name
  /// of up to eight bytes whose `head` is known is compared in one load of
  /// the key where it lies (Internals §6).
  @inline(__always)
  private mutating func nextMember(
    _ utf8: UnsafeBufferPointer<UInt8>, hash: Int?, head: UInt64?, in document: JSONDocument
  ) -> JSONDocument.Node? {
    guard remaining > 0 else { return nil }
    var raw = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    guard document.withRawString(JSONDocument.Node(next), { bytes, isPlainASCII in
      raw = bytes
      guard isPlainASCII, bytes.count == utf8.count else { return false }
      if let head, bytes.count <= 8 { return KeyHash.firstWord(ofKeyInText: bytes) == head }
      return KeyHash.equal(bytes, utf8)
    }) == true else { return nil }
    let hash = hash ?? KeyHash.quick(keyInText: raw)
    guard !passed.mayContain(hash) else { return nil }
    passed.insert(hash)
    let value = JSONDocument.Node(next &+ 1)
    next = document.nodeAfter(value).index
    remaining &-= 1
    return value
  }

  /// `member` past the next member: reading on, or looking back.
  private mutating func memberFurther(_ utf8: UnsafeBufferPointer<UInt8>, hash: Int?, in document: JSONDocument)
    -> Reading
  {
    var position = next
    var left = remaining
    var passedHere = passed
    var looked = 0
    while left > 0 && looked < Self.lookAhead {
      looked &+= 1
      let key = JSONDocument.Node(position)
      var raw = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
      guard document.withRawString(key, { bytes, isPlainASCII in
        raw = bytes
        return isPlainASCII
      }) == true else { return .unordered }
      let value = JSONDocument.Node(position &+ 1)
      if KeyHash.equal(raw, utf8) {
        let hash = hash ?? KeyHash.quick(keyInText: raw)
        // An earlier member with this key would be the first.
        if let behind = passedMember(utf8, hash: hash, in: document) { return behind }
        passedHere.insert(hash)
        (passed, next, remaining) = (passedHere, document.nodeAfter(value).index, left &- 1)
        return .found(value)
      }
      passedHere.insert(KeyHash.quick(keyInText: raw))
      position = document.nodeAfter(value).index
      left &-= 1
    }
    // Not ahead: before (looked for among the members passed, while that
    // stays cheap next to another way), further on, or nowhere.
    if let behind = passedMember(utf8, hash: hash ?? KeyHash.quick(utf8), in: document) { return behind }
    return left > 0 ? .unordered : .absent
  }

  /// The first member before `next` named `utf8` (whose `KeyHash.quick` is
  /// `hash`), when the filter says one may be there: `.found`, `.unordered`
  /// once looking back has cost its budget, nil when there is none.
  @inline(__always)
  private mutating func passedMember(_ utf8: UnsafeBufferPointer<UInt8>, hash: Int, in document: JSONDocument)
    -> Reading?
  {
    guard passed.mayContain(hash) else { return nil }
    guard lookBackBudget > 0 else { return .unordered }
    return firstBefore(next, utf8, in: document).map(Reading.found)
  }

  /// The value of the first member before the key node `end` whose key is
  /// `utf8`; what it reads is taken from `lookBackBudget`.
  private mutating func firstBefore(_ end: Int, _ utf8: UnsafeBufferPointer<UInt8>, in document: JSONDocument)
    -> JSONDocument.Node?
  {
    var position = first
    while position < end {
      lookBackBudget &-= 1
      let value = JSONDocument.Node(position &+ 1)
      if document.withRawString(JSONDocument.Node(position), { raw, _ in KeyHash.equal(raw, utf8) }) == true {
        return value
      }
      position = document.nodeAfter(value).index
    }
    return nil
  }
}
