import ModelKitJSON

/// What a JSON string means to a number or Boolean property (section 4 of
/// the design: trimmed, then a word or a whole number).
enum LenientText {
  /// The meaning of a string's content.
  enum Meaning {
    case trueWord
    case falseWord
    case nullWord
    /// A number; `text` is its trimmed text without a leading `+`, lent
    /// for the call it is given to.
    case number(text: UnsafeBufferPointer<UInt8>)
    case other
  }

  static let trueWords: Set<String> = ["true", "True", "TRUE", "yes", "Yes", "YES"]
  static let falseWords: Set<String> = ["false", "False", "FALSE", "no", "No", "NO"]
  static let nullWords: Set<String> = [
    "null", "Null", "NULL", "nil", "Nil", "NIL", "(null)", "(Null)", "(NULL)", "<null>", "<Null>",
    "<NULL>",
  ]

  /// The words as their bytes packed into an integer (`packed`):
  /// compared without making a string or hashing one.
  private static let packedTrueWords = trueWords.map(packed)
  private static let packedFalseWords = falseWords.map(packed)
  private static let packedNullWords = nullWords.map(packed)

  /// The length of the longest word.
  private static let longestWord = 6

  /// A text of at most seven bytes as one integer: its bytes, the first
  /// lowest, and its length in the highest byte.
  private static func packed(_ word: String) -> UInt64 {
    withUTF8Bytes(of: word) { packed($0) }
  }

  private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    KeyHash.firstWord(bytes) | UInt64(bytes.count) << 56
  }

  /// Calls `body` with the meaning of the string at `node` of `document`:
  /// its bytes read in place when they are its exact text (no escapes,
  /// ASCII: every word and number is), its unescaped text otherwise.
  static func withMeaning<Result>(
    ofStringAt node: JSONDocument.Node, in document: JSONDocument, _ body: (Meaning) -> Result
  ) -> Result {
    let isPlain = document.withRawString(node) { _, isPlainASCII in isPlainASCII } ?? false
    if isPlain { return document.withRawString(node) { raw, _ in withMeaning(ofUTF8: raw, body) }! }
    var text = document.string(node) ?? ""
    return text.withUTF8 { withMeaning(ofUTF8: $0, body) }
  }

  /// Calls `body` with the meaning of `utf8` after trimming white space.
  static func withMeaning<Result>(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, _ body: (Meaning) -> Result) -> Result {
    let trimmed = trimmed(utf8)
    if let word = word(trimmed) { return body(word) }
    // A number as people write it: a `+`, leading zeros, `.5`, `5.`.
    guard NumberGrammar.isNumber(trimmed, allowing: .lenient) else { return body(.other) }
    let text = trimmed[0] == UInt8(ascii: "+") ? UnsafeBufferPointer(rebasing: trimmed.dropFirst()) : trimmed
    return body(.number(text: text))
  }

  /// The word `bytes` are, if any. Every word begins with a letter, `(` or
  /// `<`, and no number does with `(` or `<`: a number is not compared.
  private static func word(_ bytes: UnsafeBufferPointer<UInt8>) -> Meaning? {
    guard bytes.count <= longestWord, let first = bytes.first,
      first == UInt8(ascii: "(") || first == UInt8(ascii: "<")
        || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
    else { return nil }
    let word = packed(bytes)
    if packedTrueWords.contains(word) { return .trueWord }
    if packedFalseWords.contains(word) { return .falseWord }
    if packedNullWords.contains(word) { return .nullWord }
    return nil
  }

  /// Whether `utf8`, trimmed, is one of the null words (`null`, `nil`,
  /// `(null)`, `<null>` in three cases).
  static func isNullWord(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    if case .nullWord? = word(trimmed(utf8)) { return true }
    return false
  }

  /// `utf8` without leading and trailing white space and newlines.
  static func trimmed(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = utf8.count
    while start < end, isSpace(utf8[start]) { start += 1 }
    while end > start, isSpace(utf8[end - 1]) { end -= 1 }
    return UnsafeBufferPointer(rebasing: utf8[start..<end])
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
