import Foundation
import ModelKitJSON

/// Writes the JSON Schema of a type from the converters its decoder and
/// encoder use (`AnyConverter.shape`), per contract and dialect: the leaf
/// forms here, models' fields in `SchemaWriter+Models`, Codable types'
/// in `SchemaWriter+Decodable`. Nested model and Codable types become
/// definitions, named once, written once, recursion included.
struct SchemaWriter {
  /// Whose rules the described call reads and writes by: a `JSONModel`
  /// entry point's, or a Codable coder's (Foundation's defaults).
  enum Reader {
    case model
    case coder
  }

  let options: JSONSchemaOptions
  let reader: Reader
  let vocabulary: SchemaVocabulary
  /// Whether references point into OpenAPI components rather than `$defs`.
  let referencesComponents: Bool
  /// The definitions written, in the order first reached.
  private(set) var definitions = JSONObject()
  /// Each described type's definition name ("#" for the root).
  private var names: [ObjectIdentifier: String] = [:]
  private var takenNames: Set<String> = []
  /// Definitions being written, one inside another: a generic type that
  /// reaches ever new types of itself (`Node<T>` holding a `Node<[T]>`)
  /// would never end.
  private var openDefinitions = 0
  static let maximumNesting = 64
  /// The Codable types' descriptions, as their `init(from:)` asked.
  var probes: DecodableProbes

  init(options: JSONSchemaOptions, reader: Reader, referencesComponents: Bool) {
    self.options = options
    self.reader = reader
    vocabulary = SchemaVocabulary(dialect: options.dialect)
    self.referencesComponents = referencesComponents
    probes = DecodableProbes(userInfo: options.userInfo)
  }

  var contract: JSONSchemaOptions.Contract { options.contract }
  var isLenient: Bool { contract == .lenientInput }
  var hasProfile: Bool { options.profile != .none }

  // MARK: - Types and definitions

  /// The shape of values of `type`, as its converter describes them (a
  /// type that is only `Decodable` has none: its `init(from:)` says).
  static func shape(of type: any Any.Type, at path: CodingPath) throws(ModelError) -> ValueShape {
    guard let converter = try SchemaCache.shared.converter(for: type) else {
      if let decodable = type as? any Decodable.Type { return .codable(decodable) }
      throw .unsupported("values of type \(TypeNames.name(of: type)) cannot be converted to or from JSON", at: path)
    }
    return converter.shape
  }

  /// The schema of `type` written in place (the root of a schema, or a
  /// component), its own references to itself made `selfReference`.
  mutating func body(of type: any Any.Type, selfReference: String?, at path: CodingPath) throws(ModelError) -> JSONValue {
    let shape = try Self.shape(of: type, at: path)
    if let selfReference { names[ObjectIdentifier(type)] = selfReference }
    switch shape {
    case .model(let model): return try modelBody(model, at: path)
    case .codable(let decodable) where !(decodable is any DictionaryShaped.Type): return try decodableBody(decodable, at: path)
    default: return try schema(for: shape, at: path)
    }
  }

  /// The definition of `type` (an OpenAPI component): its reference,
  /// writing it the first time.
  mutating func definition(of type: any Any.Type, at path: CodingPath) throws(ModelError) -> JSONValue {
    try reference(to: type, at: path) { (writer) throws(ModelError) in
      try writer.body(of: type, selfReference: nil, at: path)
    }
  }

  /// A reference to the definition of `type`, written the first time.
  private mutating func reference(
    to type: any Any.Type, at path: CodingPath, _ write: (inout SchemaWriter) throws(ModelError) -> JSONValue
  ) throws(ModelError) -> JSONValue {
    let identifier = ObjectIdentifier(type)
    if let name = names[identifier] {
      return name == "#" ? ["$ref": "#"] : vocabulary.reference(to: name, inComponents: referencesComponents)
    }
    guard openDefinitions < Self.maximumNesting else {
      throw .unsupported("types nest more than \(Self.maximumNesting) deep, each reaching a new one", at: path)
    }
    let name = uniqueName(for: type)
    names[identifier] = name
    definitions[name] = .object([:])  // its place in the order, before what it reaches
    openDefinitions += 1
    defer { openDefinitions -= 1 }
    definitions[name] = try write(&self)
    return vocabulary.reference(to: name, inComponents: referencesComponents)
  }

