extension JSONReader {
  /// Reads a number per the RFC 8259 grammar and appends its node.
  ///
  /// Integers that fit `Int64` (or `UInt64`) keep their value on the tape;
  /// every other number keeps only its exact text, converted on demand.
  mutating func readNumber() throws(JSONError) {
    let start = position
    let number: NumberGrammar.Scan
    do {
      number = try NumberGrammar.scan(input, from: start)
    } catch {
      position = error.offset
      throw numberError(error.reason)
    }
    position = number.end
    if number.isInteger, number.integerDigits <= 20,
      let entry = integerEntry(
        magnitude: number.magnitude, digitCount: number.integerDigits, negative: number.negative, start: start,
        length: number.end - start)
    {
      tape.append(entry)
      return
    }
    tape.append(TapeEntry(tag: .decimal, position: start, payload: UInt64(number.end - start)))
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

  /// The error for a number that breaks the grammar at `position`.
  private func numberError(_ reason: NumberGrammar.Failure.Reason) -> JSONError {
    let expectation: String
    switch reason {
    case .leadingZero: return error(.invalidNumber, "leading zeros are not allowed in a number", at: position)
    case .expectedDigit: expectation = "expected a digit"
    case .expectedFractionDigit: expectation = "expected a digit after the decimal point"
    case .expectedExponentDigit: expectation = "expected a digit in the exponent"
    }
    if position >= count {
      return error(.unexpectedEndOfInput, "unexpected end of input: \(expectation)", at: count)
    }
    return error(
      .invalidNumber, "invalid number: \(expectation), found \(describeByte(input[position]))",
      at: position)
  }
}
