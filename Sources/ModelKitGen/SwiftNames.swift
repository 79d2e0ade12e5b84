import Foundation

/// Swift names for JSON keys: camelCase properties, PascalCase types
/// (singular for array elements), keywords escaped, anything that is not
/// an identifier made into one.
enum SwiftNames {
  /// The property name for `key`: `user_name` → `userName`, `2x` → `_2x`,
  /// `@id` → `id`, `class` → `` `class` ``, `` (empty) → `empty`.
  static func property(_ key: String) -> String {
    let words = self.words(key)
    guard let first = words.first else { return key.isEmpty ? "empty" : "field" }
    var name = first.lowercased() + words.dropFirst().map(capitalized).joined()
    if name.first?.isNumber == true { name = "_" + name }
    if reserved.contains(name) { return name + "_" }
    return keywords.contains(name) ? "`\(name)`" : name
  }

  /// The type name for `key`: `user_info` → `UserInfo`; an array's element
  /// type takes the singular (`users` → `User`, `statuses` → `Status`).
  static func type(_ key: String, element: Bool = false) -> String {
    var words = self.words(key)
    if element, let last = words.popLast() { words.append(singular(last)) }
    var name = words.map(capitalized).joined()
    if name.isEmpty { name = element ? "Element" : "Value" }
    if name.first?.isNumber == true { name = "T" + name }
    if typeReserved.contains(name) { name += "Value" }
    return name
  }

  /// The property name without escaping, for comparing with the key.
  static func bare(_ name: String) -> String { name.replacingOccurrences(of: "`", with: "") }

  /// The ASCII words of `key`, accents folded (`ünï` → `uni`): split at
  /// anything not a letter or digit and where lower case turns to upper
  /// case (`userID` → `user`, `ID`).
  private static func words(_ key: String) -> [String] {
    let key = key.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
    var words: [String] = []
    var current = ""
    var previous: Character?
    for character in key {
      guard character.isASCII, character.isLetter || character.isNumber else {
        if !current.isEmpty { words.append(current) }
        current = ""
        previous = nil
        continue
      }
      if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(character)
      previous = character
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  private static func capitalized(_ word: String) -> String {
    guard let first = word.first else { return word }
    // An all-capitals word stays so (`ID`, `URL`); others get one capital.
    if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word }
    return first.uppercased() + word.dropFirst()
  }

  /// English singulars for the common plural endings.
  static func singular(_ word: String) -> String {
    let lower = word.lowercased()
    let irregular = ["children": "child", "people": "person", "men": "man", "women": "woman", "data": "datum"]
    if let known = irregular[lower] { return String(word.prefix(1)) + known.dropFirst() }
    if lower.hasSuffix("ies"), word.count > 3 { return word.dropLast(3) + "y" }
    for ending in ["sses", "shes", "ches", "xes", "zes", "uses"] where lower.hasSuffix(ending) {
      return String(word.dropLast(2))
    }
    if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"), word.count > 2 {
      return String(word.dropLast())
    }
    return word
  }

  /// Names that would change meaning as properties of a model.
  private static let reserved: Set<String> = ["self", "Type", "Protocol", "init", "deinit", "subscript"]
  /// Type names that would shadow the standard library's or ModelKit's.
  private static let typeReserved: Set<String> = [
    "String", "Int", "Double", "Bool", "Array", "Dictionary", "Set", "Date", "URL", "UUID", "Data", "Decimal",
    "Optional", "Any", "Type", "Self", "Protocol", "Error", "Element", "Key", "Value", "JSONValue", "JSONObject",
    "JSONKey", "JSONModel", "CodingKeys", "Codable", "Decodable", "Encodable", "CodingKey", "Sendable", "Hashable",
    "Equatable", "Int64", "UInt64", "Float", "Character", "Substring", "Never", "Void", "ModelKit", "Foundation",
    "Swift",
  ]
  /// Swift's keywords, escaped with backticks as property names.
  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
    "is", "nil", "super", "throws", "true", "try", "Any", "await", "async", "some", "any",
  ]
}