  /// `type`'s name as a definition name (`^[a-zA-Z0-9._-]+$`): generic
  /// arguments joined with `_` (`Page_Address`), a number added where two
  /// types would share one.
  private mutating func uniqueName(for type: any Any.Type) -> String {
    let spelled = TypeNames.name(of: type)
    var name = ""
    for character in spelled.unicodeScalars {
      let allowed =
        character.isASCII && (Character(character).isLetter || Character(character).isNumber || "._-".unicodeScalars.contains(character))
      if allowed {
        name.unicodeScalars.append(character)
      } else if !name.hasSuffix("_") {
        name += "_"
      }
    }
    while name.hasSuffix("_") { name.removeLast() }
    if name.isEmpty { name = "Type" }
    var candidate = name
    var number = 2
    while takenNames.contains(candidate) {
      candidate = name + "_" + String(number)
      number += 1
    }
    takenNames.insert(candidate)
    return candidate
  }

  // MARK: - Shapes

  /// The schema of values of `shape`, at `path` (for errors).
  mutating func schema(for shape: ValueShape, at path: CodingPath) throws(ModelError) -> JSONValue {
    switch shape {
    case .integer(let minimum, let maximum): return integer(minimum, maximum)
    case .floating(let magnitude): return floating(magnitude)
    case .bool: return bool()
    case .string: return string()
    case .character:
      return vocabulary.typed("string", ("minLength", 1), ("description", "one character"))
    case .date: return date()
    case .data: return data()
    case .byteText:
      return vocabulary.anyOf([
        vocabulary.typed("string"),
        vocabulary.typed("array", ("items", vocabulary.typed("integer", ("minimum", 0), ("maximum", 255)))),
      ])
    case .url: return text(SchemaPatterns.notBlank, anchored: false, format: "uri-reference")
    case .uuid: return text(SchemaPatterns.uuid, anchored: true, format: "uuid")
    case .decimal: return decimal()
    case .numberObject:
      var forms = [vocabulary.typed("number"), vocabulary.typed("boolean")]
      if isLenient { forms.append(lenientText(number: true, booleans: true)) }
      return vocabulary.anyOf(forms)
    case .null: return vocabulary.null()
    case .array(let element, let unique):
      var array = JSONObject()
      array["type"] = "array"
      array["items"] = try schema(for: element, at: path.appending(.index(0)))
      if unique && contract == .output && !hasProfile { array["uniqueItems"] = true }
      return embeddable(.object(array), opening: "[")
    case .dictionary(let value):
      if hasProfile {
        throw .unsupported(
          "a dictionary has no schema in the \(options.profile) profile, whose objects list every key", at: path)
      }
      let values = try schema(for: value, at: path.appending(.key("*")))
      return embeddable(vocabulary.typed("object", ("additionalProperties", values)), opening: "{")
    case .optional(let wrapped):
      return optional(try schema(for: wrapped, at: path), wrapped)
    case .model(let type):
      let model = try reference(to: type, at: path) { (writer) throws(ModelError) in try writer.modelBody(type, at: path) }
      return embeddable(model, opening: "{")
    case .codable(let type):
      if let dictionary = type as? any DictionaryShaped.Type { return try keyedDictionary(dictionary, at: path) }
      return try reference(to: type, at: path) { (writer) throws(ModelError) in try writer.decodableBody(type, at: path) }
    case .rawValue(let raw, let values):
      guard let values else { return try schema(for: raw, at: path) }
      if values.isEmpty {
        throw .unsupported("a type with no cases has no values", at: path)
      }
      guard isLenient, case .integer = raw else { return ["enum": .array(values)] }
      return vocabulary.anyOf([["enum": .array(values)]] + values.flatMap(lenientForms(ofInteger:)))
    case .anyValue: return .object([:])
    case .anyObject: return vocabulary.typed("object")
    case .undescribable:
      throw .unsupported("a Foundation graph (Any, [Any], [String: Any]) has no schema", at: path)
    }
  }

