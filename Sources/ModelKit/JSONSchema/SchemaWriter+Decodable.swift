import ModelKitJSON

/// A dictionary's key and value types, for the dictionaries ModelKit's
/// converters leave to Codable (keys that are not strings).
protocol DictionaryShaped {
  static var keyType: any Any.Type { get }
  static var valueType: any Any.Type { get }
  /// An empty dictionary, a probe's placeholder.
  static var empty: Any { get }
}

extension Dictionary: DictionaryShaped {
  static var keyType: any Any.Type { Key.self }
  static var valueType: any Any.Type { Value.self }
  static var empty: Any { Self() }
}

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
  /// every type but a raw-value enum (which has no case to choose) and a
  /// Codable type that needs one of those (which it decodes from `{}`).
  private func hasEmptyValue(_ value: ProbedValue, depth: Int = 0) -> Bool {
    switch value {
    case .nested(let nested): return hasEmptyValue(nested, depth: depth)
    case .shape(.rawValue): return false
    case .shape(.codable(let type)):
      guard depth < 16, !(type is any DictionaryShaped.Type) else { return true }
      return hasEmptyValue(probes.shape(of: type), depth: depth + 1)
    case .shape: return true
    }
  }

  private func hasEmptyValue(_ probed: ProbedShape, depth: Int) -> Bool {
    switch probed {
    case .keyed(let members): return members.allSatisfy { !$0.isRequired || hasEmptyValue($0.value, depth: depth) }
    case .single(let value): return hasEmptyValue(value, depth: depth)
    case .unkeyed, .anything: return true
    }
  }

  /// A dictionary whose keys are not strings, as Foundation's `Dictionary`
  /// codes it: an object for `Int` and `CodingKeyRepresentable` keys (an
  /// `Int` key is any integer text, an enum's its cases'), else an array of
  /// keys and values in turn.
  mutating func keyedDictionary(_ type: any DictionaryShaped.Type, at path: CodingPath) throws(ModelError) -> JSONValue {
    let value = try schema(for: Self.shape(of: type.valueType, at: path), at: path.appending(.key("*")))
    let names: JSONValue
    if type.keyType == Int.self {
      names = ["pattern": "^[+-]?[0-9]+$"]
    } else if type.keyType is any CodingKeyRepresentable.Type {
      if case .rawValue(_, let values?) = try Self.shape(of: type.keyType, at: path) {
        names = ["enum": .array(values.map { $0.string.map(JSONValue.string) ?? .string($0.jsonString()) })]
      } else {
        names = .object([:])
      }
    } else {
      let key = try schema(for: Self.shape(of: type.keyType, at: path), at: path.appending(.index(0)))
      return vocabulary.typed("array", ("items", vocabulary.anyOf([key, value])))
    }
    var object: JSONObject = ["type": "object", "additionalProperties": value]
    if names != .object([:]) && options.dialect != .openAPI3_0 { object["propertyNames"] = names }
    return .object(object)
  }

  /// The JSON key of coding key `key` under the options' key decoding.
  private func jsonKey(_ key: String) -> String {
    options.decoding.keyDecoding == .convertFromSnakeCase ? SnakeCase.from(key) : key
  }
}
