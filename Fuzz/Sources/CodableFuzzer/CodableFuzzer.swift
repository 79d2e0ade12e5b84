import Foundation
import ModelKit

// Plain Codable types as Foundation users write them, with the bridge's
// key mapping.

struct Item: Codable, Equatable {
  var id: Int
  var name: String
  var price: Double?
  var tags: [String]
  var flags: [String: Bool]?
}

enum Kind: String, Codable { case a, b }

struct Order: Codable, Equatable, JSONKeyMapping {
  var id: UInt64
  var note: String?
  var kind: Kind?
  var items: [Item]
  var created: Date?
  var total: Decimal?
  var small: Int8?
  var ratio: Float?
  var nested: [[Int]]?

  static var keyMapping: [String: JSONKey] { ["id": ["order_id", "id"], "note": "meta.note"] }
}

/// Every input decodes or throws a `DecodingError` carrying a `ModelError`,
/// leniently and strictly, as JSON and as JSON5; a decoded value encodes,
/// and its output decodes strictly to an equal value. For a plain Codable
/// type Foundation is the oracle: whatever `JSONDecoder` reads, strict and
/// lenient `ModelDecoder` read to the same value, and strict reading
/// rejects what it rejects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodable(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  let foundation = try? JSONDecoder().decode([Item].self, from: Data(input))
  for strict in [false, true] {
    let ours = try? ModelDecoder(options: DecodingOptions(strict: strict)).decode([Item].self, from: input)
    if let foundation, ours != foundation {
      fatalError("JSONDecoder read \(foundation), ModelDecoder(strict: \(strict)) \(String(describing: ours))")
    }
    if foundation == nil, strict, let ours { fatalError("strict ModelDecoder read \(ours), which JSONDecoder rejects") }
  }
  for strict in [false, true] {
    for json5 in [false, true] {
      let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
      decoder.allowsJSON5 = json5
      check { try decoder.decode(Order.self, from: input) }
      check { try decoder.decode([Item].self, from: input) }
    }
  }
  return 0
}

private func check<Value: Codable & Equatable>(_ decode: () throws -> Value) {
  let value: Value
  do {
    value = try decode()
  } catch {
    guard carriesModelError(error) else { fatalError("not an error from ModelKit: \(error)") }
    return
  }
  for options: JSONWriteOptions in [[], [.sortedKeys]] {
    let encoder = ModelEncoder(options: options)
    guard let written = try? encoder.encode(value) else { fatalError("a decoded value does not encode") }
    guard let again = try? ModelDecoder(options: DecodingOptions(strict: true)).decode(Value.self, from: written) else {
      fatalError("ModelKit's own output does not decode in strict mode: \(String(decoding: written, as: UTF8.self))")
    }
    guard again == value else { fatalError("decode(encode(x)) != x: \(String(decoding: written, as: UTF8.self))") }
    guard (try? encoder.encodeValue(value)) == (try? JSONValue(json: written)) else {
      fatalError("encode and encodeValue disagree: \(String(decoding: written, as: UTF8.self))")
    }
  }
}

/// Whether `error` is a `DecodingError` with a `ModelError` underneath.
private func carriesModelError(_ error: any Error) -> Bool {
  switch error {
  case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
    DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
    return context.underlyingError is ModelError
  default:
    return false
  }
}
