import Foundation

/// How `JSONSchema` describes a type: the dialect written, what the schema
/// promises (what decoding accepts, or what encoding writes), and the
/// provider whose structured-output subset it must keep to.
///
/// ```swift
/// let options = JSONSchemaOptions(dialect: .openAPI3_1, contract: .output)
/// ```
public struct JSONSchemaOptions: Sendable {
  /// The JSON Schema dialect written.
  public enum Dialect: String, Sendable, Hashable, CaseIterable {
    /// JSON Schema 2020-12, with `$schema` and `$defs`.
    case draft2020_12
    /// OpenAPI 3.1's Schema Object (JSON Schema 2020-12 without `$schema`).
    case openAPI3_1
    /// OpenAPI 3.0's Schema Object: `nullable`, no type lists, no `$defs`
    /// (nested types are `#/components/schemas/…` references).
    case openAPI3_0
  }

  /// What the schema promises.
  public enum Contract: String, Sendable, Hashable, CaseIterable {
    /// Valid exactly for the texts strict decoding accepts.
    case strictInput
    /// Valid for the texts lenient decoding reads without dropping or
    /// ignoring anything (the conversion table's accepted forms).
    case lenientInput
    /// Valid for every text the encoder writes.
    case output
  }

  /// The structured-output subset of a model provider.
  public enum Profile: String, Sendable, Hashable, CaseIterable {
    /// No provider: the dialect's whole vocabulary.
    case none
    /// OpenAI's strict structured outputs: every object closed
    /// (`additionalProperties: false`) with every property required,
    /// optionals as `[T, "null"]`, no keywords beside a `$ref`.
    case openAIStrict
    /// Anthropic's structured outputs: closed objects, no recursion, no
    /// numeric or length limits, no lookaround in patterns.
    case anthropic
    /// Gemini's response schema: OpenAPI 3.0's subset, inlined (no
    /// references, so no recursion), with `propertyOrdering`.
    case gemini
  }

  /// The dialect written. Default `.draft2020_12`.
  public var dialect: Dialect
  /// What the schema promises. Default `.strictInput`.
  public var contract: Contract
  /// The provider subset kept to. Default `.none`. A profile describes
  /// strict input: it requires `.strictInput`.
  public var profile: Profile
  /// The decoding options the input contracts describe (key decoding and
  /// the meaning of dates; `strict` is the contract's).
  public var decoding: DecodingOptions
  /// The write options the output contract describes (dates as numbers,
  /// `null` for nil).
  public var writing: JSONWriteOptions
  /// How a Codable type's coder reads dates, as `ModelDecoder`'s strategy
  /// of the same name. Default `.deferredToDate`, Foundation's.
  public var dateDecodingStrategy: ModelDecoder.DateDecodingStrategy = .deferredToDate
  /// How a Codable type's coder writes dates. Default `.deferredToDate`.
  public var dateEncodingStrategy: ModelEncoder.DateEncodingStrategy = .deferredToDate
  /// How a Codable type's coder reads `Data`. Default `.base64`.
  public var dataDecodingStrategy: ModelDecoder.DataDecodingStrategy = .base64
  /// How a Codable type's coder writes `Data`. Default `.base64`.
  public var dataEncodingStrategy: ModelEncoder.DataEncodingStrategy = .base64
  /// What a Codable type's `init(from:)` finds in `decoder.userInfo` while
  /// its schema is read.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Creates options; every parameter has its default.
  ///
  /// - Parameters:
  ///   - dialect: the JSON Schema dialect written.
  ///   - contract: what the schema promises.
  ///   - profile: the provider subset kept to.
  ///   - decoding: the decoding options input contracts describe.
  ///   - writing: the write options the output contract describes.
  public init(
    dialect: Dialect = .draft2020_12, contract: Contract = .strictInput, profile: Profile = .none,
    decoding: DecodingOptions = DecodingOptions(), writing: JSONWriteOptions = []
  ) {
    self.dialect = dialect
    self.contract = contract
    self.profile = profile
    self.decoding = decoding
    self.writing = writing
  }
}
