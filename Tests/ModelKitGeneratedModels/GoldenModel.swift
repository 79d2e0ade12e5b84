import Foundation
import ModelKit

/// One golden file of `modelkit gen`: the root type it declares, the sample
/// it was generated from, and how the sample is read with it and written
/// back (`read`: sample bytes → the JSON the model writes).
struct GoldenModel: Sendable {
  let root: String
  let sample: String
  let codable: Bool
  let read: @Sendable (Data) throws -> JSONValue

  init(_ root: String, _ sample: String, codable: Bool, read: @escaping @Sendable (Data) throws -> JSONValue) {
    self.root = root
    self.sample = sample
    self.codable = codable
    self.read = read
  }

  /// A top-level array of models, read and written with ModelKit.
  static func models<Model: JSONModel>(_ type: Model.Type, _ data: Data) throws -> JSONValue {
    try JSONValue(json: [Model](json: data).jsonData())
  }

  /// A top-level array of values that are not objects, read and written with ModelKit's coders.
  static func models<Element: Codable>(_ type: Element.Type, _ data: Data) throws -> JSONValue {
    try ModelEncoder().encodeValue(ModelDecoder(options: DecodingOptions(strict: true)).decode([Element].self, from: data))
  }

  /// A plain Codable value, read and written with Foundation's own coders;
  /// `ModelDecoder` (strict) and `ModelEncoder` must give the same JSON.
  static func codable<Value: Codable>(_ type: Value.Type, _ data: Data) throws -> JSONValue {
    let foundation = try JSONValue(json: JSONEncoder().encode(JSONDecoder().decode(Value.self, from: data)))
    let modelKit = try ModelEncoder().encodeValue(ModelDecoder(options: DecodingOptions(strict: true)).decode(Value.self, from: data))
    if let difference = JSONEquivalence.difference(foundation, modelKit) { throw CodersDisagree(difference: difference) }
    return foundation
  }

  /// ModelKit's coders and Foundation's read and wrote a sample differently.
  struct CodersDisagree: Error {
    let difference: String
  }
}
