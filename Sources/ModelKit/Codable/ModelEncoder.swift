public import Foundation

/// Encodes any `Encodable` type with ModelKit's writer and encoding rules:
/// `JSONKeyMapping` honoured, dates in ISO 8601 (UTC), non-finite numbers
/// left out, `UInt64.max` and `Decimal`s exact.
///
/// ```swift
/// let data = try ModelEncoder().encode(order)
/// let value = try ModelEncoder().encodeValue(order)
/// ```
///
/// An encoder is `Sendable`, as Foundation's is; each call reads the
/// settings once, when it starts.
public final class ModelEncoder: Sendable {
  private struct Settings: Sendable {
    var options: JSONWriteOptions
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var dates: DateEncodingStrategy = .modelKit
    var data: DataEncodingStrategy = .base64
  }

  private let settings: CoderSettings<Settings>

  /// The write options, as for `jsonData(options:)`.
  public var options: JSONWriteOptions {
    get { settings.current.settings.options }
    set { settings.update { $0.options = newValue } }
  }

  /// Values for the types' `encode(to:)` to read through `encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings.current.settings.userInfo }
    set { settings.update { $0.userInfo = newValue } }
  }

  /// How `Date` values are written. Default `.modelKit`: ISO 8601 in UTC,
  /// or Unix time as `options` ask (`JSONModel` properties always use it).
  public var dateEncodingStrategy: DateEncodingStrategy {
    get { settings.current.settings.dates }
    set { settings.update { $0.dates = newValue } }
  }

  /// How `Data` values are written. Default `.base64`.
  public var dataEncodingStrategy: DataEncodingStrategy {
    get { settings.current.settings.data }
    set { settings.update { $0.data = newValue } }
  }

  /// Creates an encoder.
  public init(options: JSONWriteOptions = []) {
    settings = CoderSettings(Settings(options: options))
  }

  /// A call writing into `context` with the settings `current`.
  private func call(from context: WriteContext, _ current: CoderSettings<Settings>.Snapshot) -> EncodeCall {
    EncodeCall(
      from: context, userInfo: current.settings.userInfo, dates: current.settings.dates, data: current.settings.data)
  }

  /// `value` as UTF-8 JSON text.
  ///
  /// - Throws: `EncodingError.invalidValue` with the `ModelError` underneath
  ///   (`.unencodable` for a reference cycle or a value with no JSON form,
  ///   `.rejected` when a model's `didEncode` throws); a type's own errors
  ///   as they are, as `JSONEncoder` passes them.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    let current = settings.current
    var context = WriteContext(options: current.settings.options, capacity: 1024)
    do {
      try EncodingStream.encode(value, into: &context, call: call(from: context, current))
    } catch {
      throw Self.foundationError(error, value)
    }
    return context.json.withBytes { Data($0) }
  }

  /// `value` as a `JSONValue`.
  ///
  /// - Throws: `EncodingError`, as `encode(_:)` does.
  public func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
    let current = settings.current
    do {
      return try TreeEncoder.encode(value, call: call(from: WriteContext(options: current.settings.options, capacity: 16), current))
        .value
    } catch {
      throw Self.foundationError(error, value)
    }
  }

  /// What `JSONEncoder` would throw: a type's own error as it is, anything
  /// else as an `EncodingError` with the `ModelError` underneath.
  private static func foundationError(_ error: ModelError, _ value: Any) -> any Error {
    if error.wrapsCallerError, let own = error.underlying { return own }
    return error.encodingError(for: value)
  }
}
