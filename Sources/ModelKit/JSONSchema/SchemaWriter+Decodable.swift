import ModelKitJSON

extension SchemaWriter {
  /// The schema of a `Decodable` type without a converter of its own, from
  /// what its `init(from:)` asks for (`DecodableProbes`): its coding keys
  /// (renamed by `JSONKeyMapping`), required where it calls `decode` and a
  /// strict decode rejects a missing key, nullable where it calls
  /// `decodeIfPresent`.
  mutating func decodableBody(_ type: any Decodable.Type, at path: CodingPath) throws(ModelError) -> JSONValue {
    let probed = probes.shape(of: type)
    let mapping = (type as? any JSONKeyMapping.Type)?.keyMapping ?? [:]
    let describing = type as? any JSONSchemaDescribing.Type
    let body = try schema(for: probed, at: path, mapping: mapping, descriptions: describing?.propertyDescriptions ?? [:])
    return described(body, describing?.schemaDescription)
  }

  private mutating func schema(
    for probed: ProbedShape, at path: CodingPath, mapping: [String: JSONKey], descriptions: [String: String]
  ) throws(ModelError) -> JSONValue {
    switch probed {
    case .anything:
      return .object([:])
    case .single(let value):
      return try schema(for: value, at: path)
    case .unkeyed(let elements):
      var items: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        items.append(try schema(for: element, at: path.appending(.index(index))))
      }
      return vocabulary.typed("array", ("items", items.isEmpty ? .object([:]) : vocabulary.anyOf(items)))
    case .keyed(let members):
      var properties = PropertyTree()
      var requiredKeys: [String] = []
      var conditions: [JSONValue] = []
      for member in members {
        var candidates = mapping[member.key]?.candidates ?? [[jsonKey(member.key)]]
        if contract == .output || hasProfile { candidates = [candidates[0]] }
        var value = try schema(for: member.value, at: path.appending(.keyPath(candidates[0])))
        if member.isNullable { value = vocabulary.nullable(value) }
        if let description = descriptions[member.key] { value = described(value, description) }
        if candidates.count == 1 {
          properties.add(value, at: candidates[0])
        } else {
          conditions.append(fallback(candidates, value, acceptsNull: member.isNullable))
        }
        // A strict decode needs a required key (a candidate with a value),
        // a lenient one where the type has no empty value to put in; an
        // encoder writes it.
        guard member.isRequired && (contract != .lenientInput || !hasEmptyValue(member.value)) else { continue }
        if candidates.count == 1 && candidates[0].count == 1 {
          if !requiredKeys.contains(candidates[0][0]) { requiredKeys.append(candidates[0][0]) }
        } else {
          let notNull = contract == .strictInput
          conditions.append(vocabulary.anyOf(candidates.map { present($0, notNull: notNull) }))
        }
      }
      return properties.schema(self, typed: true, requiring: requiredKeys, conditions: conditions)
    }
  }

  private mutating func schema(for value: ProbedValue, at path: CodingPath) throws(ModelError) -> JSONValue {
    switch value {
    case .shape(let shape): return try schema(for: shape, at: path)
    case .nested(let nested): return try schema(for: nested, at: path, mapping: [:], descriptions: [:])
    }
  }

  /// Whether a lenient coder puts an empty value in for a missing `value`:
  /// every type but one without cases to choose from (a raw-value enum)
  /// or a Codable type that cannot be decoded from `{}`.
  private func hasEmptyValue(_ value: ProbedValue) -> Bool {
    guard case .shape(let shape) = value else { return true }
    switch shape {
    case .rawValue: return false
    case .codable(let type):
      return (try? ModelDecoder().decode(type, from: "{}")) != nil
    default: return true
    }
  }

  /// The JSON key of coding key `key` under the options' key decoding.
  private func jsonKey(_ key: String) -> String {
    options.decoding.keyDecoding == .convertFromSnakeCase ? SnakeCase.from(key) : key
  }
}
