import CModelKitAllocationCounter

/// The heap allocations a piece of code makes, counted as swift-nio's
/// allocation tests count them: calls of `malloc`, `calloc`, `realloc` and
/// the aligned allocators on the calling thread (CModelKitAllocationCounter
/// replaces them in every process that links this module).
public enum AllocationCounter {
  /// Whether this process counts allocations: on Linux with glibc, and not
  /// under a sanitizer. Elsewhere every count is zero.
  public static var isActive: Bool { modelkit_allocation_counting_is_active() != 0 }

  /// The allocations one call of `body` makes on the calling thread: the
  /// mean over `calls` calls after one warm-up call, which builds what a
  /// first call caches. One thread counts at a time in a process.
  ///
  /// - Throws: what `body` throws.
  public static func perCall(_ calls: Int = 100, _ body: () throws -> Void) rethrows -> Double {
    precondition(calls > 0, "count at least one call")
    try body()
    modelkit_allocation_counting_start()
    defer { _ = modelkit_allocation_counting_stop() }
    for _ in 0..<calls { try body() }
    return Double(modelkit_allocation_counting_stop()) / Double(calls)
  }
}
