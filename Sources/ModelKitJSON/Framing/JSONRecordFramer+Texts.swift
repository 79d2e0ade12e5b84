extension JSONRecordFramer {
  // MARK: - Concatenated texts

  /// Texts one after another: an object, array or string ends with the
  /// byte that closes it; a number or literal at white space, at the start
  /// of the next text (`{`, `[`, `"`) or at the end of the stream. What a
  /// text holds is the reader's to judge: a record is any run the framing
  /// delimits.
  mutating func nextText(in buffer: UnsafeRawBufferPointer, isEnd: Bool) throws(Failure) -> Record? {
    while position < buffer.count {
      let byte = buffer[position]
      if textStart == nil {
        if Self.isWhitespace(byte) {
          advance(over: byte)
          continue
        }
        beginText()
        openText(with: byte)
        advance(over: byte)
        continue
      }
      if let record = try step(over: byte, endsScalarAt: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\"") }) {
        return record
      }
    }
    return try endOfBuffer(isEnd: isEnd)
  }

  /// Notes the first byte of a text: what kind of text it starts.
  mutating func openText(with byte: UInt8) {
    textIsScalar = false
    isInString = byte == UInt8(ascii: "\"")
    isEscaped = false
    depth = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? 1 : 0
    textIsScalar = !isInString && depth == 0
  }

  /// Moves over `byte` inside a text; the record when the text ends with it
  /// (a number or literal ends before white space or a byte that
  /// `endsScalarAt` accepts, which is left for what follows).
  @inline(__always)
  mutating func step(over byte: UInt8, endsScalarAt ends: (UInt8) -> Bool) throws(Failure) -> Record? {
    if textIsScalar {
      if Self.isWhitespace(byte) || ends(byte) { return try finishText(at: position) }
      advance(over: byte)
      return nil
    }
    advance(over: byte)
    if isInString {
      if isEscaped {
        isEscaped = false
      } else if byte == UInt8(ascii: "\\") {
        isEscaped = true
      } else if byte == UInt8(ascii: "\"") {
        isInString = false
        if depth == 0 { return try finishText(at: position) }
      }
      return nil
    }
    switch byte {
    case UInt8(ascii: "\""): isInString = true
    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      depth -= 1
      if depth == 0 { return try finishText(at: position) }
    default: break
    }
    return nil
  }

  /// The record of the text that ends before `end`, unless it was too
  /// long (nil for one being passed over); either way the text is over.
  mutating func finishText(at end: Int) throws(Failure) -> Record? {
    guard try endText(at: end) else { return nil }
    return record(to: end)
  }

  /// At the end of the bytes shown: the last text when the stream ended
  /// inside it (the reader says what is missing), else nil.
  mutating func endOfBuffer(isEnd: Bool) throws(Failure) -> Record? {
    guard textStart != nil else { return nil }
    try holdOpenText()
    guard isEnd else { return nil }
    return try finishText(at: position)
  }

  /// At the end of the bytes shown, inside a text: nothing is kept of a
  /// text being passed over, and a text grown too long is a failure.
  private mutating func holdOpenText() throws(Failure) {
    if isSkipping {
      textStart = position  // nothing of it is kept
    } else if isOversized(to: position) {
      throw oversizedWhileOpen()
    }
  }

  /// `oversized` for a text whose end has not arrived: the framer goes on
  /// following its structure, keeping none of it.
  mutating func oversizedWhileOpen() -> Failure {
    let failure = oversized(at: textLocation)
    textStart = position
    return failure
  }

  // MARK: - The elements of one array

  /// The elements of the top-level array, each a text framed as a
  /// concatenated text is (a number or literal also ends at `,` and `]`);
  /// what surrounds them is checked here.
  mutating func nextElement(in buffer: UnsafeRawBufferPointer, isEnd: Bool) throws(Failure) -> Record? {
    while position < buffer.count {
      let byte = buffer[position]
      if arrayState == .inElement {
        let record: Record?
        do {
          record = try step(over: byte, endsScalarAt: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "]") })
        } catch {
          if textStart == nil { arrayState = .afterElement }  // a record too long, which has ended
          throw error
        }
        if textStart == nil { arrayState = .afterElement }
        if let record { return record }
        continue
      }
      if Self.isWhitespace(byte) {
        advance(over: byte)
        continue
      }
      switch (arrayState, byte) {
      case (.beforeOpen, UInt8(ascii: "[")):
        arrayState = .afterOpen
      case (.afterOpen, UInt8(ascii: "]")), (.afterElement, UInt8(ascii: "]")):
        arrayState = .closed
      case (.afterElement, UInt8(ascii: ",")):
        arrayState = .afterComma
      case (.afterOpen, _), (.afterComma, _):
        guard byte != UInt8(ascii: "]") && byte != UInt8(ascii: ",") else {
          throw broken(.unexpectedCharacter, "expected an array element, found '\(Character(Unicode.Scalar(byte)))'", at: location)
        }
        beginText()
        openText(with: byte)
        arrayState = .inElement
      case (.beforeOpen, _):
        throw broken(.unexpectedCharacter, "expected '[' to start the array of records", at: location)
      case (.afterElement, _):
        throw broken(.unexpectedCharacter, "expected ',' or ']' after an array element", at: location)
      case (.closed, _):
        throw broken(.trailingCharacters, "unexpected characters after the array of records", at: location)
      case (.inElement, _):
        break
      }
      advance(over: byte)
    }
    if arrayState == .inElement {
      let record = try endOfBuffer(isEnd: isEnd)
      if isEnd { arrayState = .afterElement }
      if let record { return record }
    }
    guard isEnd else { return nil }
    switch arrayState {
    case .closed: isFinished = true; return nil
    case .beforeOpen: throw broken(.unexpectedEndOfInput, "unexpected end of input: expected '[' to start the array of records", at: location)
    default: throw broken(.unexpectedEndOfInput, "unexpected end of input: expected ',' or ']' in the array of records", at: location)
    }
  }

  // MARK: - RFC 7464 sequences

  /// The texts of a JSON text sequence: each from a record separator to
  /// the next or to the end, white space around it included; empty ones
  /// (consecutive separators) are none. Text before the first separator
  /// is a failure the reading can skip.
  mutating func nextSequenceText(in buffer: UnsafeRawBufferPointer, isEnd: Bool) throws(Failure) -> Record? {
    let separator: UInt8 = 0x1E
    while position < buffer.count {
      let byte = buffer[position]
      if textStart == nil {
        // Before the first separator: white space, else a stray text, passed over.
        if byte == separator {
          advance(over: byte)
          isSkipping = false
          beginSequenceText()
          continue
        }
        if !Self.isWhitespace(byte) && !isSkipping {
          isSkipping = true
          let here = location
          advance(over: byte)
          throw Failure(
            error: here.error(.unexpectedCharacter, "expected a record separator (0x1E) before a JSON text"),
            recordIndex: nextIndex, canSkip: true)
        }
        advance(over: byte)
        continue
      }
      if byte == separator {
        let end = position
        let record = try sequenceRecord(to: end)
        advance(over: byte)
        beginSequenceText()
        if let record { return record }
        continue
      }
      lastWasWhitespace = Self.isWhitespace(byte)
      if !lastWasWhitespace { textHasContent = true }
      advance(over: byte)
    }
    guard textStart != nil else { return nil }
    try holdOpenText()
    guard isEnd else { return nil }
    return try sequenceRecord(to: position)
  }

  /// Starts a text after a separator.
  private mutating func beginSequenceText() {
    beginText()
    lastWasWhitespace = true
    textHasContent = false
  }

  /// The text from `textStart` to `end`, nil (ending it) when it is only
  /// white space or was passed over.
  private mutating func sequenceRecord(to end: Int) throws(Failure) -> Record? {
    // The limit counts every byte after the separator, white space too, as
    // a read that has not yet seen the text's end must count them.
    guard try endText(at: end) else { return nil }
    guard textHasContent else {
      textStart = nil
      return nil
    }
    return record(to: end, endsWithoutWhitespace: !lastWasWhitespace)
  }
}
