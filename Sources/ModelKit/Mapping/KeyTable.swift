import ModelKitJSON

/// JSON key → the fields it feeds, looked up from a key node's raw bytes
/// without creating a string (escaped or non-ASCII keys take a string path).
///
/// Built once, in flat buffers that the decode loop reads without
/// reference counting or exclusivity checks, and never changed.
final class KeyTable: @unchecked Sendable {
  // Safe to share: immutable once made.

  /// Keys with non-ASCII or escaped spellings are looked up by string.
  private let byString: [String: Int]
  /// The number of distinct keys.
  let count: Int

  /// Key bytes, all keys back to back; key `i` is `keyStart[i]..<keyStart[i + 1]`.
  private let keyBytes: UnsafeMutableBufferPointer<UInt8>
  private let keyStart: UnsafeMutableBufferPointer<Int>
  /// Each key's `KeyHash.firstWord`, compared in one go (`matches`).
  private let prefixes: UnsafeMutableBufferPointer<UInt64>
  /// Field indices, all lists back to back; key `i` feeds `fieldStart[i]..<fieldStart[i + 1]`.
  private let fieldList: UnsafeMutableBufferPointer<Int>
  private let fieldStart: UnsafeMutableBufferPointer<Int>
  /// Open-addressed slots holding key index + 1 (0 = empty).
  ///
  /// Sums on indices into these lists wrap (`&+`) without an overflow
  /// check: the lists are allocated, far shorter than `Int.max`, and the
  /// starts only grow, so a key's fields are an unchecked range.
  private let slots: UnsafeMutableBufferPointer<Int>
  private let slotMask: Int

  deinit {
    keyBytes.deallocate()
    keyStart.deallocate()
    prefixes.deallocate()
    fieldList.deallocate()
    fieldStart.deallocate()
    slots.deallocate()
  }

  /// A table of `keys`, each with the fields it feeds, in order; a key
  /// given twice feeds the fields of both.
  init(_ keys: [(key: String, field: Int)]) {
    var byString: [String: Int] = [:]
    var pendingKeys: [[UInt8]] = []
    var pendingFields: [[Int]] = []
    for (key, field) in keys {
      if let existing = byString[key] {
        pendingFields[existing].append(field)
      } else {
        byString[key] = pendingKeys.count
        pendingKeys.append(Array(key.utf8))
        pendingFields.append([field])
      }
    }
    self.byString = byString
    count = pendingKeys.count
    keyBytes = .allocate(capacity: max(1, pendingKeys.reduce(0) { $0 + $1.count }))
    keyStart = .allocate(capacity: pendingKeys.count + 1)
    prefixes = .allocate(capacity: max(1, pendingKeys.count))
    fieldList = .allocate(capacity: max(1, pendingFields.reduce(0) { $0 + $1.count }))
    fieldStart = .allocate(capacity: pendingFields.count + 1)
    var bytePosition = 0
    var fieldPosition = 0
    for (index, key) in pendingKeys.enumerated() {
      keyStart[index] = bytePosition
      prefixes[index] = key.withUnsafeBufferPointer { KeyHash.firstWord($0) }
      for byte in key {
        keyBytes[bytePosition] = byte
        bytePosition += 1
      }
      fieldStart[index] = fieldPosition
      for field in pendingFields[index] {
        fieldList[fieldPosition] = field
        fieldPosition += 1
      }
    }
    keyStart[pendingKeys.count] = bytePosition
    fieldStart[pendingFields.count] = fieldPosition
    let size = KeyHash.slotCount(for: pendingKeys.count)
    let slots = UnsafeMutableBufferPointer<Int>.allocate(capacity: size)
    slots.initialize(repeating: 0)
    slotMask = size - 1
    for (index, key) in pendingKeys.enumerated() {
      var slot = key.withUnsafeBufferPointer { KeyHash.quick($0) } & slotMask
      while slots[slot] != 0 { slot = (slot + 1) & slotMask }
      slots[slot] = index + 1
    }
    self.slots = slots
  }

  /// The key index for the key at `node`. `hint` is the index after the last
  /// match: JSON keys usually come in declaration order, so it is tried first.
  @inline(__always)
  func lookup(_ document: JSONDocument, _ node: JSONDocument.Node, hint: inout Int) -> Int? {
    let found: Int?? = document.withRawString(node) { raw, isPlainASCII -> Int? in
      guard isPlainASCII else { return byString[document.string(node) ?? ""] }
      let first = KeyHash.firstWord(ofKeyInText: raw)
      if hint < count, matches(hint, raw, first) { return hint }
      var slot = KeyHash.quick(raw, firstWord: first) & slotMask
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if matches(entry &- 1, raw, first) { return entry &- 1 }
        slot = (slot &+ 1) & slotMask
      }
    }
    guard let index = found ?? nil else { return nil }
    hint = index &+ 1
    return index
  }

  /// The fields key `index` feeds.
  @inline(__always)
  func fields(of index: Int) -> UnsafeMutableBufferPointer<Int>.SubSequence {
    fieldList[Range(uncheckedBounds: (fieldStart[index], fieldStart[index &+ 1]))]
  }

  /// Whether key `index` is `raw`, a key's bytes in a document's text
  /// whose `KeyHash.firstWord` is `first`: the first eight bytes in one
  /// compare, then any others.
  @inline(__always)
  private func matches(_ index: Int, _ raw: UnsafeBufferPointer<UInt8>, _ first: UInt64) -> Bool {
    let start = keyStart[index]
    let length = keyStart[index &+ 1] &- start
    guard raw.count == length, first == prefixes[index] else { return false }
    return length <= 8 || memoryEquals(raw.baseAddress! + 8, keyBytes.baseAddress! + start + 8, length - 8)
  }
}
