import Foundation
import ModelKit
import ModelKitTestSupport

// The types whose schemas the validators check, and the generated inputs
// each is checked on: every shape a field table has, as models and as
// Codable types.

enum SchemaHue: String, Codable, CaseIterable { case red, green, blue }
enum SchemaLevel: Int, Codable { case low = 1, middle = 5, high = -3 }

/// Every kind of field a model has, each key form included.
struct SchemaCatalog: JSONModel, Equatable {
  var count = 0
  var small: Int8 = 0
  var port: UInt16 = 0
  var ratio = 0.0
  var gain: Float = 0
  var enabled = false
  var title = ""
  var created: Date?
  var home: URL?
  var token: UUID?
  var blob: Data?
  var price: Decimal = 0
  var numbers: [Int] = []
  var labels: Set<String> = []
  var weights: [String: Double] = [:]
  var hue: SchemaHue = .red
  var level: SchemaLevel?
  var owner: SchemaPerson?
  var extra: JSONValue = .null
  var note: String?
  var identifier = 0
  var amount = 0
  var exactAmount = 0.0

  static var keyMapping: [String: JSONKey] {
    ["note": "meta.note", "identifier": ["id", "ID", "ids.primary"], "amount": "sum", "exactAmount": "sum"]
  }
}

/// A nested model, its fields renamed by convention.
struct SchemaPerson: JSONModel, Equatable, JSONSchemaDescribing {
  var name = ""
  var age: Int?
  static var schemaDescription: String? { "Someone." }
  static var propertyDescriptions: [String: String] { ["age": "In whole years."] }
}

/// A recursive class model.
final class SchemaNode: JSONModel {
  var name = ""
  var children: [SchemaNode] = []
  var next: SchemaNode?
  required init() {}
}

/// A Codable type with required, optional and renamed keys.
struct SchemaOrder: Codable, Equatable, JSONKeyMapping {
  var id: Int
  var note: String?
  var lines: [SchemaLine]
  var placed: Date
  var hue: SchemaHue
  var tags: Set<String>
  var meta: [String: Int]
  var rush: Bool?
  static var keyMapping: [String: JSONKey] { ["id": ["order_id", "id"], "note": "details.note"] }
}

struct SchemaLine: Codable, Equatable {
  var sku: String
  var quantity: UInt8
  var price: Double
}

/// A generic Codable type: its definition's name spells its argument out.
struct SchemaPage<Item: Codable & Equatable>: Codable, Equatable {
  var items: [Item]
  var next: Int?
}

/// A Codable type read with coder strategies: ISO 8601 dates, snake-case
/// keys, integer-keyed and enum-keyed dictionaries.
struct SchemaEvent: Codable, Equatable {
  var eventName: String
  var startsAt: Date
  var seatsByRow: [Int: Int]
  var payload: Data?
  var room: SchemaRoom?
  var budget: Decimal?

  /// The coders' settings, and the schema options that say the same.
  static func coder(_ decoder: ModelDecoder, _ encoder: ModelEncoder) {
    decoder.dateDecodingStrategy = .iso8601
    decoder.options.keyDecoding = .convertFromSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    encoder.keyEncodingStrategy = .convertToSnakeCase
  }

  static var schemaOptions: JSONSchemaOptions {
    var options = JSONSchemaOptions(decoding: DecodingOptions(keyDecoding: .convertFromSnakeCase))
    options.dateDecodingStrategy = .iso8601
    options.dateEncodingStrategy = .iso8601
    return options
  }
}

/// A type with a value no schema can promise.
struct SchemaUndescribable: JSONModel {
  var name = ""
  var anything: [String: Any] = [:]
}

/// Generated inputs for the validators: JSON members built from pools of
/// values for each key, now right, now a lenient form, now wrong.
enum SchemaInputs {
  /// Candidate values by JSON key (`""` for a value of an unknown key).
  typealias Pools = [String: [String]]

  static let integers = ["0", "1", "-5", "1.0", "1e2", "1.5", "-0.5", "\"12\"", "\" 7 \"", "true", "null", "\"abc\"", "\"yes\"", "[]", "{}", "\"null\"", "1E0", "\"1.9\""]

