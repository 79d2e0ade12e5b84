public import Foundation

// Streams of JSON texts into models (design section 12): a whole buffer
// at once, or an asynchronous source as its bytes arrive.

extension JSONModel {
  /// Decodes every record of a stream of JSON texts.
  ///
  /// ```swift
  /// let users = try User.records(in: data, framing: .jsonLines)
  /// ```
  ///
  /// Each record is decoded as `init(json:options:)` decodes its text
  /// alone (in `.array` framing, as `[Self](json:)` decodes an element:
  /// leniently, one that does not convert is dropped).
  ///
  /// - Parameters:
  ///   - data: the stream's bytes, UTF-8.
  ///   - framing: how the stream holds its texts.
  ///   - options: how each record is decoded; `skipsBadRecords` and `maxRecordBytes` for the stream.
  /// - Returns: the records' models, in order.
  /// - Throws: `ModelError` for the first record that does not parse or
  ///   decode (unless skipped), with its `recordIndex` and the failing
  ///   byte's `line`, `column` and `offset` in the whole stream.
  public static func records(in data: Data, framing: JSONFraming, options: DecodingOptions = DecodingOptions()) throws
    -> [Self]
  {
    try data.withUnsafeBytes { try records(inBytes: $0, framing: framing, options: options) }
  }

  /// Decodes every record of a stream of JSON texts given as bytes.
  ///
  /// - Parameters:
  ///   - bytes: the stream's bytes, UTF-8.
  ///   - framing: how the stream holds its texts.
  ///   - options: how each record is decoded; `skipsBadRecords` and `maxRecordBytes` for the stream.
  /// - Returns: the records' models, in order.
  /// - Throws: `ModelError`, as `records(in:framing:options:)` with `Data` does.
  public static func records(in bytes: [UInt8], framing: JSONFraming, options: DecodingOptions = DecodingOptions())
    throws -> [Self]
  {
    try bytes.withUnsafeBytes { try records(inBytes: $0, framing: framing, options: options) }
  }

  /// Decodes every record of a stream of JSON texts given as a string.
  ///
  /// - Parameters:
  ///   - text: the stream.
  ///   - framing: how the stream holds its texts.
  ///   - options: how each record is decoded; `skipsBadRecords` and `maxRecordBytes` for the stream.
  /// - Returns: the records' models, in order.
  /// - Throws: `ModelError`, as `records(in:framing:options:)` with `Data` does.
  public static func records(in text: String, framing: JSONFraming, options: DecodingOptions = DecodingOptions()) throws
    -> [Self]
  {
    var text = text
    return try text.withUTF8 { try records(inBytes: UnsafeRawBufferPointer($0), framing: framing, options: options) }
  }

  /// `records(in:framing:options:)` read on the calling thread alone:
  /// what reading on every core is measured against.
  package static func recordsOnOneThread(in data: Data, framing: JSONFraming, options: DecodingOptions = DecodingOptions())
    throws -> [Self]
  {
    try data.withUnsafeBytes {
      try RecordReader.all(in: $0, framing: framing, options: options, decoding: recordDecoding(framing), parallel: false)
    }
  }

  private static func records(inBytes bytes: UnsafeRawBufferPointer, framing: JSONFraming, options: DecodingOptions)
    throws -> [Self]
  {
    try RecordReader.all(in: bytes, framing: framing, options: options, decoding: recordDecoding(framing))
  }

  /// Decodes the records of a stream of JSON texts as its bytes arrive
  /// (`URLSession.bytes(for:)`, `FileHandle.bytes`): each record is
  /// yielded as soon as its last byte is in, and memory holds at most the
  /// record being read.
  ///
  /// ```swift
  /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
  /// for try await event in Event.records(from: bytes, framing: .serverSentEvents()) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - source: the stream's bytes.
  ///   - framing: how the stream holds its texts.
  ///   - options: how each record is decoded; `skipsBadRecords` and `maxRecordBytes` for the stream.
  /// - Returns: the records' models, in order; iterating throws
  ///   `ModelError` as `records(in:framing:options:)` does, and what the source throws.
  public static func records<Source: AsyncSequence & Sendable>(
    from source: Source, framing: JSONFraming, options: DecodingOptions = DecodingOptions()
  ) -> AsyncJSONRecords<Source, Self> where Source.Element == UInt8 {
    AsyncJSONRecords(bytes: source, framing: framing, options: options, decoding: recordDecoding(framing))
  }

