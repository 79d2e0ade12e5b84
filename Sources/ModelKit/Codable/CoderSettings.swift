import Foundation

/// A coder's settings behind a lock, so that one `ModelDecoder` or
/// `ModelEncoder` can be shared across threads as Foundation's coders can:
/// a call reads them once, when it starts.
final class CoderSettings<Settings: Sendable>: @unchecked Sendable {
  // Safe: `settings` is only touched while holding `lock`.
  private let lock = NSLock()
  private var settings: Settings

  init(_ settings: Settings) { self.settings = settings }

  /// The settings now.
  var current: Settings { lock.withLock { settings } }

  /// Changes the settings.
  func update(_ change: (inout Settings) -> Void) {
    lock.withLock { change(&settings) }
  }
}
