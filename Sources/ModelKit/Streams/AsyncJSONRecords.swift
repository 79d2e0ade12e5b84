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
  /// Adds one of the source's elements (a byte, or a chunk) to the window.
  private let append: @Sendable (Source.Element, inout [UInt8]) -> Void

  init(
    _ source: Source, framing: JSONFraming, options: DecodingOptions, decoding: RecordDecoding<Record>,
    append: @escaping @Sendable (Source.Element, inout [UInt8]) -> Void
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
    private let append: @Sendable (Source.Element, inout [UInt8]) -> Void
    /// The bytes from the start of the record being read.
    private var window: [UInt8] = []
    private var sourceEnded = false
    private var isDone = false

    /// The window is compacted once this many bytes before the record being read are no longer needed.
    private static var compactionThreshold: Int { 64 << 10 }

    init(source: Source.AsyncIterator, reader: RecordReader<Record>, append: @escaping @Sendable (Source.Element, inout [UInt8]) -> Void) {
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
        let ended = sourceEnded
        let record: Record?
        do {
          record = try window.withUnsafeBytes { try reader.next(in: $0, isEnd: ended) }
        } catch {
          isDone = true
          throw error
        }
        if let record { return record }
        if sourceEnded {
          isDone = true
          window = []
          return nil
        }
        compact()
        guard let element = try await source.next() else {
          sourceEnded = true
          continue
        }
        append(element, &window)
      }
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
