import Foundation

/// Foundation object graphs (`Any`) as JSON, as `JSONSerialization`
/// accepts them, and what else a Swift graph holds: dates, URLs, data and
/// UUIDs in their JSON form (per the write options), attributed strings as
/// their text, sets as arrays in a stable order, raw-value enums as their
/// raw values, models as objects.
enum FoundationGraph {
  /// Deeper graphs are refused rather than risk the stack.
  static let maximumDepth = JSONValue.maximumDepth

  /// The JSON form of `any`, which sits at `context.path`; a value with none
  /// is an error of kind `failure` (`.unsupportedType` for an input graph,
  /// `.unencodable` for one a model holds).
  static func value(from any: Any, in context: inout WriteContext, failure: ModelError.Kind) throws(ModelError)
    -> JSONValue
  {
    guard context.path.depth < maximumDepth else {
      throw .graphTooDeep(maximumDepth, kind: failure, at: context.path)
    }
    try StackGuard.check(depth: context.path.depth, at: context.path)
    if let leaf = commonLeaf(any) { return leaf }
    // Casting a Swift value to a class bridges it first (a whole dictionary
    // to an `NSDictionary`): the classes are tried on instances only.
    if type(of: any) is AnyObject.Type {
      if let number = any as? NSNumber, type(of: any) is NSNumber.Type { return JSONValue(foundationNumber: number) }
      if any is NSNull { return .null }
      if let attributed = any as? NSAttributedString { return .string(attributed.string) }
    }
    switch any {
    case let value as JSONValue: return value
    case let object as JSONObject: return .object(object)
    case let flag as Bool: return .bool(flag)
    case let string as String: return .string(string)
    case let string as Substring: return .string(String(string))
    case let integer as Int: return JSONValue(integer)
    case let integer as Int8: return .number(JSONNumber(integer))
    case let integer as Int16: return .number(JSONNumber(integer))
    case let integer as Int32: return .number(JSONNumber(integer))
    case let integer as Int64: return .number(JSONNumber(integer))
    case let integer as UInt: return .number(JSONNumber(integer))
    case let integer as UInt8: return .number(JSONNumber(integer))
    case let integer as UInt16: return .number(JSONNumber(integer))
    case let integer as UInt32: return .number(JSONNumber(integer))
    case let integer as UInt64: return .number(JSONNumber(integer))
    case let double as Double: return JSONValue(double)
    case let float as Float: return JSONNumber(float).map(JSONValue.number) ?? .null
    case let float as CGFloat: return JSONValue(Double(float))
    case let decimal as Decimal: return JSONValue(exactly: decimal)
    case let date as Date: return try known(date, &context)
    case let url as URL: return try known(url, &context)
    case let data as Data: return try known(data, &context)
    case let uuid as UUID: return try known(uuid, &context)
    case let dictionary as [String: Any]:
      var keys: [String] = []
      var values: [JSONValue] = []
      keys.reserveCapacity(dictionary.count)
      values.reserveCapacity(dictionary.count)
      for (key, element) in dictionary {
        context.path.push(.key(key))
        defer { context.path.pop() }
        values.append(try value(from: element, in: &context, failure: failure))
        keys.append(key)
      }
      return .object(JSONObject(uniqueKeys: keys, values: values))
    case let array as [Any]:
      return .array(try elements(array, &context, failure))
    case let set as Set<AnyHashable>:
      return .array(SetOrder.sorted(try elements(set.map(\.base), &context, failure)))
    case let set as NSSet:
      return .array(SetOrder.sorted(try elements(set.allObjects, &context, failure)))
    case let model as any JSONModel:
      return try encoded(model, &context)
    case let raw as any RawRepresentable:
      return try value(from: raw.rawValue, in: &context, failure: failure)
    case let optional as any OptionalProtocol:
      guard let wrapped = optional.wrappedAny else { return .null }
      return try value(from: wrapped, in: &context, failure: failure)
    default:
      throw .noJSONForm(any, kind: failure, at: context.path)
    }
  }

  /// The JSON of the most common leaves, found by their exact type: the
  /// cast chain of `value(from:in:failure:)` costs a failed cast per case
  /// passed.
  @inline(__always)
  private static func commonLeaf(_ any: Any) -> JSONValue? {
    switch ScalarField(writtenDirectly: type(of: any)) {
    case .string?: .string(any as! String)
    case .int?: JSONValue(any as! Int)
    case .double?: JSONValue(any as! Double)
    case .bool?: .bool(any as! Bool)
    default: nil
    }
  }

  private static func elements(_ array: [Any], _ context: inout WriteContext, _ failure: ModelError.Kind)
    throws(ModelError) -> [JSONValue]
  {
    var elements: [JSONValue] = []
    elements.reserveCapacity(array.count)
    for (index, element) in array.enumerated() {
      context.path.push(.index(index))
      defer { context.path.pop() }
      elements.append(try value(from: element, in: &context, failure: failure))
    }
    return elements
  }

  /// A value of a type ModelKit converts, written as a property of that type would be.
  private static func known<Value>(_ value: Value, _ context: inout WriteContext) throws(ModelError) -> JSONValue {
    guard let converter = KnownConverters.make(for: Value.self) as? ValueConverter<Value> else {
      throw .unencodable("\(Value.self) has no converter", at: context.path)
    }
    return try context.detachedValue(sorted: true) { (detached) throws(ModelError) in
      try converter.encode(value, &detached)
    }
  }

  /// A model, with its schema and this context's cycle guard.
  private static func encoded<Model: JSONModel>(_ model: Model, _ context: inout WriteContext) throws(ModelError)
    -> JSONValue
  {
    let schema = try SchemaCache.shared.schema(for: type(of: model))
    return try context.detachedValue(sorted: true) { (detached) throws(ModelError) in
      try ModelWriter.encodeModel(model, schema: schema, &detached)
    }
  }
}

/// Lets an `Any` that holds an `Optional` be unwrapped.
private protocol OptionalProtocol {
  var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
  fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}