  /// `wrapped`'s schema or `null`; leniently also the null words where
  /// the wrapped type reads them as null, and a blank string for a URL.
  private func optional(_ schema: JSONValue, _ wrapped: ValueShape) -> JSONValue {
    let nullable = vocabulary.nullable(schema)
    guard isLenient, Self.readsNullWords(wrapped) else { return nullable }
    var nulls = SchemaPatterns.nullWords
    if case .url = wrapped { nulls += "|" }
    let words = vocabulary.typed("string", ("pattern", .string(SchemaPatterns.whole(nulls, trimmed: true))))
    return vocabulary.anyOf([nullable, words])
  }

  /// Whether the lenient table reads a null word as `null` for `shape`.
  private static func readsNullWords(_ shape: ValueShape) -> Bool {
    switch shape {
    case .integer, .floating, .bool, .date, .url, .uuid, .data, .decimal, .numberObject: true
    case .rawValue(let raw, _): readsNullWords(raw)
    default: false
    }
  }

  /// A container's schema, leniently also as a string holding its JSON.
  private func embeddable(_ schema: JSONValue, opening: String) -> JSONValue {
    guard isLenient else { return schema }
    return vocabulary.anyOf([schema, vocabulary.embeddedJSON(schema, opening: opening)])
  }

  // MARK: - Leaves

  private func integer(_ minimum: JSONNumber, _ maximum: JSONNumber) -> JSONValue {
    let exact = vocabulary.typed("integer", ("minimum", .number(minimum)), ("maximum", .number(maximum)))
    guard isLenient else { return exact }
    // A fraction truncates toward zero: anything above one below the
    // minimum and below one past the maximum.
    let lower = JSONNumber(text: Self.shifted(minimum.text, by: -1)) ?? minimum
    let upper = JSONNumber(text: Self.shifted(maximum.text, by: 1)) ?? maximum
    return vocabulary.anyOf([
      vocabulary.exclusiveRange(vocabulary.typed("number"), above: lower, below: upper),
      vocabulary.typed("boolean"), lenientText(number: true, booleans: true),
    ])
  }

  /// What the lenient table reads as the integer `value` (an integer raw
  /// value): numbers that truncate to it, strings of it with leading
  /// zeros or a fraction, and for 0 and 1 the Booleans and their words.
  private func lenientForms(ofInteger value: JSONValue) -> [JSONValue] {
    guard case .number(let number) = value else { return [] }
    let text = number.text
    var forms: [JSONValue] = []
    if let lower = JSONNumber(text: Self.shifted(text, by: -1)), let upper = JSONNumber(text: Self.shifted(text, by: 1)) {
      // Truncation toward zero: 0 takes (-1, 1); a positive n takes [n, n + 1).
      let number = vocabulary.typed("number")
      switch text.first {
      case "-": forms.append(vocabulary.exclusiveRange(number, above: lower, below: JSONNumber(text: text) ?? upper).addingMaximum(text))
      case "0": forms.append(vocabulary.exclusiveRange(number, above: lower, below: upper))
      default: forms.append(vocabulary.exclusiveRange(number, above: JSONNumber(text: text) ?? lower, below: upper).addingMinimum(text))
      }
    }
    let digits = text.hasPrefix("-") ? String(text.dropFirst()) : text
    let sign = text.hasPrefix("-") ? "-" : "\\+?"
    let numeral = digits == "0" ? "[+-]?0*(?:\\.\\d*)?|[+-]?0*\\.0*" : sign + "0*" + digits + "(?:\\.\\d*)?"
    var words = numeral
    if digits == "0" { words += "|false|False|FALSE|no|No|NO" }
    if text == "1" { words += "|true|True|TRUE|yes|Yes|YES" }
    forms.append(vocabulary.typed("string", ("pattern", .string(SchemaPatterns.whole(words, trimmed: true)))))
    if text == "0" { forms.append(vocabulary.constant(false)) }
    if text == "1" { forms.append(vocabulary.constant(true)) }
    return forms
  }

  /// The decimal integer text `text` plus `delta` (±1), digit by digit.
  static func shifted(_ text: String, by delta: Int) -> String {
    let negative = text.hasPrefix("-")
    var digits = Array(negative ? text.dropFirst() : Substring(text)).map { Int(String($0))! }
    // |text| grows when the sign of the change is the sign of the number.
    let grows = (delta > 0) != negative
    if grows {
      var index = digits.count - 1
      while index >= 0 && digits[index] == 9 {
        digits[index] = 0
        index -= 1
      }
      if index < 0 { digits.insert(1, at: 0) } else { digits[index] += 1 }
      return (negative ? "-" : "") + digits.map(String.init).joined()
    }
    if digits == [0] { return delta > 0 ? "1" : "-1" }
    var index = digits.count - 1
    while digits[index] == 0 {
      digits[index] = 9
      index -= 1
    }
    digits[index] -= 1
    while digits.count > 1 && digits[0] == 0 { digits.removeFirst() }
    let magnitude = digits.map(String.init).joined()
    return negative && magnitude != "0" ? "-" + magnitude : magnitude
  }

