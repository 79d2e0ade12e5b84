/// The shortest decimal that reads back as a `Double`, and of those the
/// closest to it (the one with an even last digit when two are as close):
/// the digits of the standard library's `description`, which `JSONEncoder`
/// writes, found with Schubfach (R. Giulietti, "The Schubfach way to
/// render doubles", 2020) in a few 64-bit multiplications.
///
/// Normal values only: zero, subnormals, infinities and NaN have none
/// (`init` fails) and are left to the standard library.
struct ShortestDecimal {
  /// The significant digits, without trailing zeros (at most 17 of them).
  let digits: UInt64
  /// The power of ten the digits are multiplied by.
  let exponent: Int
  let isNegative: Bool
  /// Whether `description` shows the value in plain digits (from 0.0001 to
  /// 2^53) rather than with an exponent.
  let isPlain: Bool

  /// The decimal of a normal value.
  @inline(__always)
  init?(_ value: Double) {
    let bits = value.bitPattern
    let biasedExponent = Int(truncatingIfNeeded: bits >> 52 & 0x7FF)
    guard biasedExponent != 0, biasedExponent != 0x7FF else { return nil }
    isNegative = bits >> 63 != 0
    isPlain = value.magnitude >= 0.0001 && value.magnitude <= 0x1p53
    // The value is c * 2^q.
    let c = 1 << 52 | bits & (1 << 52 - 1)
    let q = biasedExponent - 1075
    var found: (digits: UInt64, exponent: Int)
    if q < 0, q > -53, c & (1 << UInt64(-q) - 1) == 0 {
      // An integer below 2^53: its own shortest decimal.
      found = (c >> UInt64(-q), 0)
    } else {
      found = Self.decimal(c, timesTwoTo: q)
    }
    // Trailing zeros off (the significand is never zero; if it were, the loop would not end).
    guard found.digits != 0 else { return nil }
    while found.digits % 10 == 0 {
      found.digits /= 10
      found.exponent += 1
    }
    digits = found.digits
    exponent = found.exponent
  }

  /// Schubfach's search (the paper's figures 7 and 9): `s * 10^k` or the
  /// next decimal up, with one digit fewer when one of those reads back.
  /// The paper proves the bounds that make every step below exact: `vb`,
  /// `vbl` and `vbr` are 4 times the value and its interval's ends (scaled
  /// by 10^-k), each rounded to odd, so that comparing them decides. Those
  /// bounds keep every sum and shift in range (`h` is 1 to 4), so they are
  /// written unchecked (`&+`, `&<<`): a check per operation, ~10% of the
  /// search, for what cannot happen. The table's subscript stays checked.
  private static func decimal(_ c: UInt64, timesTwoTo q: Int) -> (digits: UInt64, exponent: Int) {
    let out: UInt64 = c & 1
    let cb = c << 2
    let cbr = cb &+ 2
    let cbl: UInt64
    let k: Int
    if c != 1 << 52 || q == -1074 {
      // Regular spacing: the interval is as wide below the value as above.
      cbl = cb &- 2
      k = floorLog10(powerOfTwo: q)
    } else {
      // A power of two: half as wide below.
      cbl = cb &- 1
      k = floorLog10(threeQuartersOfPowerOfTwo: q)
    }
    let h = UInt64(truncatingIfNeeded: q &+ floorLog2(powerOfTen: 0 &- k) &+ 2)
    let index = 2 &* (k &+ 324)
    let g1 = scales[index]
    let g0 = scales[index + 1]
    let vb = roundedToOdd(g1, g0, cb &<< h)
    let vbl = roundedToOdd(g1, g0, cbl &<< h)
    let vbr = roundedToOdd(g1, g0, cbr &<< h)
    let s = vb >> 2
    if s >= 100 {
      // One digit fewer: s' = floor(s / 10), then 10 s' and 10 (s' + 1).
      let sp10 = 10 &* s.multipliedFullWidth(by: 115_292_150_460_684_698 << 4).high
      let tp10 = sp10 &+ 10
      let upIn = vbl &+ out <= sp10 &<< 2
      let wpIn = tp10 &<< 2 &+ out <= vbr
      if upIn != wpIn { return (upIn ? sp10 : tp10, k) }
    }
    let t = s &+ 1
    let uIn = vbl &+ out <= s &<< 2
    let wIn = t &<< 2 &+ out <= vbr
    if uIn != wIn { return (uIn ? s : t, k) }
    // Both read back: the closer, or the even one.
    let comparison = Int64(bitPattern: vb &- (s &+ t) &<< 1)
    return (comparison < 0 || comparison == 0 && s & 1 == 0 ? s : t, k)
  }

