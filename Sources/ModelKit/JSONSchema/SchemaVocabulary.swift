import ModelKitJSON

/// How a dialect spells each construct a schema is made of: the one place
/// that knows OpenAPI 3.0 has no type lists, `const`, `$defs`, numeric
/// `exclusiveMinimum` or `if`/`then`/`else`.
struct SchemaVocabulary {
  let dialect: JSONSchemaOptions.Dialect

  private var isOpenAPI3_0: Bool { dialect == .openAPI3_0 }

  /// `{"type": name}` with `members` after it.
  func typed(_ name: String, _ members: (String, JSONValue)...) -> JSONValue {
    var object: JSONObject = ["type": .string(name)]
    for (key, value) in members { object[key] = value }
    return .object(object)
  }

  /// A value of any of `schemas` (the one schema when there is one).
  func anyOf(_ schemas: [JSONValue]) -> JSONValue {
    var distinct: [JSONValue] = []
    for schema in schemas where !distinct.contains(schema) { distinct.append(schema) }
    return distinct.count == 1 ? distinct[0] : ["anyOf": .array(distinct)]
  }

  /// A value of every one of `schemas` (the one schema when there is one).
  func allOf(_ schemas: [JSONValue]) -> JSONValue {
    var distinct: [JSONValue] = []
    for schema in schemas where !distinct.contains(schema) && schema != .object([:]) { distinct.append(schema) }
    if distinct.isEmpty { return .object([:]) }
    return distinct.count == 1 ? distinct[0] : ["allOf": .array(distinct)]
  }

  /// `schema`, or `null`: a type list where the schema names one type
  /// (`enum` lists gain `null`), else `anyOf` with a `null` schema;
  /// OpenAPI 3.0's `nullable` there.
  func nullable(_ schema: JSONValue) -> JSONValue {
    guard case .object(var object) = schema else { return schema }
    if object.keys.isEmpty || object == null().object { return schema }
    if case .string(let type)? = object["type"] {
      if isOpenAPI3_0 {
        object["nullable"] = true
      } else {
        object["type"] = [.string(type), "null"]
      }
      if case .array(let values)? = object["enum"], !values.contains(.null) { object["enum"] = .array(values + [.null]) }
      return .object(object)
    }
    if case .array(let values)? = object["enum"], object.count == 1 {
      return isOpenAPI3_0 ? ["enum": .array(values), "nullable": true] : ["enum": .array(values + [.null])]
    }
    if isOpenAPI3_0 {
      if case .array(let choices)? = object["anyOf"], object.count == 1 {
        return ["anyOf": .array(choices.map(nullable))]
      }
      return ["anyOf": [schema, null()]]
    }
    if case .array(let choices)? = object["anyOf"], object.count == 1 {
      return ["anyOf": .array(choices + [null()])]
    }
    return ["anyOf": [schema, null()]]
  }

  /// `null` only (OpenAPI 3.0 has no `null` type: there, a nullable
  /// object that no object satisfies).
  func null() -> JSONValue {
    isOpenAPI3_0 ? ["type": "object", "nullable": true, "minProperties": 1, "maxProperties": 0] : ["type": "null"]
  }

  /// Anything but `null`.
  func nonNull() -> JSONValue {
    isOpenAPI3_0
      ? ["anyOf": .array(["boolean", "number", "string", "array", "object"].map { ["type": .string($0)] as JSONValue })]
      : ["not": ["type": "null"]]
  }

  /// Exactly `value`.
  func constant(_ value: JSONValue) -> JSONValue {
    isOpenAPI3_0 ? ["enum": [value]] : ["const": value]
  }

  /// `schema` with numbers above `lower` and below `upper` (both excluded).
  func exclusiveRange(_ schema: JSONValue, above lower: JSONNumber, below upper: JSONNumber) -> JSONValue {
    guard case .object(var object) = schema else { return schema }
    if isOpenAPI3_0 {
      object["minimum"] = .number(lower)
      object["exclusiveMinimum"] = true
      object["maximum"] = .number(upper)
      object["exclusiveMaximum"] = true
    } else {
      object["exclusiveMinimum"] = .number(lower)
      object["exclusiveMaximum"] = .number(upper)
    }
    return .object(object)
  }

  /// Valid as `then` where `condition` holds, else as `otherwise`.
  func conditional(if condition: JSONValue, then: JSONValue, else otherwise: JSONValue) -> JSONValue {
    if isOpenAPI3_0 {
      return ["anyOf": [["allOf": [condition, then]], ["allOf": [["not": condition], otherwise]]]]
    }
    return ["if": condition, "then": then, "else": otherwise]
  }

  /// A string holding JSON that `schema` describes, as far as the dialect
  /// can say it (OpenAPI 3.0 has no content keywords): `opening` is the
  /// first character of its text after white space.
  func embeddedJSON(_ schema: JSONValue, opening: String) -> JSONValue {
    let pattern = JSONValue.string("^[\\t-\\r ]*\\" + opening)
    if isOpenAPI3_0 { return typed("string", ("pattern", pattern)) }
    return typed(
      "string", ("pattern", pattern), ("contentMediaType", "application/json"), ("contentSchema", schema))
  }

  /// The reference to definition `name`: in `$defs`, or among OpenAPI
  /// components.
  func reference(to name: String, inComponents: Bool) -> JSONValue {
    let base = inComponents || isOpenAPI3_0 ? "#/components/schemas/" : "#/$defs/"
    return ["$ref": .string(base + name)]
  }
}
