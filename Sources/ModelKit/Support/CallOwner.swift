#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which thread holds a coder's per-call state (a converter cache, an
/// encoding workspace) while a call uses it. That state is unsynchronised
/// (`@exclusivity(unchecked)`): one call, on one thread, holds it at a
/// time. In builds with internal checks, a second call taking it, or a use
/// from another thread, fails; otherwise this is empty and costs nothing.
struct CallOwner {
  #if MODELKIT_INTERNAL_CHECKS
    private var thread: pthread_t?
  #endif

  /// The calling thread's call takes the state.
  mutating func claim() {
    #if MODELKIT_INTERNAL_CHECKS
      checkInvariant(thread == nil, "per-call state taken by a second call while one holds it")
      thread = pthread_self()
    #endif
  }

  /// The call gives the state back.
  mutating func release() {
    #if MODELKIT_INTERNAL_CHECKS
      thread = nil
    #endif
  }

  /// The state is used here: by the thread of the call that holds it, if one does.
  func check() {
    #if MODELKIT_INTERNAL_CHECKS
      checkInvariant(thread.map { pthread_equal($0, pthread_self()) != 0 } ?? true, "per-call state used from another thread")
    #endif
  }
}
