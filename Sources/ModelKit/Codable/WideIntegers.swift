import ModelKitJSON

// `Int128` and `UInt128`, which have no converter of their own: read from
// a number's text as `JSONDecoder` reads it (leniently from a numeric
// string too) and written as their digits, as Foundation's coders do.

extension DocumentDecoder {
  /// A 128-bit integer at `node` (nil = missing), a value at `key`.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decodeWide<Integer: FixedWidthInteger & Decodable, Key: CodingKey>(
    _ type: Integer.Type, from node: JSONDocument.Node?, key: Key
  ) throws -> Integer {
    func path() -> CodingPath { self.path(appending: key) }
    guard let node else {
      if call.options.strict { throw ModelError.missing("\(Integer.self)", at: path(), type: Integer.self).decodingError }
      return 0
    }
    let document = call.document
    let value: Integer?
    switch document.kind(of: node) {
    case .number: value = document.withNumberText(node) { DecoderIntegers.value($0, as: Integer.self) } ?? nil
    case .string where !call.options.strict:
      let text = Array(LenientText.trimmedUTF8(document.string(node) ?? ""))
      value = NumberText.isValid(text) ? text.withUnsafeBufferPointer { DecoderIntegers.value($0, as: Integer.self) } : nil
    default: value = nil
    }
    if let value { return value }
    guard call.options.strict || onMismatch == .fail else {
      if onMismatch == .drop { throw DroppedElement() }
      return 0
    }
    let failure: ConversionFailure =
      document.isNull(node) ? .null : document.kind(of: node) == .number ? .outOfRange : .mismatch
    call.read.path = path()
    throw call.read.failure(failure, node, target: "\(Integer.self)", type: Integer.self).decodingError
  }
}

extension ObjectContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try decoder.decodeWide(Int128.self, from: nodeForKey(key), key: key)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try decoder.decodeWide(UInt128.self, from: nodeForKey(key), key: key)
  }
}

extension ArrayContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func decode(_ type: Int128.Type) throws -> Int128 {
    let key = AnyKey(index: currentIndex)
    return try decoder.decodeWide(Int128.self, from: try nextNode(Int128.self), key: key)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
    let key = AnyKey(index: currentIndex)
    return try decoder.decodeWide(UInt128.self, from: try nextNode(UInt128.self), key: key)
  }
}

extension ValueContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: Int128.Type) throws -> Int128 {
    try decoder.decodeWide(Int128.self, from: decoder.node, key: NoKey())
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 {
    try decoder.decodeWide(UInt128.self, from: decoder.node, key: NoKey())
  }
}

extension EncodingObjectContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { try encodeDigits(value, forKey: key) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { try encodeDigits(value, forKey: key) }
}

extension EncodingArrayContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: Int128) throws { try encodeDigits(value) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: UInt128) throws { try encodeDigits(value) }
}

extension EncodingValueContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: Int128) throws { try encodeDigits(value) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func encode(_ value: UInt128) throws { try encodeDigits(value) }
}
