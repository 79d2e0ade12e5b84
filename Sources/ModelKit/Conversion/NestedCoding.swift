import ModelKitJSON

// The walkers above the conversion table, as the converters of nested
// values see them. A converter of a nested model or of a type only Codable
// handles hands the value up through its context; the model reader and
// writer and the Codable bridge implement these, so the table needs
// neither of them.

/// Reads nested models: the model reader.
protocol ModelReading: Sendable {
  /// Reads the model `converter` reads from the object at `node` into
  /// `target` (uninitialised, and left so when it throws).
  func decodeModel<Model: JSONModel>(
    _ converter: ValueConverter<Model>, at node: JSONDocument.Node, into target: UnsafeMutablePointer<Model>,
    in context: inout ReadContext
  ) throws(ModelError)

  /// Appends the models `converter` reads from the elements of the array
  /// at `node`, each at its index from `firstIndex`, as
  /// `ReadContext.element` would read each.
  func decodeModels<Model: JSONModel, Target: AppendableCollection<Model>>(
    _ converter: ValueConverter<Model>, elementsOf node: JSONDocument.Node, from firstIndex: Int,
    to result: inout Target, in context: inout ReadContext
  ) throws(ModelError)

  /// The models `converter` reads from the elements of the array at
  /// `node`, as `decodeModels(_:elementsOf:from:to:in:)` appends them to
  /// an empty `Target`.
  func decodeModels<Model: JSONModel, Target: AppendableCollection<Model>>(
    _ converter: ValueConverter<Model>, elementsOf node: JSONDocument.Node, as type: Target.Type,
    in context: inout ReadContext
  ) throws(ModelError) -> Target

  /// Decodes the object at `node` into `model`, which a field already holds.
  func fillModel<Model: JSONModel>(
    _ converter: ValueConverter<Model>, _ model: inout Model, at node: JSONDocument.Node,
    in context: inout ReadContext
  ) throws(ModelError)
}

/// Writes nested models: the model writer.
protocol ModelWriting: Sendable {
  /// Writes `model`, which `converter` converts, as an object.
  func encodeModel<Model: JSONModel>(_ model: Model, with converter: ValueConverter<Model>, in context: inout WriteContext)
    throws(ModelError)

  /// Writes an array's struct models, which lie in `models` and `converter`
  /// converts, each as an object at its index.
  func encodeModels<Model: JSONModel>(
    _ models: UnsafeBufferPointer<Model>, with converter: ValueConverter<Model>, in context: inout WriteContext
  ) throws(ModelError)

  /// Writes a Foundation graph (`Any`), which may hold models, dates, URLs, …
  func encodeGraph(_ value: Any, in context: inout WriteContext) throws(ModelError)
}

/// Reads the types only Codable handles: the Codable bridge.
protocol CodableReading: Sendable {
  /// `Value` decoded from `node` with the bridge's lenient rules (strict
  /// ones in strict mode); `.unconvertible` when lenient decoding fails.
  func decode<Value: Decodable>(_ type: Value.Type, at node: JSONDocument.Node, in context: inout ReadContext)
    throws(ModelError) -> Converted<Value>

  /// The value `read` (a strategy's function) makes of a decoder over
  /// `node`; leniently `.unconvertible` when it throws.
  func decode<Value>(at node: JSONDocument.Node, in context: inout ReadContext, by read: (any Decoder) throws -> Value)
    throws(ModelError) -> Converted<Value>
}

/// Writes the types only Codable handles: the Codable bridge.
protocol CodableWriting: Sendable {
  /// Writes `value` through its own `encode(to:)`.
  func encode<Value: Encodable>(_ value: Value, in context: inout WriteContext) throws(ModelError)

  /// Writes what `write` (a strategy's function) writes into an encoder;
  /// Foundation's `{}` when it writes nothing.
  func encode(in context: inout WriteContext, by write: @escaping (any Encoder) throws -> Void) throws(ModelError)
}
