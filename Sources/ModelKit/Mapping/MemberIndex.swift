import ModelKitJSON

/// Finds the members of an object too large to scan by name, the last one
/// winning as in `JSONSerialization` (or the first, as in `JSONDecoder`).
///
/// With the first winning, names asked for in the order the object holds
/// them are found by reading on (`InOrderMembers`). When names stop coming
/// in order, or a key has escapes or non-ASCII bytes, the members go into
/// a table: open-addressed by the hashes of their keys' raw bytes, without
/// making strings; keys with escapes or non-ASCII bytes go to a dictionary,
/// for `String` equality (a name spelled both ways takes the first or last
/// member by position). With the last winning, the table is made at once.
final class MemberIndex {
  private let document: JSONDocument
  private let object: JSONDocument.Node
  private let firstWins: Bool

  /// Reading on in order, while names come in order.
  @exclusivity(unchecked) private var inOrder: InOrderMembers
  /// The table, once the order is given up (from the start when the last
  /// key wins): the members, and member index + 1 by hash slot (0 = empty).
  /// One container's, used on one thread at a time.
  @exclusivity(unchecked) private var hasTable = false
  @exclusivity(unchecked) private var keys: [JSONDocument.Node] = []
  @exclusivity(unchecked) private var values: [JSONDocument.Node] = []
  @exclusivity(unchecked) private var slots: [Int] = []
  /// Keys with escapes or non-ASCII bytes, by their text: member index.
  @exclusivity(unchecked) private var others: [String: Int] = [:]
  /// The plain keys by their text, made at the first lookup of a name that
  /// is not ASCII, which may equal a plain key as a `String` and which the
  /// table of raw bytes cannot find.
  @exclusivity(unchecked) private var plainByText: [String: Int]?

  /// Objects of up to this many members are scanned instead.
  static let scanLimit = 12

  init(_ document: JSONDocument, _ object: JSONDocument.Node, firstWins: Bool = false) {
    self.document = document
    self.object = object
    self.firstWins = firstWins
    inOrder = InOrderMembers(object, of: document)
    if !firstWins { makeTable() }
  }

  /// The member named `name` (the last, or the first with `firstWins`).
  func member(_ name: String) -> JSONDocument.Node? {
    withUTF8Bytes(of: name) { utf8 -> JSONDocument.Node? in
      // A name that is not ASCII may equal a plain key as a `String` (U+212A
      // KELVIN SIGN is "K"), which reading on compares byte for byte.
      if !hasTable {
        switch utf8.allSatisfy({ $0 < 0x80 }) ? inOrder.member(utf8, in: document) : .unordered {
        case .found(let value): return value
        case .absent: return nil
        case .unordered: makeTable()
        }
      }
      return memberInTable(utf8)
    }
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

  /// The index of the member whose key, without escapes, is `utf8`.
  private func plainMember(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return plainMember(named: String(decoding: utf8, as: UTF8.self)) }
    let mask = slots.count - 1
    var slot = KeyHash.fnv1a(utf8) & mask
    while slots[slot] != 0 {
      let index = slots[slot] - 1
      if document.withRawString(keys[index], { raw, _ in KeyHash.equal(raw, utf8) }) == true { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The index of the member whose plain key equals `name`, a name that is not ASCII.
  private func plainMember(named name: String) -> Int? {
    if plainByText == nil {
      var made: [String: Int] = [:]
      for (index, key) in keys.enumerated() where document.withRawString(key, { _, isPlainASCII in isPlainASCII }) == true {
        let text = document.string(key) ?? ""
        if !firstWins || made[text] == nil { made[text] = index }
      }
      plainByText = made
    }
    return plainByText?[name]
  }
}
