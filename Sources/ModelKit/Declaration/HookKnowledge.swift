import CModelKitPlatform

/// Which hooks one model type implements itself, learned from real calls
/// only: no hook ever runs on made-up input. A hook starts unknown and is
/// called; the default implementations report themselves while the call
/// that is learning runs, and from then on are never called again. A hook
/// that runs without reporting is the type's own and is called directly.
final class HookKnowledge: @unchecked Sendable {
  // Safe: `bits` is only read and written through the atomic operations.
  /// The type learned about.
  let type: any Any.Type
  /// Low four bits: hooks known to be the default; high four: known to be
  /// the type's own. Only bits are ever added, atomically.
  private let bits: UnsafeMutablePointer<UInt8>

  init(type: any Any.Type) {
    self.type = type
    bits = .allocate(capacity: 1)
    bits.initialize(to: 0)
  }

  deinit { bits.deallocate() }

  /// The knowledge of the call now learning, on this task or thread.
  @TaskLocal static var learning: HookKnowledge?

  /// Whether `hook` may run (it is not known to be the default).
  @inline(__always)
  func mayRun(_ hook: HookSet) -> Bool {
    modelkit_atomic_load(bits) & hook.rawValue == 0
  }

  /// Whether any of `hooks` may run (not all are known to be the defaults).
  @inline(__always)
  func anyMayRun(_ hooks: HookSet) -> Bool {
    modelkit_atomic_load(bits) & hooks.rawValue != hooks.rawValue
  }

  /// The hooks known to be the type's own.
  var customized: HookSet { HookSet(rawValue: modelkit_atomic_load(bits) >> 4) }

  /// Runs `call` (the hook, on the caller's real input) unless the hook is
  /// known to be the default; returns nil when it did not run.
  @inline(__always)
  func run<Result>(_ hook: HookSet, _ call: () throws -> Result) rethrows -> Result? {
    let known = modelkit_atomic_load(bits)
    if known & hook.rawValue != 0 { return nil }
    if known & (hook.rawValue << 4) != 0 { return try call() }
    return try learn(hook, call)
  }

  private func learn<Result>(_ hook: HookSet, _ call: () throws -> Result) rethrows -> Result {
    let result = try Self.$learning.withValue(self) { try call() }
    if mayRun(hook) { modelkit_atomic_insert(bits, hook.rawValue << 4) }
    return result
  }

  /// Called by a default hook implementation: when the call learning is
  /// for the implementation's `Self` (`isSelf`, true for a subclass too,
  /// which inherits the default), the hook is known to be the default from now on.
  static func reportDefault(_ hook: HookSet, isSelf: (Any.Type) -> Bool) {
    guard let knowledge = learning, isSelf(knowledge.type) else { return }
    modelkit_atomic_insert(knowledge.bits, hook.rawValue)
  }
}
