import ModelKitJSON

/// Finds the members of an object too large to scan by name, the last one
/// winning as in `JSONSerialization` (or the first, as in `JSONDecoder`).
///
/// With the first winning, names asked for in the order the object holds
/// them, members between them or not (a type decoding the keys it declares
/// from JSON written in that order), are found by reading on from the last
/// one found, without hashing every key; a filter of the keys passed tells
/// when a name may have been passed already, and a look back finds its
/// first occurrence, as it finds a name asked for after it was passed (while
/// looking back has read fewer than twice the members). When names stop
/// coming in order (one is neither among the next `lookAhead` members nor
/// found looking back), or a key has escapes or non-ASCII bytes, the
/// members go into a table: open-addressed by the hashes of their keys' raw
/// bytes, without making strings; keys with escapes or non-ASCII bytes go
/// to a dictionary, for `String` equality (a name spelled both ways takes
/// the first or last member by position). With the last winning, the table
/// is made at once.
final class MemberIndex {
  private let document: JSONDocument
  private let object: JSONDocument.Node
  private let firstWins: Bool

  /// Reading on in order: the key node of the member after the last one
  /// found, and how many members are left from it.
  @exclusivity(unchecked) private var next: Int
  @exclusivity(unchecked) private var remaining: Int
  /// The keys of the members before `next`, as bits of their `KeyHash.quick`.
  @exclusivity(unchecked) private var passed = KeyFilter()
  /// How many more members looking back may read before lookups go to
  /// the table: a few members behind cost less than a table, but every
  /// name behind would cost the members before it (quadratic).
  @exclusivity(unchecked) private var lookBackBudget: Int
  /// The table, once the order is given up (from the start when the last
  /// key wins): the members, and member index + 1 by hash slot (0 = empty).
  /// One container's, used on one thread at a time.
  @exclusivity(unchecked) private var hasTable = false
  @exclusivity(unchecked) private var keys: [JSONDocument.Node] = []
  @exclusivity(unchecked) private var values: [JSONDocument.Node] = []
  @exclusivity(unchecked) private var slots: [Int] = []
  /// Keys with escapes or non-ASCII bytes, by their text: member index.
  @exclusivity(unchecked) private var others: [String: Int] = [:]

  /// Objects of up to this many members are scanned instead.
  static let scanLimit = 12
  /// How many members reading on passes before giving up the order.
  private static let lookAhead = 16

  init(_ document: JSONDocument, _ object: JSONDocument.Node, firstWins: Bool = false) {
    self.document = document
    self.object = object
    self.firstWins = firstWins
    next = object.index + 1
    remaining = document.count(of: object)
    lookBackBudget = 2 * remaining + 16
    if !firstWins { makeTable() }
  }

  /// The member named `name` (the last, or the first with `firstWins`).
  func member(_ name: String) -> JSONDocument.Node? {
    withUTF8Bytes(of: name) { utf8 -> JSONDocument.Node? in
      if !hasTable {
        switch memberInOrder(utf8) {
        case .found(let value): return value
        case .absent: return nil
        case .unordered: makeTable()
        }
      }
      return memberInTable(utf8)
    }
  }

  private enum Reading {
    case found(JSONDocument.Node)
    case absent
    /// The table must answer.
    case unordered
  }

  /// Reads on from the last member found to the one named `utf8`.
  private func memberInOrder(_ utf8: UnsafeBufferPointer<UInt8>) -> Reading {
    var position = next
    var left = remaining
    var passedHere = passed
    var looked = 0
    while left > 0 && looked < Self.lookAhead {
      looked += 1
      let key = JSONDocument.Node(position)
      var raw = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
      guard document.withRawString(key, { bytes, isPlainASCII in
        raw = bytes
        return isPlainASCII
      }) == true else { return .unordered }
      let value = JSONDocument.Node(position + 1)
      let hash = KeyHash.quick(keyInText: raw)
      if KeyHash.equal(raw, utf8) {
        // An earlier member with this key would be the first.
        if let behind = passedMember(utf8, hash: hash) { return behind }
        passedHere.insert(hash)
        (passed, next, remaining) = (passedHere, document.nodeAfter(value).index, left - 1)
        return .found(value)
      }
      passedHere.insert(hash)
      position = document.nodeAfter(value).index
      left -= 1
    }
    // Not ahead: before (looked for among the members passed, while that
    // stays cheap next to building the table), further on, or nowhere.
    if let behind = passedMember(utf8, hash: KeyHash.quick(utf8)) { return behind }
    return left > 0 ? .unordered : .absent
  }

