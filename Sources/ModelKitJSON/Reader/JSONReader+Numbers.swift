extension JSONReader {
  /// Reads a number per the RFC 8259 grammar and appends its node.
  ///
  /// Integers that fit `Int64` (or `UInt64`) keep their value on the tape;
  /// every other number keeps only its exact text, converted on demand.
  mutating func readNumber() throws(JSONError) {
    let start = position
    var index = position
    let negative = input[index] == UInt8(ascii: "-")
    if negative { index += 1 }

    var magnitude: UInt64 = 0
    let digitsStart = index
    switch input[index] {
    case UInt8(ascii: "0"):
      index += 1
      if Self.isDigit(input[index]) {
        throw error(.invalidNumber, "leading zeros are not allowed in a number", at: digitsStart)
      }
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      while Self.isDigit(input[index]) {
        magnitude = magnitude &* 10 &+ UInt64(input[index] &- UInt8(ascii: "0"))
        index += 1
      }
    default:
      position = index
      throw numberError("expected a digit")
    }
    let digitCount = index - digitsStart
    var isInteger = true

    if input[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard Self.isDigit(input[index]) else {
        position = index
        throw numberError("expected a digit after the decimal point")
      }
      while Self.isDigit(input[index]) { index += 1 }
    }
    if input[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") { index += 1 }
      guard Self.isDigit(input[index]) else {
        position = index
        throw numberError("expected a digit in the exponent")
      }
      while Self.isDigit(input[index]) { index += 1 }
    }

    let length = index - start
    position = index
    if isInteger, digitCount <= 20 {
      if let entry = integerEntry(
        magnitude: magnitude, digitCount: digitCount, negative: negative, start: start, length: length)
      {
        tape.append(entry)
        return
      }
    }
    tape.append(TapeEntry(tag: .decimal, position: start, payload: UInt64(length)))
  }

  /// The node for an integer literal when its value fits `Int64` or `UInt64`.
  private func integerEntry(
    magnitude: UInt64, digitCount: Int, negative: Bool, start: Int, length: Int
  ) -> TapeEntry? {
    var magnitude = magnitude
    if digitCount == 20 {
      // The wrapping accumulation may have overflowed: redo it with checks.
      var exact: UInt64 = 0
      for offset in (negative ? 1 : 0)..<length {
        let (scaled, overflow1) = exact.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = scaled.addingReportingOverflow(
          UInt64(input[start + offset] &- UInt8(ascii: "0")))
        if overflow1 || overflow2 { return nil }
        exact = sum
      }
      magnitude = exact
    }
    if negative {
      // "-0" keeps its text (and its sign) as a decimal.
      guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return TapeEntry(tag: .int, aux: length, position: start, payload: 0 &- magnitude)
    }
    let tag: TapeTag = magnitude <= UInt64(Int64.max) ? .int : .uint
    return TapeEntry(tag: tag, aux: length, position: start, payload: magnitude)
  }

  private func numberError(_ expectation: String) -> JSONError {
    if position >= count {
      return error(.unexpectedEndOfInput, "unexpected end of input: \(expectation)", at: count)
    }
    return error(
      .invalidNumber, "invalid number: \(expectation), found \(describeByte(input[position]))",
      at: position)
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}
