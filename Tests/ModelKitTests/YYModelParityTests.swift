import Foundation
import ModelKit
import Testing

/// A property wrapper that keeps its value under another name, with a
/// Codable conformance of its own (a single trimmed string).
@propertyWrapper
struct Trimming: Codable, Equatable {
  private var value: String
  var wrappedValue: String {
    get { value }
    set { value = newValue.trimmingCharacters(in: .whitespaces) }
  }
  init(wrappedValue: String) { value = wrappedValue.trimmingCharacters(in: .whitespaces) }
  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self).trimmingCharacters(in: .whitespaces)
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

/// A wrapper with no Codable conformance, whose value is kept under another name.
@propertyWrapper
struct Clamping {
  private var value: Int
  var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, 0), 10) }
  }
  init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
}

struct Post: JSONModel {
  @Trimming var title = ""
  @Trimming var subtitle = ""
  var _id = ""
  static var keyMapping: [String: JSONKey] { ["subtitle": "sub"] }
}

final class PostClass: JSONModel {
  @Trimming var title = ""
  @Clamping var score = 0
  required init() {}
}

/// A Codable type with the wrapper, and a model that is Codable too.
struct CodablePost: Codable, Equatable {
  @Trimming var title: String
}

struct CodableModelPost: JSONModel, Codable, Equatable {
  @Trimming var title = ""
}

final class MutableFoundationTypes: JSONModel {
  var array: NSMutableArray?
  var set: NSMutableSet?
  var dictionary: NSMutableDictionary?
  var string: NSMutableString?
  var data: NSData?
  var mutableData: NSMutableData?
  var swiftData: Data?
  var null: NSNull?
  var text: String?
  var name: NSString?
  required init() {}
}

struct Goods: JSONModel, Equatable {
  var name = ""
  var price = 0.0
}

final class GoodsClass: JSONModel {
  var name = ""
  required init() {}
}

struct Response<T>: JSONModel {
  var data: T?
  var code = 0
  var message = ""
}

struct Hobby: Codable, Equatable {
  var name: String
}

struct Lover: Codable, Equatable {
  var love: Hobby
  var hobbies: [Hobby]
  var scores: [String: Int]
  var name: String
}

