extension CodableModel {
  /// Reads the model's JSON object from `decoder`, then decodes it leniently.
  ///
  /// - Parameter decoder: any decoder; ModelKit's own reads the object without a copy.
  /// - Throws: `DecodingError.typeMismatch` when the value is not an
  ///   object; the `ModelError` of decoding it otherwise.
  public init(from decoder: any Decoder) throws {
    guard case .object(let object) = try JSONValue(from: decoder) else {
      throw DecodingError.typeMismatch(
        Self.self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected an object for \(Self.self)"))
    }
    try self.init(json: object)
  }

  /// Writes the model's JSON form into `encoder`.
  ///
  /// - Parameter encoder: any encoder.
  /// - Throws: the `ModelError` of encoding the model, or the encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue().encode(to: encoder)
  }
}
