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
/// a kind mismatch is a `ModelError` naming the path.
public final class ModelDecoder {
  /// The decoding options, shared with `JSONModel`.
  public var options: DecodingOptions
  /// Values for the types' `init(from:)` to read through `decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// How `Date` values are read. Default `.modelKit`: every date form in
  /// ModelKit's table (`JSONModel` properties always use it).
  public var dateDecodingStrategy: DateDecodingStrategy = .modelKit
  /// How `Data` values are read. Default `.base64`.
  public var dataDecodingStrategy: DataDecodingStrategy = .base64

  /// Creates a decoder, lenient unless told otherwise.
  public init(options: DecodingOptions = DecodingOptions()) {
    self.options = options
  }

  /// Decodes `type` from UTF-8 JSON text.
  ///
  /// - Throws: `ModelError`: `.syntax` for invalid JSON, `.wrongTopLevel`
  ///   for a top-level value of the wrong kind, and in strict mode the
  ///   errors `JSONDecoder` would report, with their paths.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(T.self, in: InputDocument(data, options))
  }

  /// Decodes `type` from JSON text.
  ///
  /// - Throws: `ModelError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    try decode(T.self, in: InputDocument(text, options))
  }

  /// Decodes `type` from a `JSONValue`.
  ///
  /// - Throws: `ModelError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try decode(T.self, in: InputDocument(value.jsonBytes(), options))
  }

  /// Decodes `type` from UTF-8 JSON bytes.
  ///
  /// - Throws: `ModelError`, as `decode(_:from:)` with `Data` does.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(T.self, in: InputDocument(bytes, options))
  }

  /// Decodes `type` from a JSON object.
  ///
  /// - Throws: `ModelError`, as `decode(_:from:)` with `Data` does.
  @_disfavoredOverload
  public func decode<T: Decodable>(_ type: T.Type, from object: JSONObject) throws -> T {
    try decode(T.self, in: InputDocument(object, options))
  }

  private func decode<T: Decodable>(_ type: T.Type, in input: InputDocument) throws(ModelError) -> T {
    let call = DecodeCall(
      ReadContext(document: input.document, options: options), userInfo: userInfo, dates: dateDecodingStrategy,
      data: dataDecodingStrategy)
    let decoder = DocumentDecoder(call: call, node: input.node, parent: nil, key: nil)
    do {
      return try decoder.decode(T.self, from: input.node, key: nil, onMismatch: .fail)
    } catch {
      throw ModelError.decoding(error, of: T.self, at: call.root)
    }
  }
}
