/// The decimal digits of unsigned integers, written eight at a time: the
/// integers `JSONWriter` writes and the digits of `ShortestDecimal`.
@usableFromInline
enum DecimalDigits {
  /// The most bytes `write` writes past `out`: 20 digits, and 4 more that
  /// it may write over (it stores whole words).
  @inlinable static var room: Int { 24 }

  /// Writes `value`'s digits at `out` (no leading zeros; "0" for zero);
  /// their count. `out` has `room` bytes (Internals.md §10).
  @usableFromInline @inline(__always)
  static func write(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let raw = UnsafeMutableRawPointer(out)
    if value < 100_000_000 { return writeLeading(UInt32(truncatingIfNeeded: value), to: raw) }
    let low = UInt32(truncatingIfNeeded: value % 100_000_000)
    let high = value / 100_000_000
    let count: Int
    if high < 100_000_000 {
      count = writeLeading(UInt32(truncatingIfNeeded: high), to: raw)
    } else {
      // 10^16 and more: at most 4 digits, then 8.
      count = writeLeading(UInt32(truncatingIfNeeded: high / 100_000_000), to: raw) + 8
      raw.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: high % 100_000_000)).littleEndian, toByteOffset: count - 8, as: UInt64.self)
    }
    raw.storeBytes(of: eightDigits(low).littleEndian, toByteOffset: count, as: UInt64.self)
    return count + 8
  }

  /// `write` not inlined, for `ShortestDecimal.write`, which calls it in
  /// five places of a loop it is inlined into (inlined there, canada.json's
  /// encode took 6% more instructions; integers gain from the inlining).
  @inline(never)
  static func writeCalled(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    write(value, to: out)
  }

  /// Writes the digits of `value` (below 10^8) without leading zeros, as
  /// one word; their count.
  @inline(__always)
  private static func writeLeading(_ value: UInt32, to out: UnsafeMutableRawPointer) -> Int {
    // One or two digits (small numbers, and the head of a 9- or 10-digit
    // one: ids, times in seconds) without the count or the eight lanes.
    if value < 100 {
      let tens = (value &* 103) >> 10
      guard value >= 10 else {
        out.storeBytes(of: UInt8(truncatingIfNeeded: 0x30 | value), as: UInt8.self)
        return 1
      }
      let ones = value &- tens &* 10
      out.storeBytes(of: UInt16(truncatingIfNeeded: 0x3030 | tens | ones << 8).littleEndian, as: UInt16.self)
      return 2
    }
    let count = self.count(UInt64(value))
    // The leading zeros are the word's low bytes: shifted out.
    out.storeBytes(of: (eightDigits(value) >> UInt64(8 * (8 - count))).littleEndian, as: UInt64.self)
    return count
  }

  /// How many digits `value` has (1 for zero): from its bit length
  /// (1233 / 4096 is a little less than log10(2)), one more when it reaches
  /// the next power of ten. (`value | 1` has as many digits, and is not zero.)
  @inline(__always)
  static func count(_ value: UInt64) -> Int {
    let odd = value | 1
    let estimate = ((64 - odd.leadingZeroBitCount) * 1233) >> 12
    return estimate + (odd >= PowersOfTen.integers[estimate] ? 1 : 0)
  }

  /// The eight ASCII digits of `value` (below 10^8, zero-padded), digit
  /// `i` in bits `8i` to `8i + 7` (stored little-endian, they read in
  /// order): halves of four digits, quarters of two, then digits, each
  /// split in every lane of the word at once (`x * 10486 >> 20` is
  /// `x / 100` below 10^4, `x * 103 >> 10` is `x / 10` below 100).
  @inline(__always)
  static func eightDigits(_ value: UInt32) -> UInt64 {
    var lanes = UInt64(value / 10_000) | UInt64(value % 10_000) << 32
    var quotients = (lanes &* 10_486) >> 20 & 0x0000_007F_0000_007F
    lanes = (lanes &- quotients &* 100) << 16 | quotients
    quotients = (lanes &* 103) >> 10 & 0x000F_000F_000F_000F
    lanes = (lanes &- quotients &* 10) << 8 | quotients
    return lanes | 0x3030_3030_3030_3030
  }
}
