import Foundation

/// Input text as `JSONDecoder` takes it: UTF-8, UTF-16 or UTF-32 (told by
/// a byte-order mark, or by the zero bytes around the first characters).
/// (JSON5 and an object's members without braces are the reader's:
/// `JSONReadOptions.allowsJSON5`, `readsMembersWithoutBraces`.)
enum InputText {
  /// `data` as UTF-8 JSON when it must change (another encoding, a
  /// byte-order mark); nil when it can be read as it is.
  /// Strictly, the encoding is told as `JSONDecoder` tells it; leniently,
  /// UTF-32's little-endian mark (`FF FE 00 00`, which `JSONDecoder` takes
  /// for UTF-16's, and fails on) is read as that mark.
  @inline(__always)
  static func utf8(_ data: UnsafeRawBufferPointer, strict: Bool) -> [UInt8]? {
    // Every case `encoding(of:strict:)` tells needs a first byte that is
    // zero or a mark's (EF, FE, FF), or a second byte that is zero: any
    // other text of two bytes or more is plain UTF-8 (as all UTF-8 JSON
    // is, but a marked text and a lone digit), told here, in the caller.
    if data.count >= 2, data[0] != 0, data[0] < 0xEF, data[1] != 0 { return nil }
    return converted(data, strict: strict)
  }

  /// `utf8(_:strict:)` for a text that may not be plain UTF-8.
  @inline(never)
  private static func converted(_ data: UnsafeRawBufferPointer, strict: Bool) -> [UInt8]? {
    guard let (encoding, markLength) = encoding(of: data, strict: strict) else { return nil }
    let text = UnsafeRawBufferPointer(rebasing: data[markLength...])
    if encoding == .utf8 { return Array(text) }
    // Text that does not decode stays as it is, for the reader to reject.
    guard let decoded = String(bytes: text, encoding: encoding) else { return Array(data) }
    return Array(decoded.utf8)
  }

  /// The encoding of `data` and the length of its byte-order mark (which
  /// is taken off, so that the reader rejects a second one), as
  /// `JSONDecoder` tells them: a mark first, else the zero bytes around the
  /// first two characters (RFC 4627 §3); nil for plain UTF-8. As in
  /// `JSONDecoder`, `FE FF 00 00` is taken for UTF-32's little-endian mark,
  /// and `FF FE 00 00` (that mark) for UTF-16's, unless leniently.
  private static func encoding(of data: UnsafeRawBufferPointer, strict: Bool) -> (String.Encoding, Int)? {
    func byte(_ offset: Int) -> UInt8? { offset < data.count ? data[offset] : nil }
    switch (byte(0), byte(1), byte(2), byte(3)) {
    case (0xFF, 0xFE, 0x00, 0x00) where !strict: return (.utf32LittleEndian, 4)
    case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
    case (0xFE, 0xFF, 0x00, 0x00): return (.utf32LittleEndian, 4)
    case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
    case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
    case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
    case (0x00, 0x00, 0x00, .some(let fourth)) where fourth != 0: return (.utf32BigEndian, 0)
    case (0x00, .some(let second), 0x00, .some(let fourth)) where second != 0 && fourth != 0:
      return (.utf16BigEndian, 0)
    case (.some(let first), 0x00, 0x00, 0x00) where first != 0: return (.utf32LittleEndian, 0)
    case (.some(let first), 0x00, .some(let third), 0x00) where first != 0 && third != 0:
      return (.utf16LittleEndian, 0)
    // One UTF-16 character (a top-level digit).
    case (0x00, .some(let second), nil, nil) where second != 0: return (.utf16BigEndian, 0)
    case (.some(let first), 0x00, nil, nil) where first != 0: return (.utf16LittleEndian, 0)
    default: return nil
    }
  }
}
