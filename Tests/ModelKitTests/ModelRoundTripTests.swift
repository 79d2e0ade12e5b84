import Foundation
import ModelKit
import Testing

enum Mood: String { case happy, sad }
enum Rank: Int { case first = 1, second = 2 }

/// One property of every supported kind.
final class Everything: JSONModel {
  var bool = true
  var int = Int.min
  var int8 = Int8.min
  var int16 = Int16.max
  var int32 = Int32.min
  var int64 = Int64.max
  var uint = UInt.max
  var uint8 = UInt8.max
  var uint16 = UInt16.max
  var uint32 = UInt32.max
  var uint64 = UInt64.max
  var float: Float = 3.25
  var double = 0.1
  var string = "héllo \"quoted\" / \n"
  var character: Character = "🎉"
  var date = Date(timeIntervalSince1970: 1_390_220_688.125)
  var url = URL(string: "https://swift.org/path?q=1")!
  var uuid = UUID()
  var data = Data([0, 1, 2, 255])
  var decimal = Decimal(string: "-1234567890.0987654321")!
  var mood = Mood.sad
  var rank = Rank.second
  var optional: Int? = 5
  var nested = Owner()
  var nestedClass: Leaf? = Leaf()
  var array = [1, 2, 3]
  var set: Set<String> = ["a", "b"]
  var contiguous: ContiguousArray<Double> = [1.5, -2]
  var dictionary: [String: Owner] = ["x": Owner()]
  var nestedArrays: [[String]] = [["a"], []]
  var value: JSONValue = ["k": [1, "two", nil]]
  var object: JSONObject = ["z": true]
  var any: Any = ["list": [1, 2]] as [String: Any]
  var foundation: [String: Any] = ["n": 1.5]
  var anyList: [Any] = ["s", 2]
  required init() {}
}

@Suite("Model round trips")
struct ModelRoundTripTests {
  func filled() -> Everything {
    let model = Everything()
    model.nested.uid = 9
    model.nested.name = "nested"
    model.nestedClass?.n = 7
    model.dictionary["x"]?.name = "dict"
    return model
  }

  @Test func everyFieldTypeSurvivesDecodeEncodeDecode() throws {
    let original = filled()
    let first = try Everything(json: original.jsonData())
    #expect(first.modelEquals(original))
    let second = try Everything(json: first.jsonData(options: [.prettyPrinted, .sortedKeys]))
    #expect(second.modelEquals(first))
    #expect(try second.jsonValue() == original.jsonValue())
    #expect(second.int == Int.min && second.uint64 == UInt64.max && second.double == 0.1)
    #expect(second.date == original.date)
    #expect(second.uuid == original.uuid)
    #expect(second.decimal == original.decimal)
    #expect(second.character == "🎉")
    #expect(second.nestedClass?.n == 7)
    #expect(second.dictionary["x"]?.name == "dict")
    #expect(second.value == ["k": [1, "two", nil]])
  }

  @Test func roundTripsThroughEveryEntryPoint() throws {
    let original = filled()
    let fromString = try Everything(json: original.jsonString())
    let fromValue = try Everything(json: #require(try original.jsonValue().object))
    let fromFoundation = try Everything(jsonObject: original.jsonObject())
    #expect(fromString.modelEquals(original))
    #expect(fromValue.modelEquals(original))
    #expect(fromFoundation.modelEquals(original))
  }
}
