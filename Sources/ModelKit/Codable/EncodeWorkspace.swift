import Foundation

/// What a `ModelEncoder.encode` call needs besides its value (the output
/// buffer, the call's caches, the stream), kept by the encoder for its
/// next call with the same settings: a small value then costs no set-up.
/// A call that finds the workspace taken (another thread's call, or a
/// value's own `encode(to:)` calling the encoder again) makes its own.
final class EncodeWorkspace {
  /// The settings it was made for.
  let settings: AnyObject
  @exclusivity(unchecked) var context: WriteContext
  let stream: EncodingStream
  private let call: EncodeCall
  /// Where the empty output stands.
  private let empty: JSONWriter.Checkpoint

  init(settings: AnyObject, options: JSONWriteOptions, strategies: EncodingStrategies) {
    self.settings = settings
    context = WriteContext(options: options, capacity: 1024, strategies: strategies)
    call = EncodeCall(from: context, isOutermost: true)
    stream = EncodingStream(call: call)
    empty = context.json.checkpoint
  }

  /// Whether it is worth keeping: its buffer stays small and its caches bounded.
  var isWorthKeeping: Bool { context.json.count <= 64 * 1024 && !call.hasLargeCaches }

  /// Empties the output for the next value.
  func clear() {
    context.json.rewind(to: empty)
    context.path = CodingPath()
  }

  /// The spare workspace of one encoder, taken and given back under a lock.
  final class Spare: @unchecked Sendable {
    // Safe: `workspace` is only touched while holding `lock`.
    private let lock = NSLock()
    private var workspace: EncodeWorkspace?

    /// The spare workspace for `settings`, if it is free; nil otherwise.
    func take(for settings: AnyObject) -> EncodeWorkspace? {
      lock.lock()
      defer { lock.unlock() }
      guard let spare = workspace, spare.settings === settings else { return nil }
      workspace = nil
      return spare
    }

    /// Keeps `workspace` for the next call, when it is worth keeping.
    func give(_ workspace: EncodeWorkspace) {
      guard workspace.isWorthKeeping else { return }
      workspace.clear()
      lock.lock()
      defer { lock.unlock() }
      self.workspace = workspace
    }
  }
}
