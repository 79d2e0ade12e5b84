/// What JSON5 adds to JSON's white space, as `JSONDecoder` reads it with
/// `allowsJSON5`: vertical tab, form feed, no-break space, line and
/// paragraph separators and the byte-order mark anywhere, `// …` comments
/// to the end of the line and `/* … */` comments (one left open is an
/// error, as in `JSONDecoder`: it is no white space, and the reader stops
/// at its `/`, which nothing expects).
enum JSON5Space {
  /// The offset of the first byte at or after `start` that is neither white
  /// space nor in a comment; reads no byte at or past `count`.
  static func end(in input: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
    func byte(_ offset: Int) -> UInt8 { offset < count ? input[offset] : 0 }
    var index = start
    while index < count {
      switch input[index] {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
        index += 1
      case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
        index += 2
        while index < count, input[index] != 0x0A, input[index] != 0x0D { index += 1 }
      case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
        var end = index + 2
        while end < count, !(input[end] == UInt8(ascii: "*") && byte(end + 1) == UInt8(ascii: "/")) { end += 1 }
        // A comment left open is no white space: the reader stops at its `/`.
        guard end < count else { return index }
        index = end + 2
      default:
        guard let length = multiByteLength(in: input, at: index, count: count) else { return index }
        index += length
      }
    }
    return index
  }

  /// The error of a `/* …` comment left open at `offset` of `text`, where
  /// white space stopped (nil when there is none): the text ends inside
  /// it. The reader and the windows of a large array give the same.
  static func commentLeftOpen(in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> JSONError? {
    guard offset + 1 < text.count, text[offset] == UInt8(ascii: "/"), text[offset + 1] == UInt8(ascii: "*") else {
      return nil
    }
    return JSONError(
      .unexpectedEndOfInput, "unexpected end of input: a comment is not closed", at: text.count, in: text)
  }

  /// The length of the white space of more than one byte at `offset` (no-break
  /// space, line and paragraph separators, byte-order mark); nil when there is none.
  static func multiByteLength(in input: UnsafePointer<UInt8>, at offset: Int, count: Int) -> Int? {
    func byte(_ index: Int) -> UInt8 { index < count ? input[index] : 0 }
    switch byte(offset) {
    case 0xC2 where byte(offset + 1) == 0xA0: return 2
    case 0xE2 where byte(offset + 1) == 0x80 && (byte(offset + 2) == 0xA8 || byte(offset + 2) == 0xA9): return 3
    case 0xEF where byte(offset + 1) == 0xBB && byte(offset + 2) == 0xBF: return 3
    default: return nil
    }
  }
}

/// The bytes of a JSON5 identifier (an unquoted key, `Infinity`, `NaN`),
/// as `JSONDecoder` reads them: ASCII letters, `_`, `$` and any byte of a
/// non-ASCII character that is not white space, then digits too.
enum JSON5Identifier {
  /// Whether the byte at `offset` may start an identifier.
  static func isStart(in input: UnsafePointer<UInt8>, at offset: Int, count: Int) -> Bool {
    guard offset < count else { return false }
    let byte = input[offset]
    return byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "$")
      || (byte >= 0x80 && JSON5Space.multiByteLength(in: input, at: offset, count: count) == nil)
  }

  /// Whether the byte at `offset` may continue an identifier.
  static func isPart(in input: UnsafePointer<UInt8>, at offset: Int, count: Int) -> Bool {
    isStart(in: input, at: offset, count: count) || (offset < count && NumberGrammar.isDigit(input[offset]))
  }

  /// The offset just past the identifier that starts at `start`.
  static func end(in input: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
    var index = start
    while isPart(in: input, at: index, count: count) { index += 1 }
    return index
  }
}
