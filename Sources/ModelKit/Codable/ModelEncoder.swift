public import Foundation

/// Encodes any `Encodable` type with ModelKit's writer and encoding rules:
/// `JSONKeyMapping` honoured, dates in ISO 8601 (UTC), non-finite numbers
/// left out, `UInt64.max` and `Decimal`s exact.
///
/// ```swift
/// let data = try ModelEncoder().encode(order)
/// let value = try ModelEncoder().encodeValue(order)
/// ```
public final class ModelEncoder {
  /// The write options, as for `jsonData(options:)`.
  public var options: JSONWriteOptions
  /// Values for the types' `encode(to:)` to read through `encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// How `Date` values are written. Default `.modelKit`: ISO 8601 in UTC,
  /// or Unix time as `options` ask (`JSONModel` properties always use it).
  public var dateEncodingStrategy: DateEncodingStrategy = .modelKit
  /// How `Data` values are written. Default `.base64`.
  public var dataEncodingStrategy: DataEncodingStrategy = .base64

  /// Creates an encoder.
  public init(options: JSONWriteOptions = []) {
    self.options = options
  }

  /// A call writing into `context`, with this encoder's settings.
  private func call(from context: WriteContext) -> EncodeCall {
    EncodeCall(from: context, userInfo: userInfo, dates: dateEncodingStrategy, data: dataEncodingStrategy)
  }

  /// `value` as UTF-8 JSON text.
  ///
  /// - Throws: `ModelError`: `.unencodable` for a reference cycle or a value
  ///   with no JSON form, `.rejected` when a model's `didEncode` throws.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    var context = WriteContext(options: options, capacity: 1024)
    try EncodingStream.encode(value, into: &context, call: call(from: context))
    return context.json.withBytes { Data($0) }
  }

  /// `value` as a `JSONValue`.
  ///
  /// - Throws: `ModelError`, as `encode(_:)` does.
  public func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
    try TreeEncoder.encode(value, call: call(from: WriteContext(options: options, capacity: 16))).value
  }
}
