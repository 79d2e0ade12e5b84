extension JSONReader {
  /// Reads a number per the RFC 8259 grammar and appends its node.
  ///
  /// Its node is `TapeEntry.number`: the value of an integer that fits 64
  /// bits, else the exact text, converted on demand.
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
    tape.append(TapeEntry.number(number, at: start, in: input))
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
      .invalidNumber, "invalid number: \(expectation), found \(Self.describeByte(input[position]))",
      at: position)
  }
}
