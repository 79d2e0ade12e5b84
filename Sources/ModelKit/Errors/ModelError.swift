import Foundation

/// The error every ModelKit entry point throws: what went wrong and where.
///
/// ```swift
/// do {
///   _ = try User(json: data)
/// } catch let error as ModelError {
///   print(error.kind, error.codingPath, error.line ?? 0)
/// }
/// ```
///
/// The entry points are declared `throws`, as Foundation's coders are, and
/// document that they throw `ModelError`.
public struct ModelError: Error, Sendable, CustomStringConvertible, LocalizedError {
  /// What went wrong, in a form code can switch over.
  public enum Kind: Sendable, Hashable {
    /// The input is not valid JSON; `syntaxError` says where.
    case syntax
    /// The top-level value is of the wrong kind (an array for a model, a number, …).
    case wrongTopLevel
    /// A value cannot be converted to the property's type (strict mode).
    case typeMismatch
    /// A value is outside the range of the property's type (strict mode).
    case outOfRange
    /// `null` for a non-optional property (strict mode).
    case unexpectedNull
    /// A required key is missing (strict Codable decoding).
    case missingKey
    /// A hook rejected the value; `underlying` is the hook's error.
    case rejected
    /// A value cannot be written as JSON (a reference cycle, a non-finite number in strict mode).
    case unencodable
    /// A type the model layer cannot use (for example, a module without reflection metadata).
    case unsupportedType
    /// Values nested deeper than the thread's stack allows to walk (the
    /// reader's own limit is `DecodingOptions.maxDepth`).
    case tooDeep
  }

  /// What went wrong.
  public let kind: Kind
  /// A sentence a person understands.
  public var message: String {
    switch messageSource {
    case .written(let text): text
    case .conversion(let parts): parts.text
    }
  }
  /// The message, or a conversion error's parts to write it from.
  private let messageSource: MessageSource
  /// A conversion error's parts.
  var conversionMessage: ConversionMessage? {
    if case .conversion(let parts) = messageSource { return parts }
    return nil
  }
  enum MessageSource: Sendable {
    case written(String)
    case conversion(ConversionMessage)
  }
  /// Where an error is, as it was at hand when it was made.
  ///
  /// Unchecked: coding keys are values, as Foundation's errors take them to be.
  enum Location: @unchecked Sendable {
    /// Keys and indices.
    case components([CodingPath.Component])
    /// A Codable walk's coding path, as the `DecodingError` thrown with
    /// this error gives it (made once, for both).
    case codingKeys([any CodingKey])

    /// The location as keys and indices.
    var components: [CodingPath.Component] {
      switch self {
      case .components(let components): components
      case .codingKeys(let keys): keys.map { .codingKey($0) }
      }
    }
  }
  /// Where in the JSON: `$` for the top level, then `.key` and `[index]`
  /// steps, for example `$.users[3].id`.
  public var codingPath: String { givenPath ?? CodingPath.text(of: location.components) }
  /// The path the public initialiser was given; nil for one made from
  /// `location`, named only when asked for (a type's `try?` may drop the
  /// error unread).
  private let givenPath: String?
  /// The reader's error, for `.syntax`.
  public let syntaxError: JSONError?
  /// The error that caused this one, such as a hook's own error.
  public let underlying: (any Error & Sendable)?
  /// Where, for `codingPath` and Foundation's errors: keys and indices, a
  /// Codable walk's keys as they are (a type's `try?` fallback may make and
  /// drop such an error for every value, so they are named only when read).
  let location: Location
  /// What only the coders' Foundation errors read.
  var foundation = FoundationDetail()

