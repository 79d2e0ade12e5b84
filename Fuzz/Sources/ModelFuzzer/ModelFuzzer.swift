import Foundation
import ModelKit

// Models that cover the conversion table: every scalar, Foundation types,
// enums, nested struct and class models, containers, key paths, fallbacks,
// polymorphism and a validating hook.

enum Mode: String { case fast, slow }
enum Level: Int { case low = 1, high = 9 }

struct Leaf: JSONModel {
  var name = ""
  var count = 0
  var ratio: Double?
  var ok = false
  mutating func didDecode(from json: JSONObject) throws {
    if json["reject"] != nil { throw Refused() }
  }
  struct Refused: Error {}
}

class Animal: JSONModel {
  var name = ""
  var legs: UInt8 = 0
  required init() {}
  class func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
    json["barks"] != nil ? Dog.self : nil
  }
}

final class Dog: Animal {
  var barks = false
}

final class Node: JSONModel {
  var value = 0
  var next: Node?
  required init() {}
}

struct Everything: JSONModel {
  var int = 0
  var int8: Int8 = 0
  var int16: Int16 = 0
  var int32: Int32 = 0
  var int64: Int64 = 0
  var uint: UInt = 0
  var uint8: UInt8 = 0
  var uint16: UInt16 = 0
  var uint32: UInt32 = 0
  var uint64: UInt64 = 0
  var double = 0.0
  var float: Float = 0
  var bool = false
  var string = ""
  var optionalString: String?
  var optionalInt: Int?
  var date: Date?
  var url: URL?
  var uuid: UUID?
  var data: Data?
  var decimal: Decimal = 0
  var mode = Mode.fast
  var level: Level?
  var leaf = Leaf()
  var leaves: [Leaf] = []
  var byKey: [String: Leaf] = [:]
  var tags: Set<String> = []
  var numbers: [Double] = []
  var animal: Animal?
  var animals: [Animal] = []
  var node: Node?
  var nested = ""
  var fallback = ""
  var value: JSONValue = .null

  static var keyMapping: [String: JSONKey] {
    ["nested": "a.b.c", "fallback": ["f1", "f2", "x.f3"], "int": ["int", "i"]]
  }
}

/// Every input decodes to a model or throws a `ModelError`, leniently and
/// strictly; a decoded model encodes, its output decodes in strict mode to
/// an equal model, and encoding is deterministic. A decode report changes
/// nothing, and lists something whenever strict mode rejects what lenient
/// mode decodes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModels(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  for options in [DecodingOptions(), DecodingOptions(strict: true), DecodingOptions(keyDecoding: .convertFromSnakeCase)] {
    check(try Everything(json: input, options: options))
    if let models = try? [Everything](json: input, options: options) {
      for model in models { check(model) }
    }
    checkValueInput(input, options)
  }
  checkReport(input)
  return 0
}

/// A model decodes from the input's `JSONValue` (its document built, not
/// read) as from the input's text: the same model, or an error for both.
private func checkValueInput(_ input: [UInt8], _ options: DecodingOptions) {
  guard let value = try? JSONValue(json: input) else { return }
  switch (try? Everything(json: input, options: options), try? Everything(json: value, options: options)) {
  case (let fromText?, let fromValue?):
    if !fromText.modelEquals(fromValue) { fatalError("a model from a JSONValue differs from one from its text") }
  case (nil, nil):
    break
  default:
    fatalError("a JSONValue and its text decode differently: one fails")
  }
}

private func checkReport(_ input: [UInt8]) {
  let report = DecodeReport()
  let reported = try? Everything(json: input, options: DecodingOptions(report: report))
  guard let lenient = try? Everything(json: input) else {
    if reported != nil { fatalError("a decode with a report succeeded where one without failed") }
    return
  }
  guard let reported, reported.modelEquals(lenient) else { fatalError("a decode report changed the model") }
  do {
    _ = try Everything(json: input, options: DecodingOptions(strict: true))
  } catch {
    let kinds = Set(report.entries.map(\.kind)).subtracting([.unknownKey, .fallbackKey])
    if kinds.isEmpty { fatalError("strict mode rejects what the report does not list: \(error)") }
  }
}

private func check(_ decode: @autoclosure () throws -> Everything) {
  let model: Everything
  do {
    model = try decode()
  } catch is ModelError {
    return
  } catch {
    fatalError("not a ModelError: \(error)")
  }
  _ = model.modelDescription
  for options: JSONWriteOptions in [[], [.sortedKeys, .prettyPrinted], [.includeNulls]] {
    let written: Data
    do {
      written = try model.jsonData(options: options)
    } catch {
      continue  // a value with no JSON form (a reference cycle cannot come from input)
    }
    guard let again = try? Everything(json: written, options: DecodingOptions(strict: true)) else {
      fatalError("ModelKit's own output does not decode in strict mode: \(String(decoding: written, as: UTF8.self))")
    }
    guard again.modelEquals(model), (try? again.jsonData(options: options)) == written else {
      fatalError("decode(encode(x)) != x: \(String(decoding: written, as: UTF8.self))")
    }
  }
}
