/// The hooks a type implements itself.
struct HookSet: OptionSet, Sendable {
  let rawValue: UInt8
  static let modelType = HookSet(rawValue: 1 << 0)
  static let willDecode = HookSet(rawValue: 1 << 1)
  static let didDecode = HookSet(rawValue: 1 << 2)
  static let didEncode = HookSet(rawValue: 1 << 3)
  static let all: HookSet = [.modelType, .willDecode, .didDecode, .didEncode]
}

/// Learns which hooks a type implements: the default implementations
/// report themselves while a probe is running on the current task or thread.
enum HookProbe {
  /// Collects the default hooks that ran.
  final class Recorder: @unchecked Sendable {
    // Only touched by the thread running the probe.
    var defaults: HookSet = []
  }

  @TaskLocal static var recorder: Recorder?

  static func markDefault(_ hook: HookSet) {
    recorder?.defaults.insert(hook)
  }

  /// The hooks `Model` implements itself.
  static func customizedHooks<Model: JSONModel>(of type: Model.Type) -> HookSet {
    let recorder = Recorder()
    $recorder.withValue(recorder) {
      _ = Model.modelType(for: JSONObject())
      var probe = Model()
      _ = try? probe.willDecode(from: JSONObject())
      try? probe.didDecode(from: JSONObject())
      var output = JSONObject()
      try? probe.didEncode(into: &output)
    }
    return HookSet.all.subtracting(recorder.defaults)
  }
}