  /// What a Foundation `DecodingError` or `EncodingError` made of this error
  /// needs beyond its kind, message and path.
  struct FoundationDetail: Sendable {
    /// The Swift type the value was for, where one was.
    var valueType: (any Any.Type)?
    /// Foundation's own sentence for this error, where one is known (a type
    /// mismatch in Codable decoding), for the context of the Foundation
    /// error around it; nil: the message.
    var description: String?
    /// Whether `underlying` is an error a type's own `encode(to:)` or
    /// `init(from:)` threw, which Foundation's coders pass on as it is.
    var wrapsCallerError = false
    /// Whether the value had a readable kind but content that does not
    /// parse (a date, URL, UUID or base64 string, an unknown raw value),
    /// which Foundation's coders report as corrupted data rather than a
    /// type mismatch.
    var isMalformedValue = false
  }

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: what went wrong.
  ///   - message: the sentence a person reads.
  ///   - codingPath: where, from the root (`$.users[3].id`).
  ///   - syntaxError: the reader's error, for `.syntax`.
  ///   - underlying: the error behind this one (a hook's, a type's own), if any.
  public init(
    kind: Kind, message: String, codingPath: String = "$", syntaxError: JSONError? = nil,
    underlying: (any Error & Sendable)? = nil
  ) {
    self.kind = kind
    messageSource = .written(message)
    givenPath = codingPath
    self.syntaxError = syntaxError
    self.underlying = underlying ?? syntaxError
    location = .components([])
  }

  /// Wraps a reader error as a `.syntax` error.
  ///
  /// - Parameter syntaxError: the reader's error, with its position.
  public init(_ syntaxError: JSONError) {
    self.init(kind: .syntax, message: syntaxError.message, syntaxError: syntaxError)
  }

  /// An error at `path`, named now (its key nodes may not outlive the call).
  init(
    _ kind: Kind, _ message: String, at path: CodingPath, valueType: (any Any.Type)? = nil,
    underlying: (any Error & Sendable)? = nil
  ) {
    self.init(kind, .written(message), location: .components(path.components), valueType: valueType, underlying: underlying)
  }

  /// An error at `location` (from the root).
  init(
    _ kind: Kind, _ message: MessageSource, location: Location, valueType: (any Any.Type)? = nil,
    underlying: (any Error & Sendable)? = nil
  ) {
    self.kind = kind
    messageSource = message
    givenPath = nil
    syntaxError = nil
    self.underlying = underlying
    self.location = location
    foundation.valueType = valueType
  }

  /// Where in a stream of records the error is: the record, and the
  /// failing byte's place in the whole stream. A class, so that the error
  /// grows by one reference: every function that can throw holds room for
  /// a `ModelError` on its stack, and deep values are walked by many.
  final class StreamPlace: Sendable {
    let recordIndex: Int
    let line: Int
    let column: Int
    let offset: Int

    init(recordIndex: Int, line: Int, column: Int, offset: Int) {
      self.recordIndex = recordIndex
      self.line = line
      self.column = column
      self.offset = offset
    }
  }

  /// Set for an error in a stream of records.
  var streamPlace: StreamPlace?

  /// In a stream of records (`records(in:framing:options:)`), the record
  /// that does not parse or decode, counted from 0; nil otherwise.
  public var recordIndex: Int? { streamPlace?.recordIndex }

  /// The 1-based line of a syntax error; in a stream of records, of the
  /// failing byte in the whole stream.
  public var line: Int? { streamPlace?.line ?? syntaxError?.line }
  /// The 1-based column of a syntax error (in Unicode scalars); in a stream
  /// of records, of the failing byte in the whole stream.
  public var column: Int? { streamPlace?.column ?? syntaxError?.column }
  /// The byte offset of a syntax error; in a stream of records, of the
  /// failing byte in the whole stream.
  public var offset: Int? { streamPlace?.offset ?? syntaxError?.offset }

  /// The sentence a person reads: the message and where.
  public var errorDescription: String? { description }

  /// The message, the coding path and, for syntax errors, the position.
  public var description: String {
    if let place = streamPlace {
      let position = "line \(place.line), column \(place.column) (byte \(place.offset))"
      return "record \(place.recordIndex) at \(position): \(message) (at \(codingPath))"
    }
    if let syntaxError { return "\(syntaxError) (at \(codingPath))" }
    return "\(message) (at \(codingPath))"
  }
}
