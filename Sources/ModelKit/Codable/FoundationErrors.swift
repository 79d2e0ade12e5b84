/// ModelKit's errors as Foundation's: what `ModelDecoder` and
/// `ModelEncoder` throw, and what their containers throw to a type's own
/// `init(from:)`, so that `catch DecodingError.keyNotFound` works as with
/// `JSONDecoder`. The `ModelError` (JSON path, line, column) is the
/// underlying error of each.
extension CodingPath.Component {
  /// The component as a coding key, for Foundation's errors and a walk's `codingPath`.
  var codingKey: any CodingKey {
    switch self {
    case .key(let key): AnyKey(key)
    case .index(let index): AnyKey(index: index)
    case .codingKey(let key): key
    }
  }
}

extension ModelError.Location {
  /// Where, as coding keys.
  var codingKeys: [any CodingKey] {
    switch self {
    case .components(let components): components.map(\.codingKey)
    case .codingKeys(let keys): keys
    }
  }
}

extension ModelError {
  /// Where, as coding keys.
  private var codingKeys: [any CodingKey] { location.codingKeys }

  /// What a Foundation error's context says: Foundation's own sentence
  /// where one is known, else the message, as Foundation's say it (the
  /// path is the context's coding path; the `ModelError` underneath names
  /// it as text).
  private var contextDescription: String {
    if let syntaxError { return String(describing: syntaxError) }
    if let description = foundation.description { return description }
    if let mismatch = conversionMessage, mismatch.failure == .mismatch, let valueType = foundation.valueType {
      return Self.mismatchSentence(expected: valueType, found: mismatch.found.kind)
    }
    return message
  }

  /// What `JSONDecoder` says of a value of kind `found` where a `type` was
  /// expected: "Expected to decode Int but found a string instead."
  static func mismatchSentence(expected type: any Any.Type, found: JSONKind) -> String {
    let words =
      switch found {
      case .string: "a string"
      case .number: "number"
      case .bool: "bool"
      case .null: "null"
      case .array: "an array"
      case .object: "a dictionary"
      }
    return "Expected to decode \(type) but found \(words) instead."
  }

  /// This error as the `DecodingError` case `JSONDecoder` throws for it.
  var decodingError: DecodingError {
    let keys = codingKeys
    let context = DecodingError.Context(codingPath: keys, debugDescription: contextDescription, underlyingError: self)
    switch kind {
    case .missingKey:
      guard let last = keys.last else { return .dataCorrupted(context) }
      return .keyNotFound(
        last, DecodingError.Context(codingPath: Array(keys.dropLast()), debugDescription: contextDescription, underlyingError: self))
    case .unexpectedNull:
      return .valueNotFound(foundation.valueType ?? Any.self, context)
    case .typeMismatch where foundation.isMalformedValue:
      return .dataCorrupted(context)
    case .typeMismatch, .wrongTopLevel:
      return .typeMismatch(foundation.valueType ?? Any.self, context)
    case .outOfRange:
      // `JSONDecoder` reports a number its type cannot hold as invalid JSON, at the top level.
      return .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: contextDescription, underlyingError: self))
    case .syntax, .rejected, .unencodable, .unsupportedType, .tooDeep:
      return .dataCorrupted(context)
    }
  }

  /// This error as the `EncodingError` `JSONEncoder` throws, about `value`.
  func encodingError(for value: Any) -> EncodingError {
    .invalidValue(value, EncodingError.Context(codingPath: codingKeys, debugDescription: contextDescription, underlyingError: self))
  }

  /// What `JSONDecoder` throws in this error's place: an error of the
  /// caller's own (thrown by a type's `init(from:)` or a strategy's
  /// function) as it is, the same instance; anything else as `decodingError`.
  var foundationDecodingError: any Error {
    if foundation.wrapsCallerError, let own = underlying { return own }
    return decodingError
  }

  /// What `JSONEncoder` throws in this error's place, about `value`: an
  /// error of the caller's own as it is; anything else as `encodingError(for:)`.
  func foundationEncodingError(for value: Any) -> any Error {
    if foundation.wrapsCallerError, let own = underlying { return own }
    return encodingError(for: value)
  }
}

extension DecodingError: UnderlyingModelError {
  /// The `ModelError` underneath, when ModelKit threw this.
  var modelError: ModelError? {
    switch self {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
      .dataCorrupted(let context):
      context.underlyingError as? ModelError
    @unknown default:
      nil
    }
  }
}

extension EncodingError: UnderlyingModelError {
  /// The `ModelError` underneath, when ModelKit threw this.
  var modelError: ModelError? {
    switch self {
    case .invalidValue(_, let context): context.underlyingError as? ModelError
    @unknown default: nil
    }
  }
}
