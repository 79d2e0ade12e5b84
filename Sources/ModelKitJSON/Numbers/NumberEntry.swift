extension TapeEntry {
  /// The node of the number `scan` found at `start` in `bytes`: an integer
  /// that fits `Int64` or `UInt64` keeps its value (and the length of its
  /// text); another number of at most 19 digits whose `Double` the fast
  /// conversions find keeps that (and the length of its text), so that it
  /// is converted once, while its digits are read; every other number keeps
  /// only its text.
  @inline(__always)
  static func number(_ scan: NumberGrammar.Scan, at start: Int, in bytes: UnsafePointer<UInt8>) -> TapeEntry {
    let length = scan.end - start
    if scan.isInteger, scan.integerDigits <= 20,
      let entry = integer(scan, at: start, length: length, in: bytes)
    {
      return entry
    }
    if length <= maxAux, let exponent = scan.decimalExponent,
      let value = NumberText.double(significand: scan.significand, exponent: exponent, negative: scan.negative)
    {
      return TapeEntry(tag: .double, aux: length, position: start, payload: value.bitPattern)
    }
    return TapeEntry(tag: .decimal, position: start, payload: UInt64(length))
  }

  /// The node of an integer when its value fits `Int64` or `UInt64`.
  private static func integer(
    _ scan: NumberGrammar.Scan, at start: Int, length: Int, in bytes: UnsafePointer<UInt8>
  ) -> TapeEntry? {
    var magnitude = scan.significand
    if scan.integerDigits == 20 {
      // The wrapping accumulation may have overflowed: redo it with checks.
      var exact: UInt64 = 0
      for offset in (scan.negative ? 1 : 0)..<length {
        let (scaled, overflow1) = exact.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = scaled.addingReportingOverflow(UInt64(bytes[start + offset] &- UInt8(ascii: "0")))
        if overflow1 || overflow2 { return nil }
        exact = sum
      }
      magnitude = exact
    }
    if scan.negative {
      // "-0" keeps its text (and its sign) as a decimal.
      guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return TapeEntry(tag: .int, aux: length, position: start, payload: 0 &- magnitude)
    }
    let tag: TapeTag = magnitude <= UInt64(Int64.max) ? .int : .uint
    return TapeEntry(tag: tag, aux: length, position: start, payload: magnitude)
  }
}
