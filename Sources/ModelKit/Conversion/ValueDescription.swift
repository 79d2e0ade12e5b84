import Foundation

/// The pieces of `modelDescription`'s format (YYModel's): blocks of one
/// entry per line, indented four spaces per level, separated by `;`.
enum ValueDescription {
  private static let unit = "    "

  /// A block: `open`, the entries one level deeper than `level`, `close` at `level`.
  static func block(_ open: String, _ close: String, _ entries: [String], level: Int) -> String {
    guard !entries.isEmpty else { return open + close }
    let padding = String(repeating: unit, count: level + 1)
    return open + "\n" + entries.map { padding + $0 }.joined(separator: ";\n") + "\n"
      + String(repeating: unit, count: level) + close
  }

  /// A JSON value: strings quoted, numbers as their text, `null` as `<null>`.
  static func json(_ value: JSONValue, level: Int) -> String {
    switch value {
    case .null: return "<null>"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return number.text
    case .string(let string): return "\"\(string)\""
    case .array(let elements): return block("[", "]", elements.map { json($0, level: level + 1) }, level: level)
    case .object(let object):
      return block("{", "}", object.map { "\($0.key) = " + json($0.value, level: level + 1) }, level: level)
    }
  }

  /// Bytes in groups of four, as `NSData` describes them, cut after 100 characters with `...`.
  static func data(_ data: Data) -> String {
    var text = "<"
    for (index, byte) in data.prefix(64).enumerated() {
      if index > 0 && index % 4 == 0 { text += " " }
      text += String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }
    text += ">"
    return text.count > 100 ? String(text.prefix(100)) + "..." : text
  }
}
