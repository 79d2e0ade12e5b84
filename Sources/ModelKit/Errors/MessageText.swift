/// A short text (an error message) written from pieces into one stack
/// buffer and made a `String` once: appending to a `String` piece by piece
/// costs a few hundred instructions a piece, and a type's `try?` may drop
/// the error unread.
struct MessageText {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private var count = 0
  /// The text so far, once it no longer fits the buffer.
  private var spilled: String?

  private init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  /// The text `write` writes.
  static func make(_ write: (inout MessageText) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
      var text = MessageText(buffer: buffer)
      write(&text)
      return text.string
    }
  }

  mutating func append(_ piece: StaticString) {
    append(UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
  }

  mutating func append(_ piece: String) {
    withUTF8Bytes(of: piece) { append($0) }
  }

  private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
    if spilled == nil, count + utf8.count > buffer.count { spilled = written }
    if spilled != nil {
      spilled! += String(decoding: utf8, as: UTF8.self)
      return
    }
    guard let base = utf8.baseAddress, !utf8.isEmpty else { return }
    (buffer.baseAddress! + count).initialize(from: base, count: utf8.count)
    count += utf8.count
  }

  private var written: String { String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self) }

  private var string: String { spilled ?? written }
}
