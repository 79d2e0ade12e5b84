/// A top-level JSON array read a window of text at a time, so that decoding
/// a large array never holds a copy of the text or a tape of its size.
///
/// Each chunk is a document whose root is an array of the next complete
/// elements; together the chunks hold every element once, in order. The
/// text is checked exactly as `JSONDocument(parsing:)` checks it and an
/// error carries the same kind, message and position, but it surfaces only
/// when the chunk that holds it is reached: a caller that stops early (at
/// an element it cannot decode) calls `finish()` to learn whether the text
/// was valid to the end.
///
/// ```swift
/// try bytes.withUnsafeBytes { buffer in
///   guard var chunks = JSONArrayChunks(buffer) else { return }  // not an array
///   while let chunk = try chunks.next() {
///     for element in chunk.document.elements(of: chunk.document.root) { … }
///   }
/// }
/// ```
///
/// The chunks read the caller's bytes in place: they must stay valid and
/// unchanged while chunks are read. Each chunk's document is independent
/// and may outlive them.
public struct JSONArrayChunks {
  /// The size of the first window; a window grows when one element does not fit.
  public static let defaultWindowSize = 64 << 10

  /// One window's complete elements.
  public struct Chunk: Sendable {
    /// The elements, as the elements of an array at `document.root`;
    /// `offset(of:)` gives positions in the whole text.
    public let document: JSONDocument
    /// The index in the whole array of the chunk's first element.
    public let firstIndex: Int
  }

  private let text: UnsafeBufferPointer<UInt8>
  private let options: JSONReadOptions
  private var windowSize: Int
  private var state: State
  private var elementsRead = 0

  private enum State {
    /// The next element's text starts at this offset.
    case reading(Int)
    /// The closing bracket ended just before this offset.
    case closed(Int)
    case done
  }

  /// Prepares to read `text`, UTF-8 JSON whose top-level value is an array;
  /// nil when it is anything else (read those with `JSONDocument`, which
  /// reports them as it reports every text), and when `options` read a
  /// text as an object's members without braces.
  ///
  /// - Parameters:
  ///   - text: the whole JSON text; it must outlive the chunks.
  ///   - options: how to read it, as for `JSONDocument(parsing:options:)`.
  ///   - windowSize: how many bytes the first window holds (at least 1).
  public init?(
    _ text: UnsafeRawBufferPointer, options: JSONReadOptions = .init(), windowSize: Int = defaultWindowSize
  ) {
    let bytes = text.assumingMemoryBound(to: UInt8.self)
    guard bytes.count < DocumentStorage.inputLimit, options.maxDepth >= 1, !options.readsMembersWithoutBraces else {
      return nil
    }
    var start = 0
    if options.skipsByteOrderMark, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    start = Self.skipWhitespace(in: bytes, from: start, options: options)
    guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
    let first = Self.skipWhitespace(in: bytes, from: start + 1, options: options)
    self.text = bytes
    self.options = options
    self.windowSize = max(windowSize, 1)
    state = first < bytes.count && bytes[first] == UInt8(ascii: "]") ? .closed(first + 1) : .reading(first)
  }

  /// About how many elements the whole array holds, from the size of those
  /// read so far (0 before the first chunk): enough to reserve capacity.
  public var estimatedCount: Int {
    switch state {
    case .reading(let offset) where offset > 0:
      return Int(Double(elementsRead) * Double(text.count) / Double(offset))
    default:
      return elementsRead
    }
  }

  /// Reads the next window of elements.
  ///
  /// - Returns: the next chunk, or nil after the last.
  /// - Throws: `JSONError`, exactly as `JSONDocument(parsing:)` reports the
  ///   first problem of the text, when it lies in this chunk or just after
  ///   the array.
  public mutating func next() throws(JSONError) -> Chunk? {
    switch state {
    case .done:
      return nil
    case .closed(let end):
      state = .done
      try checkEnd(after: end)
      return nil
    case .reading(let resume):
      // A window may have ended in the white space before this element.
      let start = Self.skipWhitespace(in: text, from: resume, options: options)
      while true {
        let end = start + min(windowSize, text.count - start)
        let copy = DocumentStorage.paddedCopy(
          of: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[start..<end])))
        let window: JSONReader.Window
        do {
          window = try JSONReader.readWindow(
            copy, count: end - start, origin: start, isFinal: end == text.count, options: options)
        } catch {
          state = .done
          throw JSONError(error.kind, error.message, at: start + error.offset, in: text)
        }
        guard let storage = window.storage else {
          // One element larger than the window (which never outgrows the text).
          windowSize = windowSize <= text.count / 2 ? windowSize * 2 : text.count
          continue
        }
        let chunk = Chunk(document: JSONDocument(storage: storage), firstIndex: elementsRead)
        elementsRead += window.elements
        if window.closed {
          state = .done
          try checkEnd(after: start + window.consumed)
        } else {
          state = .reading(start + window.consumed)
        }
        return chunk
      }
    }
  }

  /// Reads the rest of the text only to check it, as after an element the
  /// caller could not decode: a syntax error there is the text's first.
  ///
  /// - Throws: `JSONError` for the first problem in the rest of the text.
  public mutating func finish() throws(JSONError) {
    while try next() != nil {}
  }

  /// Throws unless only white space follows the array.
  private func checkEnd(after end: Int) throws(JSONError) {
    let rest = Self.skipWhitespace(in: text, from: end, options: options)
    if rest != text.count { throw JSONReader.afterTopLevelValue(in: text, at: rest, options: options) }
  }

  /// The offset of the first byte at or after `start` that is not white
  /// space (nor, in JSON5, a comment).
  private static func skipWhitespace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, options: JSONReadOptions)
    -> Int
  {
    if options.allowsJSON5, let base = bytes.baseAddress {
      return JSON5Space.end(in: base, from: start, count: bytes.count)
    }
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return index
      }
    }
    return index
  }
}