  private func floating(_ magnitude: JSONNumber?) -> JSONValue {
    var number = vocabulary.typed("number")
    if let magnitude, case .object(var object) = number {
      object["minimum"] = .number(JSONNumber(text: "-" + magnitude.text) ?? magnitude)
      object["maximum"] = .number(magnitude)
      number = .object(object)
    }
    guard isLenient else { return number }
    return vocabulary.anyOf([number, vocabulary.typed("boolean"), lenientText(number: true, booleans: true)])
  }

  private func bool() -> JSONValue {
    guard isLenient else { return vocabulary.typed("boolean") }
    return vocabulary.anyOf([
      vocabulary.typed("boolean"), vocabulary.typed("number"), lenientText(number: true, booleans: true),
    ])
  }

  private func string() -> JSONValue {
    guard isLenient else { return vocabulary.typed("string") }
    return vocabulary.anyOf([vocabulary.typed("string"), vocabulary.typed("number"), vocabulary.typed("boolean")])
  }

  /// A string of the lenient table's numbers and (with `booleans`) words.
  private func lenientText(number: Bool, booleans: Bool) -> JSONValue {
    let forms = [number ? SchemaPatterns.lenientNumber : nil, booleans ? SchemaPatterns.booleanWords : nil]
    let body = forms.compactMap { $0 }.joined(separator: "|")
    return vocabulary.typed("string", ("pattern", .string(SchemaPatterns.whole(body, trimmed: true))))
  }

  /// A string matching `pattern` after the trimming every text type gets;
  /// `anchored` patterns are the whole text, others a part of it.
  private func text(_ pattern: String, anchored: Bool, format: String) -> JSONValue {
    let whole = anchored ? SchemaPatterns.whole(pattern, trimmed: true) : pattern
    return vocabulary.typed("string", ("format", .string(format)), ("pattern", .string(whole)))
  }

  private func decimal() -> JSONValue {
    let numericText = vocabulary.typed(
      "string", ("pattern", .string(SchemaPatterns.whole(SchemaPatterns.lenientNumber, trimmed: true))))
    switch (contract, reader) {
    case (.output, _): return vocabulary.typed("number")
    case (.strictInput, .coder): return vocabulary.typed("number")
    case (.strictInput, .model): return vocabulary.anyOf([vocabulary.typed("number"), numericText])
    case (.lenientInput, _):
      return vocabulary.anyOf([vocabulary.typed("number"), vocabulary.typed("boolean"), lenientText(number: true, booleans: true)])
    }
  }

  private func data() -> JSONValue {
    if reader == .coder {
      switch contract == .output ? Self.dataForm(options.dataEncodingStrategy) : Self.dataForm(options.dataDecodingStrategy) {
      case .base64: break
      case .bytes:
        return vocabulary.typed("array", ("items", vocabulary.typed("integer", ("minimum", 0), ("maximum", 255))))
      case .custom: return ["description": "Data, as a custom strategy codes it"]
      }
    }
    let exact = reader == .coder && contract == .strictInput
    let pattern = SchemaPatterns.whole(SchemaPatterns.base64, trimmed: !exact && contract != .output)
    return vocabulary.typed("string", ("contentEncoding", "base64"), ("pattern", .string(pattern)))
      .removingKey("contentEncoding", if: options.dialect == .openAPI3_0)
  }

