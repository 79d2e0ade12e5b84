/// Why a JSON value did not become a property value.
enum ConversionFailure: Sendable, Equatable {
  /// JSON `null` (or a null word such as `"<null>"`) for a type that cannot hold nil.
  case null
  /// A JSON kind the type does not take (or does not take in strict mode).
  case mismatch
  /// A number beyond the type's range.
  case outOfRange
  /// The right kind with unusable content (`"abc"` for an `Int`, a bad date).
  case unconvertible
  /// A nested model was rejected by one of its hooks (lenient mode only;
  /// strict mode throws the nested error itself).
  case rejected
}
