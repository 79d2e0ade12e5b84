/// Arrays of `Encodable` values, which the encoder writes element by
/// element itself, as `Array.encode(to:)` writes them (one unkeyed
/// container, each element encoded into it in turn), reaching the
/// container as its own type: the standard library's loop reaches it
/// through an existential boxed on the heap, one per array, and steps a
/// generic iterator. (Each element is still copied for its call, as
/// there: code not compiled for the element's type copies what it reads.)
protocol ElementByElementEncodable {
  /// Encodes the array at `array`, of this type, into `encoder`'s unkeyed container.
  static func encodeEveryElement(at array: UnsafeRawPointer, to encoder: ValueEncoder) throws
}

extension Array: ElementByElementEncodable where Element: Encodable {
  static func encodeEveryElement(at array: UnsafeRawPointer, to encoder: ValueEncoder) throws {
    var container = encoder.arrayContainer()
    try array.assumingMemoryBound(to: [Element].self).pointee.withUnsafeBufferPointer { elements in
      for index in elements.indices { try container.encode(elements[index]) }
    }
  }
}
