/// How much of a value has arrived, in a snapshot of a text still
/// arriving (`PartialSnapshot.state(of:)`, `state(at:)`).
public enum PartialState: Sendable, Hashable {
  /// Nothing of it has arrived (or its key is still being read).
  case absent
  /// It has begun: a string still growing, an array or object still open,
  /// a number whose end has not arrived, or a value read from a fallback
  /// key while its object may still bring a preferred one.
  case partial
  /// All of it has arrived; it will not change.
  case complete
}
