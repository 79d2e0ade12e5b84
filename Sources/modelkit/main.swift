import ModelKit
let v = try JSONValue(json: #"{"a": [1, -0, 1.5e3, "x\u00e9\ud83d\ude00\n", true, null], "big": 18446744073709551615, "min": -9223372036854775808, "a": 2}"#)
print(v.jsonString())
print(v.jsonString(options: [.prettyPrinted, .sortedKeys]))
print(v["big"]?.number?.uint64 as Any, v["min"]?.int as Any)
do { _ = try JSONValue(json: "{\"a\":\n [1, 2 3]}") } catch { print(error) }
do { _ = try JSONValue(json: "[1, 2") } catch { print(error) }
do { _ = try JSONValue(json: "\"\\uD800\"") } catch { print(error) }
print(try JSONValue(json: "\"\\uD800x\\u00e9\"", options: .init(replacesInvalidUnicode: true)))
print(try JSONValue(json: Array("\"a\u{FF}b\"".utf8).map{$0 == 0xC3 ? 0xFF : $0}, options: .init(replacesInvalidUnicode: true)))
