/// A set of `JSONModel` hooks.
struct HookSet: OptionSet, Sendable {
  let rawValue: UInt8
  static let modelType = HookSet(rawValue: 1 << 0)
  static let willDecode = HookSet(rawValue: 1 << 1)
  static let didDecode = HookSet(rawValue: 1 << 2)
  static let didEncode = HookSet(rawValue: 1 << 3)
  /// The hooks a decode may run: `modelType`, `willDecode` and
  /// `didDecode` (one mask, which the compiler folds).
  static let decoding = HookSet(rawValue: 0b0111)
  /// The hooks decoding into a model a field holds already may run:
  /// `willDecode` and `didDecode` (`modelType(for:)` chooses new models only).
  static let filling = HookSet(rawValue: 0b0110)
}