  static let catalog: Pools = [
    "count": integers + ["9223372036854775807", "9223372036854775808", "-9223372036854775809"],
    "small": integers + ["127", "128", "-128", "-129", "127.9", "\"-128\""],
    "port": integers + ["65535", "65536", "-1", "65535.5"],
    "ratio": ["1.5", "-0", "1e308", "\"2.5\"", "true", "null", "\"x\"", "\"NaN\"", "[1]"],
    "gain": ["1.5", "3.4e38", "3.5e38", "-3.5e38", "\"1\"", "null", "false"],
    "enabled": ["true", "false", "1", "0", "0.5", "\"yes\"", "\"NO\"", "\"true\"", "\"maybe\"", "null", "\"1\"", "\"0.0\"", "[]"],
    "title": ["\"\"", "\"abc\"", "12", "true", "null", "[]", "\"null\"", "{}"],
    "created": [
      "\"2020-01-01\"", "\"Tue Mar 01 10:00:00 +0800 2011\"", "\"2020-02-30\"", "1.5", "\"2020-01-01T10:00:00Z\"",
      "\" 2020-01-01 \"", "\"yesterday\"", "null", "true", "\"null\"", "\"2024-02-29 23:59:60.5+05:30\"",
      "\"2023-02-29\"", "[]",
    ],
    "home": ["\"https://example.com/a\"", "\"/relative\"", "\"\"", "\" \"", "5", "null", "\"nil\""],
    "token": ["\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", "\"E621E1F8C36C495A93FC0C247A3E6E5F\"", "5", "null", "\" E621E1F8-C36C-495A-93FC-0C247A3E6E5F \""],
    "blob": ["\"YQ==\"", "\"\"", "\"YQ\"", "\" YQ== \"", "null", "5", "\"YWJj\""],
    "price": ["1.5", "\"2.5\"", "\"abc\"", "true", "null", "\" 3 \"", "-0", "\"+4\""],
    "numbers": ["[1,2]", "[]", "[1,\"x\"]", "\"[1,2]\"", "5", "null", "[1.5]", "[\"3\"]", "\"nope\""],
    "labels": ["[\"a\",\"a\"]", "[]", "[\"a\",1]", "{}", "null", "[null]"],
    "weights": ["{\"a\":1}", "{}", "{\"a\":\"x\"}", "[]", "{\"b\":null}", "{\"c\":\"1.5\"}", "\"{\\\"a\\\":2}\""],
    "hue": ["\"red\"", "\"green\"", "\"purple\"", "5", "null", "\"Red\""],
    "level": ["1", "5", "-3", "2", "\"1\"", "1.5", "null", "\"null\"", "true", "\"-3\"", "\"05\"", "-3.5", "\"x\""],
    "owner": ["{\"name\":\"Ann\",\"age\":3}", "null", "{\"age\":\"4\"}", "{\"age\":1.5}", "5", "\"{\\\"name\\\":\\\"Bo\\\"}\"", "\"plain\"", "[]"],
    "extra": ["null", "1", "\"x\"", "[1,{}]", "{\"a\":null}"],
    "meta": ["{\"note\":\"x\"}", "5", "{\"note\":5}", "{\"note\":null}", "{}", "null", "{\"note\":[]}"],
    "id": ["1", "null", "\"x\"", "2.5"],
    "ID": ["2", "null", "\"y\""],
    "ids": ["{\"primary\":3}", "{\"primary\":null}", "{\"primary\":\"z\"}", "4"],
    "sum": ["1", "-2", "1.5", "\"2\"", "null", "true"],
    "": ["1", "\"unknown\"", "null"],
  ]

  static let person: Pools = [
    "name": ["\"Ann\"", "\"\"", "5", "null", "true"],
    "age": ["30", "null", "\"31\"", "30.5", "\"x\""],
    "": ["1"],
  ]

  static let node: Pools = [
    "name": ["\"root\"", "\"\"", "1", "null"],
    "children": ["[]", "[{\"name\":\"a\"}]", "[{\"name\":1}]", "[5]", "null", "[{\"children\":[{\"name\":null}]}]"],
    "next": ["{\"name\":\"b\"}", "null", "{\"next\":{\"name\":2}}", "1"],
  ]

  static let order: Pools = [
    "order_id": ["1", "1.0", "\"2\"", "null", "1.5"],
    "id": ["3", "null", "\"4\""],
    "details": ["{\"note\":\"n\"}", "{\"note\":null}", "{\"note\":5}", "5", "{}"],
    "lines": ["[]", "[{\"sku\":\"a\",\"quantity\":2,\"price\":1.5}]", "[{\"sku\":\"a\",\"quantity\":256,\"price\":1}]", "[{\"sku\":\"a\"}]", "null", "[{\"sku\":1,\"quantity\":\"2\",\"price\":\"1\"}]"],
    "placed": ["0", "1.5", "\"2020-01-01\"", "null", "\"x\""],
    "hue": ["\"red\"", "\"blue\"", "\"pink\"", "null", "1"],
    "tags": ["[]", "[\"a\",\"a\"]", "[1]", "null"],
    "meta": ["{}", "{\"a\":1}", "{\"a\":\"2\"}", "{\"a\":null}", "[]"],
    "rush": ["true", "null", "\"yes\"", "0"],
  ]

  static let event: Pools = [
    "event_name": ["\"Launch\"", "\"\"", "5", "null"],
    "starts_at": ["\"2024-02-29T10:00:00Z\"", "\"2024-01-01T00:00:00.5+05:30\"", "\"2023-02-29T10:00:00Z\"", "\"2024-01-01\"", "0", "null", "\"2024-01-01T10:00:00+0530\""],
    "seats_by_row": ["{\"1\":10}", "{}", "{\"x\":1}", "{\"2\":\"3\"}", "[]", "{\"+3\":1}"],
    "payload": ["\"YWJj\"", "null", "\" YWJj\"", "\"Y\"", "[1]"],
    "room": ["\"kitchen\"", "\"hall\"", "\"attic\"", "null", "1"],
    "budget": ["12.5", "null", "\"7\"", "true"],
  ]

  /// `count` JSON texts of objects whose members come from `pools`: half
  /// of them mostly right (each key nearly always there, its value nearly
  /// always one of the first two of its pool, which are right), half
  /// anything (each key there two times in three, any value).
  static func documents(_ pools: Pools, count: Int, seed: UInt64) -> [String] {
    var rng = SeededGenerator(seed: seed)
    let keys = pools.keys.sorted()
    var texts: [String] = []
    for index in 0..<count {
      let mostlyRight = index % 2 == 0
      var members: [String] = []
      for key in keys {
        let present = mostlyRight ? Int.random(in: 0..<20, using: &rng) > 0 : Int.random(in: 0..<3, using: &rng) > 0
        guard present else { continue }
        let pool = pools[key]!
        let right = mostlyRight && Int.random(in: 0..<30, using: &rng) > 0
        let value = right ? pool[Int.random(in: 0..<min(2, pool.count), using: &rng)] : pool.randomElement(using: &rng)!
        members.append("\"\(key.isEmpty ? "unknownKey" : key)\":\(value)")
      }
      texts.append("{" + members.joined(separator: ",") + "}")
    }
    return texts
  }
}
