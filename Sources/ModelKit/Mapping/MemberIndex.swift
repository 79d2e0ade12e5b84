import ModelKitJSON

/// Finds the members of an object too large to scan by name, the last one
/// winning as in `JSONSerialization` (or the first, as in `JSONDecoder`): an open-addressed table of their keys' hashes,
/// taken from the raw bytes without making strings. Keys with escapes or
/// non-ASCII bytes go to a dictionary, for `String` equality.
final class MemberIndex {
  private let document: JSONDocument
  private let keys: [JSONDocument.Node]
  private let values: [JSONDocument.Node]
  /// Member index + 1 by hash slot (0 = empty).
  private let slots: [Int]
  private let others: [String: JSONDocument.Node]

  /// Objects of up to this many members are scanned instead.
  static let scanLimit = 8

  init(_ document: JSONDocument, _ object: JSONDocument.Node, firstWins: Bool = false) {
    self.document = document
    let count = document.count(of: object)
    var keys: [JSONDocument.Node] = []
    var values: [JSONDocument.Node] = []
    var others: [String: JSONDocument.Node] = [:]
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
        if !firstWins || others[name] == nil { others[name] = value }
      }
    }
    (self.keys, self.values, self.slots, self.others) = (keys, values, slots, others)
  }

  /// The member named `name` (the last, or the first with `firstWins`).
  func member(_ name: String) -> JSONDocument.Node? {
    var name = name
    return name.withUTF8 { utf8 -> JSONDocument.Node? in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return others[String(decoding: utf8, as: UTF8.self)] }
      let mask = slots.count - 1
      var slot = KeyHash.fnv1a(utf8) & mask
      while slots[slot] != 0 {
        let index = slots[slot] - 1
        if document.withRawString(keys[index], { raw, _ in KeyHash.equal(raw, utf8) }) == true { return values[index] }
        slot = (slot + 1) & mask
      }
      // An escaped key may still spell an ASCII name.
      return others.isEmpty ? nil : others[String(decoding: utf8, as: UTF8.self)]
    }
  }
}
