import Foundation

/// Type names as `String(describing:)` gives them, made once per type:
/// making one costs microseconds (the runtime demangles it), and messages
/// and decode reports name the same few types again and again.
enum TypeNames {
  private static let names = Locked<[ObjectIdentifier: String]>([:])

  /// `String(describing: type)`, cached.
  static func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let known = names.withLock({ $0[key] }) { return known }
    let name = String(describing: type)
    names.withLock { $0[key] = name }
    return name
  }
}
