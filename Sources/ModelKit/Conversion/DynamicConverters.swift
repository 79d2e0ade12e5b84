import Foundation

/// `JSONValue`: anything, stored as it is (`null` included).
final class JSONValueConverter: ValueConverter<JSONValue> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<JSONValue> {
    .value(reader.document.value(of: node))
  }

  override func encode(_ value: JSONValue, _ writer: inout ModelWriter) {
    writer.json.write(value)
  }
}

/// `JSONObject`: any JSON object, stored as it is.
final class JSONObjectConverter: ValueConverter<JSONObject> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<JSONObject> {
    guard let object = reader.document.value(of: node).object else {
      return .failed(reader.document.isNull(node) ? .null : .mismatch)
    }
    return .value(object)
  }

  override func encode(_ value: JSONObject, _ writer: inout ModelWriter) {
    writer.json.write(JSONValue.object(value))
  }
}

/// `Any`: anything, as a Foundation graph (`NSNull` for `null`).
final class FoundationValueConverter: ValueConverter<Any> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<Any> {
    .value(reader.document.value(of: node).jsonObject())
  }

  override func encode(_ value: Any, _ writer: inout ModelWriter) throws(ModelError) {
    try writer.encodeFoundationValue(value)
  }
}

/// `[String: Any]`: a JSON object as a Foundation dictionary.
final class FoundationDictionaryConverter: ValueConverter<[String: Any]> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<[String: Any]> {
    guard let dictionary = reader.document.value(of: node).object?.foundationDictionary else {
      return .failed(reader.document.isNull(node) ? .null : .mismatch)
    }
    return .value(dictionary)
  }

  override func encode(_ value: [String: Any], _ writer: inout ModelWriter) throws(ModelError) {
    try writer.encodeFoundationValue(value)
  }
}

/// `[Any]`: a JSON array as a Foundation array.
final class FoundationArrayConverter: ValueConverter<[Any]> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<[Any]> {
    guard reader.document.kind(of: node) == .array, let array = reader.document.value(of: node).jsonObject() as? [Any]
    else {
      return .failed(reader.document.isNull(node) ? .null : .mismatch)
    }
    return .value(array)
  }

  override func encode(_ value: [Any], _ writer: inout ModelWriter) throws(ModelError) {
    try writer.encodeFoundationValue(value)
  }
}

extension JSONObject {
  var foundationDictionary: [String: Any]? {
    JSONValue.object(self).jsonObject() as? [String: Any]
  }
}
