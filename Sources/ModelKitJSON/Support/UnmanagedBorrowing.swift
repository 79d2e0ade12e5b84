extension Unmanaged {
  /// Calls `body` with the instance borrowed, without a retain: for the
  /// objects the decode and encode loops read per object or field, whose
  /// reference counts every thread using them shares (Internals §2 and
  /// §13 say what keeps each alive). `_withUnsafeGuaranteedRef` rethrows
  /// untyped errors, so the typed one is carried out as a value; inlined,
  /// nothing generic is looked up at run time.
  @inlinable @inline(__always)
  package func withBorrowed<Failure: Error>(_ body: (Instance) throws(Failure) -> Void) throws(Failure) {
    let failure: Failure? = _withUnsafeGuaranteedRef { instance in
      do throws(Failure) {
        try body(instance)
        return nil
      } catch let thrown {
        return thrown
      }
    }
    if let failure { throw failure }
  }
}
