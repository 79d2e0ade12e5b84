import Foundation

/// A coder's settings behind a lock, so that one `ModelDecoder` or
/// `ModelEncoder` can be shared across threads as Foundation's coders can.
/// The settings are kept as an immutable snapshot, replaced on change: a
/// call takes the current one once, when it starts, without copying it.
final class CoderSettings<Settings: Sendable>: @unchecked Sendable {
  /// One version of the settings.
  final class Snapshot: Sendable {
    let settings: Settings
    init(_ settings: Settings) { self.settings = settings }
  }

  // Safe: `snapshot` is only touched while holding `lock`.
  private let lock = NSLock()
  private var snapshot: Snapshot

  init(_ settings: Settings) { snapshot = Snapshot(settings) }

  /// The settings now.
  var current: Snapshot {
    lock.lock()
    defer { lock.unlock() }
    return snapshot
  }

  /// One setting, read from the current snapshot or changed in a new one.
  subscript<Value>(_ setting: WritableKeyPath<Settings, Value>) -> Value {
    get { current.settings[keyPath: setting] }
    set { update { $0[keyPath: setting] = newValue } }
  }

  /// Changes the settings.
  func update(_ change: (inout Settings) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    var settings = snapshot.settings
    change(&settings)
    snapshot = Snapshot(settings)
  }
}
