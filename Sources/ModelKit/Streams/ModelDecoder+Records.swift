public import Foundation

// Streams of JSON texts into Codable types (design section 12), with the
// decoder's settings: its options (strict mode, the report,
// `skipsBadRecords`, `maxRecordBytes`), strategies and `userInfo`.

extension ModelDecoder {
  /// Decodes every record of a stream of JSON texts.
  ///
  /// ```swift
  /// let events = try decoder.records(of: Event.self, in: data, framing: .serverSentEvents())
  /// ```
  ///
  /// Each record is decoded as `decode(_:from:)` decodes its text alone (in
  /// `.array` framing, leniently, an element that does not decode is
  /// dropped and reported, as in an array).
  ///
  /// - Parameters:
  ///   - type: the type of every record.
  ///   - data: the stream's bytes, UTF-8.
  ///   - framing: how the stream holds its texts.
  /// - Returns: the records, in order.
  /// - Throws: `DecodingError` around a `ModelError` for the first record
  ///   that does not parse or decode (unless skipped), which names its
  ///   `recordIndex` and the failing byte's `line`, `column` and `offset`
  ///   in the whole stream; a type's own error as it threw it.
  public func records<T: Decodable>(of type: T.Type, in data: Data, framing: JSONFraming) throws -> [T] {
    try data.withUnsafeBytes { try records(of: type, inBytes: $0, framing: framing) }
  }

  /// Decodes every record of a stream of JSON texts given as bytes.
  ///
  /// - Parameters:
  ///   - type: the type of every record.
  ///   - bytes: the stream's bytes, UTF-8.
  ///   - framing: how the stream holds its texts.
  /// - Returns: the records, in order.
  /// - Throws: as `records(of:in:framing:)` with `Data` does.
  public func records<T: Decodable>(of type: T.Type, in bytes: [UInt8], framing: JSONFraming) throws -> [T] {
    try bytes.withUnsafeBytes { try records(of: type, inBytes: $0, framing: framing) }
  }

  /// Decodes every record of a stream of JSON texts given as a string.
  ///
  /// - Parameters:
  ///   - type: the type of every record.
  ///   - text: the stream.
  ///   - framing: how the stream holds its texts.
  /// - Returns: the records, in order.
  /// - Throws: as `records(of:in:framing:)` with `Data` does.
  public func records<T: Decodable>(of type: T.Type, in text: String, framing: JSONFraming) throws -> [T] {
    var text = text
    return try text.withUTF8 { try records(of: type, inBytes: UnsafeRawBufferPointer($0), framing: framing) }
  }

  private func records<T: Decodable>(of type: T.Type, inBytes bytes: UnsafeRawBufferPointer, framing: JSONFraming)
    throws -> [T]
  {
    let (options, decoding) = recordDecoding(T.self, framing)
    return try RecordReader.all(in: bytes, framing: framing, options: options, decoding: decoding)
  }

  /// Decodes the records of a stream of JSON texts as its bytes arrive,
  /// each as soon as its last byte is in.
  ///
  /// ```swift
  /// for try await event in decoder.records(of: Event.self, from: bytes, framing: .jsonSequence) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - type: the type of every record.
  ///   - source: the stream's bytes.
  ///   - framing: how the stream holds its texts.
  /// - Returns: the records, in order; iterating throws as `records(of:in:framing:)` does.
  public func records<T: Decodable, Source: AsyncSequence & Sendable>(
    of type: T.Type, from source: Source, framing: JSONFraming
  ) -> AsyncJSONRecords<Source, T> where Source.Element == UInt8 {
    let (options, decoding) = recordDecoding(T.self, framing)
    return AsyncJSONRecords(bytes: source, framing: framing, options: options, decoding: decoding)
  }

  /// Decodes the records of a stream of JSON texts as its chunks arrive.
  ///
  /// - Parameters:
  ///   - type: the type of every record.
  ///   - source: the stream's bytes, in chunks cut anywhere.
  ///   - framing: how the stream holds its texts.
  /// - Returns: the records, in order, as `records(of:from:framing:)` over bytes.
  public func records<T: Decodable, Source: AsyncSequence & Sendable>(
    of type: T.Type, from source: Source, framing: JSONFraming
  ) -> AsyncJSONRecords<Source, T> where Source.Element == Data {
    let (options, decoding) = recordDecoding(T.self, framing)
    return AsyncJSONRecords(chunks: source, framing: framing, options: options, decoding: decoding)
  }

  /// Decodes the records of a stream of JSON texts as its chunks arrive.
  ///
  /// - Parameters:
  ///   - type: the type of every record.
  ///   - source: the stream's bytes, in chunks cut anywhere.
  ///   - framing: how the stream holds its texts.
  /// - Returns: the records, in order, as `records(of:from:framing:)` over bytes.
  public func records<T: Decodable, Source: AsyncSequence & Sendable>(
    of type: T.Type, from source: Source, framing: JSONFraming
  ) -> AsyncJSONRecords<Source, T> where Source.Element == [UInt8] {
    let (options, decoding) = recordDecoding(T.self, framing)
    return AsyncJSONRecords(chunks: source, framing: framing, options: options, decoding: decoding)
  }

  /// How one record becomes a `T`: as `decode(_:from:)` reads a text; in
  /// `.array` framing, leniently, an element that does not decode is
  /// dropped and noted at `$[index]`, as an array's would be; with the
  /// stream's options. Every record is read with the settings the decoder
  /// had when the stream began (read once: they are behind a lock every
  /// core would contend for).
  private func recordDecoding<T: Decodable>(_ type: T.Type, _ framing: JSONFraming)
    -> (options: DecodingOptions, decoding: RecordDecoding<T>)
  {
    let isElement = framing == .array
    let typeName = TypeNames.name(of: T.self)
    let (options, decode) = recordDecode(T.self)
    return (options, RecordDecoding(
      typeName: typeName,
      decode: { text, index, options, slot in
        do {
          slot.initialize(to: try decode(text, index))
          return true
        } catch let error as DecodingError {
          guard isElement, !options.strict, let inner = error.modelError, inner.kind != .syntax else { throw error }
          var recordOptions = options
          recordOptions.recordIndex = index
          ReportRecorder.recording(recordOptions) { recorder in
            recorder?.record(
              DecodeReport.Entry(
                path: "$[\(index)]", kind: .dropped, found: RecordText.kind(of: text), excerpt: RecordText.excerpt(of: text),
                target: typeName, note: inner.message))
          }
          return false
        }
      },
      modelError: { ($0 as? DecodingError)?.modelError ?? ($0 as? ModelError) },
      rethrow: { $0.foundationDecodingError }))
  }
}
