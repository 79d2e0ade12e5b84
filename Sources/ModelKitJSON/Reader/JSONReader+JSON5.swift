/// The dialect a reader reads, fixed at compile time so that the JSON
/// reader's code carries nothing of JSON5's.
protocol ReaderDialect {
  /// Whether the text is JSON5 (`JSONDecoder`'s `allowsJSON5`) rather than RFC 8259 JSON.
  static var isJSON5: Bool { get }
}

/// RFC 8259 JSON.
enum StandardJSON: ReaderDialect {
  static var isJSON5: Bool { false }
}

/// JSON5, as `JSONDecoder` reads it with `allowsJSON5`: comments and
/// JSON5's white space, trailing commas, unquoted keys, single-quoted
/// strings and JSON5's escapes, numbers with a `+` sign, a bare decimal
/// point or hexadecimal digits, and `Infinity` and `NaN`. Every node is
/// the JSON reader's, at its place in the text: a string keeps its bytes
/// (`StringUnescaper` knows JSON5's escapes), a number in a form only JSON5
/// has is a `.json5Number` node (`JSON5Number` tells its value).
enum JSON5: ReaderDialect {
  static var isJSON5: Bool { true }
}

extension JSONReader {
  /// Skips JSON5's white space and comments.
  mutating func skipJSON5Space() {
    position = JSON5Space.end(in: input, from: position, count: count)
  }

  /// Reads a JSON5 number (or, past a sign, `Infinity` or `NaN`): one in
  /// JSON's own form as JSON reads it, any other as a `.json5Number` node.
  ///
  /// What a token is depends on all of it (`-5.` is JSON5's, `-5` JSON's),
  /// so the error of one that runs to the end of the input is there: a
  /// window's cut may hide the rest of it (`JSONArrayChunks` reads on).
  mutating func readJSON5Number() throws(JSONError) {
    let start = position
    let (end, isJSON) = numberToken(from: start)
    do throws(JSONError) {
      if isJSON {
        try readNumber()
        // JSON's number ends inside a token that runs to the end of the
        // input: the bytes after it decide whether the token is JSON5's.
        guard position < end, end >= count else { return }
        throw error(.invalidNumber, "invalid number", at: start)
      }
      guard JSON5Number(UnsafeBufferPointer(start: input + start, count: end - start)) != nil else {
        throw error(.invalidNumber, "invalid number", at: start)
      }
    } catch {
      guard end >= count else { throw error }
      position = count
      throw unexpected("expected the rest of a number")
    }
    tape.append(TapeEntry(tag: .json5Number, position: start, payload: UInt64(end - start)))
    position = end
  }

  /// The end of the number token at `start` (a sign, digit, point or the
  /// first letter of `Infinity` or `NaN`), as `JSONDecoder`'s JSON5 scanner
  /// takes it: a sign, then `0x` and hexadecimal digits (with a point and
  /// the bytes after it that could continue the number), or `Infinity` or
  /// `NaN` as a whole word, or a run of the bytes a decimal number is made
  /// of. `isJSON`: the token has none of JSON5's forms (the JSON reader
  /// judges the rest, and where the number ends).
  private func numberToken(from start: Int) -> (end: Int, isJSON: Bool) {
    func byte(_ offset: Int) -> UInt8 { offset < count ? input[offset] : 0 }
    var index = start
    if byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-") { index += 1 }
    if byte(index) == UInt8(ascii: "0"), byte(index + 1) | 0x20 == UInt8(ascii: "x") {
      index += 2
      while ByteScan.hexDigit(byte(index)) != nil || byte(index) == UInt8(ascii: ".") { index += 1 }
      return (index, false)
    }
    for word in JSON5Number.nonFiniteWords {
      let end = index + word.text.count
      if end <= count, UnsafeBufferPointer(start: input + index, count: word.text.count).elementsEqual(word.text),
        !JSON5Identifier.isPart(in: input, at: end, count: count)
      {
        return (end, false)
      }
    }
    var isJSON = byte(start) != UInt8(ascii: "+") && byte(index) != UInt8(ascii: ".")
    while true {
      let next = byte(index)
      guard
        NumberGrammar.isDigit(next) || next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e")
          || next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
      else { break }
      if next == UInt8(ascii: "."), !NumberGrammar.isDigit(byte(index + 1)) { isJSON = false }
      index += 1
    }
    return (index, isJSON)
  }

  /// Reads a string in double or single quotes, with JSON's escapes and
  /// JSON5's (`\'`, `\xHH`, and a backslash before a line break, which
  /// stays in the string), and appends its node.
  mutating func readJSON5String() throws(JSONError) {
    let quote = input[position]
    let start = position + 1
    var index = start
    var needsDecoding = false
    var isASCII = true
    while true {
      let byte = input[index]
      switch byte {
      case quote:
        tape.append(
          TapeEntry(
            tag: needsDecoding ? .escapedString : .string, aux: isASCII ? 0 : TapeEntry.nonASCII,
            position: start, payload: UInt64(index - start)))
        position = index + 1
        return
      case UInt8(ascii: "\\"):
        needsDecoding = true
        index = try validateJSON5Escape(at: index)
      case 0..<0x20:
        position = index
        if index >= count { throw unexpected("unterminated string") }
        throw error(.controlCharacterInString, "control character must be escaped in a string", at: index)
      case 0x80...:
        isASCII = false
        index = try afterNonASCII(at: index, needsDecoding: &needsDecoding, in: "string")
      default:
        index += 1
      }
    }
  }

  /// Checks the escape at `index` (a backslash); returns the index after it.
  private func validateJSON5Escape(at index: Int) throws(JSONError) -> Int {
    switch input[index + 1] {
    case UInt8(ascii: "'"), 0x0A:
      return index + 2
    case 0x0D:
      return input[index + 2] == 0x0A ? index + 3 : index + 2
    case UInt8(ascii: "x"):
      guard ByteScan.hexDigit(input[index + 2]) != nil, ByteScan.hexDigit(input[index + 3]) != nil else {
        throw error(.invalidEscape, "'\\x' must be followed by two hexadecimal digits", at: index)
      }
      return index + 4
    case 0xE2 where input[index + 2] == 0x80 && (input[index + 3] == 0xA8 || input[index + 3] == 0xA9):
      return index + 4
    default:
      return try validateEscape(at: index)
    }
  }

  /// Reads an object's key in JSON5: a string in either quotes, or an identifier.
  mutating func readJSON5Key() throws(JSONError) {
    switch input[position] {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      try readJSON5String()
    case _ where JSON5Identifier.isStart(in: input, at: position, count: count):
      let start = position
      let end = JSON5Identifier.end(in: input, from: start, count: count)
      var index = start
      var isASCII = true
      var needsDecoding = false
      while index < end {
        guard input[index] >= 0x80 else {
          index += 1
          continue
        }
        isASCII = false
        // (A well-formed sequence ends inside the identifier: its continuation bytes are identifier bytes.)
        index = try afterNonASCII(at: index, needsDecoding: &needsDecoding, in: "key")
      }
      tape.append(
        TapeEntry(
          tag: needsDecoding ? .escapedString : .string, aux: isASCII ? 0 : TapeEntry.nonASCII, position: start,
          payload: UInt64(end - start)))
      position = end
    default:
      throw unexpected("expected a key in object")
    }
  }
}
