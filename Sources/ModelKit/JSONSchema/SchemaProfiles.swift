import ModelKitJSON

/// The rewrites each provider's structured-output mode requires, over a
/// strict-input schema: what the provider cannot express is left out and
/// said in `description` (the decoder still enforces it), and what cannot
/// be expressed at all is an error naming its path.
enum SchemaProfiles {
  /// `schema` rewritten for `profile`; `inComponents` for a component,
  /// whose references are kept as they are.
  static func rewrite(
    _ schema: JSONValue, for profile: JSONSchemaOptions.Profile, definitions: JSONObject, inComponents: Bool = false
  ) throws(ModelError) -> JSONValue {
    guard profile != .none else { return schema }
    var rewriter = Rewriter(profile: profile, root: schema, definitions: definitions, inComponents: inComponents)
    guard case .object(let root) = schema, root["type"] == "object" else {
      throw .unsupported("the \(profile) profile needs an object at the top of a schema")
    }
    var result = try rewriter.rewrite(schema, at: CodingPath(), depth: 0)
    if profile == .openAIStrict { try rewriter.checkOpenAILimits() }
    if profile != .openAIStrict, case .object(var members) = result {
      // Anthropic's and Gemini's schemas are written inline, references resolved.
      members.removeValue(forKey: "$defs")
      result = .object(members)
    }
    return result
  }

  private struct Rewriter {
    let profile: JSONSchemaOptions.Profile
    let definitions: JSONObject
    let root: JSONValue
    /// Definitions being inlined: reaching one again is recursion.
    var inlining: [String] = []
    var propertyCount = 0
    var enumValueCount = 0
    /// Characters of property names, definition names, enum and const values.
    var textLength = 0

    init(profile: JSONSchemaOptions.Profile, root: JSONValue, definitions: JSONObject, inComponents: Bool) {
      self.profile = profile
      keywords = Self.keywords(of: profile)
      formats = Self.formats(of: profile)
      self.root = root
      self.definitions = definitions
      // The root is being written: a reference to it is recursion.
      if !inComponents { inlining = ["#"] }
    }

    /// The keywords and `format`s the profile's provider reads.
    private let keywords: Set<String>
    private let formats: Set<String>

    /// The keywords each provider reads; anything else is left out.
    private static func keywords(of profile: JSONSchemaOptions.Profile) -> Set<String> {
      switch profile {
      case .none: []
      case .openAIStrict:
        [
          "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "$ref", "$defs",
          "description", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
          "minItems", "maxItems",
        ]
      case .anthropic:
        [
          "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "description",
          "pattern", "format",
        ]
      case .gemini:
        [
          "type", "format", "description", "nullable", "enum", "maxItems", "minItems", "properties", "required",
          "propertyOrdering", "items", "anyOf", "minimum", "maximum", "pattern",
        ]
      }
    }

