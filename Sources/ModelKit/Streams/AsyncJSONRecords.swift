import Foundation
import ModelKitJSON

/// The records of a stream of JSON texts, decoded as the bytes of an
/// asynchronous source arrive: what `records(from:framing:options:)`
/// returns, for models and Codable types.
///
/// A record is yielded as soon as its last byte has arrived (a JSON Lines
/// record when its line feed has). The bytes kept are a window from the
/// start of the record being read; a record is never scanned twice.
public struct AsyncJSONRecords<Source: AsyncSequence & Sendable, Record>: AsyncSequence, Sendable {
  private let source: Source
  private let framing: JSONFraming
  private let options: DecodingOptions
  private let decoding: RecordDecoding<Record>
  /// Adds one of the source's elements (a byte, or a chunk) to the
  /// window; whether a record may have ended with it.
  private let append: Append

  typealias Append = @Sendable (Source.Element, inout [UInt8]) -> Bool

  private init(
    _ source: Source, framing: JSONFraming, options: DecodingOptions, decoding: RecordDecoding<Record>, append: @escaping Append
  ) {
    self.source = source
    self.framing = framing
    self.options = options
    self.decoding = decoding
    self.append = append
  }

  /// An iterator over the records, reading the source as it goes.
  ///
  /// - Returns: a new iterator, which reads the source from its start.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      source: source.makeAsyncIterator(), reader: RecordReader(framing: framing, options: options, decoding: decoding),
      append: append)
  }

  /// Reads records from the source's bytes as they arrive.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var source: Source.AsyncIterator
    private var reader: RecordReader<Record>
    private let append: Append
    /// The bytes from the start of the record being read.
    private var window: [UInt8] = []
    private var sourceEnded = false
    private var isDone = false
    /// Where the reader decodes the record `next()` returns.
    private let slot = RecordSlot<Record>()

    /// The window is compacted once this many bytes before the record being read are no longer needed.
    private static var compactionThreshold: Int { 64 << 10 }
    /// The reader is shown the window after at most this many new bytes,
    /// even when none of them can end a record (so that a record too long
    /// is found as it grows).
    private static var bytesBetweenLooks: Int { 4 << 10 }

    init(source: Source.AsyncIterator, reader: RecordReader<Record>, append: @escaping Append) {
      self.source = source
      self.reader = reader
      self.append = append
    }

    /// The next record, nil after the last.
    ///
    /// - Returns: the next record's value, or nil at the end of the stream.
    /// - Throws: `ModelError` for a record that does not parse or decode
    ///   (a Codable decode's `DecodingError` around it), as
    ///   `records(in:framing:options:)` does; what the source throws.
    public mutating func next() async throws -> Record? {
      guard !isDone else { return nil }
      while true {
        let decoded: Bool
        do {
          decoded = try decodeFromWindow()
        } catch {
          isDone = true
          throw error
        }
        if decoded { return slot.memory.move() }
        if sourceEnded {
          isDone = true
          window = []
          return nil
        }
        compact()
        // The reader is not shown bytes that cannot end a record (a byte
        // source costs a call per byte otherwise).
        let shown = window.count
        while true {
          guard let element = try await source.next() else {
            sourceEnded = true
            break
          }
          if append(element, &window) || window.count - shown >= Self.bytesBetweenLooks { break }
        }
      }
    }

    /// Decodes the window's next record into `slot`; false when the window
    /// holds no further whole record. (Not async: the asynchronous frame
    /// then holds none of the reader's generic state, which the runtime
    /// would look up for it on every call.)
    private mutating func decodeFromWindow() throws -> Bool {
      let ended = sourceEnded
      let slot = slot
      return try window.withUnsafeBytes { try reader.next(in: $0, isEnd: ended, into: slot.memory) }
    }

    /// Drops the bytes the reader no longer needs, when they are many.
    private mutating func compact() {
      let consumed = reader.consumed
      guard consumed > 0, consumed >= Self.compactionThreshold || consumed == window.count else { return }
      window.removeFirst(consumed)
      reader.dropPrefix(consumed)
    }
  }
}

extension AsyncJSONRecords where Source.Element == UInt8 {
  /// Records from a source of single bytes (`URLSession.AsyncBytes`).
  init(bytes source: Source, framing: JSONFraming, options: DecodingOptions, decoding: RecordDecoding<Record>) {
    self.init(source, framing: framing, options: options, decoding: decoding) { byte, window in
      window.append(byte)
      return JSONRecordFramer.canEndRecord(with: byte, in: framing)
    }
  }
}

extension AsyncJSONRecords where Source.Element == Data {
  /// Records from a source of chunks.
  init(chunks source: Source, framing: JSONFraming, options: DecodingOptions, decoding: RecordDecoding<Record>) {
    self.init(source, framing: framing, options: options, decoding: decoding) { chunk, window in
      window.append(contentsOf: chunk)
      return true
    }
  }
}

extension AsyncJSONRecords where Source.Element == [UInt8] {
  /// Records from a source of chunks.
  init(chunks source: Source, framing: JSONFraming, options: DecodingOptions, decoding: RecordDecoding<Record>) {
    self.init(source, framing: framing, options: options, decoding: decoding) { chunk, window in
      window.append(contentsOf: chunk)
      return true
    }
  }
}

/// The memory of one record, which a reader decodes into and `next()`
/// moves out of (see `RecordDecoding`: no `Record?` is made on the way).
/// Uninitialised between those two steps.
final class RecordSlot<Record> {
  let memory = UnsafeMutablePointer<Record>.allocate(capacity: 1)

  deinit { memory.deallocate() }
}
