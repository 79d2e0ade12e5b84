import Foundation
import ModelKit
import Testing

@Suite("JSONValue and Foundation")
struct FoundationBridgeTests {
  @Test func readsAndWritesData() throws {
    let data = Data(#"{"a": [1, true], "b": "x/y"}"#.utf8)
    let value = try JSONValue(json: data)
    #expect(value["a"]?[1] == true)
    #expect(value.jsonData() == Data(#"{"a":[1,true],"b":"x\/y"}"#.utf8))
    #expect(value.jsonData(options: .withoutEscapingSlashes) == Data(#"{"a":[1,true],"b":"x/y"}"#.utf8))
    let document = try JSONDocument(parsing: data)
    #expect(document.count(of: document.root) == 2)
  }

  @Test func dataErrorsCarryThePosition() {
    let error = #expect(throws: JSONError.self) { try JSONValue(json: Data("[1,\n2,]".utf8)) }
    #expect(error?.line == 2)
    #expect(error?.column == 3)
    #expect(throws: JSONError.self) { try JSONValue(json: Data("[[[]]]".utf8), maxDepth: 2) }
  }

  @Test func tellsNSNumberBooleansFromNumbers() throws {
    let graph = try JSONSerialization.jsonObject(with: Data(#"[true, false, 1, 0, 1.5, -7, 18446744073709551615]"#.utf8))
    let value = try JSONValue(jsonObject: graph)
    #expect(value == [true, false, 1, 0, 1.5, -7, JSONValue(UInt64.max)])
    #expect(try JSONValue(jsonObject: NSNumber(value: true)) == true)
    #expect(try JSONValue(jsonObject: NSNumber(value: 1)) == 1)
    #expect(try JSONValue(jsonObject: NSNumber(value: Int8(1))) == 1)
    #expect(try JSONValue(jsonObject: NSNumber(value: UInt64.max)) == JSONValue(UInt64.max))
  }

  @Test func convertsSwiftAndFoundationContainers() throws {
    let graph: [String: Any] = [
      "int": 3, "double": 2.5, "bool": true, "string": "s", "null": NSNull(),
      "array": [1, "a", [false]] as [Any], "object": ["k": UInt8(7)] as [String: Any],
      "decimal": Decimal(string: "12345678901234567890.5")!, "optional": Int?.none as Any,
      "nsdict": NSDictionary(dictionary: ["x": 1]), "nsarray": NSArray(array: [1, 2]),
      // Foundation instances, each tried against the classes before the Swift types.
      "nsstring": NSString(string: "t"), "attributed": NSAttributedString(string: "styled"),
      "nsnumbers": [NSNumber(value: true), NSNumber(value: 4.5)] as [Any], "nsset": NSSet(array: [2, 1]),
    ]
    let value = try JSONValue(jsonObject: graph)
    #expect(value["int"] == 3)
    #expect(value["double"] == 2.5)
    #expect(value["bool"] == true)
    #expect(value["string"] == "s")
    #expect(value["null"] == .null)
    #expect(value["array"] == [1, "a", [false]])
    #expect(value["object"]?["k"] == 7)
    #expect(value["decimal"]?.number?.text == "12345678901234567890.5")
    #expect(value["optional"] == .null)
    #expect(value["nsdict"]?["x"] == 1)
    #expect(value["nsarray"] == [1, 2])
    #expect(value["nsstring"] == "t")
    #expect(value["attributed"] == "styled")
    #expect(value["nsnumbers"] == [true, 4.5])
    #expect(value["nsset"] == [1, 2])
  }

  @Test func refusesValuesWithoutAJSONForm() {
    let error = #expect(throws: ModelError.self) {
      try JSONValue(jsonObject: ["list": [1, NSObject()] as [Any]] as [String: Any])
    }
    #expect(error?.kind == .unsupportedType)
    #expect(error?.codingPath == "$.list[1]")
  }

  @Test func producesFoundationGraphs() throws {
    let value: JSONValue = ["i": 1, "d": 0.5, "b": false, "s": "x", "n": nil, "a": [JSONValue(UInt64.max)], "big": .number(JSONNumber(text: "123456789012345678901234567890")!)]
    let graph = try #require(value.jsonObject() as? [String: Any])
    #expect(graph["i"] as? Int == 1)
    #expect(graph["d"] as? Double == 0.5)
    #expect(graph["b"] as? Bool == false)
    #expect(graph["s"] as? String == "x")
    #expect(graph["n"] is NSNull)
    #expect((graph["a"] as? [Any])?.first as? UInt64 == UInt64.max)
    #expect(graph["big"] as? Decimal == Decimal(string: "123456789012345678901234567890"))
    // The graph goes through JSONSerialization and comes back equal.
    let data = try JSONSerialization.data(withJSONObject: graph)
    #expect(try JSONValue(json: data)["s"] == "x")
    #expect(try JSONValue(jsonObject: graph)["b"] == false)
  }
}

@Suite("ModelError")
struct ModelErrorTests {
  @Test func wrapsSyntaxErrors() {
    let syntax = JSONError(kind: .unexpectedCharacter, message: "unexpected character 'x': expected a value", offset: 4, line: 1, column: 5)
    let error = ModelError(syntax)
    #expect(error.kind == .syntax)
    #expect(error.line == 1)
    #expect(error.column == 5)
    #expect(error.offset == 4)
    #expect(error.codingPath == "$")
    #expect(error.underlying is JSONError)
    #expect(error.description == "unexpected character 'x': expected a value at line 1, column 5 (byte 4) (at $)")
  }
}
