extension JSONReader {
  /// Reads a string starting at the opening quote and appends its node.
  ///
  /// Validates escapes, surrogate pairs and UTF-8 here, once; the bytes stay
  /// in place and are decoded only when somebody asks for the string. A
  /// string of ASCII without escapes (most keys and values) is read here,
  /// in the caller's loop, whose registers hold the reader's state; any
  /// other goes on in `readString(from:at:)`. (As a call of its own, every
  /// string loaded and stored the position and the tape's fields and saved
  /// five registers: about 30 instructions a string.)
  @inline(__always)
  mutating func readString() throws(JSONError) {
    let start = position + 1
    let index = attention(from: start)
    guard input[index] == UInt8(ascii: "\"") else { return try readString(from: start, at: index) }
    tape.append(TapeEntry(tag: .string, position: start, payload: UInt64(truncatingIfNeeded: index &- start)))
    position = index &+ 1
  }

  /// `readString()` for a string with an escape, a non-ASCII or control
  /// byte (or none of its end), from `start` (its first byte) on, at the
  /// first such byte, `first`.
  @inline(never)
  private mutating func readString(from start: Int, at first: Int) throws(JSONError) {
    var index = first
    var needsDecoding = false
    var isASCII = true
    scan: while true {
      let byte = input[index]
      switch byte {
      case UInt8(ascii: "\""):
        break scan
      case UInt8(ascii: "\\"):
        needsDecoding = true
        index = try validateEscape(at: index)
      case 0..<0x20:
        if index >= count {
          position = index
          throw unexpected("unterminated string")
        }
        throw error(
          .controlCharacterInString,
          "control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) must be escaped in a string",
          at: index)
      case 0x80...:
        isASCII = false
        index = try afterNonASCIIRun(at: index, needsDecoding: &needsDecoding)
      default:
        index += 1
      }
      index = attention(from: index)
    }
    tape.append(
      TapeEntry(
        tag: needsDecoding ? .escapedString : .string, aux: isASCII ? 0 : TapeEntry.nonASCII,
        position: start, payload: UInt64(truncatingIfNeeded: index &- start)))
    position = index &+ 1
  }

  /// The first index from `index` on whose byte is '"', '\\', a control
  /// byte or non-ASCII: sixteen bytes at a time, then straight to it.
  /// (Safe to read: `index` is at most one past the text's end, where the
  /// padding's zeros stop the run: its first byte may be the `}` of members
  /// without braces.)
  @inline(__always)
  private func attention(from index: Int) -> Int {
    let raw = UnsafeRawPointer(input)
    var index = index
    while true {
      let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      if let lane = ByteScan.firstLane(Self.attentionLanes(chunk)) { return index + lane }
      index += 16
    }
  }

  /// The lanes of `chunk` that are '"', '\\', below 0x20 or above 0x7F
  /// (as signed bytes, the last two are those below 0x20), exactly.
  @inline(__always)
  static func attentionLanes(_ chunk: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    // Written as `JSONEscapes.lanes` is (see there).
    let quotes = chunk .== SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    let backslashes = chunk .== SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
    let others = SIMD16<Int8>(truncatingIfNeeded: chunk) .< SIMD16<Int8>(repeating: 0x20)
    return quotes .| backslashes .| others
  }

