/// Byte tests shared by the reader, the unescaper, the number parsers and
/// the writer: hex digits, eight-bytes-at-a-time masks and digits over
/// little-endian words, and sixteen-byte chunks compared lane by lane.
enum ByteScan {
  /// The value of a hex digit, or nil.
  @inline(__always)
  static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The value of the four hex digits at `start` in `bytes`, or nil.
  @inline(__always)
  static func hexQuad(_ bytes: UnsafePointer<UInt8>, at start: Int) -> UInt16? {
    var value: UInt16 = 0
    for offset in 0..<4 {
      guard let digit = hexDigit(bytes[start + offset]) else { return nil }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// One in every byte.
  static let ones: UInt64 = 0x0101_0101_0101_0101
  /// The high bit of every byte.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The high bit of each byte of `word` equal to `byte`. The lowest set
  /// bit is exact; a byte is never marked because of a byte above it.
  @inline(__always)
  static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
    let difference = word ^ (ones &* UInt64(byte))
    return (difference &- ones) & ~difference & highBits
  }

  /// The high bit of each byte of `word` below 0x20, with the same exactness.
  @inline(__always)
  static func controlBytes(_ word: UInt64) -> UInt64 {
    (word &- ones &* 0x20) & ~word & highBits
  }

  /// The sixteen bytes of `chunk` as two words: bytes 0 to 7, then 8 to
  /// 15, each little-endian (the form of the eight-byte masks). A chunk's
  /// lane 0 is its first byte in memory on every platform, and so the
  /// lowest byte of the first word.
  @inline(__always)
  static func words(_ chunk: SIMD16<UInt8>) -> (first: UInt64, second: UInt64) {
    let words = unsafeBitCast(chunk, to: SIMD2<UInt64>.self)
    return (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
  }

  /// The lanes of `marks` as `words` gives a chunk's bytes: a byte of ones
  /// for each lane it sets.
  @inline(__always)
  private static func laneWords(_ marks: SIMDMask<SIMD16<Int8>>) -> (first: UInt64, second: UInt64) {
    words(unsafeBitCast(marks, to: SIMD16<UInt8>.self))
  }

  /// The lanes `marks` sets as two eight-byte masks (the high bit of each
  /// marked byte): lanes 0 to 7, then 8 to 15.
  @inline(__always)
  static func masks(_ marks: SIMDMask<SIMD16<Int8>>) -> (first: UInt64, second: UInt64) {
    let (first, second) = laneWords(marks)
    return (first & highBits, second & highBits)
  }

  /// Where the first lane `marks` sets is (0 to 15), or nil when it sets none.
  @inline(__always)
  static func firstLane(_ marks: SIMDMask<SIMD16<Int8>>) -> Int? {
    let (first, second) = laneWords(marks)
    // The first word on its own first: a short string's or a key's quote
    // is in it.
    if first != 0 { return first.trailingZeroBitCount &>> 3 }
    if second != 0 { return 8 &+ second.trailingZeroBitCount &>> 3 }
    return nil
  }

  /// Whether the eight bytes of `chunk` (the first in its lowest byte) are ASCII digits.
  @inline(__always)
  static func areEightDigits(_ chunk: UInt64) -> Bool { nonDigitLanes(chunk) == 0 }

  /// How many of the bytes of `chunk`, from its lowest, are ASCII digits
  /// before the first that is not (8 when all are).
  @inline(__always)
  static func leadingDigitCount(_ chunk: UInt64) -> Int {
    let others = nonDigitLanes(chunk)
    return others == 0 ? 8 : others.trailingZeroBitCount / 8
  }

  /// `chunk` with each byte that is an ASCII digit zero: a byte is
  /// 0x30...0x39 when its high half is 3 and adding 6 leaves it 3. The
  /// carry of a byte of 0xFA or more reaches only the bytes above it,
  /// after the first byte that is not a digit, so that one is exact.
  @inline(__always)
  private static func nonDigitLanes(_ chunk: UInt64) -> UInt64 {
    ((chunk & 0xF0F0_F0F0_F0F0_F0F0) | (((chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4))
      ^ 0x3333_3333_3333_3333
  }

  /// The value of the first `count` (0 to 8) bytes of `chunk`, ASCII
  /// digits: shifted to the top of the word, below them zeros, which count
  /// as the digit 0.
  @inline(__always)
  static func valueOfDigits(_ chunk: UInt64, count: Int) -> UInt64 {
    // A shift by 64 (no digits) gives 0.
    valueOfEightDigits(chunk << UInt64(8 * (8 - count)))
  }

  /// The value of eight ASCII digits, the first in the lowest byte: pairs,
  /// then fours, then the eight, combined in three multiplications.
  @inline(__always)
  static func valueOfEightDigits(_ chunk: UInt64) -> UInt64 {
    var value = chunk & 0x0F0F_0F0F_0F0F_0F0F
    value = (value &* (1 + (10 << 8))) >> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* (1 + (100 << 16))) >> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* (1 + (10_000 << 32))) >> 32
  }
}
