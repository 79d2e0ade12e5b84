import ModelKitJSON

/// A single-value container over one node.
struct ValueContainer: SingleValueDecodingContainer {
  let decoder: DocumentDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool {
    guard let node = decoder.node else { return true }
    return decoder.reading({ $0.isNull(node) })
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try converted(T.self)
  }

  // The common scalars read their natural JSON kind directly, as in `ObjectContainer`.

  func decode(_ type: String.Type) throws -> String {
    if let node = decoder.node, let value = decoder.reading({ $0.naturalString(node) }) { return value }
    return try converted(String.self)
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    if let node = decoder.node, let value = decoder.reading({ $0.naturalBool(node) }) { return value }
    return try converted(Bool.self)
  }

  func decode(_ type: Int.Type) throws -> Int {
    if let node = decoder.node, let value = decoder.reading({ $0.naturalInt(node) }) { return value }
    return try converted(Int.self)
  }

  func decode(_ type: Double.Type) throws -> Double {
    if let node = decoder.node, let value = decoder.reading({ $0.naturalDouble(node) }) { return value }
    return try converted(Double.self)
  }

  /// The generic path, for conversions, missing values and errors.
  func converted<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decode(T.self, from: decoder.node, key: NoKey(), onMismatch: decoder.onMismatch)
  }
}
