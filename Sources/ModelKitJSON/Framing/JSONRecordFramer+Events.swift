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
        if !isSkipping && eventData.count + (position - start) > maxRecordBytes { throw oversizedEvent() }
        if isSkipping {
          // Nothing of a line in an event passed over is kept.
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
    let colon = buffer[range].firstIndex(of: UInt8(ascii: ":"))
    let field = buffer[range.lowerBound..<(colon ?? range.upperBound)]
    guard field.elementsEqual("data".utf8), !isSkipping else { return nil }  // `event`, `id`, `retry`: no record changes
    var valueStart = colon.map { $0 + 1 } ?? range.upperBound
    if valueStart < range.upperBound && buffer[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
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
