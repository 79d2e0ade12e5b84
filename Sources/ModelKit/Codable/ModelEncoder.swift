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
    var dates: DateEncodingStrategy = .deferredToDate
    var data: DataEncodingStrategy = .base64
    var keys: KeyEncodingStrategy = .useDefaultKeys
    var nonConformingFloats: NonConformingFloatEncodingStrategy = .throw
  }

  private let settings: CoderSettings<Settings>

  /// The write options, as for `jsonData(options:)`.
  public var options: JSONWriteOptions {
    get { settings.current.settings.options }
    set { settings.update { $0.options = newValue } }
  }

  /// The layout of the output, as `JSONEncoder` names it: the same setting
  /// as `options` (`.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`).
  public var outputFormatting: OutputFormatting {
    get {
      let options = options
      var formatting: OutputFormatting = []
      if options.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
      if options.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
      if options.contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
      return formatting
    }
    set {
      settings.update { settings in
        let layout: [(OutputFormatting, JSONWriteOptions)] = [
          (.prettyPrinted, .prettyPrinted), (.sortedKeys, .sortedKeys), (.withoutEscapingSlashes, .withoutEscapingSlashes),
        ]
        for (formatting, option) in layout {
          if newValue.contains(formatting) { settings.options.insert(option) } else { settings.options.remove(option) }
        }
      }
    }
  }

  /// Values for the types' `encode(to:)` to read through `encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings.current.settings.userInfo }
    set { settings.update { $0.userInfo = newValue } }
  }

  /// How `Date` values are written, `JSONModel` properties included.
  /// Default `.deferredToDate`, as `JSONEncoder`'s.
  public var dateEncodingStrategy: DateEncodingStrategy {
    get { settings.current.settings.dates }
    set { settings.update { $0.dates = newValue } }
  }

  /// How `Data` values are written. Default `.base64`.
  public var dataEncodingStrategy: DataEncodingStrategy {
    get { settings.current.settings.data }
    set { settings.update { $0.data = newValue } }
  }

  /// How Codable types' coding keys become JSON keys, exactly as
  /// `JSONEncoder` converts them (a `[String: T]`'s keys never change).
  /// Default `.useDefaultKeys`.
  public var keyEncodingStrategy: KeyEncodingStrategy {
    get { settings.current.settings.keys }
    set { settings.update { $0.keys = newValue } }
  }

  /// How infinities and NaN are written. Default `.throw`: they are an
  /// `EncodingError`, as with `JSONEncoder`.
  public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { settings.current.settings.nonConformingFloats }
    set { settings.update { $0.nonConformingFloats = newValue } }
  }

  /// Creates an encoder.
  public init(options: JSONWriteOptions = []) {
    settings = CoderSettings(Settings(options: options))
  }

  /// The strategies of a call starting now.
  private var strategies: (options: JSONWriteOptions, strategies: EncodingStrategies) {
    let current = settings.current.settings
    return (
      current.options,
      EncodingStrategies(
        dates: current.dates, data: current.data, nonConformingFloats: current.nonConformingFloats, keys: current.keys,
        userInfo: current.userInfo)
    )
  }

  /// `value` as UTF-8 JSON text.
  ///
  /// - Throws: `EncodingError.invalidValue` with the `ModelError` underneath
  ///   (`.unencodable` for a reference cycle, a value with no JSON form, a
  ///   NaN or infinity under `.throw`, or a top-level value that writes
  ///   nothing; `.rejected` when a model's `didEncode` throws); a type's own
  ///   errors as they are, as `JSONEncoder` passes them.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    let (options, strategies) = strategies
    var context = WriteContext(options: options, capacity: 1024, strategies: strategies)
    do {
      try EncodingStream.encode(value, into: &context, call: EncodeCall(from: context, isOutermost: true))
    } catch {
      throw Self.foundationError(error, value)
    }
    return context.json.withBytes { Data($0) }
  }

  /// `value`, which needs `configuration` to encode, as UTF-8 JSON text.
  ///
  /// - Throws: `EncodingError`, as `encode(_:)` does.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
    try encode(Configured(value: value, configuration: configuration))
  }

  /// `value` with the configuration `provider` gives, as UTF-8 JSON text.
  ///
  /// - Throws: `EncodingError`, as `encode(_:)` does.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  public func encode<T, Provider>(_ value: T, configuration provider: Provider.Type) throws -> Data
  where
    T: EncodableWithConfiguration, Provider: EncodingConfigurationProviding,
    T.EncodingConfiguration == Provider.EncodingConfiguration
  {
    try encode(value, configuration: Provider.encodingConfiguration)
  }

  /// `value` as a `JSONValue`.
  ///
  /// - Throws: `EncodingError`, as `encode(_:)` does.
  public func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
    let (options, strategies) = strategies
    let node: EncodedNode
    do {
      let context = WriteContext(options: options, capacity: 16, strategies: strategies)
      node = try TreeEncoder.encode(value, call: EncodeCall(from: context, isOutermost: true))
    } catch {
      throw Self.foundationError(error, value)
    }
    guard !node.isEmpty else { throw ModelError.nothingEncoded(T.self).encodingError(for: value) }
    return node.value
  }

  /// What `JSONEncoder` would throw: a type's own error as it is, anything
  /// else as an `EncodingError` with the `ModelError` underneath.
  private static func foundationError(_ error: ModelError, _ value: Any) -> any Error {
    if error.wrapsCallerError, let own = error.underlying { return own }
    return error.encodingError(for: value)
  }
}

/// An `EncodableWithConfiguration` value with its configuration.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private struct Configured<Value: EncodableWithConfiguration>: Encodable {
  let value: Value
  let configuration: Value.EncodingConfiguration

  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder, configuration: configuration) }
}
