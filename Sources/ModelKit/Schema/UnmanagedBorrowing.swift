extension Unmanaged {
  /// Calls `body` with the instance borrowed, without a retain: for the
  /// objects the decode loop reads per object, whose reference counts
  /// every thread decoding the type shares (Internals §2 says why they
  /// stay alive). `_withUnsafeGuaranteedRef` rethrows untyped errors, so
  /// the typed one is carried out as a value; nothing generic is made,
  /// so inlined it looks up no type at run time.
  @inline(__always)
  func withBorrowed(_ body: (Instance) throws(ModelError) -> Void) throws(ModelError) {
    let failure: ModelError? = _withUnsafeGuaranteedRef { instance in
      do throws(ModelError) {
        try body(instance)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }
}
