/// Decodes the bytes between a JSON (or JSON5) string's quotes, already validated by the reader.
@usableFromInline
enum StringUnescaper {
  /// The string for `raw`: escapes resolved; lone surrogates and ill-formed
  /// UTF-8 (present only when the reader was told to replace them) become U+FFFD.
  ///
  /// `wellFormed` promises that `raw` holds no ill-formed UTF-8, and
  /// `isASCII` that its bytes are all below 0x80. Text with non-ASCII bytes
  /// that is well-formed is decoded into a temporary buffer and made a
  /// string without checking it again (`String(wellFormedUTF8:isASCII:)`);
  /// any other is decoded into the string's own storage, whose initialiser
  /// checks it (quickly, for ASCII) and repairs ill-formed bytes.
  @usableFromInline
  static func decode(_ raw: UnsafeBufferPointer<UInt8>, wellFormed: Bool, isASCII: Bool) -> String {
    // Every escape is at least as long as what it stands for, and U+FFFD
    // (3 bytes) replaces a 6-byte escape, so the output fits in `raw.count`.
    guard wellFormed, !isASCII else {
      return String(unsafeUninitializedCapacity: raw.count) { unescape(raw, into: $0) }
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { output in
      let count = unescape(raw, into: output)
      return String(wellFormedUTF8: UnsafeBufferPointer(rebasing: output[..<count]), isASCII: false)
    }
  }

  /// Writes `raw` with its escapes resolved into `output`, which has room
  /// for `raw.count` bytes; the count written. Ill-formed UTF-8 is copied as is.
  private static func unescape(
    _ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var read = 0
    var written = 0
    let input = UnsafeRawPointer(raw.baseAddress!)
    let destination = UnsafeMutableRawPointer(output.baseAddress!)
    while read < raw.count {
      // The text up to the next backslash, eight bytes at a time: a whole
      // word is stored even when it holds one, at `written`, which is never
      // past `read` (no escape is shorter than what it stands for), so
      // that the store stays inside the output; the escape is then
      // written over what followed it.
      while read + 8 <= raw.count {
        let word = input.loadUnaligned(fromByteOffset: read, as: UInt64.self)
        destination.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
        let backslashes = ByteScan.bytes(UInt64(littleEndian: word), equalTo: UInt8(ascii: "\\"))
        let clean = backslashes == 0 ? 8 : backslashes.trailingZeroBitCount / 8
        read += clean
        written += clean
        if clean < 8 { break }
      }
      guard read < raw.count else { break }
      let byte = raw[read]
      guard byte == UInt8(ascii: "\\") else {
        output[written] = byte
        written += 1
        read += 1
        continue
      }
      let escape = raw[read + 1]
      read += 2
      var scalar: UInt32
      switch escape {
      case UInt8(ascii: "b"): scalar = 0x08
      case UInt8(ascii: "f"): scalar = 0x0C
      case UInt8(ascii: "n"): scalar = 0x0A
      case UInt8(ascii: "r"): scalar = 0x0D
      case UInt8(ascii: "t"): scalar = 0x09
      case UInt8(ascii: "u"):
        scalar = hexQuad(raw, read)
        read += 4
        if (0xD800...0xDBFF).contains(scalar), read + 6 <= raw.count,
          raw[read] == UInt8(ascii: "\\"), raw[read + 1] == UInt8(ascii: "u")
        {
          let low = hexQuad(raw, read + 2)
          if (0xDC00...0xDFFF).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            read += 6
          }
        }
        if (0xD800...0xDFFF).contains(scalar) { scalar = 0xFFFD }
      // JSON5's (`JSON5`): two hex digits; a backslash before a line or
      // paragraph separator, which stays as it is.
      case UInt8(ascii: "x"):
        scalar = UInt32(ByteScan.hexDigit(raw[read])! << 4 | ByteScan.hexDigit(raw[read + 1])!)
        read += 2
      case 0x80...:
        read -= 1
        continue
      default: scalar = UInt32(escape)  // '"', '\\', '/'; JSON5's `'` and line breaks
      }
      written += encodeUTF8(scalar, into: output, at: written)
    }
    return written
  }

  /// Four hex digits the reader has checked.
  private static func hexQuad(_ raw: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
    UInt32(ByteScan.hexQuad(raw.baseAddress!, at: start) ?? 0)
  }

  /// Writes `scalar` as UTF-8 at `index`; returns the number of bytes written.
  static func encodeUTF8(
    _ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at index: Int
  ) -> Int {
    switch scalar {
    case 0..<0x80:
      output[index] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      output[index] = UInt8(0xC0 | scalar >> 6)
      output[index + 1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      output[index] = UInt8(0xE0 | scalar >> 12)
      output[index + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output[index + 2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      output[index] = UInt8(0xF0 | scalar >> 18)
      output[index + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      output[index + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output[index + 3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }
}
