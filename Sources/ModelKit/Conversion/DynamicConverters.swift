import Foundation

/// `JSONValue`: anything, stored as it is (`null` included).
final class JSONValueConverter: ValueConverter<JSONValue> {
  override var shape: ValueShape { .anyValue }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<JSONValue> {
    .natural(context.document.value(of: node))
  }

  override var emptyValue: JSONValue? { .null }

  override func encode(_ value: JSONValue, _ context: inout WriteContext) {
    context.json.write(value)
  }
}

/// `JSONObject`: any JSON object, stored as it is.
final class JSONObjectConverter: ValueConverter<JSONObject> {
  override var shape: ValueShape { .anyObject }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<JSONObject> {
    guard let object = context.document.value(of: node).object else {
      return .failed(context.document.isNull(node) ? .null : .mismatch)
    }
    return .natural(object)
  }

  override func encode(_ value: JSONObject, _ context: inout WriteContext) {
    context.json.write(JSONValue.object(value))
  }
}

/// `Any`: anything but `null`, as a Foundation graph (`JSONSerialization`'s
/// types); `null` follows the null rows of the table (nil for `Any?`).
final class FoundationValueConverter: ValueConverter<Any> {
  override var encodingCanFail: Bool { true }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Any> {
    if context.document.isNull(node) { return .failed(.null) }
    return .natural(context.document.value(of: node).jsonObject())
  }

  override func encode(_ value: Any, _ context: inout WriteContext) throws(ModelError) {
    try context.writeFoundationGraph(value)
  }
}

/// `[String: Any]`: a JSON object as a Foundation dictionary.
final class FoundationDictionaryConverter: ValueConverter<[String: Any]> {
  override var encodingCanFail: Bool { true }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<[String: Any]> {
    guard let dictionary = context.document.value(of: node).object?.foundationDictionary else {
      return .failed(context.document.isNull(node) ? .null : .mismatch)
    }
    return .natural(dictionary)
  }

  override func encode(_ value: [String: Any], _ context: inout WriteContext) throws(ModelError) {
    try context.writeFoundationGraph(value)
  }
}

/// `[Any]`: a JSON array as a Foundation array.
final class FoundationArrayConverter: ValueConverter<[Any]> {
  override var encodingCanFail: Bool { true }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<[Any]> {
    guard context.document.kind(of: node) == .array, let array = context.document.value(of: node).jsonObject() as? [Any]
    else {
      return .failed(context.document.isNull(node) ? .null : .mismatch)
    }
    return .natural(array)
  }

  override func encode(_ value: [Any], _ context: inout WriteContext) throws(ModelError) {
    try context.writeFoundationGraph(value)
  }
}

extension JSONObject {
  var foundationDictionary: [String: Any]? {
    JSONValue.object(self).jsonObject() as? [String: Any]
  }
}

extension WriteContext {
  /// Writes a Foundation graph held in an `Any` property (by the model writer,
  /// which knows how models and dates inside it are written).
  mutating func writeFoundationGraph(_ value: Any) throws(ModelError) {
    let models = models
    try models.encodeGraph(value, in: &self)
  }
}