  /// A date: as the options' table reads it (numbers as Unix time, the
  /// listed texts), as a coder's default strategy reads it (seconds since
  /// 2001), or as the encoder writes it.
  private func date() -> JSONValue {
    let dateText = vocabulary.typed(
      "string", ("pattern", .string(SchemaPatterns.whole(SchemaPatterns.dateText, trimmed: true))))
    let number = vocabulary.typed("number")
    let internet = vocabulary.typed(
      "string", ("format", "date-time"), ("pattern", .string(SchemaPatterns.whole(SchemaPatterns.internetDateTime, trimmed: false))))
    let custom: JSONValue = ["description": "a date, as a custom strategy codes it"]
    switch (contract, reader) {
    case (.output, .coder):
      switch Self.dateForm(options.dateEncodingStrategy) {
      case .number: return number
      case .internetDateTime: return internet
      case .text: return vocabulary.typed("string")
      case .custom: return custom
      }
    case (.output, .model):
      if options.writing.contains(.datesAsSecondsSince1970) || options.writing.contains(.datesAsMillisecondsSince1970) {
        return number
      }
      // Text while it can hold the date exactly, Unix seconds beyond.
      let written = vocabulary.typed(
        "string", ("format", "date-time"), ("pattern", .string(SchemaPatterns.whole(SchemaPatterns.writtenDate, trimmed: false))))
      return vocabulary.anyOf([written, number])
    case (.strictInput, .coder), (.lenientInput, .coder):
      let strict: JSONValue
      switch Self.dateForm(options.dateDecodingStrategy) {
      case .number: strict = number
      case .internetDateTime: strict = internet
      case .text: strict = vocabulary.typed("string")
      case .custom: return custom
      }
      // Leniently, the table's date strings, and numbers where the strategy reads none.
      return isLenient ? vocabulary.anyOf([strict, number, dateText]) : strict
    case (_, .model):
      let dates = options.decoding.dateDecoding
      var forms: [JSONValue] = []
      if dates.numbers != .none { forms.append(number) }
      if dates.parsesStrings { forms.append(dateText) }
      if forms.isEmpty { return ["not": .object([:])] }
      return vocabulary.anyOf(forms)
    }
  }
}

extension SchemaWriter {
  /// The JSON form a coder's date strategy reads or writes.
  enum DateForm {
    case number, internetDateTime, text, custom
  }

  static func dateForm(_ strategy: ModelDecoder.DateDecodingStrategy) -> DateForm {
    switch strategy {
    case .deferredToDate, .secondsSince1970, .millisecondsSince1970: return .number
    case .iso8601: return .internetDateTime
    #if canImport(Darwin)
      // A case on Apple platforms only (on Linux, a function returning `.custom`).
      case .formatted: return .text
    #endif
    default: return .custom
    }
  }

  static func dateForm(_ strategy: ModelEncoder.DateEncodingStrategy) -> DateForm {
    switch strategy {
    case .deferredToDate, .secondsSince1970, .millisecondsSince1970: return .number
    case .iso8601: return .internetDateTime
    #if canImport(Darwin)
      // A case on Apple platforms only (on Linux, a function returning `.custom`).
      case .formatted: return .text
    #endif
    default: return .custom
    }
  }

  /// The JSON form a coder's data strategy reads or writes.
  enum DataForm {
    case base64, bytes, custom
  }

  static func dataForm(_ strategy: ModelDecoder.DataDecodingStrategy) -> DataForm {
    switch strategy {
    case .base64: .base64
    case .deferredToData: .bytes
    default: .custom
    }
  }

  static func dataForm(_ strategy: ModelEncoder.DataEncodingStrategy) -> DataForm {
    switch strategy {
    case .base64: .base64
    case .deferredToData: .bytes
    default: .custom
    }
  }
}

extension JSONValue {
  /// This number schema with its exclusive lower bound made inclusive at `text`.
  fileprivate func addingMinimum(_ text: String) -> JSONValue {
    guard case .object(var object) = self, let number = JSONNumber(text: text) else { return self }
    object["exclusiveMinimum"] = nil
    object["minimum"] = .number(number)
    return .object(object)
  }

  /// This number schema with its exclusive upper bound made inclusive at `text`.
  fileprivate func addingMaximum(_ text: String) -> JSONValue {
    guard case .object(var object) = self, let number = JSONNumber(text: text) else { return self }
    object["exclusiveMaximum"] = nil
    object["maximum"] = .number(number)
    return .object(object)
  }

  /// This object without `key` when `condition` holds.
  fileprivate func removingKey(_ key: String, if condition: Bool) -> JSONValue {
    guard condition, case .object(var object) = self else { return self }
    object.removeValue(forKey: key)
    return .object(object)
  }
}
