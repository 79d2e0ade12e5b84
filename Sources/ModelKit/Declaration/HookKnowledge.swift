import Foundation
import Synchronization

/// Which hooks one model type implements itself, learned from real calls
/// only: no hook ever runs on made-up input. A hook starts unknown and is
/// called; the default implementations report themselves while the call
/// that is learning runs, and from then on are never called again. A hook
/// that runs without reporting is the type's own and is called directly.
final class HookKnowledge: Sendable {
  /// The type learned about.
  let type: any Any.Type
  /// Low four bits: hooks known to be the default; high four: known to be
  /// the type's own. Only bits are ever added.
  private let bits: any HookBits

  init(type: any Any.Type) {
    self.type = type
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      bits = AtomicHookBits()
    } else {
      bits = LockedHookBits()
    }
  }

  /// The knowledge of the call now learning, on this task or thread.
  @TaskLocal static var learning: HookKnowledge?

  /// Whether `hook` may run (it is not known to be the default).
  @inline(__always)
  func mayRun(_ hook: HookSet) -> Bool {
    bits.load() & hook.rawValue == 0
  }

  /// Whether no hook can run: all are known to be the defaults.
  @inline(__always)
  var noneRun: Bool { bits.load() & HookSet.all.rawValue == HookSet.all.rawValue }

  /// The hooks known to be the type's own.
  var customized: HookSet { HookSet(rawValue: bits.load() >> 4) }

  /// Runs `call` (the hook, on the caller's real input) unless the hook is
  /// known to be the default; returns nil when it did not run.
  @inline(__always)
  func run<Result>(_ hook: HookSet, _ call: () throws -> Result) rethrows -> Result? {
    let known = bits.load()
    if known & hook.rawValue != 0 { return nil }
    if known & (hook.rawValue << 4) != 0 { return try call() }
    return try learn(hook, call)
  }

  private func learn<Result>(_ hook: HookSet, _ call: () throws -> Result) rethrows -> Result {
    let result = try Self.$learning.withValue(self) { try call() }
    if mayRun(hook) { bits.insert(hook.rawValue << 4) }
    return result
  }

  /// Called by a default hook implementation: when the call learning is
  /// for the implementation's `Self` (`isSelf`, true for a subclass too,
  /// which inherits the default), the hook is known to be the default from now on.
  static func reportDefault(_ hook: HookSet, isSelf: (Any.Type) -> Bool) {
    guard let knowledge = learning, isSelf(knowledge.type) else { return }
    knowledge.bits.insert(hook.rawValue)
  }
}

/// Bits that are only ever added, read on every decode.
private protocol HookBits: Sendable {
  func load() -> UInt8
  func insert(_ bits: UInt8)
}

/// Lock-free, where the platform has atomics.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private final class AtomicHookBits: HookBits {
  private let value = Atomic<UInt8>(0)

  func load() -> UInt8 { value.load(ordering: .acquiring) }

  func insert(_ bits: UInt8) { value.bitwiseOr(bits, ordering: .acquiringAndReleasing) }
}

/// Behind a lock, on older Apple systems.
private final class LockedHookBits: HookBits, @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value: UInt8 = 0

  func load() -> UInt8 { lock.withLock { value } }

  func insert(_ bits: UInt8) { lock.withLock { value |= bits } }
}
