public import Foundation
import ModelKitJSON

/// The snapshots of one JSON text read from an asynchronous source as it
/// arrives: what `partialSnapshots(from:options:)` returns.
///
/// A snapshot is yielded after each element of the source (a byte or a
/// chunk) that changed what it shows, and the last one is the complete
/// text's; iterating throws when the source ends inside the text, at the
/// first byte that can never be valid, and when the whole text does not
/// decode (strict mode, a hook).
public struct AsyncPartialSnapshots<Source: AsyncSequence & Sendable, T>: AsyncSequence, Sendable {
  private let source: Source
  private let makeDecoder: @Sendable () -> PartialDecoder<T>
  private let append: Append

  typealias Append = @Sendable (Source.Element, PartialDecoder<T>) throws -> Void

  init(_ source: Source, makeDecoder: @escaping @Sendable () -> PartialDecoder<T>, append: @escaping Append) {
    self.source = source
    self.makeDecoder = makeDecoder
    self.append = append
  }

  /// An iterator over the snapshots, reading the source as it goes.
  ///
  /// - Returns: a new iterator, which reads the source from its start.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(source: source.makeAsyncIterator(), decoder: makeDecoder(), append: append)
  }

  /// Reads the source and yields snapshots as they change.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var source: Source.AsyncIterator
    private let decoder: PartialDecoder<T>
    private let append: Append
    private var last: PartialJSONSnapshot?
    private var isDone = false

    init(source: Source.AsyncIterator, decoder: PartialDecoder<T>, append: @escaping Append) {
      self.source = source
      self.decoder = decoder
      self.append = append
    }

    /// The next snapshot that shows more than the one before, nil after the complete one.
    ///
    /// - Returns: the next snapshot, or nil once the complete one was yielded.
    /// - Throws: `ModelError` (a syntax error, a text cut short, a whole
    ///   text that does not decode), or what the source throws.
    public mutating func next() async throws -> PartialSnapshot<T>? {
      guard !isDone else { return nil }
      do {
        while last?.isComplete != true, let element = try await source.next() {
          try append(element, decoder)
          if let shown = shown(decoder.snapshot) {
            if shown.isComplete, let error = shown.error { throw error }
            return shown
          }
        }
        // The source has ended, or the whole text has arrived (what
        // follows it may only be white space).
        while let element = try await source.next() { try append(element, decoder) }
        isDone = true
        let complete = try decoder.finish()
        return last.map(complete.text.showsTheSame) == true ? nil : complete
      } catch {
        isDone = true
        throw error
      }
    }

    /// `snapshot` when it shows something the last one yielded did not.
    private mutating func shown(_ snapshot: PartialSnapshot<T>) -> PartialSnapshot<T>? {
      if let last, last.showsTheSame(as: snapshot.text) { return nil }
      last = snapshot.text
      return snapshot
    }
  }
}

extension AsyncPartialSnapshots where Source.Element == UInt8 {
  /// Snapshots of a source of single bytes (`URLSession.AsyncBytes`).
  init(bytes source: Source, makeDecoder: @escaping @Sendable () -> PartialDecoder<T>) {
    self.init(source, makeDecoder: makeDecoder) { byte, decoder in
      try withUnsafeBytes(of: byte) { try decoder.append($0) }
    }
  }
}

extension AsyncPartialSnapshots where Source.Element == Data {
  /// Snapshots of a source of chunks.
  init(chunks source: Source, makeDecoder: @escaping @Sendable () -> PartialDecoder<T>) {
    self.init(source, makeDecoder: makeDecoder) { chunk, decoder in try decoder.append(chunk) }
  }
}

extension AsyncPartialSnapshots where Source.Element == [UInt8] {
  /// Snapshots of a source of chunks.
  init(chunks source: Source, makeDecoder: @escaping @Sendable () -> PartialDecoder<T>) {
    self.init(source, makeDecoder: makeDecoder) { chunk, decoder in try decoder.append(chunk) }
  }
}
