import Foundation

/// How one record's text becomes a value: a model's or a Codable type's
/// decode, with the options it is given (which name the record, for the
/// report), into the memory it is given. False: the record was dropped,
/// as a lenient array drops an element (`.array` framing), and noted.
///
/// Values go into memory, not out as a `Record?`: this code is not
/// specialised for the caller's record type, and each `Record?` it made
/// would ask the runtime for `Optional<Record>`'s metadata (about 500
/// instructions a record, 2% of a small record's decode).
///
/// Unchecked: the closures capture the record type's metatype and a
/// `ModelDecoder`, which every thread may use (a metatype names a type;
/// the decoder is `Sendable`), and nothing mutable.
struct RecordDecoding<Record>: @unchecked Sendable {
  let typeName: String
  let decode: (_ text: UnsafeRawBufferPointer, _ index: Int, _ options: DecodingOptions, _ into: UnsafeMutablePointer<Record>) throws -> Bool
  /// The error inside what `decode` throws (a Codable decode's
  /// `DecodingError` around it), and how to throw it again changed.
  let modelError: (any Error) -> ModelError?
  let rethrow: (ModelError) -> any Error
}

/// Reads the records of a framed stream: `JSONRecordFramer` finds them,
/// each is decoded alone, and the stream's rules apply (design section
/// 12): an error names its record and the failing byte's place in the
/// whole stream; with `skipsBadRecords` a bad record is passed over and
/// listed as `droppedRecord`; an RFC 7464 text cut short is dropped so.
struct RecordReader<Record> {
  private var framer: JSONRecordFramer
  private let framing: JSONFraming
  private let options: DecodingOptions
  private let decoding: RecordDecoding<Record>

  init(framing: JSONFraming, options: DecodingOptions, decoding: RecordDecoding<Record>) {
    framer = JSONRecordFramer(framing: framing, maxRecordBytes: max(options.maxRecordBytes, 1))
    self.framing = framing
    self.options = options
    self.decoding = decoding
  }

  /// How many bytes at the start of the buffer are no longer needed.
  var consumed: Int { framer.consumed }

  /// How many records were framed so far.
  var recordCount: Int { framer.recordCount }

  /// How many lines were read to their end so far.
  var lineCount: Int { framer.lineCount }

  /// Tells the reader that the buffer lost its first `count` bytes (at most `consumed`).
  mutating func dropPrefix(_ count: Int) { framer.dropPrefix(count) }

  /// Decodes the next record of `buffer` (the stream from the end of the
  /// last dropped prefix) into `slot`, which is initialised then; false,
  /// leaving `slot` as it was, when more bytes are needed or the stream is
  /// over (`isEnd`).
  ///
  /// - Throws: `ModelError` (a Codable decode's `DecodingError` around it)
  ///   with the record's index and place.
  mutating func next(in buffer: UnsafeRawBufferPointer, isEnd: Bool, into slot: UnsafeMutablePointer<Record>) throws
    -> Bool
  {
    while true {
      let framed: JSONRecordFramer.Record?
      do {
        framed = try framer.next(in: buffer, isEnd: isEnd)
      } catch {
        let place = error.error
        let failure = ModelError(place).placed(in: error.recordIndex, at: place.offset, place.line, place.column)
        guard error.canSkip && options.skipsBadRecords else { throw decoding.rethrow(failure) }
        noteDropped(failure, excerpt: "", found: "a record")
        continue
      }
      guard let framed else { return false }
      let decoded =
        switch framed.text {
        case .slice(let range): try decode(framed, UnsafeRawBufferPointer(rebasing: buffer[range]), into: slot)
        case .assembled(let bytes): try bytes.withUnsafeBytes { try decode(framed, $0, into: slot) }
        }
      if decoded { return true }
    }
  }

  /// Every record of `text`, the whole stream (large JSON Lines on every
  /// core, unless `parallel` is false).
  static func all(
    in text: UnsafeRawBufferPointer, framing: JSONFraming, options: DecodingOptions, decoding: RecordDecoding<Record>,
    parallel: Bool = true
  ) throws -> [Record] {
    if parallel, framing == .jsonLines,
      let records = try ParallelRecords.all(in: text, options: options, decoding: decoding)
    {
      return records
    }
    var reader = RecordReader(framing: framing, options: options, decoding: decoding)
    let records = RecordBuffer<Record>()
    try records.appendAll(from: &reader, in: text)
    return RecordBuffer.recordsMoved(from: [records])
  }

  /// Decodes one framed record whose text is `text` into `slot`; false
  /// (`slot` left as it was) when it was dropped.
  private func decode(_ framed: JSONRecordFramer.Record, _ text: UnsafeRawBufferPointer, into slot: UnsafeMutablePointer<Record>)
    throws -> Bool
  {
    if framing == .jsonSequence && framed.endsWithoutWhitespace && RecordText.startsWithNumberOrLiteral(text) {
      // RFC 7464 §2.4: a number or literal not followed by white space may have been cut short.
      noteCutShort(framed, text)
      return false
    }
    do {
      return try decoding.decode(text, framed.index, options, slot)
    } catch {
      guard let inner = decoding.modelError(error) else { throw error }
      let location = inner.syntaxError.map(framed.streamLocation(of:)) ?? framed.location
      if framing == .jsonSequence, inner.syntaxError?.kind == .unexpectedEndOfInput {
        noteCutShort(framed, text)
        return false
      }
      let failure = inner.placed(in: framed.index, at: location)
      guard options.skipsBadRecords else { throw decoding.rethrow(failure) }
      noteDropped(failure, excerpt: RecordText.excerpt(of: text), found: inner.kind == .syntax ? "invalid JSON" : "a record")
      return false
    }
  }

  /// Notes an RFC 7464 text cut short, which is dropped whatever the options say.
  private func noteCutShort(_ framed: JSONRecordFramer.Record, _ text: UnsafeRawBufferPointer) {
    noteDropped(
      ModelError(kind: .syntax, message: "a text cut short by the next record separator (RFC 7464)")
        .placed(in: framed.index, at: framed.location),
      excerpt: RecordText.excerpt(of: text), found: "a cut text")
  }

  /// Lists a record passed over in the report, if the options have one.
  private func noteDropped(_ failure: ModelError, excerpt: String, found: String) {
    guard let place = failure.streamPlace else { return }
    ReportRecorder.recording(options) { recorder in
      recorder?.record(
        DecodeReport.Entry(
          path: "$", kind: .droppedRecord, found: found, excerpt: excerpt, target: decoding.typeName,
          note: failure.message, recordIndex: place.recordIndex, line: place.line, column: place.column,
          offset: place.offset))
    }
  }
}

extension ModelError {
  /// This error, about record `index` of a stream, its failing byte at `offset`, `line`, `column` of the stream.
  func placed(in index: Int, at offset: Int, _ line: Int, _ column: Int) -> ModelError {
    var placed = self
    placed.streamPlace = StreamPlace(recordIndex: index, line: line, column: column, offset: offset)
    return placed
  }

  /// This error, about record `index` of a stream, its failing byte at
  /// `location` (counts beyond `Int`, where it has 32 bits, clamped).
  func placed(in index: Int, at location: JSONRecordFramer.Location) -> ModelError {
    placed(
      in: index, at: Int(clamping: location.offset), Int(clamping: location.line), Int(clamping: location.column))
  }
}
