/// Where a `ModelError` is: the components of its path, or the coding keys
/// the Codable decoder made it with, which become the coding path of the
/// `DecodingError` around it as they are (a type's `try?` fallback may make
/// and drop such an error for every value).
///
/// Unchecked: coding keys are values, as Foundation's errors take them to be.
enum ErrorLocation: @unchecked Sendable {
  case components([CodingPath.Component])
  case codingKeys([any CodingKey])

  /// The location as keys and indices.
  var components: [CodingPath.Component] {
    switch self {
    case .components(let components): components
    case .codingKeys(let keys): keys.map { CodingPath.Component($0) }
    }
  }
}
