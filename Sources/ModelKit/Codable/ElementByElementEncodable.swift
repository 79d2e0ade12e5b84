/// Arrays of `Encodable` values, which the encoder writes element by
/// element itself, as `Array.encode(to:)` writes them (one unkeyed
/// container, each element encoded into it in turn), each element borrowed
/// where it lies: the standard library's loop copies every element (and
/// destroys the copy) and reaches its container through an existential
/// boxed on the heap, one per array.
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
