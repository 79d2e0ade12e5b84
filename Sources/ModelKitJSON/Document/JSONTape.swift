/// One node of a parsed document: 16 bytes, no references.
///
/// `header` = tag (bits 56–63) | aux (bits 32–55) | byte position (bits 0–31).
/// `payload` depends on the tag:
/// - containers: index of the next sibling (bits 32–63) | element or member count (bits 0–31);
/// - `.int` / `.uint`: the value's bits (aux = the length of its text);
/// - `.decimal`, strings: the length in bytes of the text (for strings, between the quotes).
@usableFromInline
struct TapeEntry {
  @usableFromInline var header: UInt64
  @usableFromInline var payload: UInt64

  @inlinable
  init(tag: TapeTag, aux: Int = 0, position: Int, payload: UInt64) {
    header = UInt64(tag.rawValue) << 56 | UInt64(aux) << 32 | UInt64(truncatingIfNeeded: position)
    self.payload = payload
  }

  @inlinable var tag: TapeTag { TapeTag(rawValue: UInt8(truncatingIfNeeded: header >> 56)).unsafelyUnwrapped }
  @inlinable var aux: Int { Int(truncatingIfNeeded: (header >> 32) & 0xFF_FFFF) }
  @inlinable var position: Int { Int(truncatingIfNeeded: header & 0xFFFF_FFFF) }
  @inlinable var count: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
  @inlinable var nextSibling: Int { Int(truncatingIfNeeded: payload >> 32) }
}

/// The kind of a tape node, finer than `JSONKind`.
@usableFromInline
enum TapeTag: UInt8 {
  case null, `true`, `false`
  /// An integer whose text is canonical and whose value fits `Int64`.
  case int
  /// An integer above `Int64.max` that fits `UInt64`.
  case uint
  /// Any other number (fraction, exponent, `-0`, or too large): text only.
  case decimal
  /// A string without escapes: its bytes are its UTF-8.
  case string
  /// A string with escapes (or, when replacing, invalid UTF-8) to decode.
  case escapedString
  case array, object
}

/// The bytes of a document and its tape, immutable once the reader is done.
///
/// The input is copied once into `bytes`, followed by `padding` zero bytes so
/// the reader can look ahead without bounds checks.
@usableFromInline
final class DocumentStorage: @unchecked Sendable {
  // Safe to share: the reader fills it before the storage is published, and
  // nothing mutates it afterwards.
  static let padding = 16

  @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
  @usableFromInline let byteCount: Int
  @usableFromInline private(set) var tape: UnsafeMutablePointer<TapeEntry>
  @usableFromInline private(set) var tapeCount = 0
  private var tapeCapacity: Int

  init(copying input: UnsafeRawBufferPointer) {
    byteCount = input.count
    bytes = .allocate(capacity: input.count + Self.padding)
    if let base = input.baseAddress {
      bytes.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: input.count)
    }
    (bytes + input.count).initialize(repeating: 0, count: Self.padding)
    tapeCapacity = max(16, input.count / 6)
    tape = .allocate(capacity: tapeCapacity)
  }

  deinit {
    bytes.deallocate()
    tape.deallocate()
  }

  /// Appends a node and returns its index.
  @discardableResult
  func append(_ entry: TapeEntry) -> Int {
    if tapeCount == tapeCapacity { grow() }
    (tape + tapeCount).initialize(to: entry)
    tapeCount += 1
    return tapeCount - 1
  }

  /// Closes the container at `index`: records its count and where its next sibling starts.
  func close(_ index: Int, count: Int) {
    tape[index].payload = UInt64(tapeCount) << 32 | UInt64(count)
  }

  /// Gives back the unused part of the tape once reading is done.
  func finish() {
    guard tapeCapacity > tapeCount * 2 + 16 else { return }
    resize(to: tapeCount)
  }

  private func grow() { resize(to: tapeCapacity * 2) }

  private func resize(to capacity: Int) {
    let larger = UnsafeMutablePointer<TapeEntry>.allocate(capacity: max(capacity, 1))
    larger.moveInitialize(from: tape, count: tapeCount)
    tape.deallocate()
    tape = larger
    tapeCapacity = max(capacity, 1)
  }
}