  /// The index after the run of non-ASCII characters from `start` (a byte
  /// above 0x7F) in a string: sequence after sequence, up to five
  /// three-byte ones (CJK text) at once; the padding ends the run. Apart
  /// from `readString` (one call per run), whose loop over ASCII bytes its
  /// vector constants made slower.
  @inline(never)
  private func afterNonASCIIRun(at start: Int, needsDecoding: inout Bool) throws(JSONError) -> Int {
    var index = start
    let raw = UnsafeRawPointer(input)
    repeat {
      // Sixteen bytes read: the padding allows it.
      let sequences = Self.leadingThreeByteSequences(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
      if sequences != 0 {
        index &+= 3 &* sequences
        continue
      }
      index = try afterNonASCII(at: index, needsDecoding: &needsDecoding, in: "string")
    } while input[index] >= 0x80
    return index
  }

  /// How many well-formed three-byte UTF-8 sequences whose lead is E1–EC
  /// or EE–EF (E0 and ED restrict their second byte) begin `chunk`, one
  /// after the other: 0 to 5. The lanes are tested at once, each byte
  /// against ranges (a lead E1–EC or EE–EF, a continuation byte 80–BF):
  /// a byte is in a range when its distance from the range's start is
  /// below the range's width, compared signed after flipping the high bit
  /// (SSE2 compares signed bytes). The first lane that fails ends the
  /// whole sequences. (One test for every lane, the sixteenth's
  /// irrelevant, and no compare for equality: the compiler turned a test of
  /// some lanes into shuffles, and an equality with a constant into a loop
  /// over the lanes.)
  @inline(__always)
  private static func leadingThreeByteSequences(_ chunk: SIMD16<UInt8>) -> Int {
    @inline(__always) func inRange(_ starts: SIMD16<UInt8>, _ widths: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
      let flip = SIMD16<UInt8>(repeating: 0x80)
      return SIMD16<Int8>(truncatingIfNeeded: (chunk &- starts) ^ flip) .< SIMD16<Int8>(truncatingIfNeeded: widths ^ flip)
    }
    let passing =
      inRange(
        SIMD16(0xE1, 0x80, 0x80, 0xE1, 0x80, 0x80, 0xE1, 0x80, 0x80, 0xE1, 0x80, 0x80, 0xE1, 0x80, 0x80, 0x80),
        SIMD16(0x0C, 0x40, 0x40, 0x0C, 0x40, 0x40, 0x0C, 0x40, 0x40, 0x0C, 0x40, 0x40, 0x0C, 0x40, 0x40, 0x40))
      .| inRange(
        SIMD16(0xEE, 0x80, 0x80, 0xEE, 0x80, 0x80, 0xEE, 0x80, 0x80, 0xEE, 0x80, 0x80, 0xEE, 0x80, 0x80, 0x80),
        SIMD16(0x02, 0x40, 0x40, 0x02, 0x40, 0x40, 0x02, 0x40, 0x40, 0x02, 0x40, 0x40, 0x02, 0x40, 0x40, 0x40))
    let lanes = ByteScan.firstLane(.!passing) ?? 16
    return lanes / 3
  }

  /// The high bit of each of eight bytes (little-endian) that is '"', '\\',
  /// below 0x20 or above 0x7F; the lowest set bit is exact, higher ones may
  /// be false alarms. (The partial reader's scan, over text that has no padding.)
  @inline(__always)
  static func attentionMask(_ word: UInt64) -> UInt64 {
    ByteScan.bytes(word, equalTo: UInt8(ascii: "\"")) | ByteScan.bytes(word, equalTo: UInt8(ascii: "\\"))
      | ByteScan.controlBytes(word) | (word & ByteScan.highBits)
  }

  /// Checks the escape at `index` (a backslash); returns the index after it.
  func validateEscape(at index: Int) throws(JSONError) -> Int {
    switch input[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      let unit = try hexQuad(at: index + 2)
      switch unit {
      case 0xD800...0xDBFF:
        if input[index + 6] == UInt8(ascii: "\\"), input[index + 7] == UInt8(ascii: "u"),
          let low = hexValue(at: index + 8), (0xDC00...0xDFFF).contains(low)
        {
          return index + 12
        }
        return try loneSurrogate(at: index)
      case 0xDC00...0xDFFF:
        return try loneSurrogate(at: index)
      default:
        return index + 6
      }
    default:
      if index + 1 >= count {
        var reader = self
        reader.position = index + 1
        throw reader.unexpected("unterminated string")
      }
      throw error(.invalidEscape, Self.invalidEscapeMessage(input[index + 1]), at: index)
    }
  }

  /// The message of a backslash followed by `escaped`, which no escape begins with.
  static func invalidEscapeMessage(_ escaped: UInt8) -> String {
    let shown =
      (0x21...0x7E).contains(escaped)
      ? "'\\\(Character(Unicode.Scalar(escaped)))'" : "'\\' before \(describeByte(escaped))"
    return "invalid escape sequence \(shown) in string"
  }

  private func loneSurrogate(at index: Int) throws(JSONError) -> Int {
    guard options.replacesInvalidUnicode else {
      throw error(.invalidUnicode, "escaped lone surrogate in string", at: index)
    }
    return index + 6
  }

  private func hexQuad(at index: Int) throws(JSONError) -> UInt16 {
    if let value = hexValue(at: index) { return value }
    var offset = index
    while offset < index + 4, ByteScan.hexDigit(input[offset]) != nil { offset += 1 }
    if offset >= count {
      var reader = self
      reader.position = count
      throw reader.unexpected("unterminated string")
    }
    throw error(.invalidEscape, "'\\u' must be followed by four hexadecimal digits", at: offset)
  }

  /// The value of four hex digits at `index`, or nil. Never reads past the padding.
  func hexValue(at index: Int) -> UInt16? {
    ByteScan.hexQuad(input, at: index)
  }

  /// The index after the character whose first byte (above 0x7F) is at
  /// `index`, in a string or key (`place`): past its UTF-8 sequence; past
  /// the one byte when the sequence is ill-formed and invalid Unicode is
  /// replaced (the text then needs decoding); otherwise an error.
  @inline(__always)
  func afterNonASCII(at index: Int, needsDecoding: inout Bool, in place: StaticString) throws(JSONError) -> Int {
    if let next = validUTF8Sequence(at: index) { return next }
    guard options.replacesInvalidUnicode else {
      throw error(
        .invalidUnicode, "invalid UTF-8 byte 0x\(String(input[index], radix: 16, uppercase: true)) in \(place)",
        at: index)
    }
    needsDecoding = true
    return index + 1
  }

  /// The index after the well-formed UTF-8 sequence starting at `index`
  /// (a byte ≥ 0x80), or nil when it is ill-formed (Unicode Table 3-7).
  @inline(__always)
  private func validUTF8Sequence(at index: Int) -> Int? {
    @inline(__always) func continuation(_ offset: Int) -> Bool {
      input[index + offset] & 0xC0 == 0x80
    }
    let lead = input[index]
    let second = input[index + 1]
    switch lead {
    case 0xC2...0xDF:
      return continuation(1) ? index + 2 : nil
    case 0xE0:
      return (0xA0...0xBF).contains(second) && continuation(2) ? index + 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1) && continuation(2) ? index + 3 : nil
    case 0xED:
      return (0x80...0x9F).contains(second) && continuation(2) ? index + 3 : nil
    case 0xF0:
      return (0x90...0xBF).contains(second) && continuation(2) && continuation(3) ? index + 4 : nil
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? index + 4 : nil
    case 0xF4:
      return (0x80...0x8F).contains(second) && continuation(2) && continuation(3) ? index + 4 : nil
    default:
      return nil
    }
  }
}
