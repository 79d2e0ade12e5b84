extension JSONRecordFramer {
  /// JSON Lines: a record per line that is not blank; the CR of a CRLF is
  /// left out. A line is found by its LF alone, eight bytes at a time.
  mutating func nextLine(in buffer: UnsafeRawBufferPointer, isEnd: Bool) throws(Failure) -> Record? {
    while true {
      if textStart == nil { beginText() }
      let start = textStart!
      guard let newline = Self.firstNewline(in: buffer, from: position) else {
        position = buffer.count
        if !isSkipping && isOversized(to: position) { throw oversized(at: textLocation) }
        guard isEnd, try endText(at: position) else { return nil }
        return lineRecord(start, buffer.count, in: buffer)
      }
      position = newline + 1
      line += 1
      column = 1
      guard try endText(at: newline) else { continue }
      if let record = lineRecord(start, newline, in: buffer) { return record }
    }
  }

  /// The record of the line from `start` to `end` (its LF or the end of
  /// the stream), without a CR before the LF; nil, ending the text, for a
  /// blank line.
  private mutating func lineRecord(_ start: Int, _ end: Int, in buffer: UnsafeRawBufferPointer) -> Record? {
    var end = end
    if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    guard buffer[start..<end].contains(where: { !Self.isWhitespace($0) }) else {
      textStart = nil
      return nil
    }
    return record(to: end)
  }

  /// The offset of the first LF from `start`, or nil.
  private static func firstNewline(in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
    var index = start
    let count = buffer.count
    guard let base = buffer.baseAddress else { return nil }
    while index + 8 <= count {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let found = ByteScan.bytes(word, equalTo: UInt8(ascii: "\n"))
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < count {
      if buffer[index] == UInt8(ascii: "\n") { return index }
      index += 1
    }
    return nil
  }
}
