import ModelKitJSON

/// What writing a key needs escaped, found once for a key written again
/// and again (`WrittenKeys`, `KeyNames`).
struct KeyEscapes {
  /// A byte other than `/` needs an escape.
  private var hasEscape = false
  /// A `/` is in it (escaped or not, as the writer's options say).
  private var hasSlash = false

  init() {}

  /// The escapes of the key `utf8`.
  init(_ utf8: UnsafeBufferPointer<UInt8>) {
    hasEscape = JSONEscapes.anyNeeded(in: utf8, escapingSlashes: false)
    hasSlash = utf8.contains(UInt8(ascii: "/"))
  }

  /// Whether a writer that escapes slashes or not (`escapingSlashes`) escapes a byte of the key.
  @inline(__always)
  func needed(escapingSlashes: Bool) -> Bool { hasEscape || (escapingSlashes && hasSlash) }
}