    /// The `format`s each provider reads.
    private static func formats(of profile: JSONSchemaOptions.Profile) -> Set<String> {
      switch profile {
      case .openAIStrict: ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]
      case .anthropic: ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]
      case .gemini: ["date-time", "enum"]
      case .none: []
      }
    }

    mutating func rewrite(_ schema: JSONValue, at path: CodingPath, depth: Int) throws(ModelError) -> JSONValue {
      guard case .object(let object) = schema else { return schema }
      if object.keys.isEmpty || object["not"] != nil && object["type"] == nil {
        throw .unsupported("the \(profile) profile has no schema for any JSON value (a JSONValue)", at: path)
      }
      if case .string(let reference)? = object["$ref"] {
        return try self.reference(reference, object, at: path, depth: depth)
      }
      // A reference with a description beside it, written as `allOf`.
      if case .array(let parts)? = object["allOf"], parts.count == 1, object["$ref"] == nil,
        object.keys.allSatisfy({ $0 == "allOf" || $0 == "description" })
      {
        return try rewrite(parts[0], at: path, depth: depth)
      }
      var notes: [String] = []
      var result = JSONObject()
      if object["type"] == "object" && object["properties"] == nil {
        throw .unsupported("the \(profile) profile has no schema for an object with any keys (a JSONObject)", at: path)
      }
      if case .object(let properties)? = object["properties"] {
        if depth >= 10 && profile == .openAIStrict {
          throw .unsupported("the openAIStrict profile nests objects 10 levels deep at most", at: path)
        }
        propertyCount += properties.count
        textLength += properties.keys.reduce(0) { $0 + $1.count }
        var rewritten = JSONObject()
        for (key, value) in properties {
          rewritten[key] = try rewrite(value, at: path.appending(.key(key)), depth: depth + 1)
        }
        result["type"] = "object"
        result["properties"] = .object(rewritten)
        // Every member required (optionals take `null`), no other members.
        result["required"] = .array(properties.keys.map(JSONValue.string))
        if profile == .gemini {
          result["propertyOrdering"] = .array(properties.keys.map(JSONValue.string))
        } else {
          result["additionalProperties"] = false
        }
      }
      for (key, value) in object where result[key] == nil && key != "additionalProperties" {
        switch key {
        case "$defs":
          guard profile == .openAIStrict, case .object(let named) = value else { continue }
          var rewritten = JSONObject()
          for (name, definition) in named {
            textLength += name.count
            rewritten[name] = try rewrite(definition, at: CodingPath(), depth: 0)
          }
          result[key] = .object(rewritten)
        case "items":
          result[key] = try rewrite(value, at: path.appending(.index(0)), depth: depth)
        case "anyOf":
          var choices: [JSONValue] = []
          for choice in value.array ?? [] { choices.append(try rewrite(choice, at: path, depth: depth)) }
          result[key] = .array(choices)
        case "enum":
          let values = value.array ?? []
          enumValueCount += values.count
          let length = values.reduce(0) { $0 + ($1.string?.count ?? 0) }
          textLength += length
          if profile == .openAIStrict && values.count > 250 && length > 15_000 {
            throw .unsupported("the openAIStrict profile allows 15,000 characters in an enum of over 250 strings", at: path)
          }
          if profile == .gemini && value.array?.contains(where: { $0.string == nil && $0 != .null }) == true {
            notes.append("one of " + Self.list(value))
          } else {
            result[key] = value
            if profile == .gemini {
              result["type"] = "string"
              result["format"] = "enum"
            }
          }
        case "format":
          if let format = value.string, formats.contains(format) { result[key] = value } else {
            notes.append("format " + (value.string ?? "?"))
          }
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "pattern", "uniqueItems",
          "contentEncoding":
          if keywords.contains(key) { result[key] = value } else { notes.append(Self.note(key, value)) }
        case "if", "then", "else", "allOf", "not", "contentMediaType", "contentSchema", "propertyNames":
          throw .unsupported("the \(profile) profile cannot express '\(key)' here", at: path)
        default:
          if keywords.contains(key) { result[key] = value } else { notes.append(Self.note(key, value)) }
        }
      }
      if !notes.isEmpty {
        let said = result["description"]?.string.map { $0 + " " } ?? ""
        result["description"] = .string(said + "(" + notes.joined(separator: "; ") + ")")
      }
      return .object(result)
    }

    /// A reference: kept for OpenAI (no keyword beside it), inlined for
    /// the others, whose recursion is an error.
    private mutating func reference(_ reference: String, _ object: JSONObject, at path: CodingPath, depth: Int)
      throws(ModelError) -> JSONValue
    {
      if profile == .openAIStrict { return ["$ref": .string(reference)] }
      let name = reference == "#" ? "#" : String(reference.split(separator: "/").last ?? "")
      guard !inlining.contains(name) else {
        throw .unsupported("the \(profile) profile cannot express a type that contains itself", at: path)
      }
      let target: JSONValue
      if name == "#" {
        target = root
      } else if let definition = definitions[name] {
        target = definition
      } else {
        throw .unsupported("the \(profile) profile has no definition \(name) to inline", at: path)
      }
      inlining.append(name)
      defer { inlining.removeLast() }
      guard case .object(var members) = target else { return target }
      members.removeValue(forKey: "$defs")
      members.removeValue(forKey: "$schema")
      return try rewrite(.object(members), at: path, depth: depth)
    }

    /// OpenAI's limits on a whole schema.
    func checkOpenAILimits() throws(ModelError) {
      if propertyCount > 5000 { throw .unsupported("the openAIStrict profile allows 5000 properties in all, not \(propertyCount)") }
      if enumValueCount > 1000 { throw .unsupported("the openAIStrict profile allows 1000 enum values in all, not \(enumValueCount)") }
      if textLength > 120_000 {
        throw .unsupported("the openAIStrict profile allows 120,000 characters of names and values in all, not \(textLength)")
      }
    }

    private static func list(_ value: JSONValue) -> String {
      (value.array ?? []).map { $0.jsonString() }.joined(separator: ", ")
    }

    private static func note(_ key: String, _ value: JSONValue) -> String {
      key + " " + value.jsonString()
    }
  }
}
