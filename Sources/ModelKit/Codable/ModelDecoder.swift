public import Foundation

/// Decodes any `Decodable` type with ModelKit's reader and its lenient
/// conversion table; `DecodingOptions(strict: true)` behaves like
/// Foundation's `JSONDecoder`.
///
/// ```swift
/// let decoder = ModelDecoder()
/// let order = try decoder.decode(Order.self, from: data)
/// ```
///
/// Lenient (the default): `"12"` reads as 12, `"yes"` as true, null words
/// as null; a missing key or unconvertible value for a non-optional
/// property gets its type's empty value (0, false, "", an empty collection,
/// a nested type decoded from nothing). Strict: a missing key, a `null` or
/// a kind mismatch is an error naming the path.
///
/// Errors are Foundation's `DecodingError`, with the cases and coding paths
/// `JSONDecoder` uses (`catch DecodingError.keyNotFound` works, in a type's
/// own `init(from:)` too); each carries ModelKit's `ModelError` (JSON path,
/// line, column) as its underlying error. A type's own errors pass through.
///
/// A decoder is `Sendable`, as Foundation's is: one can be shared (a
/// `static let`) and used from many threads; each call reads the settings
/// once, when it starts.
public final class ModelDecoder: Sendable {
  private struct Settings: Sendable {
    var options: DecodingOptions
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var dates: DateDecodingStrategy = .modelKit
    var data: DataDecodingStrategy = .base64
  }

  private let settings: CoderSettings<Settings>

  /// The decoding options, shared with `JSONModel`.
  public var options: DecodingOptions {
    get { settings.current.settings.options }
    set { settings.update { $0.options = newValue } }
  }

  /// Values for the types' `init(from:)` to read through `decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings.current.settings.userInfo }
    set { settings.update { $0.userInfo = newValue } }
  }

  /// How `Date` values are read. Default `.modelKit`: every date form in
  /// ModelKit's table (`JSONModel` properties always use it).
  public var dateDecodingStrategy: DateDecodingStrategy {
    get { settings.current.settings.dates }
    set { settings.update { $0.dates = newValue } }
  }

  /// How `Data` values are read. Default `.base64`.
  public var dataDecodingStrategy: DataDecodingStrategy {
    get { settings.current.settings.data }
    set { settings.update { $0.data = newValue } }
  }

  /// Creates a decoder, lenient unless told otherwise.
  public init(options: DecodingOptions = DecodingOptions()) {
    settings = CoderSettings(Settings(options: options))
  }

  /// Decodes `type` from UTF-8 JSON text.
  ///
  /// - Throws: `DecodingError`, with the `ModelError` underneath:
  ///   `.dataCorrupted` for invalid JSON, `.typeMismatch` for a top-level
  ///   value of the wrong kind, and in strict mode the errors `JSONDecoder`
  ///   would report, with their paths; a type's own errors as they are.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(type) { options throws(ModelError) in try InputDocument(data, options) }
  }

  /// Decodes `type` from JSON text.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    try decode(type) { options throws(ModelError) in try InputDocument(text, options) }
  }

  /// Decodes `type` from a `JSONValue`.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try decode(type) { options throws(ModelError) in try InputDocument(value.jsonBytes(), options) }
  }

  /// Decodes `type` from UTF-8 JSON bytes.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(type) { options throws(ModelError) in try InputDocument(bytes, options) }
  }

  /// Decodes `type` from a JSON object.
  ///
  /// - Throws: `DecodingError`, as `decode(_:from:)` with `Data` does.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type, from object: JSONObject) throws -> T {
    try decode(type) { options throws(ModelError) in try InputDocument(object, options) }
  }

  /// Decodes `type` from the document `parse` makes, with the settings as they are now.
  private func decode<T: Decodable>(
    _ type: T.Type, parse: (DecodingOptions) throws(ModelError) -> InputDocument
  ) throws -> T {
    let current = settings.current
    let input: InputDocument
    do {
      input = try parse(current.settings.options)
    } catch {
      throw error.decodingError
    }
    let call = DecodeCall(
      ReadContext(document: input.document, options: current.settings.options), userInfo: current.settings.userInfo,
      dates: current.settings.dates, data: current.settings.data)
    do {
      guard ObjectIdentifier(type) == ObjectIdentifier(T.self) else {
        // A subclass passed as its superclass's metatype decodes as itself, as with JSONDecoder.
        let mapping = (type as? any JSONKeyMapping.Type)?.keyMapping.mapValues(\.candidates)
        return try type.init(
          from: DocumentDecoder(call: call, node: input.node, parent: nil, key: nil, mapping: mapping, onMismatch: .fail))
      }
      let decoder = DocumentDecoder(call: call, node: input.node, parent: nil, key: nil)
      return try decoder.decode(T.self, from: input.node, key: nil, onMismatch: .fail)
    } catch let error as ModelError {
      throw error.decodingError
    }
  }
}