@Suite("What YYModel's users and the Swift peers' tests ask of real types")
struct YYModelParityTests {
  @Test func aWrapperThatKeepsItsValueUnderAnotherNameMapsByItsDeclaredName() throws {
    let post = try Post(json: #"{"title": "  Hello  ", "sub": " sub ", "_id": "7"}"#)
    #expect(post.title == "Hello" && post.subtitle == "sub" && post._id == "7")
    #expect(try post.jsonValue() == ["title": "Hello", "sub": "sub", "_id": "7"])
    #expect(try ModelSchema.of(Post.self).fieldNames == ["title", "subtitle", "_id"])
    let post2 = try PostClass(json: #"{"title": " x ", "score": 5, "_score": 5}"#)
    #expect(post2.title == "x" && post2.score == 0)
    // A wrapper with no Codable conformance is named by its declared name where it is skipped.
    #expect(try ModelSchema.of(PostClass.self).diagnostics == ["skipped 'score': values of type Clamping cannot be converted to or from JSON"])
    #expect(try PostClass(json: "{}").jsonValue() == ["title": ""])
    // A round trip keeps the value.
    #expect(try Post(json: post.jsonData()).title == "Hello")
  }

  @Test func wrappersInCodableTypesAsFoundationCodesThem() throws {
    let text = #"{"title": "  Hi "}"#
    let expected = try JSONDecoder().decode(CodablePost.self, from: Data(text.utf8))
    #expect(expected.title == "Hi")
    #expect(try ModelDecoder().decode(CodablePost.self, from: text) == expected)
    #expect(try ModelDecoder(options: DecodingOptions(strict: true)).decode(CodablePost.self, from: text) == expected)
    #expect(try ModelEncoder().encode(expected) == JSONEncoder().encode(expected))
    // A model that is Codable too: ModelDecoder reads it as a model, JSONDecoder through its conformance, alike.
    let model = try JSONDecoder().decode(CodableModelPost.self, from: Data(text.utf8))
    #expect(try ModelDecoder().decode(CodableModelPost.self, from: text) == model)
    #expect(try CodableModelPost(json: text) == model)
    #expect(try ModelEncoder().encode(model) == JSONEncoder().encode(model))
  }

  @Test func mutableFoundationTypesDecodeAsTheirImmutableCounterparts() throws {
    let text = #"""
      {"array": [1, "a"], "set": [2, 1, 2], "dictionary": {"k": 1}, "string": "s", "data": "hello",
       "mutableData": [0, 255, 7], "swiftData": "aGVsbG8=", "null": null, "text": "t", "name": "n"}
      """#
    let model = try MutableFoundationTypes(json: text)
    #expect(model.array?.count == 2 && model.set?.count == 2 && model.dictionary?["k"] as? Int == 1)
    #expect(model.string == "s" && model.string is NSMutableString)
    model.array?.add(3)
    model.set?.add(3)
    model.dictionary?["new"] = 1
    #expect(model.array?.count == 3 && model.set?.count == 3 && model.dictionary?.count == 2)
    // NSData takes a string's UTF-8 bytes, as YYModel did; a Swift Data stays base64.
    #expect(model.data.map { Data(referencing: $0) } == Data("hello".utf8))
    #expect(model.mutableData.map { Data(referencing: $0) } == Data([0, 255, 7]))
    #expect(model.swiftData == Data("hello".utf8))
    #expect(model.null == NSNull())
    // Written so as to read back the same.
    let back = try model.jsonValue()
    #expect(back["data"] == "hello" && back["mutableData"] == [0, 255, 7] && back["swiftData"] == "aGVsbG8=")
    #expect(back["null"] == .null)  // an NSNull is a value: written as null, read back as NSNull()
    let again = try MutableFoundationTypes(json: model.jsonData(), options: DecodingOptions(strict: true))
    #expect(again.data == model.data && again.mutableData == model.mutableData && again.set?.count == 3)
    #expect(try ModelSchema.of(MutableFoundationTypes.self).diagnostics.isEmpty)
  }

  @Test func foundationGraphsGiveStringsTheTextOfDataAndAttributedStrings() throws {
    let graph: [String: Any] = [
      "text": Data("from data".utf8), "name": NSAttributedString(string: "attributed"),
      "data": Data("bytes".utf8), "mutableData": NSData(data: Data([1, 200])), "swiftData": Data([9, 8]), "null": NSNull(),
    ]
    let model = try MutableFoundationTypes(jsonObject: graph)
    #expect(model.text == "from data" && model.name == "attributed")
    #expect(model.data.map { Data(referencing: $0) } == Data("bytes".utf8))
    #expect(model.mutableData.map { Data(referencing: $0) } == Data([1, 200]))
    #expect(model.swiftData == Data([9, 8]))
    #expect(model.null == NSNull())
    // In an envelope, nested, and in collections of models, as at the top.
    let nested: [String: Any] = ["payload": ["items": [["text": Data("a".utf8)], ["text": NSAttributedString(string: "b")]]]]
    let items = try [MutableFoundationTypes](jsonObject: nested, at: "payload.items")
    #expect(items.map(\.text) == ["a", "b"])
    let byName = try [String: MutableFoundationTypes](jsonObject: ["x": ["text": Data("c".utf8)]])
    #expect(byName["x"]?.text == "c")
    // An attributed string elsewhere is its text too, not a failed decode.
    #expect(try JSONValue(jsonObject: ["a": NSAttributedString(string: "z")]) == ["a": "z"])
  }

  @Test func aGenericModelOverACollectionOfModelsFillsItsElements() throws {
    let text = #"""
      {"code": 200, "message": "ok", "data": [{"name": "iPhone", "price": "6199"}, {"name": "iPad", "price": 2999}]}
      """#
    let structs = try Response<[Goods]>(json: text)
    #expect(structs.data == [Goods(name: "iPhone", price: 6199), Goods(name: "iPad", price: 2999)] && structs.code == 200)
    #expect(try Response<[GoodsClass]>(json: text).data?.map(\.name) == ["iPhone", "iPad"])
    #expect(try Response<Set<String>>(json: #"{"data": ["a", "b", "a"]}"#).data == ["a", "b"])
    #expect(try Response<[String: Goods]>(json: #"{"data": {"x": {"name": "g"}}}"#).data?["x"]?.name == "g")
    #expect(try Response<Goods>(json: #"{"data": {"name": "one"}}"#).data?.name == "one")
    #expect(try [Response<[Goods]>](json: "[\(text)]").first?.data?.count == 2)
    let graph: [String: Any] = ["data": [["name": "g", "price": 1]]]
    #expect(try Response<[Goods]>(jsonObject: graph).data == [Goods(name: "g", price: 1)])
    #expect(try Response<[Goods]>(json: structs.jsonData()).data == structs.data)
  }

  @Test func aStringHoldingJSONIsReadLenientlyForACodableValue() throws {
    let text = #"""
      {"love": "{\"name\":\"sleep\"}", "hobbies": "[{\"name\": \"a\"}, {\"name\": \"b\"}]", "scores": "{\"x\": 1}", "name": "n"}
      """#
    let person = try ModelDecoder().decode(Lover.self, from: text)
    #expect(person == Lover(love: Hobby(name: "sleep"), hobbies: [Hobby(name: "a"), Hobby(name: "b")], scores: ["x": 1], name: "n"))
    // JSONDecoder rejects it, and so does strict mode, with JSONDecoder's error.
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Lover.self, from: Data(text.utf8)) }
    #expect {
      try ModelDecoder(options: DecodingOptions(strict: true)).decode(Lover.self, from: text)
    } throws: { error in
      guard case DecodingError.typeMismatch(_, let context) = error else { return false }
      return context.codingPath.map(\.stringValue) == ["love"]
    }
    // A string that is not JSON of the kind asked for is still no value: the empty one.
    let plain = try ModelDecoder().decode(Lover.self, from: #"{"love": "{nope", "hobbies": "[", "scores": "[]", "name": "n"}"#)
    #expect(plain.love == Hobby(name: "") && plain.hobbies.isEmpty && plain.scores.isEmpty)
    // The report says which strings were read as JSON, at their paths.
    let report = DecodeReport()
    _ = try ModelDecoder(options: DecodingOptions(report: report)).decode(Lover.self, from: text)
    #expect(report.entries.filter { $0.kind == .converted }.map(\.path).sorted() == ["$.hobbies", "$.love", "$.scores"])
    // A top-level string is no object, in every mode.
    #expect(throws: DecodingError.self) { try ModelDecoder().decode(Hobby.self, from: #""{\"name\":\"x\"}""#) }
  }
}