  /// The first member before `next` named `utf8` (whose `KeyHash.quick` is
  /// `hash`), when the filter says one may be there: `.found`, `.unordered`
  /// once looking back has cost its budget, nil when there is none.
  @inline(__always)
  private func passedMember(_ utf8: UnsafeBufferPointer<UInt8>, hash: Int) -> Reading? {
    guard passed.mayContain(hash) else { return nil }
    guard lookBackBudget > 0 else { return .unordered }
    return firstBefore(next, utf8).map(Reading.found)
  }

  /// The value of the first member before the key node `end` whose key is
  /// `utf8`; what it reads is taken from `lookBackBudget`.
  private func firstBefore(_ end: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> JSONDocument.Node? {
    var position = object.index + 1
    while position < end {
      lookBackBudget -= 1
      let value = JSONDocument.Node(position + 1)
      if document.withRawString(JSONDocument.Node(position), { raw, _ in KeyHash.equal(raw, utf8) }) == true {
        return value
      }
      position = document.nodeAfter(value).index
    }
    return nil
  }

  /// 256 bits, one per hash's low byte: a key not in it was never inserted.
  private struct KeyFilter {
    private var words = SIMD4<UInt64>()

    @inline(__always)
    mutating func insert(_ hash: Int) { words[(hash >> 6) & 3] |= UInt64(1) << UInt64(hash & 63) }

    @inline(__always)
    func mayContain(_ hash: Int) -> Bool { words[(hash >> 6) & 3] & (UInt64(1) << UInt64(hash & 63)) != 0 }
  }

  /// Puts every member in the table.
  private func makeTable() {
    hasTable = true
    let count = document.count(of: object)
    var keys: [JSONDocument.Node] = []
    var values: [JSONDocument.Node] = []
    var others: [String: Int] = [:]
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    let size = max(16, KeyHash.slotCount(for: count))
    var slots = [Int](repeating: 0, count: size)
    for (key, value) in document.members(of: object) {
      let index = keys.count
      keys.append(key)
      values.append(value)
      let placed = document.withRawString(key) { raw, isPlainASCII -> Bool in
        guard isPlainASCII else { return false }
        var slot = KeyHash.fnv1a(raw) & (size - 1)
        while slots[slot] != 0 {
          let other = slots[slot] - 1
          if document.withRawString(keys[other], { otherRaw, _ in KeyHash.equal(otherRaw, raw) }) == true { break }
          slot = (slot + 1) & (size - 1)
        }
        // A repeated key takes over its slot, unless the first wins.
        if slots[slot] == 0 || !firstWins { slots[slot] = index + 1 }
        return true
      }
      if placed != true {
        let name = document.string(key) ?? ""
        if !firstWins || others[name] == nil { others[name] = index }
      }
    }
    (self.keys, self.values, self.slots, self.others) = (keys, values, slots, others)
  }

  /// The member whose key is `utf8`, from the table.
  private func memberInTable(_ utf8: UnsafeBufferPointer<UInt8>) -> JSONDocument.Node? {
    // An escaped key may spell the same name as a plain one: the first or last of the two wins.
    let other = others.isEmpty ? nil : others[String(decoding: utf8, as: UTF8.self)]
    guard let plain = plainMember(utf8) else { return other.map { values[$0] } }
    guard let other else { return values[plain] }
    return values[firstWins ? min(plain, other) : max(plain, other)]
  }

  /// The index of the member whose key, without escapes, is the ASCII `utf8`.
  private func plainMember(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    let mask = slots.count - 1
    var slot = KeyHash.fnv1a(utf8) & mask
    while slots[slot] != 0 {
      let index = slots[slot] - 1
      if document.withRawString(keys[index], { raw, _ in KeyHash.equal(raw, utf8) }) == true { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }
}
