/// A `JSONModel` that can go wherever `Codable` is required: archived with
/// `PropertyListEncoder`, nested in a type that Foundation's `JSONDecoder`
/// reads, stored by any coder. It travels in its JSON form (the one
/// `jsonValue()` gives and `init(json:)` reads, with every rule of the
/// model layer), which is ModelKit's answer to YYModel's NSCoding helpers.
///
/// ```swift
/// struct User: CodableModel { var id = 0; var name = "" }
/// let archive = try PropertyListEncoder().encode(user)
/// let restored = try PropertyListDecoder().decode(User.self, from: archive)
/// ```
///
/// Adopting it replaces the compiler's synthesized `Codable`; `ModelDecoder`
/// and `ModelEncoder` read and write such a type as a model either way. A
/// non-final class must write its own `required init(from:)`.
public protocol CodableModel: JSONModel, Codable {}
