/// The scalar types that layers write or read without a converter where
/// they can (the Codable encoder's values, a Foundation graph's leaves):
/// the one list of them. A layer switches on a type's case; a type with
/// none, or a case a layer has no shortcut for, takes the converter. (The
/// model reader's fields take these and more, in `ScalarField`, which
/// knows their memory layout.)
enum FastScalar {
  case string, int, double, bool

  /// The case of `type`; nil for every other type. Inlined where the type
  /// is known at compile time, the comparisons fold away.
  @inline(__always)
  init?(_ type: any Any.Type) {
    if type == String.self {
      self = .string
    } else if type == Int.self {
      self = .int
    } else if type == Double.self {
      self = .double
    } else if type == Bool.self {
      self = .bool
    } else {
      return nil
    }
  }
}
