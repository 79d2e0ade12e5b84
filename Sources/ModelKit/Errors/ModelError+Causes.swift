import ModelKitJSON

// Every error the model layer and the Codable bridge make, one constructor
// per cause, so that each message is written once.
extension ModelError {
  /// A value that did not convert, at `location` (from the root): `found`
  /// is what the JSON value was ("the string "abc""), `target` what it was
  /// for ("property 'id' of type Int"); the message is written when read.
  static func conversion(
    _ failure: ConversionFailure, target: String, location: Location, type: (any Any.Type)?,
    found: FoundValue
  ) -> ModelError {
    let kind: Kind =
      switch failure {
      case .null: .unexpectedNull
      case .mismatch, .unconvertible: .typeMismatch
      case .outOfRange: .outOfRange
      case .rejected: .rejected
      }
    var error = ModelError(
      kind, .conversion(ConversionMessage(failure: failure, found: found, target: target)), location: location,
      valueType: type)
    error.foundation.isMalformedValue = failure == .unconvertible
    return error
  }

  /// A hook (or a type's own `init(from:)`) that threw: a rejection that
  /// carries the thrown error; a rejection from further down passes as it is.
  static func rejected(by hook: String, _ error: any Error, at path: CodingPath) -> ModelError {
    if let error = error as? ModelError, error.kind == .rejected { return error }
    return ModelError(.rejected, "\(hook) rejected the object: \(error)", at: path, underlying: error)
  }

  /// A top-level value of the wrong kind.
  static func wrongTopLevel(
    expected: String, found: JSONKind, for type: Any.Type? = nil, at path: CodingPath = CodingPath(),
    valueType: (any Any.Type)? = nil
  ) -> ModelError {
    let target = type.map { " for \($0)" } ?? ""
    return ModelError(
      .wrongTopLevel, "expected \(expected)\(target), found \(found.article)", at: path, valueType: valueType)
  }

  /// A top-level value of a kind `type` cannot be read from.
  static func wrongTopLevel(
    _ type: Any.Type, cannotBeReadFrom found: JSONKind, at path: CodingPath, valueType: (any Any.Type)? = nil
  ) -> ModelError {
    ModelError(.wrongTopLevel, "\(type) cannot be read from \(found.article)", at: path, valueType: valueType)
  }

  /// A container of the wrong kind asked for inside a value (strict Codable decoding).
  static func wrongContainer(expected: String, found: JSONKind, at path: CodingPath, type: any Any.Type) -> ModelError {
    let kind: Kind = found == .null ? .unexpectedNull : .typeMismatch
    return ModelError(kind, "expected \(expected), found \(found.article)", at: path, valueType: type)
  }

  /// A container that is not there (strict Codable decoding).
  static func missingContainer(_ what: String, at path: CodingPath, type: any Any.Type) -> ModelError {
    ModelError(.unexpectedNull, "expected \(what), found nothing", at: path, valueType: type)
  }

  /// An unkeyed container asked for an element past its end.
  static func pastTheEnd(index: Int, at path: CodingPath, type: any Any.Type) -> ModelError {
    ModelError(.unexpectedNull, "unkeyed container is at end (no element \(index))", at: path, valueType: type)
  }

  /// A Foundation graph nested deeper than `limit`; of kind `kind`.
  static func graphTooDeep(_ limit: Int, kind: Kind, at path: CodingPath) -> ModelError {
    ModelError(kind, "the graph is nested deeper than \(limit) levels", at: path)
  }

  /// A value in a Foundation graph with no JSON form; of kind `kind`.
  static func noJSONForm(_ value: Any, kind: Kind, at path: CodingPath) -> ModelError {
    ModelError(kind, "a value of type \(type(of: value)) has no JSON form", at: path)
  }

  /// A value that is not there (strict Codable decoding).
  static func missing(_ what: String, at path: CodingPath, type: (any Any.Type)? = nil) -> ModelError {
    ModelError(.missingKey, "no value for \(what)", at: path, valueType: type)
  }

  /// A reference cycle between class instances being encoded.
  static func cycle(reaching type: Any.Type, at path: CodingPath) -> ModelError {
    ModelError(.unencodable, "a reference cycle reaches this \(type) again", at: path)
  }

  /// A walk that would overflow the thread's stack.
  static func tooDeep(at path: CodingPath) -> ModelError {
    ModelError(.tooDeep, "the value is nested deeper than this thread's stack allows", at: path)
  }

  /// A value with no JSON form.
  static func unencodable(_ message: String, at path: CodingPath) -> ModelError {
    ModelError(.unencodable, message, at: path)
  }

  /// A NaN or infinity, which JSON cannot express, under a coder that throws for them.
  static func nonConforming(_ value: some BinaryFloatingPoint, at path: CodingPath) -> ModelError {
    ModelError(
      .unencodable,
      "unable to encode \(type(of: value)).\(value.isNaN ? "nan" : value < 0 ? "-infinity" : "infinity") directly in JSON; "
        + "use nonConformingFloatEncodingStrategy .convertToString to say how to write it",
      at: path)
  }

  /// A top-level value that wrote nothing, which `JSONEncoder` refuses.
  static func nothingEncoded(_ type: Any.Type) -> ModelError {
    ModelError(.unencodable, "top-level \(type) did not encode any values", at: CodingPath())
  }

  /// A type the model layer cannot use.
  static func unsupported(_ message: String, at path: CodingPath = CodingPath()) -> ModelError {
    ModelError(.unsupportedType, message, at: path)
  }

  /// An error thrown by a type's own `encode(to:)`, as a `ModelError`.
  static func encoding(_ error: any Error, of type: Any.Type, at path: CodingPath) -> ModelError {
    if let error = error as? ModelError { return error }
    if let error = error as? any UnderlyingModelError, let inner = error.modelError { return inner }
    var wrapped = ModelError(.unencodable, "\(type) could not be encoded: \(error)", at: path, underlying: error)
    wrapped.foundation.wrapsCallerError = true
    return wrapped
  }

  /// An error thrown by a type's own `init(from:)`, as a `ModelError`.
  static func decoding(_ error: any Error, of type: Any.Type, at path: CodingPath) -> ModelError {
    if let error = error as? ModelError { return error }
    if let error = error as? any UnderlyingModelError, let inner = error.modelError { return inner }
    var wrapped = ModelError(.typeMismatch, "\(type) could not be decoded: \(error)", at: path, underlying: error)
    wrapped.foundation.wrapsCallerError = true
    return wrapped
  }
}

/// An error that carries a `ModelError` underneath (Foundation's errors, as
/// the Codable bridge throws them).
protocol UnderlyingModelError: Error {
  var modelError: ModelError? { get }
}

extension ModelError {
  /// Whether `error` is, or carries, the error of a walk that ran out of
  /// stack (`.tooDeep`): a fault of the depth, never of one value, so
  /// leniency never drops the value it happened in.
  static func isStackExhaustion(_ error: any Error) -> Bool {
    if let error = error as? ModelError { return error.kind == .tooDeep }
    return (error as? any UnderlyingModelError)?.modelError?.kind == .tooDeep
  }
}

extension JSONKind {
  /// "an array", "a number", … for messages.
  var article: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
