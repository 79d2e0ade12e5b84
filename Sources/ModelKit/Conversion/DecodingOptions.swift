/// How JSON is decoded into models.
///
/// ```swift
/// try User(json: data, options: DecodingOptions(strict: true))
/// try User(json: data, options: DecodingOptions(keyDecoding: .convertFromSnakeCase))
/// ```
public struct DecodingOptions: Sendable, Hashable {
  /// How property names find their JSON keys when `keyMapping` says nothing.
  public enum KeyDecoding: Sendable, Hashable {
    /// The key is the property name.
    case useDefaultKeys
    /// The key is the property name in snake_case (`userName` ← `user_name`).
    case convertFromSnakeCase
  }

  /// How JSON numbers and strings become `Date`s.
  public struct DateDecoding: Sendable, Hashable {
    /// What a JSON number means for a `Date` property.
    public enum NumberMeaning: Sendable, Hashable {
      /// Seconds since 1970-01-01T00:00:00Z.
      case secondsSince1970
      /// Milliseconds since 1970-01-01T00:00:00Z.
      case millisecondsSince1970
      /// Numbers are not dates (the property is left unchanged).
      case none
    }

    /// What a JSON number means.
    public var numbers: NumberMeaning
    /// Whether strings are parsed (the YYModel formats and ISO 8601).
    public var parsesStrings: Bool

    /// Creates a date decoding; by default numbers are Unix seconds and strings are parsed.
    ///
    /// - Parameters:
    ///   - numbers: what a JSON number means.
    ///   - parsesStrings: whether strings are parsed.
    public init(numbers: NumberMeaning = .secondsSince1970, parsesStrings: Bool = true) {
      self.numbers = numbers
      self.parsesStrings = parsesStrings
    }

    /// The YYModel string formats, ISO 8601, and numbers as Unix seconds.
    public static let `default` = DateDecoding()
    /// As `default`, but numbers are Unix milliseconds.
    public static let millisecondsSince1970 = DateDecoding(numbers: .millisecondsSince1970)
  }

  /// Kind mismatches, unconvertible and out-of-range values, `null` for a
  /// non-optional property and rejected nested models are errors instead
  /// of being ignored. Default `false`.
  public var strict: Bool
  /// How keys are found for unmapped properties. Default `.useDefaultKeys`.
  public var keyDecoding: KeyDecoding
  /// How dates are read. Default `.default`.
  public var dateDecoding: DateDecoding
  /// The deepest nesting of arrays and objects accepted. Default 512.
  public var maxDepth: Int
  /// Where a decode notes what leniency did (see `DecodeReport`). Default
  /// nil: nothing is noted, at no cost. Options compare their reports by identity.
  public var report: DecodeReport?
  /// Reading a stream of records (`records(in:framing:options:)`): a
  /// record that does not parse or decode is passed over and listed in the
  /// report as `droppedRecord`, instead of ending the stream with an
  /// error. Default `false`.
  public var skipsBadRecords: Bool
  /// Reading a stream of records: the longest record, in bytes, beyond
  /// which a record is bad (and memory stays bounded). Default 64 MiB.
  public var maxRecordBytes: Int

  /// Creates options; every parameter has its default.
  ///
  /// - Parameters:
  ///   - strict: whether what lenient mode forgives is an error instead.
  ///   - keyDecoding: how keys are found for unmapped properties.
  ///   - dateDecoding: how dates are read.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted.
  ///   - report: where the decode notes what leniency did, or nil.
  ///   - skipsBadRecords: in a stream of records, whether a bad record is passed over.
  ///   - maxRecordBytes: in a stream of records, the longest record in bytes.
  public init(
    strict: Bool = false, keyDecoding: KeyDecoding = .useDefaultKeys,
    dateDecoding: DateDecoding = .default, maxDepth: Int = 512, report: DecodeReport? = nil,
    skipsBadRecords: Bool = false, maxRecordBytes: Int = 64 << 20
  ) {
    self.strict = strict
    self.keyDecoding = keyDecoding
    self.dateDecoding = dateDecoding
    self.maxDepth = maxDepth
    self.report = report
    self.skipsBadRecords = skipsBadRecords
    self.maxRecordBytes = maxRecordBytes
  }

  /// The record of a stream being decoded with these options, whose index
  /// the report's entries carry; set by the record readers, nil in every
  /// options value a caller makes.
  var recordIndex: Int?

  /// Whether input is read as `JSONDecoder` reads it: a trailing comma in
  /// arrays and objects is allowed, and a byte-order mark is taken off
  /// before the reader sees the text (`InputText`), so that a second one
  /// is an error. Set by `ModelDecoder` on each call's options; false in
  /// every options value a caller makes.
  var readsAsJSONDecoder = false

  /// Whether input is JSON5 (`ModelDecoder.allowsJSON5`); set by
  /// `ModelDecoder` on a call's options, false in every options value a caller makes.
  var readsJSON5 = false

  /// Whether input that does not begin with `{` is an object's members
  /// without braces (`ModelDecoder.assumesTopLevelDictionary`); set by
  /// `ModelDecoder` on a call's options, false in every options value a caller makes.
  var readsMembersWithoutBraces = false

  var readOptions: JSONReadOptions {
    var read = JSONReadOptions(maxDepth: maxDepth)
    read.allowsTrailingCommas = readsAsJSONDecoder
    read.skipsByteOrderMark = !readsAsJSONDecoder
    read.allowsJSON5 = readsJSON5
    read.readsMembersWithoutBraces = readsMembersWithoutBraces
    return read
  }
}
