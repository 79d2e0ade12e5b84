import ModelKitJSON

/// Top-level arrays that `ModelDecoder` reads a window of text at a time
/// when they are large (see `ArrayWindows`), decoding each element as the
/// whole call would: through ModelKit's converter when it has one for the
/// array, else as `Array.init(from:)` decodes (strict) or as lenient
/// decoding drops what does not decode.
protocol WindowedArrayDecoding {
  /// The array in `text`, or nil when the text is small or holds no array;
  /// `recorder` takes the report's entries, one for every window (nil
  /// without a report).
  static func decodeInWindows(
    _ text: UnsafeRawBufferPointer, options: DecodingOptions, rules: ReadRules,
    recorder: ReportRecorder?
  ) throws -> Self?
}

extension Array: WindowedArrayDecoding where Element: Decodable {
  static func decodeInWindows(
    _ text: UnsafeRawBufferPointer, options: DecodingOptions, rules: ReadRules,
    recorder: ReportRecorder?
  ) throws -> Self? {
    try ArrayWindows.elements(in: text, options: options, recorder: recorder) { chunk, result, recorder in
      let root = chunk.document.root
      let call = DecodeCall(
        ReadContext(document: chunk.document, options: options, rules: rules, recorder: recorder))
      let top = DocumentDecoder(call: call, node: root, parent: nil, key: NoKey())
      if let converter = try call.converters.entry(for: Self.self).converter as? SequenceConverter<Self> {
        do throws(ModelError) {
          try converter.append(elementsOf: root, from: chunk.firstIndex, to: &result, &call.read)
        } catch {
          throw error.foundationDecodingError
        }
        return
      }
      let array = DocumentDecoder(call: call, node: root, parent: top, key: NoKey())
      guard options.strict else {
        return try appendDroppingFailures(of: root, from: chunk.firstIndex, to: &result, in: array)
      }
      // As `Array.init(from:)` reads its unkeyed container.
      var index = chunk.firstIndex
      for item in chunk.document.elements(of: root) {
        result.append(try array.decode(Element.self, from: item, key: AnyKey(index: index)))
        index += 1
      }
    }
  }
}
