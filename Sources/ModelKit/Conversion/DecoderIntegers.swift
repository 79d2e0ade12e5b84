import ModelKitJSON

/// An integer read from a number's text exactly as `JSONDecoder` reads it
/// (swift-foundation's `unwrapFixedWidthInteger`), for the coders and for
/// strict mode: digits alone are read exactly; any other number (`1.0`,
/// `1e3`, `18446744073709551615.0`) by its nearest `Double`, which must be
/// a whole number the type holds, and from 2^53 on by its digits, as a
/// `Decimal` of at most 64 bits whose fraction is cut off. So
/// `0.99999999999999999` reads as 1 (its `Double`), `9223372036854775807.0`
/// as no `Int64` (its `Double` is 2^63), and 128-bit integers read past
/// `UInt64` only from digits alone.
enum DecoderIntegers {
  /// `text` (a valid JSON number) as `T`, or nil where `JSONDecoder` throws.
  static func value<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
    if let plain = plainDigits(text, as: T.self) { return plain }
    guard let double = NumberText.double(text), let value = T(exactly: double) else { return nil }
    // From 2^53 on, neighbouring doubles are 2 or more apart: the digits decide.
    if double.magnitude < 0x1p53 { return value }
    let decimal = NumberText.decimal(text)
    guard decimal.digits.count <= 20 else { return nil }
    var magnitude: UInt64 = 0
    for digit in decimal.digits {
      let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = scaled.addingReportingOverflow(UInt64(digit &- UInt8(ascii: "0")))
      guard !overflow && !carry else { return nil }
      magnitude = sum
    }
    if decimal.exponent < 0 {
      var remaining = -decimal.exponent
      while remaining > 0 && magnitude != 0 {
        magnitude /= 10
        remaining -= 1
      }
    } else {
      for _ in 0..<decimal.exponent {
        let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        magnitude = scaled
      }
    }
    guard let result = T(exactly: magnitude) else { return nil }
    guard decimal.negative else { return result }
    return T.isSigned ? 0 - result : nil
  }

  /// `text` when it is digits alone (after an optional `-`) and `T` holds them.
  private static func plainDigits<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
    if let (negative, magnitude) = NumberText.plainInteger(text) {
      guard negative else { return T(exactly: magnitude) }
      guard T.isSigned, magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return T(exactly: Int64(bitPattern: 0 &- magnitude))
    }
    // More than 19 digits: only 128-bit types hold them.
    guard T.bitWidth > 64, !text.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
    else { return nil }
    return T(String(decoding: text, as: UTF8.self))
  }
}
