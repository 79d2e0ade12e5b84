import ModelKitJSON

// `Int128` and `UInt128`, which the containers' protocols name apart: read
// through their converter (the integer row of the lenient table, as
// `JSONDecoder` reads them in a coder's call) and written as their digits,
// as Foundation's coders do.

extension ObjectContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeConverted(type, forKey: key) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeConverted(type, forKey: key) }
}

extension ArrayContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeNext(type) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeNext(type) }
}

extension ValueContainer {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: Int128.Type) throws -> Int128 { try converted(type) }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 { try converted(type) }
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
