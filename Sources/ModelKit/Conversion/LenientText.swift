/// What a JSON string means to a number or Boolean property (section 4 of
/// the design: trimmed, then a word or a whole number).
enum LenientText {
  /// The meaning of a string's content.
  enum Meaning {
    case trueWord
    case falseWord
    case nullWord
    /// A number; `text` is normalised to JSON-like digits (no leading `+`).
    case number(text: [UInt8])
    case other
  }

  static let trueWords: Set<String> = ["true", "True", "TRUE", "yes", "Yes", "YES"]
  static let falseWords: Set<String> = ["false", "False", "FALSE", "no", "No", "NO"]
  static let nullWords: Set<String> = [
    "null", "Null", "NULL", "nil", "Nil", "NIL", "(null)", "(Null)", "(NULL)", "<null>", "<Null>",
    "<NULL>",
  ]

  /// Whether `text` is one of the null words (`null`, `nil`, `(null)`, `<null>` in three cases).
  static func isNullWord(_ text: String) -> Bool { nullWords.contains(text) }

  /// The meaning of `text` after trimming white space.
  static func meaning(of text: String) -> Meaning {
    let trimmed = trimmedUTF8(text)
    // Every word begins with a letter, `(` or `<`, and no number does with
    // `(` or `<`: a number is not looked up among the words (three hashes).
    if trimmed.count <= 6, let first = trimmed.first, first == UInt8(ascii: "(") || first == UInt8(ascii: "<")
      || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
    {
      let word = String(decoding: trimmed, as: UTF8.self)
      if trueWords.contains(word) { return .trueWord }
      if falseWords.contains(word) { return .falseWord }
      if nullWords.contains(word) { return .nullWord }
    }
    // A number as people write it: a `+`, leading zeros, `.5`, `5.`.
    guard let number = NumberGrammar.number(in: trimmed, allowing: .lenient) else { return .other }
    return .number(text: number)
  }

  /// The UTF-8 of `text` without leading and trailing white space and newlines.
  static func trimmedUTF8(_ text: String) -> [UInt8] {
    var text = text
    // In place (a string the document made is native): one copy, of the trimmed bytes.
    return text.withUTF8 { utf8 in
      var start = 0
      var end = utf8.count
      while start < end, isSpace(utf8[start]) { start += 1 }
      while end > start, isSpace(utf8[end - 1]) { end -= 1 }
      return Array(UnsafeBufferPointer(rebasing: utf8[start..<end]))
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
