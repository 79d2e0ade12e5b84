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
