import Foundation

/// A value behind a lock, for what tests collect from many threads or tasks.
public final class Locked<Value>: @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value: Value

  /// A box holding `value`.
  public init(_ value: Value) { self.value = value }

  /// Runs `body` on the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
