import ModelKitJSON

/// Large top-level arrays decoded a window of text at a time
/// (`JSONArrayChunks`): the peak memory is then the input's and the
/// result's, without a copy of the text and a tape of its size besides.
enum ArrayWindows {
  /// Texts from this size on are read in windows; smaller ones whole, in one step.
  static let threshold = 256 << 10

  /// Calls `body` with each window's elements and the number of elements
  /// the whole array is expected to hold; false, calling nothing, when the
  /// text is smaller than `threshold` or holds no array at the top level.
  ///
  /// A syntax error anywhere in the text wins over an error `body` throws,
  /// as when the whole text is read before anything is decoded.
  ///
  /// - Throws: `ModelError` of kind `.syntax`, or what `body` throws.
  static func forEach(
    in text: UnsafeRawBufferPointer, options: DecodingOptions,
    _ body: (JSONArrayChunks.Chunk, _ expectedCount: Int) throws -> Void
  ) throws -> Bool {
    guard text.count >= threshold, var chunks = JSONArrayChunks(text, options: options.readOptions) else {
      return false
    }
    while true {
      let chunk: JSONArrayChunks.Chunk?
      do {
        chunk = try chunks.next()
      } catch {
        throw ModelError(error)
      }
      guard let chunk else { return true }
      do {
        try body(chunk, chunks.estimatedCount)
      } catch {
        do {
          try chunks.finish()
        } catch let syntax {
          throw ModelError(syntax)
        }
        throw error
      }
    }
  }

  /// Gives `array` room for `expected` elements and a little more when it
  /// has less, so that a large result is not copied as it grows.
  static func reserve<Element>(_ array: inout [Element], for expected: Int) {
    if expected > array.capacity { array.reserveCapacity(expected + expected / 16) }
  }
}
