import Foundation

/// Type names as `String(describing:)` gives them, made once per type:
/// making one costs microseconds (the runtime demangles it), and messages
/// and decode reports name the same few types again and again.
enum TypeNames {
  private static let cache = Cache()

  /// `String(describing: type)`, cached.
  static func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let known = cache.lock.withLock({ cache.names[key] }) { return known }
    let name = String(describing: type)
    cache.lock.withLock { cache.names[key] = name }
    return name
  }

  private final class Cache: @unchecked Sendable {
    // Guarded by `lock`.
    let lock = NSLock()
    var names: [ObjectIdentifier: String] = [:]
  }
}
