import Foundation

/// Input text as `JSONDecoder` takes it: UTF-8, UTF-16 or UTF-32 (told by
/// a byte-order mark, or by the zero bytes around the first character),
/// optionally JSON5, and optionally an object's members without their braces.
enum InputText {
  /// How a coder reads its input beyond plain JSON.
  struct Form {
    /// The input is JSON5 (`allowsJSON5`).
    var isJSON5 = false
    /// The input may be an object's members without braces (`assumesTopLevelDictionary`).
    var wrapsObject = false

    /// Whether text must be rewritten before the reader sees it.
    var rewrites: Bool { isJSON5 || wrapsObject }

    /// `bytes` (UTF-8) as the JSON the reader takes.
    /// (Braces first: JSON5's trailing comma after the last member then goes with the rest.)
    func json(_ bytes: [UInt8]) -> [UInt8] {
      let wrapped = wrapsObject ? InputText.wrappingObject(bytes) : bytes
      return isJSON5 ? JSON5Text.json(wrapped) : wrapped
    }
  }

  /// `data` as UTF-8 JSON when it must change (another encoding, a UTF-8
  /// byte-order mark, a `form` that rewrites it); nil when it can be read
  /// as it is.
  static func utf8(_ data: Data, form: Form) -> [UInt8]? {
    let encoding = self.encoding(of: data)
    guard encoding != nil || form.rewrites else { return nil }
    var bytes: [UInt8]
    if let (encoding, markLength) = encoding {
      if encoding == .utf8 {
        bytes = Array(data.dropFirst(markLength))
      } else {
        // Text that does not decode stays as it is, for the reader to reject.
        guard let text = String(data: data.dropFirst(markLength), encoding: encoding) else { return Array(data) }
        bytes = Array(text.utf8)
      }
    } else {
      bytes = Array(data)
    }
    return form.json(bytes)
  }

  /// `bytes` in braces unless they are an object already (past leading white space).
  static func wrappingObject(_ bytes: [UInt8]) -> [UInt8] {
    let whiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    if let first = bytes.first(where: { !whiteSpace.contains($0) }), first == UInt8(ascii: "{") { return bytes }
    return [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "}")]
  }

  /// The encoding of `data` and the length of its byte-order mark; nil for
  /// plain UTF-8.
  private static func encoding(of data: Data) -> (String.Encoding, Int)? {
    // Read in place: `Data`'s subscript costs a call per byte.
    data.withUnsafeBytes { raw in
      func byte(_ offset: Int) -> UInt8? { offset < raw.count ? raw[offset] : nil }
      switch (byte(0), byte(1), byte(2), byte(3)) {
      case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
      case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
      case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
      case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
      case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
      case (0x00, 0x00, 0x00, .some(let fourth)) where fourth != 0: return (.utf32BigEndian, 0)
      case (.some(let first), 0x00, 0x00, 0x00) where first != 0: return (.utf32LittleEndian, 0)
      case (0x00, .some(let second), _, _) where second != 0: return (.utf16BigEndian, 0)
      case (.some(let first), 0x00, _, _) where first != 0: return (.utf16LittleEndian, 0)
      default: return nil
      }
    }
  }
}
