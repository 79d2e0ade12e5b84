/// Arithmetic on the exact text of a JSON number (already known to be valid).
@usableFromInline
package enum NumberText {
  /// A number as sign × digits × 10^exponent, digits without leading or
  /// trailing zeros (empty for zero).
  package struct Decimal: Hashable {
    package var negative: Bool
    /// ASCII digits.
    package var digits: [UInt8]
    /// 64 bits wherever `Int` has 32: a text's exponent plus its fraction
    /// digits can pass 2^31.
    package var exponent: Int64
  }

  /// The magnitude at which a written exponent saturates.
  private static let exponentLimit: Int64 = 1_000_000_000_000_000

  /// The normalised decimal of a valid number text. Exponents beyond ±10^15
  /// saturate (no finite type can hold such numbers anyway).
  package static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Decimal {
    var result = Decimal(negative: false, digits: [], exponent: 0)
    var index = 0
    if text[0] == UInt8(ascii: "-") {
      result.negative = true
      index = 1
    }
    var fractionDigits = 0
    var inFraction = false
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte &- UInt8(ascii: "0") < 10 {
        if !(result.digits.isEmpty && byte == UInt8(ascii: "0")) { result.digits.append(byte) }
        if inFraction { fractionDigits += 1 }
      } else {
        break
      }
      index += 1
    }
    var exponent: Int64 = 0
    if index < text.count {  // 'e' or 'E'
      index += 1
      var exponentNegative = false
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      while index < text.count {
        if exponent < exponentLimit {
          exponent = exponent * 10 + Int64(text[index] &- UInt8(ascii: "0"))
        }
        index += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    var trailingZeros = 0
    while let last = result.digits.last, last == UInt8(ascii: "0") {
      result.digits.removeLast()
      trailingZeros += 1
    }
    result.exponent = result.digits.isEmpty ? 0 : exponent - Int64(fractionDigits) + Int64(trailingZeros)
    if result.digits.isEmpty { result.negative = false }
    return result
  }

  /// The magnitude of an integral number, with its sign; nil for a fraction
  /// (unless `truncating`) or a magnitude beyond `UInt64`.
  package static func integer(_ text: UnsafeBufferPointer<UInt8>, truncating: Bool = false) -> (
    negative: Bool, magnitude: UInt64
  )? {
    if let plain = plainInteger(text) { return plain }
    let decimal = decimal(text)
    var digits = decimal.digits[...]
    var zeros = 0
    if decimal.exponent < 0 {
      guard truncating else { return nil }
      digits = digits.dropLast(Int(clamping: -decimal.exponent))
    } else {
      guard Int64(digits.count) + decimal.exponent <= 20 else { return digits.isEmpty ? (false, 0) : nil }
      zeros = Int(decimal.exponent)
    }
    guard digits.count + zeros <= 20 else { return digits.isEmpty ? (false, 0) : nil }
    var magnitude: UInt64 = 0
    for byte in digits {
      let (scaled, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = scaled.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
      if overflow1 || overflow2 { return nil }
      magnitude = sum
    }
    for _ in 0..<zeros where magnitude != 0 {
      let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      magnitude = scaled
    }
    return (decimal.negative && magnitude != 0, magnitude)
  }

  /// 1–19 ASCII digits, optionally after a `-`, with the sign; nil for
  /// any other bytes (so it also tells digit strings apart from other text).
  package static func plainInteger(_ text: UnsafeBufferPointer<UInt8>) -> (negative: Bool, magnitude: UInt64)? {
    let negative = text.first == UInt8(ascii: "-")
    let digits = UnsafeBufferPointer(rebasing: text[(negative ? 1 : 0)...])
    guard !digits.isEmpty, digits.count <= 19 else { return nil }
    var magnitude: UInt64 = 0
    for byte in digits {
      guard byte &- UInt8(ascii: "0") < 10 else { return nil }
      magnitude = magnitude * 10 + UInt64(byte &- UInt8(ascii: "0"))
    }
    return (negative && magnitude != 0, magnitude)
  }

  @usableFromInline
  static func exactInt64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard let (negative, magnitude) = integer(text) else { return nil }
    if negative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int64(bitPattern: 0 &- magnitude) : nil
    }
    return Int64(exactly: magnitude)
  }

  @usableFromInline
  static func exactUInt64(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard let (negative, magnitude) = integer(text), !negative else { return nil }
    return magnitude
  }

  /// The correctly rounded `Double` of a valid number text; nil when it
  /// overflows to infinity.
  @usableFromInline
  package static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    if let fast = fastDouble(text) { return fast }
    guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value
  }

  /// Powers of ten that `Double` represents exactly.
  private static let exactPowers: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Clinger's fast path (exact when the significand fits in 53 bits and the
  /// power of ten is exact, so one multiply or divide rounds correctly),
  /// then the 128-bit path for up to 19 digits; nil leaves the rest to the
  /// standard library. The digits are read once, a fraction's eight at a time.
  private static func fastDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let bytes = text.baseAddress else { return nil }
    let end = text.count
    let negative = bytes[0] == UInt8(ascii: "-")
    var index = negative ? 1 : 0
    // Wrapping arithmetic: a significand past 19 digits is found by the
    // count below and never used.
    var significand: UInt64 = 0
    let integerStart = index
    while index < end, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
      significand = significand &* 10 &+ UInt64(digit)
      index += 1
    }
    var digitCount = index - integerStart
    var exponent = 0
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while end - index >= 8 {
        let eight = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
        guard ByteScan.areEightDigits(eight) else { break }
        significand = significand &* 100_000_000 &+ ByteScan.valueOfEightDigits(eight)
        index += 8
      }
      while index < end, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
        significand = significand &* 10 &+ UInt64(digit)
        index += 1
      }
      digitCount += index - fractionStart
      exponent = fractionStart - index
    }
    // Leading zeros ("0.000123") hold no digit of the significand.
    if digitCount > 19 && significantDigits(text, from: integerStart) > 19 { return nil }
    if index < end {
      index += 1  // the `e` or `E`
      var exponentNegative = false
      if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var explicit = 0
      while index < end {
        explicit = explicit * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
        if explicit > 400 { return nil }
        index += 1
      }
      exponent += exponentNegative ? -explicit : explicit
    }
    return double(significand: significand, exponent: exponent, negative: negative)
  }

  /// The correctly rounded `Double` of ±`significand` × 10^`exponent` by
  /// Clinger's fast path or the 128-bit one; nil when neither applies.
  @inline(__always)
  package static func double(significand: UInt64, exponent: Int, negative: Bool) -> Double? {
    let magnitude: Double
    if significand <= 1 << 53, exponent >= -22, exponent <= 22 {
      let value = Double(significand)
      magnitude = exponent < 0 ? value / exactPowers[-exponent] : value * exactPowers[exponent]
    } else if let wide = wideDouble(significand: significand, exponent: exponent) {
      magnitude = wide
    } else {
      return nil
    }
    return negative ? -magnitude : magnitude
  }

  /// The digits of the significand of `text` from `start`, its first
  /// digit, to its exponent, without leading zeros.
  private static func significantDigits(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var count = 0
    for byte in text[start...] {
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
      guard byte != UInt8(ascii: ".") else { continue }
      if count > 0 || byte != UInt8(ascii: "0") { count += 1 }
    }
    return count
  }

  /// The correctly rounded value of `significand` × 10^`exponent` for
  /// significands below 2^64 (19 digits) and exponents within ±19, such as
  /// the 17-digit coordinates Clinger's path misses. The product, or the
  /// quotient, is found exactly to 64 bits with its top bit set, and
  /// whether anything lies below them; that is folded into the lowest bit
  /// (a sticky bit, far below the 53 kept), so that converting the 64 bits
  /// rounds as the exact value would round, and the scaling by a power of
  /// two after it is exact. Every such value is a normal `Double`.
  private static func wideDouble(significand: UInt64, exponent: Int) -> Double? {
    guard significand != 0, exponent >= -19, exponent <= 19 else { return nil }
    if exponent >= 0 {
      let (productHigh, productLow) = significand.multipliedFullWidth(by: PowersOfTen.integers[exponent])
      if productHigh == 0 { return Double(productLow) }
      let shift = productHigh.leadingZeroBitCount
      let top = shift == 0 ? productHigh : productHigh << shift | productLow >> (64 - shift)
      return rounded(top, below: productLow << shift != 0, scale: 64 - shift)
    }
    return dividedByMultiplying(significand, byTenToThe: -exponent)
      ?? dividedExactly(significand, by: PowersOfTen.integers[-exponent])
  }

  /// `wideDouble`'s quotient `significand` / `power` by a division, for the
  /// quotients `dividedByMultiplying` cannot tell. Apart: its registers
  /// would be saved and restored on every call of the common path.
  @inline(never)
  private static func dividedExactly(_ significand: UInt64, by power: UInt64) -> Double {
    // significand / power as (dividend / divisor) × 2^(divisorShift - dividendShift),
    // both normalised to their top bit.
    let dividendShift = significand.leadingZeroBitCount
    let divisorShift = power.leadingZeroBitCount
    let dividend = significand << dividendShift
    let divisor = power << divisorShift
    if dividend < divisor {
      // A quotient in [1/2, 1): its 64 bits after the point.
      let (quotient, remainder) = divisor.dividingFullWidth((dividend, 0))
      return rounded(quotient, below: remainder != 0, scale: divisorShift - dividendShift - 64)
    }
    // A quotient in [1, 2): its integer 1, then 63 of the 64 bits after the
    // point; the 64th goes below, with the remainder.
    let (quotient, remainder) = divisor.dividingFullWidth((dividend - divisor, 0))
    return rounded(1 << 63 | quotient >> 1, below: remainder != 0 || quotient & 1 != 0, scale: divisorShift - dividendShift - 63)
  }

  /// `wideDouble`'s quotient `significand` / 10^`k` (1 ≤ `k` ≤ 19) without a
  /// division: `significand` × ⌈2^s / 5^k⌉ / 2^(s + k), with the
  /// reciprocal of `PowersOfTen.reciprocalsOfFive`. That product exceeds the
  /// exact quotient by less than `significand` units of its 192 bits, far
  /// below the 64 it keeps; nil when the bits under those 64 are that small
  /// too, so that the excess may have carried into them or hide an exact
  /// quotient (which the division then tells).
  @inline(__always)
  private static func dividedByMultiplying(_ significand: UInt64, byTenToThe k: Int) -> Double? {
    let reciprocal = PowersOfTen.reciprocalsOfFive[k - 1]
    let shift = significand.leadingZeroBitCount
    let normalised = significand << shift
    let (highTop, highBottom) = normalised.multipliedFullWidth(by: reciprocal.high)
    let (lowTop, _) = normalised.multipliedFullWidth(by: reciprocal.low)
    // The product (2^190 or more) is top : middle : a lowest word, which
    // tells nothing here: the excess alone may fill it.
    let (middle, carry) = highBottom.addingReportingOverflow(lowTop)
    let top = highTop &+ (carry ? 1 : 0)
    if top >> 63 != 0 {
      guard middle != 0 else { return nil }
      return rounded(top, below: true, scale: 128 - reciprocal.shift - shift - k)
    }
    guard middle << 1 != 0 else { return nil }
    return rounded(top << 1 | middle >> 63, below: true, scale: 127 - reciprocal.shift - shift - k)
  }

  /// (`top` + something below it when `below`) × 2^`scale`, correctly
  /// rounded: `top` has its top bit set, and `scale` keeps the result normal.
  @inline(__always)
  private static func rounded(_ top: UInt64, below: Bool, scale: Int) -> Double {
    let powerOfTwo = Double(bitPattern: UInt64(1023 + scale) << 52)
    return Double(top | (below ? 1 : 0)) * powerOfTwo
  }
}
