/// The grammar of a number's text (RFC 8259), written once: the reader
/// scans its input with it, `JSONNumber(text:)` checks a text with it, and
/// the lenient reading of a numeric string scans the string with it,
/// allowing what people write beyond JSON (a `+`, leading zeros, a bare
/// decimal point).
package enum NumberGrammar {
  /// What a scan accepts beyond RFC 8259.
  package struct Extensions: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A leading `+`.
    package static let plusSign = Extensions(rawValue: 1)
    /// Zeros before an integer part's first digit (`007`).
    package static let leadingZeros = Extensions(rawValue: 2)
    /// A decimal point with digits on one side only (`.5`, `5.`).
    package static let bareDecimalPoint = Extensions(rawValue: 4)
    /// What a numeric string may be, leniently.
    package static let lenient: Extensions = [.plusSign, .leadingZeros, .bareDecimalPoint]
  }

  /// A number found by `scan`.
  package struct Scan {
    /// The offset just past the number.
    package var end: Int
    /// Whether it starts with `-`.
    package var negative: Bool
    /// How many digits its integer part has.
    package var integerDigits: Int
    /// The value of all its digits, the integer part's and the
    /// fraction's, as one integer: exact below 20 digits, wrapped beyond 64
    /// bits. For an integer, its magnitude.
    package var significand: UInt64
    /// How many digits its fraction has.
    package var fractionDigits: Int
    /// The value of its exponent (0 without one), saturated at ±`exponentLimit`.
    package var exponent: Int
    /// Whether it has neither a fraction nor an exponent.
    package var isInteger: Bool

    /// The magnitude at which `exponent` saturates: far beyond the
    /// exponent of any finite `Double`, and of any number a document's
    /// 32-bit offsets can place.
    package static let exponentLimit = 100_000_000

    /// The number as `significand` × 10^`decimalExponent`, when its digits
    /// (leading zeros included) are at most 19, so that `significand` is exact.
    package var decimalExponent: Int? {
      guard integerDigits + fractionDigits <= 19 else { return nil }
      return exponent - fractionDigits
    }
  }

  /// Where and why a text stops being a number.
  package struct Failure: Error {
    /// What is wrong.
    package enum Reason: Sendable {
      /// No digit where the integer part starts.
      case expectedDigit
      /// A digit after a leading `0`.
      case leadingZero
      /// No digit after the decimal point.
      case expectedFractionDigit
      /// No digit in the exponent.
      case expectedExponentDigit
    }

    /// What is wrong.
    package var reason: Reason
    /// The offset of the byte that is wrong (for a leading zero, of the zero).
    package var offset: Int
  }

  /// How many bytes `scan` reads past a digit: a fraction's digits are read eight at a time.
  package static let lookahead = 8

  /// Scans the number that starts at `start` in `bytes`.
  ///
  /// Reads without bounds checks: `bytes` goes on past the number to a
  /// byte that cannot continue it, and `lookahead` bytes past any digit
  /// can be read (invariant 6 of Documentation/Internals.md).
  @inline(__always)
  package static func scan(
    _ bytes: UnsafePointer<UInt8>, from start: Int, allowing extensions: Extensions = []
  ) throws(Failure) -> Scan {
    var index = start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative || (extensions.contains(.plusSign) && bytes[index] == UInt8(ascii: "+")) { index += 1 }

    var magnitude: UInt64 = 0
    let digitsStart = index
    if bytes[index] == UInt8(ascii: "0"), !extensions.contains(.leadingZeros) {
      index += 1
      if isDigit(bytes[index]) { throw Failure(reason: .leadingZero, offset: digitsStart) }
    } else {
      while isDigit(bytes[index]) {
        magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        index &+= 1
      }
    }
    let integerDigits = index - digitsStart
    let barePointAllowed = extensions.contains(.bareDecimalPoint)
    guard integerDigits > 0 || (barePointAllowed && bytes[index] == UInt8(ascii: ".") && isDigit(bytes[index + 1]))
    else { throw Failure(reason: .expectedDigit, offset: index) }

    var isInteger = true
    var fractionDigits = 0
    if bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      let fractionStart = index
      if isDigit(bytes[index]) {
        while case let eight = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self),
          ByteScan.areEightDigits(UInt64(littleEndian: eight))
        {
          magnitude = magnitude &* 100_000_000 &+ ByteScan.valueOfEightDigits(UInt64(littleEndian: eight))
          index += 8
        }
        // The last one to seven digits as one word too.
        let last = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
        let count = ByteScan.leadingDigitCount(last)
        magnitude = magnitude &* PowersOfTen.integers[count] &+ ByteScan.valueOfDigits(last, count: count)
        index += count
      } else if !barePointAllowed {
        throw Failure(reason: .expectedFractionDigit, offset: index)
      }
      fractionDigits = index - fractionStart
    }
    var exponent = 0
    if bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      let exponentNegative = bytes[index] == UInt8(ascii: "-")
      if exponentNegative || bytes[index] == UInt8(ascii: "+") { index += 1 }
      guard isDigit(bytes[index]) else { throw Failure(reason: .expectedExponentDigit, offset: index) }
      while isDigit(bytes[index]) {
        // Below the limit, ten times it and a digit still fit a 32-bit `Int`.
        if exponent < Scan.exponentLimit { exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
        index += 1
      }
      exponent = min(exponent, Scan.exponentLimit)
      if exponentNegative { exponent = -exponent }
    }
    return Scan(
      end: index, negative: negative, integerDigits: integerDigits, significand: magnitude,
      fractionDigits: fractionDigits, exponent: exponent, isInteger: isInteger)
  }

  /// Whether `text` is exactly one JSON number.
  package static func isNumber(_ text: some Collection<UInt8>) -> Bool {
    Array(text).withUnsafeBufferPointer { isNumber($0, allowing: []) }
  }

  /// Whether the whole of `text` is one number (with `extensions`),
  /// scanned in a copy on the stack (a short text's) that ends as `scan` needs.
  package static func isNumber(_ text: UnsafeBufferPointer<UInt8>, allowing extensions: Extensions) -> Bool {
    let count = text.count
    guard count > 0 else { return false }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + lookahead) { copy in
      // The zero that ends every scan, and the bytes it reads ahead (see `scan`).
      _ = copy.initialize(from: text)
      copy.baseAddress!.advanced(by: count).initialize(repeating: 0, count: lookahead)
      return (try? scan(UnsafePointer(copy.baseAddress!), from: 0, allowing: extensions))?.end == count
    }
  }

  /// Whether `byte` is an ASCII digit.
  @inline(__always)
  package static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}
