public import Foundation

extension JSONModel {
  /// Snapshots of this model as its JSON text arrives from `source`, one
  /// byte at a time (`URLSession.AsyncBytes`, `FileHandle.bytes`).
  ///
  /// - Parameters:
  ///   - source: the text's bytes.
  ///   - options: how the text is decoded, as for `init(json:options:)`.
  /// - Returns: a snapshot after each byte that changed what it shows, the
  ///   complete one last; iterating throws `ModelError` when the source ends
  ///   inside the text or the text is invalid, and what the source throws.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == UInt8 {
    AsyncPartialSnapshots(bytes: source) { PartialDecoder<Self>(reading: .models(options)) }
  }

  /// Snapshots of this model as its JSON text arrives from `source` in chunks cut anywhere.
  ///
  /// - Parameters:
  ///   - source: the text's bytes, in chunks.
  ///   - options: how the text is decoded, as for `init(json:options:)`.
  /// - Returns: a snapshot after each chunk that changed what it shows, the complete one last.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == Data {
    AsyncPartialSnapshots(chunks: source) { PartialDecoder<Self>(reading: .models(options)) }
  }

  /// Snapshots of this model as its JSON text arrives from `source` in chunks cut anywhere.
  ///
  /// - Parameters:
  ///   - source: the text's bytes, in chunks.
  ///   - options: how the text is decoded, as for `init(json:options:)`.
  /// - Returns: a snapshot after each chunk that changed what it shows, the complete one last.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == [UInt8] {
    AsyncPartialSnapshots(chunks: source) { PartialDecoder<Self>(reading: .models(options)) }
  }
}

extension Decodable {
  /// Snapshots of a value of this type as its JSON text arrives from
  /// `source`, one byte at a time, read as `ModelDecoder` reads it.
  ///
  /// - Parameters:
  ///   - source: the text's bytes.
  ///   - options: how the text is decoded, as for `ModelDecoder(options:)`.
  /// - Returns: a snapshot after each byte that changed what it shows, the
  ///   complete one last; iterating throws `ModelError` when the source ends
  ///   inside the text or the text is invalid, and what the source throws.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == UInt8 {
    AsyncPartialSnapshots(bytes: source) { PartialDecoder<Self>(reading: .codable(options)) }
  }

  /// Snapshots of a value of this type as its JSON text arrives from `source` in chunks cut anywhere.
  ///
  /// - Parameters:
  ///   - source: the text's bytes, in chunks.
  ///   - options: how the text is decoded, as for `ModelDecoder(options:)`.
  /// - Returns: a snapshot after each chunk that changed what it shows, the complete one last.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == Data {
    AsyncPartialSnapshots(chunks: source) { PartialDecoder<Self>(reading: .codable(options)) }
  }

  /// Snapshots of a value of this type as its JSON text arrives from `source` in chunks cut anywhere.
  ///
  /// - Parameters:
  ///   - source: the text's bytes, in chunks.
  ///   - options: how the text is decoded, as for `ModelDecoder(options:)`.
  /// - Returns: a snapshot after each chunk that changed what it shows, the complete one last.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == [UInt8] {
    AsyncPartialSnapshots(chunks: source) { PartialDecoder<Self>(reading: .codable(options)) }
  }
}

/// A model that is also `Decodable` is read as a model (the overloads
/// of `JSONModel` and of `Decodable` would be ambiguous for it).
extension JSONModel where Self: Decodable {
  /// Snapshots of this model as its JSON text arrives from `source`, one
  /// byte at a time (`URLSession.AsyncBytes`, `FileHandle.bytes`).
  ///
  /// - Parameters:
  ///   - source: the text's bytes.
  ///   - options: how the text is decoded, as for `init(json:options:)`.
  /// - Returns: a snapshot after each byte that changed what it shows, the
  ///   complete one last; iterating throws `ModelError` when the source ends
  ///   inside the text or the text is invalid, and what the source throws.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == UInt8 {
    AsyncPartialSnapshots(bytes: source) { PartialDecoder<Self>(reading: .models(options)) }
  }

  /// Snapshots of this model as its JSON text arrives from `source` in chunks cut anywhere.
  ///
  /// - Parameters:
  ///   - source: the text's bytes, in chunks.
  ///   - options: how the text is decoded, as for `init(json:options:)`.
  /// - Returns: a snapshot after each chunk that changed what it shows, the complete one last.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == Data {
    AsyncPartialSnapshots(chunks: source) { PartialDecoder<Self>(reading: .models(options)) }
  }

  /// Snapshots of this model as its JSON text arrives from `source` in chunks cut anywhere.
  ///
  /// - Parameters:
  ///   - source: the text's bytes, in chunks.
  ///   - options: how the text is decoded, as for `init(json:options:)`.
  /// - Returns: a snapshot after each chunk that changed what it shows, the complete one last.
  public static func partialSnapshots<Source: AsyncSequence & Sendable>(
    from source: Source, options: DecodingOptions = DecodingOptions()
  ) -> AsyncPartialSnapshots<Source, Self> where Source.Element == [UInt8] {
    AsyncPartialSnapshots(chunks: source) { PartialDecoder<Self>(reading: .models(options)) }
  }
}
