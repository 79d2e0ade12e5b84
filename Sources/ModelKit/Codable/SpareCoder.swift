/// The coder of a value below a coder's own that nothing else holds, kept
/// for the next value there (a coder's values are read or written one after
/// another, each by the one coder object, as Foundation's coders do).
/// Moved in and out: taking it, and keeping it where none is kept, retain
/// and release nothing, where an optional property read and reset, or
/// assigned over nil, called the runtime for each nested value.
struct SpareCoder<Coder: AnyObject> {
  private var coder: Coder?

  /// The kept coder, taken out (none is kept then).
  @inline(__always)
  mutating func take() -> Coder? { coder.take() }

  /// Keeps `coder` for the next value.
  @inline(__always)
  mutating func keep(_ coder: consuming Coder) {
    // Two stores, so that the one over nil releases nothing.
    if self.coder == nil {
      self.coder = consume coder
    } else {
      self.coder = consume coder
    }
  }
}
