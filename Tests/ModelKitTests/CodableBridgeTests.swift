import Foundation
import ModelKit
import Testing

struct Order: Codable, Equatable, JSONKeyMapping {
  var id: Int
  var note: String
  var paid: Bool
  var total: Double?
  static var keyMapping: [String: JSONKey] { ["id": ["order_id", "id"], "note": "meta.note"] }
}

struct Cart: Codable, Equatable {
  var owner: String
  var orders: [Order]
  var tags: Set<String>
  var created: Date?
  var extra: [String: Int]
}

class Animal: Codable {
  var name = ""
  init() {}
}

final class Dog: Animal {
  var barks = false
  enum CodingKeys: String, CodingKey { case barks }
  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    barks = try container.decode(Bool.self, forKey: .barks)
    try super.init(from: container.superDecoder())
  }
  override init() { super.init() }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(barks, forKey: .barks)
    try super.encode(to: container.superEncoder())
  }
}

struct Geometry: Codable, Equatable {
  var kind: String
  var point: [Double]
  var nested: [[Int]]

  enum CodingKeys: String, CodingKey { case kind, point, nested, meta }
  enum MetaKeys: String, CodingKey { case kind }

  init(kind: String, point: [Double], nested: [[Int]]) {
    (self.kind, self.point, self.nested) = (kind, point, nested)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta).decode(String.self, forKey: .kind)
    var unkeyed = try container.nestedUnkeyedContainer(forKey: .point)
    var point: [Double] = []
    while !unkeyed.isAtEnd { point.append(try unkeyed.decode(Double.self)) }
    self.point = point
    nested = try container.decode([[Int]].self, forKey: .nested)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
    try meta.encode(kind, forKey: .kind)
    try container.encode(point, forKey: .point)
    try container.encode(nested, forKey: .nested)
  }
}

/// A JSONModel with a Codable field: the Decodable fallback of the conversion table.
struct Shipment: JSONModel {
  var order: Order?
  var geometry = Geometry(kind: "", point: [], nested: [])
}

