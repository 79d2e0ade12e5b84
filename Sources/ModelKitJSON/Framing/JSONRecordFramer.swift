/// Finds the records of a framed stream (`JSONFraming`) in the bytes it is
/// shown, as they arrive: the caller keeps the bytes (the whole input, or a
/// window of the stream) and calls `next(in:isEnd:)` after each chunk; the
/// framer resumes where it stopped, so no byte is scanned twice, and says
/// how much of the window it no longer needs (`consumed`).
///
/// Records are the same however the stream is cut into chunks: every
/// decision waits for the byte that settles it.
package struct JSONRecordFramer {
  /// Where a byte is in the whole stream. 64-bit counts: a stream may be
  /// longer than a 32-bit `Int` counts.
  package struct Location: Sendable, Equatable {
    /// The 0-based byte offset.
    package var offset: Int64
    /// The 1-based line: lines end with LF (with CR, LF or CRLF in server-sent events).
    package var line: Int64
    /// The 1-based column, in Unicode scalars, as `JSONError` counts it.
    package var column: Int64

    package init(offset: Int64, line: Int64, column: Int64) {
      self.offset = offset
      self.line = line
      self.column = column
    }

    /// A `JSONError` at this place, its counts clamped to `Int`.
    func error(_ kind: JSONError.Kind, _ message: String) -> JSONError {
      JSONError(kind: kind, message: message, offset: Int(clamping: offset), line: Int(clamping: line), column: Int(clamping: column))
    }
  }

  /// One record: its text and where it is.
  package struct Record {
    /// Where the text is.
    package enum Text {
      /// These bytes of the buffer `next(in:isEnd:)` was shown.
      case slice(Range<Int>)
      /// Bytes put together from several places (an event's data lines).
      case assembled([UInt8])
    }

    /// A run of the text that stands in one place of the stream (a line of an event's data).
    package struct Piece: Sendable {
      /// Where the run starts in the text.
      package let textOffset: Int
      /// Where it starts in the stream.
      package let location: Location
    }

    /// The record's index, counted from 0 over the records of the stream.
    package let index: Int
    package let text: Text
    /// The text's runs, in order; a slice is one.
    package let pieces: [Piece]
    /// RFC 7464: the text's last byte is not white space (a number or
    /// literal there was cut short by the next separator or the end).
    package let endsWithoutWhitespace: Bool

    /// Where the first byte of the text is.
    package var location: Location { pieces[0].location }

    /// Where in the stream the byte is that `error` (from reading the
    /// text alone) names.
    package func streamLocation(of error: JSONError) -> Location {
      // An assembled text has one line per piece; a slice is one piece that may span lines.
      let piece = pieces.count == 1 ? pieces[0] : pieces[min(max(error.line - 1, 0), pieces.count - 1)]
      let lineInPiece = pieces.count == 1 ? error.line : 1
      let start = piece.location
      return Location(
        offset: start.offset + Int64(error.offset - piece.textOffset),
        line: start.line + Int64(lineInPiece - 1),
        column: lineInPiece == 1 ? start.column + Int64(error.column - 1) : Int64(error.column))
    }
  }

  /// A record that cannot be framed, or a stream that breaks its framing.
  package struct Failure: Error {
    /// What is wrong, at its place in the stream.
    package let error: JSONError
    /// The index the record had, or the next record would have had.
    package let recordIndex: Int
    /// Whether the framer can go on with the next record (the bad one's
    /// bytes are passed over): true for a record beyond the size limit and
    /// text before an RFC 7464 stream's first separator.
    package let canSkip: Bool
  }

  let form: JSONFraming.Form
  let maxRecordBytes: Int

  /// The stream offset of the buffer's first byte.
  var base: Int64 = 0
  /// Where scanning resumes in the buffer.
  var position = 0
  /// The line and column of `position`.
  var line: Int64 = 1
  var column: Int64 = 1
  /// The start of the text being framed, in the buffer, and where it is;
  /// nil between texts.
  var textStart: Int?
  var textLocation = Location(offset: 0, line: 1, column: 1)
  var nextIndex = 0
  /// Set when the stream ended: the array closed, an event's data was the end marker.
  var isFinished = false
  /// Passing over the rest of a record that cannot be framed.
  var isSkipping = false

  // Texts that end themselves (concatenated, array elements).
  var depth = 0
  var isInString = false
  var isEscaped = false
  var textIsScalar = false
  var arrayState = ArrayState.beforeOpen
  var lastWasWhitespace = true
  var textHasContent = false

  // Server-sent events.
  var lineStart: Int?
  var lineLocation = Location(offset: 0, line: 1, column: 1)
  var afterCR = false
  var lineWasCut = false
  var checkedMark = false
  var eventData: [UInt8] = []
  var eventPieces: [Record.Piece] = []

  enum ArrayState {
    case beforeOpen, afterOpen, afterComma, inElement, afterElement, closed
  }

  /// A framer for `framing`; a record longer than `maxRecordBytes` is a failure.
  package init(framing: JSONFraming, maxRecordBytes: Int) {
    form = framing.form
    self.maxRecordBytes = maxRecordBytes
  }

  /// How many records were framed so far (bad ones included).
  package var recordCount: Int { nextIndex }

  /// How many lines were read to their end so far.
  package var lineCount: Int { Int(clamping: line - 1) }

  /// How many bytes at the start of the buffer are no longer needed.
  package var consumed: Int {
    if isFinished { return position }
    return min(textStart ?? position, lineStart ?? position)
  }

  /// Tells the framer that the buffer lost its first `count` bytes (at most `consumed`).
  package mutating func dropPrefix(_ count: Int) {
    base += Int64(count)
    position -= count
    if let start = textStart { textStart = start - count }
    if let start = lineStart { lineStart = start - count }
  }

  /// The next record in `buffer` (the stream's bytes from where the last
  /// dropped prefix ended), nil when it needs more bytes, or when the
  /// stream is over (`isEnd`: no byte follows `buffer`).
  package mutating func next(in buffer: UnsafeRawBufferPointer, isEnd: Bool) throws(Failure) -> Record? {
    guard !isFinished else { return nil }
    switch form {
    case .jsonLines: return try nextLine(in: buffer, isEnd: isEnd)
    case .concatenated: return try nextText(in: buffer, isEnd: isEnd)
    case .jsonSequence: return try nextSequenceText(in: buffer, isEnd: isEnd)
    case .array: return try nextElement(in: buffer, isEnd: isEnd)
    case .serverSentEvents(let endMarker): return try nextEvent(in: buffer, isEnd: isEnd, endMarker: endMarker)
    }
  }

  // MARK: - Shared steps

  /// The location of the buffer's byte at `position`.
  var location: Location { Location(offset: base + Int64(position), line: line, column: column) }

  /// Moves past `byte`, the one at `position`.
  @inline(__always)
  mutating func advance(over byte: UInt8) {
    position += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  /// Starts a text at `position`.
  mutating func beginText() {
    textStart = position
    textLocation = location
  }

  /// The record of the text from `textStart` to `end`, which ends it.
  mutating func record(to end: Int, endsWithoutWhitespace: Bool = false) -> Record {
    let start = textStart!
    textStart = nil
    defer { nextIndex += 1 }
    return Record(
      index: nextIndex, text: .slice(start..<end), pieces: [Record.Piece(textOffset: 0, location: textLocation)],
      endsWithoutWhitespace: endsWithoutWhitespace)
  }

  /// The failure for a text that grew beyond `maxRecordBytes`; the rest of
  /// it is passed over.
  mutating func oversized(at location: Location) -> Failure {
    isSkipping = true
    textStart = nil
    defer { nextIndex += 1 }
    return Failure(
      error: location.error(.inputTooLarge, "a record is larger than the limit of \(maxRecordBytes) bytes"),
      recordIndex: nextIndex, canSkip: true)
  }

  /// Ends the text being framed at `end`, before its record is made:
  /// false, forgetting the text, when it was being passed over; throws
  /// when it grew beyond the limit (its end is found, so nothing is left
  /// to pass over).
  mutating func endText(at end: Int) throws(Failure) -> Bool {
    if isSkipping {
      isSkipping = false
      textStart = nil
      return false
    }
    if isOversized(to: end) {
      let failure = oversized(at: textLocation)
      isSkipping = false
      throw failure
    }
    return true
  }

  /// Whether the text being framed has grown beyond the limit at `end`.
  func isOversized(to end: Int) -> Bool {
    guard let start = textStart else { return false }
    return end - start > maxRecordBytes
  }

  /// The failure for a stream that breaks its framing at `position`.
  func broken(_ kind: JSONError.Kind, _ message: String, at location: Location) -> Failure {
    Failure(error: location.error(kind, message), recordIndex: nextIndex, canSkip: false)
  }

  /// Whether a record of `framing` can be complete once `byte` has
  /// arrived: the byte that ends a line (JSON Lines; a server-sent event's
  /// blank line), the next record separator (RFC 7464), a closing bracket,
  /// brace or quote, or what ends a number or literal (concatenated texts,
  /// an array's elements). A reader given a byte at a time shows the framer
  /// its window only after such a byte (or after many bytes) and finds the
  /// same records, each as soon as its last byte is in.
  @inline(__always)
  package static func canEndRecord(with byte: UInt8, in framing: JSONFraming) -> Bool {
    switch framing.form {
    case .jsonLines: return byte == UInt8(ascii: "\n")
    case .serverSentEvents: return byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    case .jsonSequence: return byte == 0x1E
    case .concatenated, .array:
      switch byte {
      case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["),
        UInt8(ascii: ","):
        return true
      default:
        return isWhitespace(byte)
      }
    }
  }

  @inline(__always)
  package static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
  }
}
