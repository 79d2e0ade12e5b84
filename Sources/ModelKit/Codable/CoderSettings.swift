import Foundation

/// A coder's settings behind a lock, so that one `ModelDecoder` or
/// `ModelEncoder` can be shared across threads as Foundation's coders can.
/// The settings are kept as an immutable snapshot, replaced on change: a
/// call takes the current one once, when it starts, without copying it.
final class CoderSettings<Settings: Sendable>: Sendable {
  /// One version of the settings.
  final class Snapshot: Sendable {
    let settings: Settings
    init(_ settings: Settings) { self.settings = settings }
  }

  private let snapshot: Locked<Snapshot>

  init(_ settings: Settings) { snapshot = Locked(Snapshot(settings)) }

  /// The settings now.
  var current: Snapshot { snapshot.withLock { $0 } }

  /// One setting, read from the current snapshot or changed in a new one.
  subscript<Value>(_ setting: WritableKeyPath<Settings, Value>) -> Value {
    get { current.settings[keyPath: setting] }
    set { update { $0[keyPath: setting] = newValue } }
  }

  /// Changes the settings.
  func update(_ change: (inout Settings) -> Void) {
    snapshot.withLock { snapshot in
      var settings = snapshot.settings
      change(&settings)
      snapshot = Snapshot(settings)
    }
  }
}
