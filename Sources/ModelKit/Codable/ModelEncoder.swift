public import Foundation

/// Encodes any `Encodable` type as `JSONEncoder` does, byte for byte with
/// the same strategies and formatting (its defaults: `.deferredToDate`,
/// base64 data, non-finite numbers throw), with `JSONKeyMapping` honoured.
///
/// ```swift
/// let data = try ModelEncoder().encode(order)
/// let value = try ModelEncoder().encodeValue(order)
/// ```
///
/// An encoder is `Sendable`, as Foundation's is; each call reads the
/// settings once, when it starts. It keeps its last call's output buffer
/// (up to 64 KiB) and caches for the next call with the same settings; a
/// call made while another holds them makes its own.
public final class ModelEncoder: Sendable {
  private struct Settings: Sendable {
    var options: JSONWriteOptions
    /// The strategies as the properties hold them.
    var strategies = FoundationEncodingStrategies() {
      didSet { conversion = strategies.conversion }
    }
    /// What every call hands to its converters, kept ready.
    private(set) var conversion = EncodingStrategies()
  }

  private let settings: CoderSettings<Settings>
  /// The last call's workspace, for the next call with the same settings.
  private let spare = Spare<EncodeWorkspace>()

  /// The write options, as for `jsonData(options:)`.
  public var options: JSONWriteOptions {
    get { settings[\.options] }
    set { settings[\.options] = newValue }
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
    get { settings[\.strategies.userInfo] }
    set { settings[\.strategies.userInfo] = newValue }
  }

  /// How `Date` values are written, `JSONModel` properties included.
  /// Default `.deferredToDate`, as `JSONEncoder`'s.
  public var dateEncodingStrategy: DateEncodingStrategy {
    get { settings[\.strategies.dates] }
    set { settings[\.strategies.dates] = newValue }
  }

  /// How `Data` values are written. Default `.base64`.
  public var dataEncodingStrategy: DataEncodingStrategy {
    get { settings[\.strategies.data] }
    set { settings[\.strategies.data] = newValue }
  }

  /// How Codable types' coding keys become JSON keys, exactly as
  /// `JSONEncoder` converts them (a `[String: T]`'s keys never change).
  /// Default `.useDefaultKeys`.
  public var keyEncodingStrategy: KeyEncodingStrategy {
    get { settings[\.strategies.keys] }
    set { settings[\.strategies.keys] = newValue }
  }

  /// How infinities and NaN are written. Default `.throw`: they are an
  /// `EncodingError`, as with `JSONEncoder`.
  public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { settings[\.strategies.nonConformingFloats] }
    set { settings[\.strategies.nonConformingFloats] = newValue }
  }

  /// Creates an encoder.
  ///
  /// - Parameter options: how the text is laid out (pretty printed, sorted keys,
  ///   slashes unescaped), as `JSONEncoder.outputFormatting` sets it.
  public init(options: JSONWriteOptions = []) {
    settings = CoderSettings(Settings(options: options))
  }

  /// `value` as UTF-8 JSON text.
  ///
  /// - Parameter value: the value to encode.
  /// - Returns: the JSON, byte for byte what `JSONEncoder` writes with the same settings.
  ///
  /// - Throws: `EncodingError.invalidValue` with the `ModelError` underneath
  ///   (`.unencodable` for a reference cycle, a value with no JSON form, a
  ///   NaN or infinity under `.throw`, or a top-level value that writes
  ///   nothing; `.rejected` when a model's `didEncode` throws); a type's own
  ///   errors as they are, as `JSONEncoder` passes them.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    let current = settings.current  // the snapshot, not a copy of its settings
    let workspace =
      spare.take { $0.settings === current }
      ?? EncodeWorkspace(settings: current, options: current.settings.options, strategies: current.settings.conversion)
    workspace.owner.claim()
    defer {
      workspace.owner.release()
      if workspace.isWorthKeeping {
        workspace.clear()
        spare.give(workspace)
      }
    }
    do {
      try workspace.stream.encode(value, into: &workspace.context)
    } catch {
      throw error.foundationEncodingError(for: value)
    }
    // A text too large for the workspace to keep its buffer is handed over
    // whole, not copied: the workspace is then kept with no buffer.
    guard workspace.isWorthKeeping else { return Data(taking: &workspace.context.json) }
    return workspace.context.json.withBytes { Data($0) }
  }

  /// `value`, which needs `configuration` to encode, as UTF-8 JSON text.
  ///
  /// - Parameters:
  ///   - value: the value to encode.
  ///   - configuration: what the value's `encode(to:configuration:)` is given.
  /// - Returns: the JSON, as `JSONEncoder` writes it.
  /// - Throws: `EncodingError`, as `encode(_:)` does.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
    try encode(Configured(value: value, configuration: configuration))
  }

  /// `value` with the configuration `provider` gives, as UTF-8 JSON text.
  ///
  /// - Parameters:
  ///   - value: the value to encode.
  ///   - provider: the type whose `encodingConfiguration` is passed on.
  /// - Returns: the JSON, as `JSONEncoder` writes it.
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
  /// - Parameter value: the value to encode.
  /// - Returns: the JSON as a `JSONValue`.
  ///
  /// - Throws: `EncodingError`, as `encode(_:)` does.
  public func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
    let current = settings.current  // the snapshot, not a copy of its settings
    let node: EncodedNode
    do {
      let context = WriteContext(
        options: current.settings.options, capacity: 16, rules: .jsonEncoder(current.settings.conversion))
      node = try EncodingStream.tree(of: value, call: EncodeCall(from: context, isOutermost: true))
    } catch {
      throw error.foundationEncodingError(for: value)
    }
    guard !node.isEmpty else { throw ModelError.nothingEncoded(T.self).encodingError(for: value) }
    return node.value
  }
}

/// An `EncodableWithConfiguration` value with its configuration.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private struct Configured<Value: EncodableWithConfiguration>: Encodable {
  let value: Value
  let configuration: Value.EncodingConfiguration

  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder, configuration: configuration) }
}
