import CModelKitPlatform

/// Keeps a walk of nested values (models in models, containers in
/// containers) from overflowing the thread's stack, whatever the thread
/// (a 512 KiB secondary thread on Apple platforms) and whatever the
/// options: past a few levels it compares the stack in use with the
/// thread's actual bounds (found once per thread, by the C target), and the
/// walk ends in a `ModelError` of kind `.tooDeep` well before the end of the
/// stack.
enum StackGuard {
  /// Levels walked before the stack is looked at, so that ordinary values
  /// never pay for it. Unoptimised code takes many times the stack per
  /// level (a sanitizer's build 60 KiB and more for a model in a model),
  /// so there every level is looked at.
  #if DEBUG
    static let freeDepth = 0
  #else
    static let freeDepth = 8
  #endif
  /// The stack kept free below the deepest level allowed: room for the
  /// error to be made and thrown, and for the calls a level makes (far
  /// more in a sanitizer build).
  private static let reserve: UInt = 128 * 1024
  /// The stack assumed when the system does not say: the least ModelKit promises to work on.
  private static let assumedStack: UInt = 448 * 1024

  /// Throws when a value at `depth` would start too close to the end of the stack.
  @inline(__always)
  static func check(depth: Int, at path: @autoclosure () -> CodingPath) throws(ModelError) {
    if !hasRoom(depth: depth) { throw .tooDeep(at: path()) }
  }

  /// Whether a value at `depth` may still be walked.
  @inline(__always)
  static func hasRoom(depth: Int) -> Bool {
    depth <= freeDepth || stackHasRoom()
  }

  @inline(never)
  private static func stackHasRoom() -> Bool {
    // Read in C: a sanitizer may move Swift's local variables off the stack.
    let here = UInt(modelkit_stack_position())
    let low = UInt(modelkit_thread_stack_low())
    guard low != 0, low < here else { return here > assumedStack }
    return here - low > reserve  // never `low + reserve`, which could wrap in 32 bits
  }
}
