#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// State shared across threads behind a lock: the package's one lock
/// type, for its process-wide caches, a coder's settings and spare items,
/// and a collecting report. The state is reached only inside `withLock`,
/// which must not be called again from inside its own body.
final class Locked<State>: @unchecked Sendable {
  // Safe: `state` is only touched while `mutex` is held, and `withLock` is
  // never entered again from its own body (so no two accesses overlap,
  // which is why the compiler's dynamic exclusivity check is off for it).
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @exclusivity(unchecked) private var state: State

  /// `state` behind a lock; a `recursive` one may be taken again by the
  /// thread that holds it (see `whileLocked`).
  init(_ state: State, recursive: Bool = false) {
    self.state = state
    mutex = .allocate(capacity: 1)
    guard recursive || runsChecks else {
      // The default kind: no attributes to make (partial decoding makes many locks).
      pthread_mutex_init(mutex, nil)
      return
    }
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    // With internal checks, a lock taken again by its holder fails instead of deadlocking.
    pthread_mutexattr_settype(&attributes, Int32(recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_ERRORCHECK))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the state, holding the lock.
  @inline(__always)
  func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }

  /// Runs `body` on the state without the lock, for a caller that holds
  /// the only reference to this box (`isKnownUniquelyReferenced` said so):
  /// no other thread can reach it then, and the lock's two atomic
  /// operations are most of what a short use of it costs.
  @inline(__always)
  func withUniqueReference<Result>(_ body: (inout State) -> Result) -> Result {
    body(&state)
  }

  /// Runs `body` holding a recursive lock without handing it the state,
  /// which it reaches through `withLock` as often as it needs: for work that
  /// must be done once, by one thread, and may call back in (a schema's
  /// build reads other types' schemas).
  func whileLocked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  @inline(__always)
  private func lock() {
    let failure = pthread_mutex_lock(mutex)
    checkInvariant(failure == 0, "a lock taken again by the thread that holds it (error \(failure))")
  }

  /// Whether this build runs the internal checks (see `checkInvariant`).
  private var runsChecks: Bool {
    #if MODELKIT_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }
}
