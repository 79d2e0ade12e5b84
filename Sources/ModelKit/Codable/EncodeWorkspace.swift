/// What a `ModelEncoder.encode` call needs besides its value (the output
/// buffer, the call's caches, the stream), kept by the encoder for its
/// next call with the same settings: a small value then costs no set-up.
/// A call that finds the workspace taken (another thread's call, or a
/// value's own `encode(to:)` calling the encoder again) makes its own.
final class EncodeWorkspace {
  /// The settings it was made for.
  let settings: AnyObject
  @exclusivity(unchecked) var context: WriteContext
  /// The call that holds it (see `CallOwner`).
  @exclusivity(unchecked) var owner = CallOwner()
  let stream: EncodingStream
  private let call: EncodeCall
  /// Where the empty output stands.
  private let empty: JSONWriter.Checkpoint

  init(settings: AnyObject, options: JSONWriteOptions, strategies: EncodingStrategies) {
    self.settings = settings
    context = WriteContext(options: options, capacity: 1024, rules: .jsonEncoder(strategies))
    context.json.holdBufferAlone()
    call = EncodeCall(from: context, isOutermost: true)
    stream = EncodingStream(call: call)
    stream.keepsTopLevelEncoder = true
    empty = context.json.checkpoint
  }

  deinit {
    // The stream's kept encoders hold the stream.
    stream.dropSpareEncoders()
  }

  /// Whether it is worth keeping: its buffer stays small and its caches bounded.
  var isWorthKeeping: Bool { context.json.count <= 64 * 1024 && !call.hasLargeCaches }

  /// Empties the output for the next value.
  func clear() {
    context.json.rewind(to: empty)
    context.path = CodingPath()
  }
}
