/// A number written in a form only JSON5 has, as `JSONDecoder` reads it
/// with `allowsJSON5`: a `+` sign, a bare decimal point (`.5`, `5.`),
/// hexadecimal digits (`0x1F`, `-0x10`, and `0x1F.` or `0x1F.00`, which
/// its scanner reads as the same integer), or `Infinity` and `NaN`, signed
/// or not. The reader keeps such a number's text where it stands (a
/// `.json5Number` node); this is what the text stands for.
package enum JSON5Number: Equatable {
  /// A finite number, as JSON writes it (`+7` is `7`, `.5` is `0.5`,
  /// `5.e3` is `5e3`, `0x1F` is `31`).
  case json([UInt8])
  /// An infinity or NaN.
  case nonFinite(Double)

  /// The number `text` (a whole JSON5 number token) stands for; nil when it
  /// is not one.
  package init?(_ text: UnsafeBufferPointer<UInt8>) {
    guard let first = text.first else { return nil }
    let negative = first == UInt8(ascii: "-")
    let digits = UnsafeBufferPointer(rebasing: text[(negative || first == UInt8(ascii: "+") ? 1 : 0)...])
    if let word = Self.nonFiniteWords.first(where: { digits.elementsEqual($0.text) }) {
      self = .nonFinite(negative ? -word.value : word.value)
    } else if let magnitude = Self.hexadecimal(digits) {
      self = .json(Array(((negative ? "-" : "") + String(magnitude)).utf8))
    } else {
      // The digits with a `0` before a leading point and without a point that no digit follows.
      var json: [UInt8] = negative ? [UInt8(ascii: "-")] : []
      if digits.first == UInt8(ascii: ".") {
        guard digits.count > 1, NumberGrammar.isDigit(digits[1]) else { return nil }
        json.append(UInt8(ascii: "0"))
      }
      for (offset, byte) in digits.enumerated() {
        let nextIsDigit = offset + 1 < digits.count && NumberGrammar.isDigit(digits[offset + 1])
        if byte == UInt8(ascii: "."), !nextIsDigit { continue }
        json.append(byte)
      }
      guard NumberGrammar.isNumber(json) else { return nil }
      self = .json(json)
    }
  }

  /// The words for infinity and NaN, with what they stand for.
  package static let nonFiniteWords: [(text: [UInt8], value: Double)] = [
    (Array("Infinity".utf8), .infinity), (Array("NaN".utf8), .nan),
  ]

  /// The value of `0x` and hexadecimal digits (then, optionally, a point
  /// and zeros), when it fits 64 bits.
  private static func hexadecimal(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard digits.count > 2, digits[0] == UInt8(ascii: "0"), digits[1] | 0x20 == UInt8(ascii: "x") else { return nil }
    var value: UInt64 = 0
    var index = 2
    while index < digits.count, let digit = ByteScan.hexDigit(digits[index]) {
      guard value >> 60 == 0 else { return nil }
      value = value << 4 | UInt64(digit)
      index += 1
    }
    guard index > 2 else { return nil }
    if index < digits.count {
      guard digits[index] == UInt8(ascii: "."), digits[(index + 1)...].allSatisfy({ $0 == UInt8(ascii: "0") }) else {
        return nil
      }
    }
    return value
  }
}
