/// JSON5 text, as `JSONDecoder.allowsJSON5` reads it, rewritten as JSON for
/// ModelKit's reader: comments and JSON5's extra white space dropped,
/// trailing commas removed, unquoted keys and single-quoted strings quoted,
/// `\'`, `\xHH` and escaped line breaks (kept in the string, as
/// `JSONDecoder` keeps them) turned into JSON's escapes, hexadecimal
/// numbers, `+` signs and bare decimal points written as JSON numbers.
/// `Infinity` and `NaN` (signed or not) have no JSON text: each is written
/// as a number beyond every floating-point type that no number of the input
/// is written as (`DecodingStrategies.nonFiniteTexts`), so that a reader that does not know
/// them fails, and one that asks for a floating-point value gets theirs, as
/// from `JSONDecoder`. Anything else that is not JSON5 as `JSONDecoder`
/// reads it (`\v` and `\0`, an unquoted word as a value) is left for the
/// reader to reject.
enum JSON5Text {
  /// `bytes` (UTF-8 JSON5) as UTF-8 JSON.
  static func json(_ bytes: [UInt8]) -> [UInt8] {
    var rewriter = Rewriter(input: bytes)
    rewriter.run()
    return rewriter.output
  }

  private struct Rewriter {
    let input: [UInt8]
    var index = 0
    var output: [UInt8] = []

    init(input: [UInt8]) {
      self.input = input
      output.reserveCapacity(input.count)
    }

    private func peek(_ offset: Int) -> UInt8? { offset < input.count ? input[offset] : nil }

    mutating func run() {
      while let byte = peek(index) {
        switch byte {
        case UInt8(ascii: "/") where skipComment():
          continue
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          string(quote: byte)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          dropTrailingComma()
          output.append(byte)
          index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          number()
        case UInt8(ascii: ".") where hasDigits(index + 1):
          number()
        case _ where isIdentifierStart(byte):
          identifier()
        default:
          if let length = extraWhiteSpaceLength(at: index) {
            output.append(UInt8(ascii: " "))
            index += length
          } else {
            output.append(byte)
            index += 1
          }
        }
      }
    }

    /// Skips `// …` or `/* … */` at `index`; false when it is neither.
    private mutating func skipComment() -> Bool {
      switch peek(index + 1) {
      case UInt8(ascii: "/"):
        index += 2
        while let byte = peek(index), byte != 0x0A, byte != 0x0D { index += 1 }
      case UInt8(ascii: "*"):
        index += 2
        while index < input.count, !(input[index] == UInt8(ascii: "*") && peek(index + 1) == UInt8(ascii: "/")) {
          index += 1
        }
        index = min(index + 2, input.count)
      default:
        return false
      }
      output.append(UInt8(ascii: " "))
      return true
    }

    /// A comma written last (past white space) before a closing bracket goes.
    private mutating func dropTrailingComma() {
      var end = output.count
      while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(output[end - 1]) { end -= 1 }
      if end > 0, output[end - 1] == UInt8(ascii: ",") { output.remove(at: end - 1) }
    }

    /// A string in `quote`s, written in double quotes with JSON's escapes.
    private mutating func string(quote: UInt8) {
      output.append(UInt8(ascii: "\""))
      index += 1
      while let byte = peek(index) {
        index += 1
        switch byte {
        case quote:
          output.append(UInt8(ascii: "\""))
          return
        case UInt8(ascii: "\""):
          output.append(contentsOf: [UInt8(ascii: "\\"), byte])  // inside single quotes
        case UInt8(ascii: "\\"):
          escape()
        default:
          output.append(byte)
        }
      }
    }

    /// The escape after a backslash: JSON's as they are, JSON5's rewritten.
    private mutating func escape() {
      guard let byte = peek(index) else { return output.append(UInt8(ascii: "\\")) }
      index += 1
      switch byte {
      case UInt8(ascii: "'"): output.append(byte)
      case UInt8(ascii: "x"):
        if let high = peek(index).flatMap(Self.hexValue), let low = peek(index + 1).flatMap(Self.hexValue) {
          index += 2
          unicodeEscape(high << 4 | low)
        } else {
          output.append(contentsOf: [UInt8(ascii: "\\"), byte])
        }
      // An escaped line break stays in the string, as `JSONDecoder` keeps it.
      case 0x0A:
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D:
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        if peek(index) == 0x0A {
          index += 1
          output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        }
      case 0xE2 where peek(index) == 0x80 && [0xA8, 0xA9].contains(peek(index + 1)):
        output.append(contentsOf: [0xE2, 0x80, input[index + 1]])
        index += 2
      default:
        output.append(contentsOf: [UInt8(ascii: "\\"), byte])
      }
    }

    private mutating func unicodeEscape(_ value: UInt8) {
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      output.append(contentsOf: [
        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(value >> 4)],
        hex[Int(value & 0xF)],
      ])
    }

