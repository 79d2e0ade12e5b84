public import Foundation
import ModelKitJSON

/// Decodes a `T` (a `JSONModel` or any `Decodable` type) from one JSON text
/// that is still arriving: an LLM's structured output, a slow API's
/// response (design section 13).
///
/// ```swift
/// let partial = PartialDecoder<Recipe>()
/// try partial.append(chunk)             // Data, [UInt8] or String, cut anywhere
/// let recipe = partial.snapshot.value   // what has arrived, the rest at its defaults
/// partial.snapshot.state(of: \.title)   // .absent, .partial or .complete
/// try partial.finish()                  // the text has ended
/// ```
///
/// Each appended byte is read once, when it is appended: appending costs
/// time proportional to the bytes appended, and a snapshot is built when
/// read. The last snapshot of a whole text shows what `init(json:)` (a
/// model) or `ModelDecoder` (a Codable type) gives for the text.
///
/// A decoder belongs to the task that appends to it, as an iterator does
/// (it is not `Sendable`); its snapshots are `Sendable`, for a view or
/// another task to read.
public final class PartialDecoder<T> {
  private let reading: PartialReading<T>
  // Unchecked: a decoder is not Sendable, so one thread at a time reaches
  // the reader, and it calls out to nothing that could reach it again.
  @usableFromInline @exclusivity(unchecked) var reader: PartialJSONReader

  init(reading: PartialReading<T>) {
    self.reading = reading
    reader = PartialJSONReader(options: reading.readOptions)
  }

  /// A decoder of a model's text.
  ///
  /// - Parameter options: how the text is decoded, as for `init(json:options:)` (lenient by default).
  public convenience init(options: DecodingOptions = DecodingOptions()) where T: JSONModel {
    self.init(reading: .models(options))
  }

  /// A decoder of a Codable type's text, read as `ModelDecoder` reads it.
  ///
  /// - Parameter options: how the text is decoded, as for `ModelDecoder(options:)` (lenient by default).
  public convenience init(options: DecodingOptions = DecodingOptions()) where T: Decodable {
    self.init(reading: .codable(options))
  }

  /// A decoder of a Codable type's text, read as `decoder` reads it: its
  /// date, data and key strategies, its `userInfo`, its options. The text
  /// is JSON (trailing commas allowed, as `JSONDecoder` reads them): the
  /// decoder's `allowsJSON5` and `assumesTopLevelDictionary` do not apply
  /// to a text still arriving.
  ///
  /// - Parameter decoder: the decoder whose settings each snapshot is decoded with.
  public convenience init(decoder: ModelDecoder) where T: Decodable {
    self.init(reading: .codable(decoder))
  }

  /// A decoder of a model's text (a model that is also `Decodable` is read as a model).
  ///
  /// - Parameter options: how the text is decoded, as for `init(json:options:)` (lenient by default).
  public convenience init(options: DecodingOptions = DecodingOptions()) where T: JSONModel & Decodable {
    self.init(reading: .models(options))
  }

  /// Appends the next bytes of the text.
  ///
  /// - Parameter data: UTF-8 bytes, cut anywhere (inside a character, an escape, a number, a key).
  /// - Throws: `ModelError` at the first byte that can never be part of a
  ///   valid text (with its line, column and offset); after that, every call throws it.
  public func append(_ data: Data) throws {
    try data.withUnsafeBytes { try append($0) }
  }

  /// Appends the next bytes of the text.
  ///
  /// - Parameter bytes: UTF-8 bytes, cut anywhere.
  /// - Throws: `ModelError` at the first byte that can never be part of a valid text.
  public func append(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try append($0) }
  }

  /// Appends the next part of the text.
  ///
  /// - Parameter text: the next characters.
  /// - Throws: `ModelError` at the first byte that can never be part of a valid text.
  public func append(_ text: String) throws {
    var text = text
    try text.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends the next bytes of the text, from a buffer the caller owns.
  ///
  /// - Parameter bytes: UTF-8 bytes, cut anywhere; copied before the call returns.
  /// - Throws: `ModelError` at the first byte that can never be part of a valid text.
  @inlinable
  public func append(_ bytes: UnsafeRawBufferPointer) throws {
    // Inlinable, so that a loop appending a byte at a time makes no call
    // for the bytes the reader only copies (most of them).
    if bytes.count == 1 {
      let byte = bytes.load(as: UInt8.self)
      if reader.appendCopying(byte) { return }
      try read(byte)
    } else {
      try read(bytes)
    }
  }

  /// `append`'s single byte that is read, not only copied.
  @usableFromInline
  func read(_ byte: UInt8) throws {
    do {
      try reader.appendByte(byte)
    } catch {
      throw ModelError(error)
    }
  }

  /// `append`'s chunk of other than one byte.
  @usableFromInline
  func read(_ bytes: UnsafeRawBufferPointer) throws {
    do {
      try reader.appendChunk(bytes)
    } catch {
      throw ModelError(error)
    }
  }

  /// What has arrived so far. Taking one costs O(depth); its value and
  /// JSON are made when first read.
  public var snapshot: PartialSnapshot<T> {
    if let complete { return PartialSnapshot(text: complete.text, reading: reading, made: complete.made) }
    let text = reader.snapshot
    let made = emptyParts()
    if text.isComplete { complete = (text, made) }
    return PartialSnapshot(text: text, reading: reading, made: made)
  }

  /// The parts of the last snapshot taken, to be used again by the next
  /// once no snapshot holds them: snapshots are taken often and most are
  /// dropped soon (a view reads one, an async sequence hands one on).
  private var spare: Locked<SnapshotParts>?

  /// Parts with nothing made yet, for a new snapshot: the spare ones,
  /// emptied, when nothing else holds them; else new ones, kept as the spare.
  private func emptyParts() -> Locked<SnapshotParts> {
    if var parts = spare {
      spare = nil
      if isKnownUniquelyReferenced(&parts) {
        parts.withUniqueReference { if !$0.isEmpty { $0 = SnapshotParts() } }
        spare = parts
        return parts
      }
    }
    let parts = Locked(SnapshotParts())
    spare = parts
    return parts
  }

  /// The whole text, once it has arrived, and the parts of its snapshot:
  /// every later snapshot shares them (its value decoded once, its hooks
  /// run once). Not a `PartialSnapshot<T>`, which a generic class would
  /// look up at run time on each read.
  private var complete: (text: PartialJSONSnapshot, made: Locked<SnapshotParts>)?

  /// Says the text has ended: a top-level number is complete now.
  ///
  /// - Returns: the last snapshot, whose value is what `init(json:)` or
  ///   `ModelDecoder` gives for the whole text.
  /// - Throws: `ModelError` when the text is cut short (or there is none),
  ///   or when the whole text does not decode (strict mode, a hook).
  @discardableResult
  public func finish() throws -> PartialSnapshot<T> {
    do {
      try reader.finish()
    } catch {
      throw ModelError(error)
    }
    let last = snapshot
    if let error = last.error { throw error }
    return last
  }
}
