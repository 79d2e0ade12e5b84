/// A set of `JSONModel` hooks.
struct HookSet: OptionSet, Sendable {
  let rawValue: UInt8
  static let modelType = HookSet(rawValue: 1 << 0)
  static let willDecode = HookSet(rawValue: 1 << 1)
  static let didDecode = HookSet(rawValue: 1 << 2)
  static let didEncode = HookSet(rawValue: 1 << 3)
  static let all: HookSet = [.modelType, .willDecode, .didDecode, .didEncode]
}
