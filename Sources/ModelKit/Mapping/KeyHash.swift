import ModelKitJSON

/// Hashing and comparing keys' UTF-8 for ModelKit's open-addressed key
/// tables (a schema's keys, the members of a large object).
enum KeyHash {
  /// FNV-1a, folded so that low bits depend on every byte.
  @inline(__always)
  static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }

  /// A hash of a key from its length and its first and last eight bytes:
  /// a few instructions for any length, for a filter whose collisions only
  /// cost a closer look.
  @inline(__always)
  static func quick(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    quick(bytes, firstWord: firstWord(bytes))
  }

  /// `quick` of a key in a document's text (see `firstWord(ofKeyInText:)`).
  @inline(__always)
  static func quick(keyInText bytes: UnsafeBufferPointer<UInt8>) -> Int {
    quick(bytes, firstWord: firstWord(ofKeyInText: bytes))
  }

  /// `quick` of `bytes`, whose `firstWord` is `head`.
  @inline(__always)
  static func quick(_ bytes: UnsafeBufferPointer<UInt8>, firstWord head: UInt64) -> Int {
    let count = bytes.count
    var tail: UInt64 = 0
    if count >= 8, let base = bytes.baseAddress {
      tail = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
    let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
  }

  /// A key's first eight bytes (all of a shorter key's) as a
  /// little-endian word, zero above them.
  @inline(__always)
  static func firstWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard bytes.count < 8 else {
      return UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(as: UInt64.self))
    }
    var word: UInt64 = 0
    for (offset, byte) in bytes.enumerated() { word |= UInt64(byte) &<< UInt64(8 * offset) }
    return word
  }

  /// `firstWord` of a key in a document's text, in one load masked to a
  /// shorter key's length: eight bytes can be read at any key of a
  /// document (it lies inside the text, which 32 zero bytes follow;
  /// Internals §6).
  @inline(__always)
  static func firstWord(ofKeyInText bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
    return count >= 8 ? word : word & (1 &<< UInt64(8 * count) &- 1)
  }

  /// Whether two keys have the same bytes.
  @inline(__always)
  static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    left.count == right.count && (left.isEmpty || memoryEquals(left.baseAddress!, right.baseAddress!, left.count))
  }

  /// A power of two of at least 8 slots, at most half full with `count` keys.
  static func slotCount(for count: Int) -> Int {
    var size = 8
    while size < count * 2 { size *= 2 }
    return size
  }
}
