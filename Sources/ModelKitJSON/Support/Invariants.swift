/// Checks one of the package's invariants (`Documentation/Internals.md`)
/// in builds with internal checks, and compiles to nothing otherwise: build
/// with `MODELKIT_INTERNAL_CHECKS=1` in the environment (which defines the
/// condition of the same name for every target) to have them run.
///
/// For what must hold for the unsafe code to be safe but is too costly to
/// check on every call in a release; what is cheap stays a `precondition`.
///
/// Inlinable, so that a release build of another module of the package
/// makes no call (and no closure) for it: a `package` function's body is
/// otherwise not visible across modules.
@inlinable @inline(__always)
package func checkInvariant(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  #if MODELKIT_INTERNAL_CHECKS
    precondition(condition(), "invariant: " + message(), file: file, line: line)
  #endif
}

