import Foundation

/// The Swift types a set of samples calls for: each JSON object becomes a
/// model type (identical shapes share one), each other value the widest
/// type that reads every sample.
struct TypePlan {
  /// A property's Swift type.
  indirect enum SwiftType: Hashable {
    case bool, int, uint64, double, decimal, string, date, url, uuid, json
    case array(SwiftType, optionalElements: Bool)
    case dictionary(SwiftType, optionalValues: Bool)
    case model(String)

    /// The type as Swift spells it.
    var text: String {
      switch self {
      case .bool: "Bool"
      case .int: "Int"
      case .uint64: "UInt64"
      case .double: "Double"
      case .decimal: "Decimal"
      case .string: "String"
      case .date: "Date"
      case .url: "URL"
      case .uuid: "UUID"
      case .json: "JSONValue"
      case .array(let element, let optional): "[\(element.text)\(optional ? "?" : "")]"
      case .dictionary(let value, let optional): "[String: \(value.text)\(optional ? "?" : "")]"
      case .model(let name): name
      }
    }
  }

  /// One property of a model type.
  struct Field: Hashable {
    /// The JSON key.
    let key: String
    /// The Swift name (escaped when it is a keyword).
    let name: String
    let type: SwiftType
    /// Missing or `null` in some sample.
    let isOptional: Bool
  }

  /// One generated model type.
  struct Model: Hashable {
    let name: String
    let fields: [Field]
  }

  /// What the samples' top level is.
  enum Root {
    /// An object: the root model.
    case model(String)
    /// An array of `element` (the root name is the element's).
    case array(SwiftType, optionalElements: Bool)
  }

  /// Whether the types are for Foundation's `JSONDecoder` (no `Date`, which
  /// it cannot read from text by default) rather than `JSONModel`.
  let forCodable: Bool
  private(set) var models: [Model] = []
  private var usedNames: Set<String> = []
  private var bySignature: [[Field]: String] = [:]

  init(forCodable: Bool) { self.forCodable = forCodable }

  /// Plans the types for samples whose merged shape is `shape`, the root named `rootName`.
  mutating func plan(_ shape: Shape, rootName: String) throws(GenerationError) -> Root {
    usedNames.insert(rootName)  // the root keeps its name; nested types give way
    if shape.object != nil, shape.kindCount == 1 {
      guard case .model(let name) = type(of: shape, name: rootName, isRoot: true).type else {
        throw GenerationError.unsupportedTopLevel
      }
      return .model(name)
    }
    if shape.arrays > 0, shape.kindCount == 1 {
      let elements = shape.elements?.value ?? Shape()
      let element = type(of: elements, name: rootName, isRoot: true)
      return .array(element.type, optionalElements: element.isNullable)
    }
    throw GenerationError.unsupportedTopLevel
  }

  /// The type for values of `shape`, a nested model named after `name`;
  /// `isNullable` when some value was `null`.
  private mutating func type(of shape: Shape, name: String, isRoot: Bool = false) -> (type: SwiftType, isNullable: Bool) {
    let nullable = shape.nulls > 0
    guard shape.nonNull > 0, shape.kindCount == 1 else { return (.json, nullable) }
    if shape.bools > 0 { return (.bool, nullable) }
    if let numbers = shape.numbers {
      if numbers.fractional { return (numbers.notKeptByDouble ? .decimal : .double, nullable) }
      if numbers.beyondUInt64 || (numbers.beyondInt64 && numbers.negative) { return (.decimal, nullable) }
      return (numbers.beyondInt64 ? .uint64 : .int, nullable)
    }
    if let strings = shape.strings {
      if strings.dates == strings.count && !forCodable { return (.date, nullable) }
      if strings.urls == strings.count { return (.url, nullable) }
      if strings.uuids == strings.count { return (.uuid, nullable) }
      return (.string, nullable)
    }
    if shape.arrays > 0 {
      let elements = shape.elements?.value ?? Shape()
      let element = type(of: elements, name: SwiftNames.type(name, element: true))
      return (.array(element.type, optionalElements: element.isNullable), nullable)
    }
    guard let object = shape.object else { return (.json, nullable) }
    if !isRoot, Self.isDictionary(object) {
      var values = Shape()
      for key in object.keys { values.merge(object.fields[key] ?? Shape()) }
      let value = type(of: values, name: SwiftNames.type(name, element: true))
      return (.dictionary(value.type, optionalValues: value.isNullable), nullable)
    }
    return (.model(model(object, name: isRoot ? name : SwiftNames.type(name), isRoot: isRoot)), nullable)
  }

  /// An object whose keys are data (numbers, UUIDs, dates, or opaque
  /// identifiers of letters and digits mixed), not names.
  private static func isDictionary(_ object: Shape.Object) -> Bool {
    guard !object.keys.isEmpty else { return false }
    return object.keys.allSatisfy { key in
      (!key.isEmpty && key.allSatisfy { $0.isASCII && $0.isNumber }) || TextKinds.isUUID(key) || TextKinds.isDate(key)
        || isIdentifierToken(key)
    }
  }

  /// `eb8fce65jw1ew468zkxcgj237k1t01l0`: sixteen or more ASCII letters and
  /// digits, with at least three of each (no word has that many digits).
  private static func isIdentifierToken(_ key: String) -> Bool {
    guard key.count >= 16, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
    return key.filter(\.isNumber).count >= 3 && key.filter(\.isLetter).count >= 3
  }

  /// The model type for `object`: a new one, or the one already planned with the same fields.
  private mutating func model(_ object: Shape.Object, name: String, isRoot: Bool) -> String {
    var names: Set<String> = []
    var fields: [Field] = []
    for key in object.keys {
      let shape = object.fields[key] ?? Shape()
      let (type, nullable) = type(of: shape, name: key)
      var property = SwiftNames.property(key)
      var suffix = 2
      while names.contains(SwiftNames.bare(property)) {
        property = SwiftNames.property(key) + "\(suffix)"
        property = property.replacingOccurrences(of: "`", with: "")
        suffix += 1
      }
      names.insert(SwiftNames.bare(property))
      let missing = (object.presence[key] ?? 0) < object.count
      fields.append(Field(key: key, name: property, type: type, isOptional: nullable || missing))
    }
    if !isRoot, let known = bySignature[fields] { return known }
    var unique = name
    var suffix = 2
    while !isRoot && usedNames.contains(unique) {
      unique = name + "\(suffix)"
      suffix += 1
    }
    usedNames.insert(unique)
    if bySignature[fields] == nil { bySignature[fields] = unique }
    if isRoot { models.insert(Model(name: unique, fields: fields), at: 0) } else { models.append(Model(name: unique, fields: fields)) }
    return unique
  }
}

/// Why no models could be generated.
public enum GenerationError: Error, CustomStringConvertible, Equatable {
  /// No sample was given, or none held JSON.
  case noSamples
  /// A sample that is not JSON (nor JSON lines).
  case invalidSample(String)
  /// A top level that is neither an object nor an array, or samples whose top levels differ.
  case unsupportedTopLevel

  public var description: String {
    switch self {
    case .noSamples: "no sample JSON was given"
    case .invalidSample(let reason): "a sample is not JSON: \(reason)"
    case .unsupportedTopLevel: "the samples' top level must be an object, or an array, in every sample"
    }
  }
}
