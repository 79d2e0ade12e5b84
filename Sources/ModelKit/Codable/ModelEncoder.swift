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

  private var context: EncodingContext {
    EncodingContext(options: options, userInfo: userInfo, dates: dateEncodingStrategy, data: dataEncodingStrategy)
  }

  /// `value` as UTF-8 JSON text.
  public func encode<T: Encodable>(_ value: T) throws(ModelError) -> Data {
    var writer = ModelWriter(options: options, capacity: 1024)
    try StreamingEncoding.encode(value, into: &writer, context: context)
    return writer.json.withBytes { Data($0) }
  }

  /// `value` as a `JSONValue`.
  public func encodeValue<T: Encodable>(_ value: T) throws(ModelError) -> JSONValue {
    let node = EncodedNode()
    do {
      try ValueEncoder(context: context, node: node, parentPath: []).encode(value, into: node, parent: [], key: nil)
    } catch {
      throw ModelError.encoding(error, of: T.self)
    }
    return node.value
  }
}

extension ModelError {
  /// `error` from encoding a `type`, as a `ModelError`.
  static func encoding(_ error: any Error, of type: Any.Type) -> ModelError {
    if let error = error as? ModelError { return error }
    return ModelError(kind: .unencodable, message: "\(type) could not be encoded: \(error)", underlying: error)
  }
}