@Suite("Codable bridge")
struct CodableBridgeTests {
  @Test func lenientDecodingConvertsAndFillsDefaults() throws {
    let cart = try ModelDecoder().decode(Cart.self, from: #"{"orders": [{"id": "7", "paid": "yes", "meta": {"note": 5}}, {}], "tags": ["a", 1], "extra": {"a": "2"}}"#)
    #expect(cart.owner == "")
    #expect(cart.orders == [Order(id: 7, note: "5", paid: true, total: nil), Order(id: 0, note: "", paid: false, total: nil)])
    #expect(cart.tags == ["a", "1"])
    #expect(cart.extra == ["a": 2])
    #expect(cart.created == nil)
  }

  @Test func strictDecodingMatchesFoundation() throws {
    let json = #"{"owner": "ada", "orders": [{"id": 1, "note": "n", "paid": false, "total": 2.5}], "tags": ["x"], "extra": {}}"#
    struct PlainOrder: Codable, Equatable { var id: Int; var note: String; var paid: Bool; var total: Double? }
    struct PlainCart: Codable, Equatable { var owner: String; var orders: [PlainOrder]; var tags: Set<String>; var extra: [String: Int] }
    let ours = try ModelDecoder(options: DecodingOptions(strict: true)).decode(PlainCart.self, from: json)
    let foundation = try JSONDecoder().decode(PlainCart.self, from: Data(json.utf8))
    #expect(ours == foundation)
  }

  @Test func strictErrorsNameThePath() {
    let strict = ModelDecoder(options: DecodingOptions(strict: true))
    let missing = #expect(throws: DecodingError.self) { try strict.decode(Order.self, from: #"{"id": 1, "meta": {"note": "n"}}"#) }
    guard case .keyNotFound(let key, let context)? = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
    #expect(key.stringValue == "paid" && context.codingPath.isEmpty)
    #expect(missing.flatMap(underlyingModelError)?.kind == .missingKey)
    #expect(missing.flatMap(underlyingModelError)?.codingPath == "$.paid")
    let mismatch = #expect(throws: DecodingError.self) {
      try strict.decode([Order].self, from: #"[{"id": 1, "meta": {"note": "n"}, "paid": "yes"}]"#)
    }
    guard case .typeMismatch(let type, let context)? = mismatch else {
      Issue.record("\(String(describing: mismatch))")
      return
    }
    #expect(type == Bool.self && context.codingPath.map(\.stringValue) == ["Index 0", "paid"])
    #expect(mismatch.flatMap(underlyingModelError)?.kind == .typeMismatch)
    #expect(mismatch.flatMap(underlyingModelError)?.codingPath == "$[0].paid")
  }

  @Test func keyMappingReadsAndWrites() throws {
    let order = try ModelDecoder().decode(Order.self, from: #"{"order_id": 3, "id": 4, "meta": {"note": "x"}, "paid": true}"#)
    #expect(order == Order(id: 3, note: "x", paid: true, total: nil))
    let value = try ModelEncoder().encodeValue(order)
    #expect(value == ["order_id": 3, "meta": ["note": "x"], "paid": true])
  }

  @Test func nestedContainersAndSuperDecoders() throws {
    let geometry = Geometry(kind: "line", point: [1.5, -2], nested: [[1], []])
    let data = try ModelEncoder().encode(geometry)
    #expect(try ModelDecoder().decode(Geometry.self, from: data) == geometry)
    #expect(try JSONDecoder().decode(Geometry.self, from: data) == geometry)
    let dog = Dog()
    dog.name = "Rex"
    dog.barks = true
    let encoded = try ModelEncoder().encodeValue(dog)
    #expect(encoded == ["barks": true, "super": ["name": "Rex"]])
    let decoded = try ModelDecoder().decode(Dog.self, from: encoded)
    #expect(decoded.name == "Rex" && decoded.barks)
  }

  @Test func snakeCaseAndTopLevelKinds() throws {
    struct Profile: Codable { var userName: String; var followerCount: Int }
    let profile = try ModelDecoder(options: DecodingOptions(keyDecoding: .convertFromSnakeCase))
      .decode(Profile.self, from: #"{"user_name": "ada", "follower_count": 3}"#)
    #expect(profile.userName == "ada" && profile.followerCount == 3)
    #expect(try ModelDecoder().decode([Int].self, from: "[1, \"2\", 3.9]") == [1, 2, 3])
    #expect(try ModelDecoder().decode(String.self, from: "\"s\"") == "s")
    let syntax = #expect(throws: DecodingError.self) { try ModelDecoder().decode(Order.self, from: "[1") }
    guard case .dataCorrupted? = syntax else {
      Issue.record("\(String(describing: syntax))")
      return
    }
    #expect(syntax.flatMap(underlyingModelError)?.kind == .syntax)
  }

  @Test func aWrongTopLevelKindIsAnErrorInEveryMode() throws {
    for strict in [false, true] {
      let decoder = ModelDecoder(options: DecodingOptions(strict: strict))
      for (json, decode) in [
        ("[1, 2]", { try decoder.decode(Order.self, from: $0) as Any }),
        (#"{"a": 1}"#, { try decoder.decode([Order].self, from: $0) as Any }),
        (#"{"a": 1}"#, { try decoder.decode([Int].self, from: $0) as Any }),
        ("\"text\"", { try decoder.decode([String: Int].self, from: $0) as Any }),
      ] as [(String, (String) throws -> Any)] {
        #expect {
          try decode(json)
        } throws: { error in
          guard case DecodingError.typeMismatch = error else { return false }
          let kind = underlyingModelError(error)?.kind
          return strict ? kind == .typeMismatch || kind == .wrongTopLevel : kind == .wrongTopLevel
        }
      }
    }
    // Inside the document, leniency applies: the wrong kind reads as empty.
    struct Holder: Codable { var order: Order; var list: [Int] }
    let holder = try ModelDecoder().decode(Holder.self, from: #"{"order": [1], "list": {"a": 1}}"#)
    #expect(holder.order == Order(id: 0, note: "", paid: false, total: nil))
    #expect(holder.list.isEmpty)
  }

  @Test func modelsHoldCodableValues() throws {
    let shipment = try Shipment(json: #"{"order": {"order_id": "9", "meta": {"note": "n"}, "paid": 1}, "geometry": {"meta": {"kind": "p"}, "point": [1, 2], "nested": [[3]]}}"#)
    #expect(shipment.order == Order(id: 9, note: "n", paid: true, total: nil))
    #expect(shipment.geometry == Geometry(kind: "p", point: [1, 2], nested: [[3]]))
    let again = try Shipment(json: shipment.jsonData())
    #expect(again.order == shipment.order)
    #expect(again.geometry == shipment.geometry)
  }

  @Test func encodingFollowsFoundationsDefaults() throws {
    struct Reading: Codable { var at: Date; var value: Double; var big: UInt64 }
    let reading = Reading(at: Date(timeIntervalSince1970: 0), value: 0.5, big: .max)
    let value = try ModelEncoder().encodeValue(reading)
    #expect(value == ["at": -978_307_200, "value": 0.5, "big": JSONValue(UInt64.max)])
    #expect(value == (try JSONValue(json: JSONEncoder().encode(reading))))
    let text = String(decoding: try ModelEncoder(options: .sortedKeys).encode(["b": 1, "a": 2]), as: UTF8.self)
    #expect(text == #"{"a":2,"b":1}"#)
  }
}

@Suite("Codable bridge keys")
struct CodableBridgeKeyTests {
  struct Wide: Codable, Equatable {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, name = ""
  }

  @Test func largeObjectsFindEscapedDuplicateAndUnicodeKeys() throws {
    let json = #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "na\u006De": "x", "a": 10, "café": 1}"#
    // A repeated key gives its first value, as JSONDecoder reads it.
    let wide = try ModelDecoder().decode(Wide.self, from: json)
    #expect(wide == Wide(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, name: "x"))
    #expect(try JSONDecoder().decode(Wide.self, from: Data(json.utf8)) == wide)
  }
}

@Suite("Codable bridge collections")
struct CodableBridgeCollectionTests {
  struct Item: Codable, Equatable {
    var name: String
    var count: Int
  }

  /// Rejects negative counts in its own `init(from:)`.
  struct Checked: Codable, Equatable {
    var count: Int
    struct Negative: Error {}
    init(count: Int) { self.count = count }
    init(from decoder: any Decoder) throws {
      count = try decoder.singleValueContainer().decode(Int.self)
      if count < 0 { throw Negative() }
    }
  }

  struct Basket: Codable, Equatable {
    var items: [Item]
    var byName: [String: Item]
    var checks: [Checked]
    var grid: [[Item]]
  }

  let json = #"""
    {"items": [{"name": "a", "count": "2"}, "junk", null, 7, {"name": "b"}],
     "byName": {"x": {"name": "x", "count": 1}, "y": [1, 2], "z": null},
     "checks": [1, -1, "3", "x", {"count": 4}],
     "grid": [[{"name": "g", "count": 1}], {"not": "an array"}, [null]]}
    """#

  @Test func lenientDecodingDropsElementsThatDoNotDecode() throws {
    let basket = try ModelDecoder().decode(Basket.self, from: json)
    #expect(basket.items == [Item(name: "a", count: 2), Item(name: "b", count: 0)])
    #expect(basket.byName == ["x": Item(name: "x", count: 1)])
    #expect(basket.checks == [Checked(count: 1), Checked(count: 3)])
    #expect(basket.grid == [[Item(name: "g", count: 1)], []])
  }

  @Test func topLevelCollectionsDropToo() throws {
    #expect(try ModelDecoder().decode([Item].self, from: #"[{"name": "t", "count": 1}, false]"#) == [Item(name: "t", count: 1)])
  }

  @Test func strictDecodingFailsWithThePath() {
    #expect {
      try ModelDecoder(options: DecodingOptions(strict: true)).decode(Basket.self, from: json)
    } throws: { error in
      underlyingModelError(error)?.codingPath == "$.items[0].count"
    }
  }
}

private class CodablePerson: Codable {
  var name = ""
  init() {}
}

private final class CodableEmployee: CodablePerson {
  var company = ""
  private enum CodingKeys: String, CodingKey { case company }
  override init() { super.init() }
  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    company = try container.decode(String.self, forKey: .company)
    try super.init(from: decoder)
  }
}

@Suite("Codable bridge as Foundation's coders are")
struct CodableCoderTests {
  /// `static let` coders compile in Swift 6 and serve many threads at once.
  static let decoder = ModelDecoder()
  static let encoder = ModelEncoder()

  @Test func codersAreSendableAndShared() async throws {
    struct Item: Codable, Equatable { var id: Int }
    try await withThrowingTaskGroup(of: Item.self) { group in
      for index in 0..<32 {
        group.addTask {
          let data = try Self.encoder.encode(Item(id: index))
          return try Self.decoder.decode(Item.self, from: data)
        }
      }
      var seen = Set<Int>()
      for try await item in group { seen.insert(item.id) }
      #expect(seen == Set(0..<32))
    }
    let decoder = ModelDecoder()
    decoder.options = DecodingOptions(strict: true)
    #expect(decoder.options.strict)
  }

  @Test func theDynamicMetatypePassedInIsDecoded() throws {
    let type: CodablePerson.Type = CodableEmployee.self
    let person = try ModelDecoder().decode(type, from: #"{"name": "Ada", "company": "ACME"}"#)
    #expect(person is CodableEmployee)
    #expect((person as? CodableEmployee)?.company == "ACME" && person.name == "Ada")
    let foundation = try JSONDecoder().decode(type, from: Data(#"{"name": "Ada", "company": "ACME"}"#.utf8))
    #expect(foundation is CodableEmployee)
  }
}