  /// The 126-bit `g = g1 * 2^63 + g0` times `cp`, shifted right by 127 and
  /// rounded to odd: its last bit is set when any bit shifted out was.
  @inline(__always)
  private static func roundedToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
    let x1 = g0.multipliedFullWidth(by: cp).high
    let y = g1.multipliedFullWidth(by: cp)
    let z = y.low >> 1 &+ x1
    let vbp = y.high &+ z >> 63
    let mask: UInt64 = 1 << 63 - 1
    return vbp | (z & mask &+ mask) >> 63
  }

  /// floor(log10(2^e)), for |e| <= 5456 (64-bit arithmetic: `Int` may have 32 bits).
  private static func floorLog10(powerOfTwo e: Int) -> Int {
    Int(truncatingIfNeeded: (Int64(e) &* 661_971_961_083) >> 41)
  }

  /// floor(log10(3/4 * 2^e)).
  private static func floorLog10(threeQuartersOfPowerOfTwo e: Int) -> Int {
    Int(truncatingIfNeeded: (Int64(e) &* 661_971_961_083 &- 274_743_187_321) >> 41)
  }

  /// floor(log2(10^e)), for |e| <= 1233.
  private static func floorLog2(powerOfTen e: Int) -> Int {
    Int(truncatingIfNeeded: (Int64(e) &* 913_124_641_741) >> 38)
  }
}

extension ShortestDecimal {
  /// The room `write` needs after the text's start: the text itself (a
  /// sign, 17 digits, a point, and either "0.000" before the digits or an
  /// exponent, "e-308", after them: 26 bytes at most) and the words it may
  /// write past it: `DecimalDigits.room` after the digits, which start 6
  /// bytes in at most, or the 16 bytes after the point moved one byte on.
  static let room = 40

  /// Writes the text `description` gives (less a trailing `.0`): plain
  /// digits from 0.0001 to 2^53, else a digit, the rest after a point, and
  /// an exponent of two digits at least (`1e-05`, `1.5e+300`). `out` has
  /// `room` bytes (Internals.md §10); the count of the text's bytes.
  @inline(__always)
  func write(to out: UnsafeMutablePointer<UInt8>) -> Int {
    var position = 0
    if isNegative {
      out[0] = UInt8(ascii: "-")
      position = 1
    }
    let raw = UnsafeMutableRawPointer(out)
    let count = DecimalDigits.count(digits)
    // Where the point goes: after `pointAt` digits (≤ 0: zeros before them).
    let pointAt = count + exponent
    if isPlain {
      if pointAt <= 0 {
        // "0." and up to three zeros (0.0001 is the least), then the digits.
        raw.storeBytes(of: Self.zeroPoint, toByteOffset: position, as: UInt64.self)
        position += 2 - pointAt
        return position + DecimalDigits.writeCalled(digits, to: out + position)
      }
      if pointAt < count {
        // The digits, then those after the point moved one byte on (16 at most: two words, both read first).
        _ = DecimalDigits.writeCalled(digits, to: out + position)
        let first = raw.loadUnaligned(fromByteOffset: position + pointAt, as: UInt64.self)
        let second = raw.loadUnaligned(fromByteOffset: position + pointAt + 8, as: UInt64.self)
        raw.storeBytes(of: first, toByteOffset: position + pointAt + 1, as: UInt64.self)
        raw.storeBytes(of: second, toByteOffset: position + pointAt + 9, as: UInt64.self)
        out[position + pointAt] = UInt8(ascii: ".")
        return position + count + 1
      }
      // An integer: the digits and as many zeros as the exponent says (15 at most).
      position += DecimalDigits.writeCalled(digits, to: out + position)
      raw.storeBytes(of: Self.zeros, toByteOffset: position, as: UInt64.self)
      raw.storeBytes(of: Self.zeros, toByteOffset: position + 8, as: UInt64.self)
      return position + pointAt - count
    }
    if count > 1 {
      // The digits one byte on, the first moved back before the point.
      _ = DecimalDigits.writeCalled(digits, to: out + position + 1)
      out[position] = out[position + 1]
      out[position + 1] = UInt8(ascii: ".")
      position += count + 1
    } else {
      position += DecimalDigits.writeCalled(digits, to: out + position)
    }
    let power = pointAt - 1
    out[position] = UInt8(ascii: "e")
    out[position + 1] = power < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    position += 2
    let magnitude = abs(power)  // 324 at most
    if magnitude >= 100 {
      out[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 100)
      position += 1
    }
    out[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 10 % 10)
    out[position + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
    return position + 2
  }

  /// "0.000000" and "00000000" as words (their first byte lowest, stored little-endian).
  private static let zeroPoint = UInt64(0x3030_3030_3030_2E30).littleEndian
  private static let zeros = UInt64(0x3030_3030_3030_3030).littleEndian
}
