import ModelKitJSON

/// Random values written as JSON5 texts with a random choice of every form
/// JSON5 has for them (comments and JSON5's white space, unquoted keys,
/// either quote, `\x` escapes and escaped line breaks, `+` signs, bare
/// points, hexadecimal digits, `Infinity` and `NaN`, trailing commas),
/// each with the value a JSON5 reader must find (`Infinity` and `NaN` as
/// `null`, as `JSONValue(Double.infinity)` is).
public struct JSON5TextGenerator {
  /// The generator's randomness (a test may draw from it too).
  public var rng: SeededGenerator
  /// The text written so far.
  public var text: [UInt8] = []
  /// Whether an object may have a key twice (readers differ on which value wins).
  public var repeatsKeys = true
  /// Whether an integer may be written in hexadecimal with a point (`0x1F.`, `0x1F.00`).
  public var writesHexadecimalPoints = true

  /// A generator whose texts are fixed by `seed`.
  public init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

  mutating func space() {
    guard chance(40) else { return }
    let forms = [
      " ", "\n", "\t", "\r\n", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "// line\n",
      "//\r", "/* block */", "/**/", "/* * / */", " // é\n ",
    ]
    text += Array(forms.randomElement(using: &rng)!.utf8)
  }

  /// Appends a random value of at most `depth` levels to `text`; returns the value.
  public mutating func value(depth: Int) -> JSONValue {
    space()
    defer { space() }
    switch Int.random(in: 0..<(depth > 0 ? 10 : 7), using: &rng) {
    case 0: return literal()
    case 1, 2: return integer()
    case 3: return fraction()
    case 4: return nonFinite()
    case 5, 6: return .string(string(quotedAlways: true))
    case 7, 8: return object(depth: depth - 1)
    default: return array(depth: depth - 1)
    }
  }

  mutating func literal() -> JSONValue {
    let (word, value): (String, JSONValue) = [("true", .bool(true)), ("false", .bool(false)), ("null", .null)]
      .randomElement(using: &rng)!
    text += Array(word.utf8)
    return value
  }

  mutating func integer() -> JSONValue {
    let magnitude = UInt64.random(in: 0...(chance(20) ? UInt64.max : 5000), using: &rng)
    let negative = magnitude <= UInt64(Int64.max) && chance(30)
    let sign = negative ? "-" : (chance(20) ? "+" : "")
    let digits: String
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: digits = (chance(50) ? "0x" : "0X") + String(magnitude, radix: 16, uppercase: chance(50))
    case 1 where writesHexadecimalPoints: digits = "0x" + String(magnitude, radix: 16) + (chance(50) ? "." : ".00")
    case 2: digits = String(magnitude) + "."
    default: digits = String(magnitude)
    }
    text += Array((sign + digits).utf8)
    let json = (negative && magnitude != 0 ? "-" : "") + String(magnitude)
    // `-0x0` and `-0.` are minus zero, which JSON writes as `-0`.
    return .number(JSONNumber(text: negative && magnitude == 0 ? "-0" : json)!)
  }

  mutating func fraction() -> JSONValue {
    let whole = Int.random(in: 0...99, using: &rng)
    let fraction = Int.random(in: 1...999, using: &rng)
    let exponent = chance(30) ? "e\(Int.random(in: -5...5, using: &rng))" : ""
    let negative = chance(30)
    let json = (negative ? "-" : "") + "\(whole).\(fraction)" + exponent
    var json5 = (negative ? "-" : (chance(30) ? "+" : "")) + (whole == 0 && chance(50) ? "" : "\(whole)")
    json5 += ".\(fraction)" + exponent
    text += Array(json5.utf8)
    return .number(JSONNumber(text: json)!)
  }

  mutating func nonFinite() -> JSONValue {
    text += Array(((["", "+", "-"].randomElement(using: &rng)!) + (chance(50) ? "Infinity" : "NaN")).utf8)
    return .null  // as `JSONValue(Double.infinity)` is
  }

  /// A random string written in random quotes with random escapes; returns its value.
  mutating func string(quotedAlways: Bool) -> String {
    let pieces = [
      "a", "Z", "_", "$", "7", " ", "é", "😀", "\"", "'", "\\", "\n", "\r\n", "\r", "\u{2028}", "\u{1}", "/",
    ]
    let value = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    let isIdentifier =
      !value.isEmpty && value.unicodeScalars.allSatisfy { "aZ_$7é".unicodeScalars.contains($0) }
      && value.first != "7"
    if !quotedAlways, isIdentifier, chance(60) {
      text += Array(value.utf8)
      return value
    }
    let quote: Character = chance(50) ? "'" : "\""
    text.append(UInt8(ascii: quote == "'" ? "'" : "\""))
    var scalars = Array(value.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\"" where quote == "\"", "'" where quote == "'", "\\":
        text += Array("\\\(scalar)".utf8)
      case "\r" where scalars.first == "\n":
        // A backslash before a line break keeps the break in the string.
        scalars.removeFirst()
        text += chance(50) ? Array("\\\r\n".utf8) : Array("\\r\\n".utf8)
      case "\n", "\r", "\u{2028}":
        text += chance(50) ? Array("\\\(scalar)".utf8) : Array(escapedU(scalar).utf8)
      case "\u{1}":
        text += chance(50) ? Array("\\x01".utf8) : Array("\\u0001".utf8)
      case _ where scalar.value < 0x100 && chance(20):
        text += Array("\\x\(hex(scalar.value, width: 2))".utf8)
      case _ where chance(10):
        text += Array(escapedU(scalar).utf8)
      default:
        text += Array(String(scalar).utf8)
      }
    }
    text.append(UInt8(ascii: quote == "'" ? "'" : "\""))
    return value
  }

  func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  func escapedU(_ scalar: Unicode.Scalar) -> String {
    String(scalar).utf16.map { "\\u" + hex(UInt32($0), width: 4) }.joined()
  }

  mutating func object(depth: Int) -> JSONValue {
    text.append(UInt8(ascii: "{"))
    var members: [(String, JSONValue)] = []
    for index in 0..<Int.random(in: 0...4, using: &rng) {
      if index > 0 { text.append(UInt8(ascii: ",")) }
      space()
      let keyStart = text.count
      var key = string(quotedAlways: false)
      while !repeatsKeys, members.contains(where: { $0.0 == key }) {
        text.removeSubrange(keyStart...)
        key = string(quotedAlways: false)
      }
      space()
      text.append(UInt8(ascii: ":"))
      let value = value(depth: depth)
      if let existing = members.firstIndex(where: { $0.0 == key }) {
        members[existing].1 = value  // the reader's last-wins, at the first position
      } else {
        members.append((key, value))
      }
    }
    if !members.isEmpty, chance(40) { text.append(UInt8(ascii: ",")) }
    space()
    text.append(UInt8(ascii: "}"))
    return .object(JSONObject(members))
  }

  mutating func array(depth: Int) -> JSONValue {
    text.append(UInt8(ascii: "["))
    var elements: [JSONValue] = []
    for index in 0..<Int.random(in: 0...5, using: &rng) {
      if index > 0 { text.append(UInt8(ascii: ",")) }
      elements.append(value(depth: depth))
    }
    if !elements.isEmpty, chance(40) { text.append(UInt8(ascii: ",")) }
    space()
    text.append(UInt8(ascii: "]"))
    return .array(elements)
  }
}
