import Foundation

/// Property names in snake_case, for `.convertFromSnakeCase`.
enum SnakeCase {
  /// `userName` → `user_name`, `imageURLString` → `image_url_string`.
  static func from(_ name: String) -> String {
    let characters = Array(name)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase && index > 0 {
        let previous = characters[index - 1]
        let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          result.append("_")
        }
      }
      result.append(contentsOf: character.lowercased())
    }
    return result
  }
}

// The coders' key strategies convert keys exactly as Foundation's coders
// do, quirks included (`URLString` → `u_rl_string`), so that a type gets
// the same keys from `ModelDecoder` as from `JSONDecoder`.
extension SnakeCase {
  /// A JSON key as `JSONDecoder`'s `.convertFromSnakeCase` converts it:
  /// `one_two_three` → `oneTwoThree`, `_a_b_` → `_aB_`; a key with no
  /// inner underscore stays as it is.
  static func camelCase(fromSnakeCase key: String) -> String {
    guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
    var last = key.index(before: key.endIndex)
    while last > first && key[last] == "_" { key.formIndex(before: &last) }
    let words = key[first...last].split(separator: "_")
    guard words.count > 1 else { return key }
    let joined = ([words[0].lowercased()] + words.dropFirst().map(\.capitalized)).joined()
    return String(key[..<first]) + joined + String(key[key.index(after: last)...])
  }

  /// A coding key as `JSONEncoder`'s `.convertToSnakeCase` converts it:
  /// words split where lower case turns to upper case, and before the last
  /// capital of a run of capitals; `myURLValue` → `my_url_value`.
  static func snakeCase(fromCamelCase key: String) -> String {
    guard let firstCharacter = key.first else { return key }
    let scalars = Array(key.unicodeScalars)
    func isUpper(_ index: Int) -> Bool {
      let category = scalars[index].properties.generalCategory
      return category == .uppercaseLetter || category == .titlecaseLetter
    }
    func isLower(_ index: Int) -> Bool { scalars[index].properties.generalCategory == .lowercaseLetter }
    var words: [Range<Int>] = []
    var wordStart = 0
    var searchFrom = firstCharacter.unicodeScalars.count
    while let upper = (searchFrom..<scalars.count).first(where: isUpper) {
      words.append(wordStart..<upper)
      guard let lower = (upper..<scalars.count).first(where: isLower) else {
        wordStart = upper
        break
      }
      if lower == upper + 1 {
        wordStart = upper
      } else {
        // A run of capitals is a word of its own, up to the capital before the lower-case letter.
        words.append(upper..<lower - 1)
        wordStart = lower - 1
      }
      searchFrom = lower + 1
    }
    words.append(wordStart..<scalars.count)
    return words.map { range in
      var word = String.UnicodeScalarView()
      word.append(contentsOf: scalars[range])
      return String(word).lowercased()
    }.joined(separator: "_")
  }
}
