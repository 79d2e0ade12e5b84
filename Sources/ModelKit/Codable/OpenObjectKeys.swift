import ModelKitJSON

/// The keys of the containers an encoding stream has open, innermost last:
/// a key a type writes twice into one object is caught (the stream then
/// builds that value as a tree, which keeps the last), and with
/// `.sortedKeys` each object's members are put in key order as it closes.
struct OpenObjectKeys: ~Copyable {
  /// The hashes of the open containers' keys, the first `hashCount` of
  /// room for `hashCapacity`: one block for all (no allocation per object,
  /// no reference counting or uniqueness test per key), whose entries past
  /// the count are written over rather than removed. Owned: freed with the keys.
  private var hashes: UnsafeMutablePointer<Int>
  private var hashCapacity = 64
  private var hashCount = 0
  /// Where the innermost container's hashes begin in `hashes`.
  private var start = 0
  /// A one-word filter of the innermost container's hashes: a key whose bit is clear is new.
  private var hashFilter: UInt64 = 0
  /// With `.sortedKeys`, the members of the open objects: where each began
  /// in the output (`JSONWriter.position`, before its separator) and its key.
  private var members: [(start: Int, key: String)] = []
  /// Whether objects are put in key order as they close.
  let sortsKeys: Bool

  init(sortsKeys: Bool) {
    self.sortsKeys = sortsKeys
    hashes = .allocate(capacity: hashCapacity)
  }

  deinit {
    hashes.deallocate()
  }

  /// What a container sets aside of its enclosing one's keys when it
  /// opens, given back when it closes; and where the keys stood, to go back to.
  struct Mark {
    fileprivate let hashes: Int
    fileprivate let start: Int
    fileprivate let hashFilter: UInt64
    fileprivate let members: Int
  }

  /// Where the keys stand now.
  var mark: Mark { Mark(hashes: hashCount, start: start, hashFilter: hashFilter, members: members.count) }

  /// Forgets every key, keeping the room (a stream reserves it for the frames of a value).
  mutating func removeAll() {
    hashCount = 0
    members.removeAll(keepingCapacity: true)
    (start, hashFilter) = (0, 0)
  }

  /// Notes a key, by the hash `KeyHash.quick` gives its bytes, in the
  /// innermost container; false when it holds the key already, or one
  /// that only shares its hash (which costs the stream time, never a wrong output).
  @inline(__always)
  mutating func insert(hash: Int) -> Bool {
    let bit = UInt64(1) << UInt64(truncatingIfNeeded: hash & 63)
    if hashFilter & bit != 0, UnsafeBufferPointer(start: hashes + start, count: hashCount - start).contains(hash) {
      return false
    }
    hashFilter |= bit
    if hashCount == hashCapacity { growHashes() }
    (hashes + hashCount).initialize(to: hash)
    hashCount += 1
    return true
  }

  /// Twice the room for hashes (rare: keys nested deeper than ever before).
  @inline(never)
  private mutating func growHashes() {
    let larger = UnsafeMutablePointer<Int>.allocate(capacity: hashCapacity * 2)
    larger.moveInitialize(from: hashes, count: hashCount)
    hashes.deallocate()
    (hashes, hashCapacity) = (larger, hashCapacity * 2)
  }

  /// With `.sortedKeys`, notes that member `key` of the innermost object
  /// begins at `position` (asked for only then).
  @inline(__always)
  mutating func noteMember(_ key: @autoclosure () -> String, at position: @autoclosure () -> Int) {
    if sortsKeys { members.append((position(), key())) }
  }

  /// A container opens: it starts with no keys. Returns what it sets aside.
  mutating func open() -> Mark {
    let outer = mark
    (start, hashFilter) = (hashCount, 0)
    return outer
  }

  /// The container that opened at `outer` closes, an object's members put
  /// in key order in `writer` first (with `.sortedKeys`), as `JSONEncoder` sorts them.
  mutating func close(_ outer: Mark, isObject: Bool, in writer: inout JSONWriter) {
    if isObject && sortsKeys { sortMembers(from: outer.members, in: &writer) }
    hashCount = start
    (start, hashFilter) = (outer.start, outer.hashFilter)
  }

  /// Goes back to where the keys stood at `mark`.
  mutating func rewind(to mark: Mark) {
    hashCount = mark.hashes
    members.removeLast(members.count - mark.members)
    (start, hashFilter) = (mark.start, mark.hashFilter)
  }

  /// Puts the innermost object's members, the entries of `members` from
  /// `first` on, in key order, and forgets them.
  private mutating func sortMembers(from first: Int, in writer: inout JSONWriter) {
    defer { members.removeLast(members.count - first) }
    let own = members[first...]
    guard own.count > 1 else { return }
    let order = own.indices.sorted { own[$0].key < own[$1].key }
    guard order != Array(own.indices) else { return }
    writer.reorderMembers(startingAt: own.map(\.start), in: order.map { $0 - first })
  }
}
