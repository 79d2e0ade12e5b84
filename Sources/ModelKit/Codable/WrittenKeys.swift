import ModelKitJSON

/// The object keys an encoding stream wrote lately, each with what writing
/// it again needs: its `KeyHash.quick` (for the open object's duplicate
/// check), its bytes, and whether a byte of it needs an escape. A type
/// writes the same keys object after object, each as the same string
/// (`CodingKeys` gives a literal), so the second time a key is neither
/// hashed nor scanned for escapes.
///
/// A two-way table: a key's pair of slots comes from the bits of its
/// `String` value (a literal's are the same every time, a short string's
/// are its bytes), and a slot answers for a key whose bits are those of
/// the string it holds (Internals.md §15: the slot holds its string, so
/// bits that are the same are the same string). A key
/// made anew each time (other bits, the same text) is not found: it is
/// hashed and scanned as if it were new, and kept again. Keys longer than
/// `maxLength` bytes are not kept.
///
/// The table is made at the first key kept (a stream that writes no key
/// makes none); owned, freed with the keys.
struct WrittenKeys: ~Copyable {
  /// A kept key: its hash, its bytes (in the table, valid until the next
  /// `remember`), and whether to write it through the escaping path.
  struct Known {
    let hash: Int
    let utf8: UnsafeBufferPointer<UInt8>
    let needsEscaping: Bool
  }

  /// A slot: its key (nil while empty) and what the table knows of it.
  private struct Slot {
    var key: String?
    var hash = 0
    var count = 0
    var escapes = KeyEscapes()
  }

  /// The table has `1 << slotBits` slots.
  private static let slotBits = 8
  private static let slotCount = 1 << slotBits
  private static let maxLength = 48

  private var slots: UnsafeMutablePointer<Slot>?
  /// `maxLength` bytes for each slot's key.
  private var bytes: UnsafeMutablePointer<UInt8>?

  /// `key` as the table kept it, or nil when it does not hold it.
  @inline(__always)
  func known(_ key: String, escapingSlashes: Bool) -> Known? {
    guard let slots, let bytes else { return nil }
    return withUnsafeBytes(of: key) { bits -> Known? in
      var slot = Self.pair(of: bits)
      if !Self.holds(slots + slot, bits) {
        slot ^= 1
        guard Self.holds(slots + slot, bits) else { return nil }
      }
      // Read in place: a copy of the slot would retain its string.
      let held = slots + slot
      return Known(
        hash: held.pointee.hash, utf8: UnsafeBufferPointer(start: bytes + slot * Self.maxLength, count: held.pointee.count),
        needsEscaping: held.pointee.escapes.needed(escapingSlashes: escapingSlashes))
    }
  }

  /// Keeps `key`, whose bytes are `utf8` and whose `KeyHash.quick` is
  /// `hash` (unless it is too long), in the first slot of its pair: the
  /// key there moves to the second, in place of the one kept before it.
  mutating func remember(_ key: String, hash: Int, utf8: UnsafeBufferPointer<UInt8>) {
    guard utf8.count <= Self.maxLength else { return }
    if slots == nil {
      slots = .allocate(capacity: Self.slotCount)
      slots!.initialize(repeating: Slot(), count: Self.slotCount)
      bytes = .allocate(capacity: Self.slotCount * Self.maxLength)
      bytes!.initialize(repeating: 0, count: Self.slotCount * Self.maxLength)
    }
    let (slots, bytes) = (slots!, bytes!)
    let first = withUnsafeBytes(of: key) { Self.pair(of: $0) }
    if slots[first].key != nil {
      slots[first ^ 1] = slots[first]
      (bytes + (first ^ 1) * Self.maxLength).update(from: bytes + first * Self.maxLength, count: slots[first].count)
    }
    slots[first] = Slot(
      key: key, hash: hash, count: utf8.count, escapes: KeyEscapes(utf8))
    if let base = utf8.baseAddress { (bytes + first * Self.maxLength).update(from: base, count: utf8.count) }
  }

  deinit {
    guard let slots, let bytes else { return }
    slots.deinitialize(count: Self.slotCount)
    slots.deallocate()
    bytes.deallocate()
  }

  /// The first slot of the pair of a key whose `String` value's bits are
  /// `bits`, from its first and last words (the second is the next one).
  @inline(__always)
  private static func pair(of bits: UnsafeRawBufferPointer) -> Int {
    let first = UInt64(truncatingIfNeeded: bits.load(as: UInt.self))
    let last = UInt64(truncatingIfNeeded: bits.load(fromByteOffset: bits.count - MemoryLayout<UInt>.size, as: UInt.self))
    let mixed = ((first &* 0x9E37_79B9_7F4A_7C15) ^ last) &* 0xC2B2_AE3D_27D4_EB4F
    return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits)) & ~1  // the top bits, even
  }

  /// Whether `slot` holds the string whose value's bits are `bits` (an
  /// optional string that holds one has that string's bits).
  @inline(__always)
  private static func holds(_ slot: UnsafeMutablePointer<Slot>, _ bits: UnsafeRawBufferPointer) -> Bool {
    let held = UnsafeRawPointer(slot) + MemoryLayout<Slot>.offset(of: \Slot.key)!
    var offset = 0
    while offset < MemoryLayout<String>.size {
      guard held.load(fromByteOffset: offset, as: UInt.self) == bits.load(fromByteOffset: offset, as: UInt.self) else {
        return false
      }
      offset += MemoryLayout<UInt>.size
    }
    return true
  }
}
