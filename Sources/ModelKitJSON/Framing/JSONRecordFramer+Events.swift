extension JSONRecordFramer {
  /// Server-sent events, parsed as the WHATWG HTML standard's event-stream
  /// interpretation says: a byte-order mark at the start is dropped; lines
  /// end with CRLF, LF or CR; an empty line dispatches the event (nothing
  /// when its data is empty); a line starting with `:` is a comment; a
  /// field's value follows its first `:`, less one space; `data` lines are
  /// joined with LF; `event`, `id`, `retry` and unknown fields change no
  /// record. An event not ended by an empty line when the stream ends is
  /// discarded. Lines are counted as the events are, by their ends.
  mutating func nextEvent(in buffer: UnsafeRawBufferPointer, isEnd: Bool, endMarker: String?) throws(Failure) -> Record? {
    if !checkedMark {
      let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
      let available = min(buffer.count - position, mark.count)
      let isPrefix = buffer[position..<(position + available)].elementsEqual(mark[..<available])
      if isPrefix && available < mark.count && !isEnd { return nil }
      if isPrefix && available == mark.count { position += mark.count }
      checkedMark = true
    }
    while true {
      if afterCR {
        guard position < buffer.count else {
          if !isEnd { return nil }
          afterCR = false
          continue
        }
        if buffer[position] == UInt8(ascii: "\n") { position += 1 }  // the LF of a CRLF
        afterCR = false
      }
      if lineStart == nil {
        lineStart = position
        lineLocation = Location(offset: base + Int64(position), line: line, column: 1)
      }
      let start = lineStart!
      guard let end = buffer[position...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
      else {
        position = buffer.count
        // The rest of a line already cut is not looked at.
        switch lineWasCut ? .other : Self.dataLine(in: buffer, from: start, to: position) {
        case .data(let valueStart):
          // The check `eventLine` makes, on what has arrived of the value.
          if !isSkipping && eventData.count + (position - valueStart) > maxRecordBytes { throw oversizedEvent() }
        case .other where lineWasCut || position - start > maxRecordBytes:
          // A line that makes no record (a comment, another field) is not kept.
          lineStart = position
          lineWasCut = true
        case .other, .undecided:
          break
        }
        if isSkipping && position > start {
          // Nothing of a line in an event passed over is kept (an empty
          // one is not cut: it may be the end of the event).
          lineStart = position
          lineWasCut = true
        }
        if isEnd {
          // The stream ended inside an event: it is discarded.
          isFinished = true
          lineStart = nil
        }
        return nil
      }
      position = end + 1
      afterCR = buffer[end] == UInt8(ascii: "\r")
      line += 1
      lineStart = nil
      if lineWasCut {
        lineWasCut = false
        continue
      }
      if let record = try eventLine(start..<end, in: buffer, endMarker: endMarker) { return record }
      if isFinished { return nil }
    }
  }

  /// Takes in one line of the stream; the record when it dispatches an event.
  private mutating func eventLine(_ range: Range<Int>, in buffer: UnsafeRawBufferPointer, endMarker: String?) throws(Failure)
    -> Record?
  {
    guard !range.isEmpty else { return dispatchEvent(endMarker: endMarker) }
    guard buffer[range.lowerBound] != UInt8(ascii: ":") else { return nil }  // a comment
    // `event`, `id`, `retry` and other fields change no record.
    guard case .data(let valueStart) = Self.dataLine(in: buffer, from: range.lowerBound, to: range.upperBound, isWhole: true),
      !isSkipping
    else { return nil }
    if eventData.count + (range.upperBound - valueStart) > maxRecordBytes { throw oversizedEvent() }
    let column = 1 + buffer[range.lowerBound..<valueStart].reduce(Int64(0)) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    eventPieces.append(
      Record.Piece(
        textOffset: eventData.count,
        location: Location(
          offset: lineLocation.offset + Int64(valueStart - range.lowerBound), line: lineLocation.line, column: column)))
    eventData.append(contentsOf: buffer[valueStart..<range.upperBound])
    eventData.append(UInt8(ascii: "\n"))
    return nil
  }

  /// What a line of the stream is, from the bytes of it that have arrived.
  enum LineKind: Equatable {
    /// A `data` field, whose value starts there.
    case data(valueStart: Int)
    /// Any other line.
    case other
    /// Not known until more of the line arrives.
    case undecided
  }

  /// What the line from `start` to `end` is: `isWhole` when `end` is its
  /// end, else what has arrived of it. A `data` field's value follows its
  /// colon, less one space (as far as the space has arrived).
  static func dataLine(in buffer: UnsafeRawBufferPointer, from start: Int, to end: Int, isWhole: Bool = false) -> LineKind {
    let field = Array("data".utf8)
    let length = end - start
    for offset in 0..<min(field.count, length) where buffer[start + offset] != field[offset] { return .other }
    if length < field.count { return isWhole ? .other : .undecided }
    if length == field.count { return isWhole ? .data(valueStart: end) : .undecided }
    guard buffer[start + field.count] == UInt8(ascii: ":") else { return .other }
    let afterColon = start + field.count + 1
    return .data(valueStart: afterColon < end && buffer[afterColon] == UInt8(ascii: " ") ? afterColon + 1 : afterColon)
  }

  /// The event the data lines so far make (its data without the last LF),
  /// nil for one without data, one passed over and the end marker (which
  /// ends the stream).
  private mutating func dispatchEvent(endMarker: String?) -> Record? {
    defer {
      eventData = []
      eventPieces = []
      isSkipping = false
    }
    guard !isSkipping, !eventData.isEmpty else { return nil }
    eventData.removeLast()
    if let endMarker, eventData.elementsEqual(endMarker.utf8) {
      isFinished = true
      return nil
    }
    defer { nextIndex += 1 }
    return Record(index: nextIndex, text: .assembled(eventData), pieces: eventPieces, endsWithoutWhitespace: false)
  }

  /// `oversized` for an event whose data grew beyond the limit: the rest
  /// of the event is passed over.
  private mutating func oversizedEvent() -> Failure {
    let failure = oversized(at: eventPieces.first?.location ?? lineLocation)
    eventData = []
    eventPieces = []
    return failure
  }
}
