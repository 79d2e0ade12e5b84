/// Settings for reading JSON text.
///
/// ```swift
/// let doc = try JSONDocument(parsing: bytes, options: JSONReadOptions(maxDepth: 64))
/// ```
public struct JSONReadOptions: Sendable, Hashable {
  /// The deepest nesting of arrays and objects accepted; deeper input is a
  /// `JSONError` of kind `.nestingTooDeep`. The default is 512.
  public var maxDepth: Int

  /// What to do with bytes that are not valid UTF-8 and with escaped lone
  /// surrogates (`"\uD800"`).
  ///
  /// `false` (the default, RFC 8259): the input is rejected with
  /// `.invalidUnicode`. `true`: the input is accepted and each bad sequence
  /// reads as U+FFFD REPLACEMENT CHARACTER.
  public var replacesInvalidUnicode: Bool

  /// Whether a comma may follow an array's last element or an object's
  /// last member (`[1, 2,]`, `{"a": 1,}`), as Foundation's `JSONDecoder`
  /// reads them. Default `false` (RFC 8259).
  package var allowsTrailingCommas = false

  /// Whether the text is JSON5, as `JSONDecoder` reads it with
  /// `allowsJSON5` (see `JSON5`): comments, trailing commas, unquoted keys,
  /// single quotes, JSON5's escapes and numbers, `Infinity` and `NaN`.
  /// Default `false`.
  package var allowsJSON5 = false

  /// Whether a text that does not begin with `{` is read as an object's
  /// members without the braces around them (`"a": 1, "b": 2`), as
  /// `JSONDecoder` reads it with `assumesTopLevelDictionary`: the object
  /// ends with the text (a comma may end it, a `}` may not), and an empty
  /// text is an empty object. Default `false`.
  package var readsMembersWithoutBraces = false

  /// Whether a UTF-8 byte-order mark before the text is skipped (RFC 8259
  /// §8.1 lets a parser ignore it). Default `true`; `false` where the mark
  /// was taken off before, as `JSONDecoder` does, so that a second one is an error.
  package var skipsByteOrderMark = true

  /// Creates read options; every parameter has its default.
  ///
  /// - Parameters:
  ///   - maxDepth: the deepest nesting of arrays and objects accepted.
  ///   - replacesInvalidUnicode: whether invalid UTF-8 and lone surrogates
  ///     read as U+FFFD instead of failing.
  public init(maxDepth: Int = 512, replacesInvalidUnicode: Bool = false) {
    self.maxDepth = maxDepth
    self.replacesInvalidUnicode = replacesInvalidUnicode
  }
}
