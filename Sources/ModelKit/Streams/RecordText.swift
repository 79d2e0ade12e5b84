import ModelKitJSON

/// What a record's text shows before it is read: its first byte's kind,
/// and its start as report entries show values.
enum RecordText {
  /// The first byte that is not white space.
  private static func firstByte(of text: UnsafeRawBufferPointer) -> UInt8? {
    text.first { !JSONRecordFramer.isWhitespace($0) }
  }

  /// The kind of JSON value the text starts with, as report entries name kinds.
  static func kind(of text: UnsafeRawBufferPointer) -> String {
    switch firstByte(of: text) {
    case UInt8(ascii: "{"): "object"
    case UInt8(ascii: "["): "array"
    case UInt8(ascii: "\""): "string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "bool"
    case UInt8(ascii: "n"): "null"
    case nil: "nothing"
    default: "number"
    }
  }

  /// Whether the text starts with a number or a literal (which, unlike
  /// objects, arrays and strings, do not show where they end).
  static func startsWithNumberOrLiteral(_ text: UnsafeRawBufferPointer) -> Bool {
    guard let first = firstByte(of: text) else { return false }
    return first == UInt8(ascii: "-") || NumberGrammar.isDigit(first) || first == UInt8(ascii: "t")
      || first == UInt8(ascii: "f") || first == UInt8(ascii: "n")
  }

  /// The start of the text, at most 40 characters.
  static func excerpt(of text: UnsafeRawBufferPointer) -> String {
    let trimmed = text.drop { JSONRecordFramer.isWhitespace($0) }.prefix(160)
    return FoundValue.excerpt(String(decoding: trimmed, as: UTF8.self))
  }
}
