import ModelKitJSON
import Testing

@Suite("JSONValue")
struct JSONValueTests {
  @Test func literalsBuildEveryKind() {
    let value: JSONValue = ["null": nil, "bool": true, "int": 1, "double": 2.5, "string": "s", "array": [1, "a"], "object": ["k": false]]
    #expect(value["null"] == .null)
    #expect(value["bool"] == .bool(true))
    #expect(value["int"] == .number(1))
    #expect(value["double"]?.double == 2.5)
    #expect(value["string"] == .string("s"))
    #expect(value["array"] == .array([.number(1), .string("a")]))
    #expect(value["object"]?["k"]?.bool == false)
    #expect(value.kind == .object)
  }

  @Test func runtimeInitialisers() {
    #expect(JSONValue(true) == .bool(true))
    #expect(JSONValue(Int(-3)).int == -3)
    #expect(JSONValue(Int64.min).number?.int64 == Int64.min)
    #expect(JSONValue(UInt64.max).number?.uint64 == UInt64.max)
    #expect(JSONValue(0.5).double == 0.5)
    #expect(JSONValue("x").string == "x")
    #expect(JSONValue([JSONValue.null]).array?.count == 1)
    #expect(JSONValue(JSONObject()).object?.isEmpty == true)
  }

  @Test func accessorsReturnNilForOtherKinds() {
    let value: JSONValue = "text"
    #expect(value.int == nil)
    #expect(value.double == nil)
    #expect(value.bool == nil)
    #expect(value.array == nil)
    #expect(value.object == nil)
    #expect(value.number == nil)
    #expect(!value.isNull)
    #expect(JSONValue.null.isNull)
    #expect(value["key"] == nil)
    #expect(value[0] == nil)
  }

  @Test func subscriptsReturnNilOutOfRange() {
    let value: JSONValue = [1, 2]
    #expect(value[1] == 2)
    #expect(value[2] == nil)
    #expect(value[-1] == nil)
  }

  @Test func equalityAndHashing() {
    let a: JSONValue = ["x": 1, "y": [true, nil]]
    let b: JSONValue = ["y": [true, nil], "x": 1.0]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != ["x": 1, "y": [true]])
    #expect(Set<JSONValue>([a, b, 1, 1.0, "1"]).count == 3)
    #expect(JSONValue.bool(true) != JSONValue.number(1))
  }

  @Test func descriptionIsCompactJSON() throws {
    let value = try JSONValue(json: #"{"b": [1, 2.50, "x"], "a": null}"#)
    #expect(value.description == #"{"b":[1,2.50,"x"],"a":null}"#)
  }

  @Test func duplicateKeysKeepTheLastValueAtTheFirstPosition() throws {
    let value = try JSONValue(json: #"{"a": 1, "b": 2, "a": 3}"#)
    #expect(value.object?.keys == ["a", "b"])
    #expect(value["a"] == 3)
    #expect(value.jsonString() == #"{"a":3,"b":2}"#)
  }

  @Test func valuesAreSendable() async {
    let value: JSONValue = ["k": [1, 2, 3]]
    let copy = await Task.detached { value }.value
    #expect(copy == value)
  }
}
