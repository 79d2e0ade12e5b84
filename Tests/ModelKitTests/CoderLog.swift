import Foundation

/// The decoders or encoders a call made, weakly: each type's `init(from:)`
/// or `encode(to:)` notes its own, through the coder's `userInfo`. For
/// showing that a coder a call made is gone after it (or with its coder).
final class CoderLog: @unchecked Sendable {
  // Unchecked: written by the one thread of the call, read after it.
  private var coders: [() -> AnyObject?] = []
  static let key = CodingUserInfoKey(rawValue: "coderLog")!

  /// Notes `coder` in the log its `userInfo` holds, if any.
  static func note(_ coder: AnyObject, userInfo: [CodingUserInfoKey: Any]) {
    guard let log = userInfo[key] as? CoderLog else { return }
    log.coders.append { [weak coder] in coder }
  }

  var count: Int { coders.count }
  var alive: Int { coders.count(where: { $0() != nil }) }
  /// How many different coders are alive.
  var distinctAlive: Int { Set(coders.compactMap { $0().map(ObjectIdentifier.init) }).count }
}