    /// A number: a `+` sign dropped, `0x…` as decimal digits, `.5` as
    /// `0.5`, `5.` as `5`; anything else copied for the reader to judge.
    private mutating func number() {
      let start = output.count
      var negative = false
      if let sign = peek(index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        negative = sign == UInt8(ascii: "-")
        index += 1
      }
      if negative { output.append(UInt8(ascii: "-")) }
      let digitsStart = index
      if peek(index) == UInt8(ascii: "0"), let x = peek(index + 1), x | 0x20 == UInt8(ascii: "x") {
        index += 2
        var value: UInt64 = 0
        var overflow = false
        while let digit = peek(index).flatMap(Self.hexValue) {
          let (shifted, over) = value.multipliedReportingOverflow(by: 16)
          overflow = overflow || over
          value = shifted | UInt64(digit)
          index += 1
        }
        // No digits, or more than 64 bits: copied as it is, for the reader to reject.
        guard index > digitsStart + 2, !overflow else { return output.append(contentsOf: input[digitsStart..<index]) }
        // A point with nothing but zeros after it (`0x1F.`, `0x1F.00`) is
        // the same integer to `JSONDecoder`: its scanner takes the point,
        // and `strtod` reads a hexadecimal fraction of zero.
        if peek(index) == UInt8(ascii: ".") {
          var end = index + 1
          while peek(end) == UInt8(ascii: "0") { end += 1 }
          if let next = peek(end), Self.hexValue(next) != nil || next == UInt8(ascii: ".") {
            return output.append(contentsOf: input[digitsStart..<end])
          }
          index = end
        }
        output.append(contentsOf: String(value).utf8)
        return
      }
      guard hasDigits(index) || (peek(index) == UInt8(ascii: ".") && hasDigits(index + 1)) else {
        // A signed `Infinity` or `NaN`, else a sign or point alone for the reader to reject.
        if let (word, value) = nonFiniteWord(at: index) {
          index += word
          output.removeLast(negative ? 1 : 0)
          writeNonFinite(negative ? -value : value)
        }
        return
      }
      if peek(index) == UInt8(ascii: ".") { output.append(UInt8(ascii: "0")) }
      while let byte = peek(index), Self.isNumberByte(byte) {
        index += 1
        // A point with no digit after it is dropped: `5.` is 5, `5.e3` is 5e3.
        if byte == UInt8(ascii: "."), !hasDigits(index) { continue }
        output.append(byte)
      }
      // A number of the input written as one of those texts gets a `.0`
      // after its first digit: the same value, out of range as well.
      if DecodingStrategies.nonFiniteValue(output[start...]) != nil {
        output.insert(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")], at: start + (negative ? 2 : 1))
      }
    }

    /// An unquoted word: a key (quoted) before a colon, else `Infinity` or
    /// `NaN`, else copied (`true`, `false`, `null`, or for the reader to reject).
    private mutating func identifier() {
      let start = index
      while let byte = peek(index), isIdentifierPart(byte) { index += 1 }
      let word = input[start..<index]
      if isFollowedByColon(index) {
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: word)
        output.append(UInt8(ascii: "\""))
      } else if let (_, value) = nonFiniteWord(at: start) {
        writeNonFinite(value)
      } else {
        output.append(contentsOf: word)
      }
    }

    /// `Infinity` or `NaN` as a whole word at `offset`: its length and value.
    private func nonFiniteWord(at offset: Int) -> (length: Int, value: Double)? {
      for (word, value) in [("Infinity", Double.infinity), ("NaN", Double.nan)] {
        let end = offset + word.utf8.count
        if end <= input.count, input[offset..<end].elementsEqual(word.utf8), !(peek(end).map(isIdentifierPart) ?? false) {
          return (word.utf8.count, value)
        }
      }
      return nil
    }

    private mutating func writeNonFinite(_ value: Double) {
      let isNaN = value.isNaN
      output.append(contentsOf: DecodingStrategies.nonFiniteTexts.first { $0.value.isNaN == isNaN && $0.value.sign == value.sign }!.text)
    }

    /// Whether the next byte at or after `offset`, past white space and
    /// comments, is a colon: the word before it is a key.
    private func isFollowedByColon(_ offset: Int) -> Bool {
      var offset = offset
      while let byte = peek(offset) {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D:
          offset += 1
        case UInt8(ascii: "/") where peek(offset + 1) == UInt8(ascii: "/"):
          while let byte = peek(offset), byte != 0x0A, byte != 0x0D { offset += 1 }
        case UInt8(ascii: "/") where peek(offset + 1) == UInt8(ascii: "*"):
          offset += 2
          while offset < input.count, !(input[offset] == UInt8(ascii: "*") && peek(offset + 1) == UInt8(ascii: "/")) {
            offset += 1
          }
          offset += 2
        default:
          guard let length = extraWhiteSpaceLength(at: offset) else { return byte == UInt8(ascii: ":") }
          offset += length
        }
      }
      return false
    }

    private func isIdentifierStart(_ byte: UInt8) -> Bool {
      byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "$") || (byte >= 0x80 && extraWhiteSpaceLength(at: index) == nil)
    }

    private func isIdentifierPart(_ byte: UInt8) -> Bool {
      isIdentifierStart(byte) || Self.isDigit(byte)
    }

    /// The length of JSON5's white space beyond JSON's at `offset`: vertical
    /// tab, form feed, no-break space, line and paragraph separators, BOM.
    private func extraWhiteSpaceLength(at offset: Int) -> Int? {
      switch peek(offset) {
      case 0x0B, 0x0C: return 1
      case 0xC2 where peek(offset + 1) == 0xA0: return 2
      case 0xE2 where peek(offset + 1) == 0x80 && [0xA8, 0xA9].contains(peek(offset + 2)): return 3
      case 0xEF where peek(offset + 1) == 0xBB && peek(offset + 2) == 0xBF: return 3
      default: return nil
      }
    }

    /// Whether the byte at `offset` is a decimal digit.
    private func hasDigits(_ offset: Int) -> Bool { peek(offset).map(Self.isDigit) ?? false }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
      isDigit(byte) || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: "-")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
  }
}
