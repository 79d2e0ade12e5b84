import CModelKitStack

/// Keeps a walk of nested values (models in models, containers in
/// containers) from overflowing the thread's stack, whatever the thread
/// (a 512 KiB secondary thread on Apple platforms) and whatever the
/// options: past a few levels it compares the stack in use with the
/// thread's actual bounds, found once per walk, and the walk ends in a
/// `ModelError` of kind `.tooDeep` well before the end of the stack.
struct StackGuard {
  /// Levels walked before the stack is looked at, so that ordinary values never pay for it.
  static let freeDepth = 8
  /// The stack kept free below the deepest level allowed: room for the
  /// error to be made and thrown, and for the calls a level makes.
  private static let reserve: UInt = 128 * 1024

  /// The lowest stack address a level may start at; found on first need.
  private var limit: UInt?

  init() {}

  /// Throws when a value at `depth` would start too close to the end of the stack.
  @inline(__always)
  mutating func check(depth: Int, at path: @autoclosure () -> CodingPath) throws(ModelError) {
    if !hasRoom(depth: depth) { throw .tooDeep(at: path()) }
  }

  /// Whether a value at `depth` may still be walked.
  @inline(__always)
  mutating func hasRoom(depth: Int) -> Bool {
    depth <= Self.freeDepth || stackHasRoom()
  }

  @inline(never)
  private mutating func stackHasRoom() -> Bool {
    let bound = limit ?? Self.lowestAllowedAddress()
    limit = bound
    return UInt(modelkit_stack_position()) > bound
  }

  /// The thread's lowest stack address plus the reserve.
  private static func lowestAllowedAddress() -> UInt {
    let here = UInt(modelkit_stack_position())
    let low = UInt(modelkit_thread_stack_low())
    guard low != 0, low < here else {
      // Bounds unknown: assume the smallest stack ModelKit promises to work on.
      return here > 448 * 1024 ? here - 448 * 1024 : 0
    }
    return low + reserve
  }
}