  /// Decodes the records of a stream of JSON texts as its chunks arrive.
  ///
  /// - Parameters:
  ///   - source: the stream's bytes, in chunks cut anywhere.
  ///   - framing: how the stream holds its texts.
  ///   - options: how each record is decoded; `skipsBadRecords` and `maxRecordBytes` for the stream.
  /// - Returns: the records' models, in order, as `records(from:framing:options:)` over bytes.
  public static func records<Source: AsyncSequence & Sendable>(
    from source: Source, framing: JSONFraming, options: DecodingOptions = DecodingOptions()
  ) -> AsyncJSONRecords<Source, Self> where Source.Element == Data {
    AsyncJSONRecords(chunks: source, framing: framing, options: options, decoding: recordDecoding(framing))
  }

  /// Decodes the records of a stream of JSON texts as its chunks arrive.
  ///
  /// - Parameters:
  ///   - source: the stream's bytes, in chunks cut anywhere.
  ///   - framing: how the stream holds its texts.
  ///   - options: how each record is decoded; `skipsBadRecords` and `maxRecordBytes` for the stream.
  /// - Returns: the records' models, in order, as `records(from:framing:options:)` over bytes.
  public static func records<Source: AsyncSequence & Sendable>(
    from source: Source, framing: JSONFraming, options: DecodingOptions = DecodingOptions()
  ) -> AsyncJSONRecords<Source, Self> where Source.Element == [UInt8] {
    AsyncJSONRecords(chunks: source, framing: framing, options: options, decoding: recordDecoding(framing))
  }

  /// How one record becomes a model: as `init(json:)` reads a text, or
  /// in `.array` framing as `[Self](json:)` reads an element.
  /// The schema (or an element's converter) is looked up once for the
  /// stream, not per record: the cache takes a lock, which every core
  /// reading a part would contend for. A type the lookup fails for is
  /// looked up again by the first record, which throws its error.
  static func recordDecoding(_ framing: JSONFraming) -> RecordDecoding<Self> {
    let isElement = framing == .array
    // Unretained: the cache holds it (Internals §2), and borrowing it per
    // record keeps its reference count, which every core reading a part
    // would share, untouched.
    let schema = (isElement ? nil : try? SchemaCache.shared.schema(for: Self.self)).map(Unmanaged.passUnretained)
    let converter = isElement ? try? ModelEntry.elementConverter(for: Self.self) : nil
    return RecordDecoding(
      typeName: TypeNames.name(of: Self.self),
      decode: { text, index, options, slot in
        var options = options
        options.recordIndex = index
        let input = try InputDocument(text, options)
        guard isElement else {
          let record =
            if let schema {
              try schema._withUnsafeGuaranteedRef { try ModelEntry.decode(Self.self, from: input, options: options, with: $0) }
            } else {
              try ModelEntry.decode(Self.self, from: input, options: options)
            }
          slot.initialize(to: record)
          return true
        }
        return try decodeElement(input, index: index, options: options, converter: converter, into: slot)
      },
      modelError: { $0 as? ModelError }, rethrow: { $0 })
  }
  /// Decodes an element of a top-level array into `slot`; false when a
  /// lenient decode dropped it. Apart from `recordDecoding`'s closure, so
  /// that the closure makes no `Self?` (see `RecordDecoding`) for a record.
  private static func decodeElement(
    _ input: InputDocument, index: Int, options: DecodingOptions, converter: ValueConverter<Self>?,
    into slot: UnsafeMutablePointer<Self>
  ) throws -> Bool {
    guard let element = try ModelEntry.decodeElement(Self.self, from: input, index: index, options: options, converter: converter)
    else { return false }
    slot.initialize(to: element)
    return true
  }

}
