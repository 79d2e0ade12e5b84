/// One node of a parsed document: 16 bytes, no references.
///
/// `header` = tag (bits 56–63) | aux (bits 32–55) | byte position (bits 0–31).
/// `payload` depends on the tag:
/// - containers: index of the next sibling (bits 32–63) | element or member count (bits 0–31);
/// - `.int` / `.uint`: the value's bits (aux = the length of its text);
/// - `.double`: the bits of the number's correctly rounded `Double` (aux = the length of its text);
/// - `.decimal`, `.json5Number`, strings: the length in bytes of the text (for strings, between the quotes);
///   a string's aux is `nonASCII` when its raw bytes include any above 0x7F.
@usableFromInline
struct TapeEntry {
  @usableFromInline var header: UInt64
  @usableFromInline var payload: UInt64

  @inlinable
  init(tag: TapeTag, aux: Int = 0, position: Int, payload: UInt64) {
    header = UInt64(tag.rawValue) << 56 | UInt64(aux) << 32 | UInt64(truncatingIfNeeded: position)
    self.payload = payload
  }

  /// The aux flag of a string whose raw bytes are not all ASCII.
  @usableFromInline static let nonASCII = 1

  /// The largest aux (24 bits).
  static let maxAux = 0xFF_FFFF

  /// The tag, read back as it was written: a case's raw value is its index
  /// (they count up from 0 in order), so the byte is the case, with no
  /// search of the cases.
  @inlinable var tag: TapeTag { unsafeBitCast(UInt8(truncatingIfNeeded: header >> 56), to: TapeTag.self) }
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
  /// A number in a form only JSON5 has (a `+` sign, a bare decimal point,
  /// hexadecimal digits, `Infinity`, `NaN`): its text, read by `JSON5Number`.
  case json5Number
  /// A `.decimal` number whose `Double` the reader found as it read its
  /// digits (see `TapeEntry.number`): its value, and its text.
  case double
}

/// The bytes of a document and its tape, immutable once made.
///
/// The input is copied once into `bytes`, followed by `padding` zero bytes so
/// the reader can look ahead without bounds checks.
@usableFromInline
final class DocumentStorage: @unchecked Sendable {
  // Safe to share: every property but `partial` is a constant and the
  // memory behind the pointers is never written after the reader hands it
  // over; `partial` is set once, before the document is shared.
  /// Zero bytes after the text: room for the eight- and sixteen-byte
  /// scans, which start at most one byte past the text's end (where the
  /// reading of members without braces puts its `}`), and for
  /// `NumberGrammar.lookahead`.
  static let padding = 32
  /// Inputs must be shorter than this: a node keeps its byte position in
  /// 32 bits, read back as an `Int`, which has 32 bits on some platforms
  /// (4 GiB where `Int` has 64 bits, 2 GiB where it has 32).
  static let inputLimit = Int(clamping: UInt32.max) - padding

  @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
  @usableFromInline let tape: UnsafeMutablePointer<TapeEntry>
  @usableFromInline let tapeCount: Int
  /// Where `bytes` begin in the caller's input: 0, or a window's start.
  let origin: Int
  /// For the document of a text still arriving (a partial snapshot's),
  /// what the decoding layer attached to it: which nodes have not all
  /// arrived. Nil for every other document. Unchecked: set once, before
  /// the document is shared (above); a checked access from the model
  /// layer, which reads it inlined, would be a call into the runtime.
  @usableFromInline @exclusivity(unchecked) var partial: AnyObject?
  /// Whether a string with escapes may hold ill-formed UTF-8, kept for
  /// its string to replace (the reader was told to replace it rather
  /// than fail). Every other string's UTF-8 is well-formed: the reader checked it.
  let mayHoldIllFormedUTF8: Bool

  /// Takes ownership of a padded input copy and a finished tape; `origin`
  /// is where the copy begins in the caller's input.
  init(bytes: UnsafeMutablePointer<UInt8>, tape: TapeBuffer, origin: Int = 0, mayHoldIllFormedUTF8: Bool) {
    self.bytes = bytes
    self.tape = tape.entries
    self.tapeCount = tape.count
    self.origin = origin
    self.mayHoldIllFormedUTF8 = mayHoldIllFormedUTF8
  }

  /// Room for an input of `count` bytes and its padding, zeroed: to be
  /// handed to a storage or released (`HeapBytes.release`). From the C
  /// library's `malloc` (`UnsafeMutablePointer.allocate` takes the
  /// runtime's aligned path, `posix_memalign`, several times as long for a
  /// block this size); the tape's entries too.
  static func paddedRoom(count: Int) -> UnsafeMutablePointer<UInt8> {
    let bytes = HeapBytes.allocate(capacity: count + padding)
    (bytes + count).initialize(repeating: 0, count: padding)
    return bytes
  }

  /// A padded copy of `input` (`paddedRoom`).
  static func paddedCopy(of input: UnsafeRawBufferPointer) -> UnsafeMutablePointer<UInt8> {
    let bytes = paddedRoom(count: input.count)
    if let base = input.baseAddress {
      bytes.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: input.count)
    }
    return bytes
  }

  deinit {
    HeapBytes.release(bytes)
    TapeBuffer.release(tape)
  }
}

/// The growing tape while the reader works: a plain value, so appending
/// costs no exclusivity checks.
struct TapeBuffer {
  private(set) var entries: UnsafeMutablePointer<TapeEntry>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    let bytes = HeapBytes.allocate(capacity: self.capacity * MemoryLayout<TapeEntry>.stride)
    entries = Self.boundEntries(bytes, capacity: self.capacity)
  }

  /// Appends a node and returns its index.
  @inline(__always) @discardableResult
  mutating func append(_ entry: TapeEntry) -> Int {
    if count == capacity { resize(to: capacity * 2) }
    (entries + count).initialize(to: entry)
    // Wrapping: the count is bounded by the entries' allocation, far below `Int.max`.
    count &+= 1
    return count &- 1
  }

  /// Closes the container at `index`: records its count and where its next sibling starts.
  @inline(__always)
  func close(_ index: Int, count elementCount: Int) {
    entries[index].payload = UInt64(count) << 32 | UInt64(elementCount)
  }

  /// Forgets the nodes from `newCount` on.
  mutating func truncate(to newCount: Int) {
    count = min(count, newCount)
  }

  /// Gives back the unused capacity when it is most of the tape.
  mutating func trim() {
    if capacity > count * 4 + 64 { resize(to: count) }
  }

  /// Frees the entries of a tape no storage took.
  func discard() { Self.release(entries) }

  /// Releases a tape's entries (`HeapBytes`' memory).
  static func release(_ entries: UnsafeMutablePointer<TapeEntry>) {
    HeapBytes.release(UnsafeMutableRawPointer(entries).assumingMemoryBound(to: UInt8.self))
  }

  /// `bytes` as room for `capacity` entries (plain words: `HeapBytes`
  /// memory is aligned as `malloc` aligns, for any word).
  private static func boundEntries(_ bytes: UnsafeMutablePointer<UInt8>, capacity: Int)
    -> UnsafeMutablePointer<TapeEntry>
  {
    UnsafeMutableRawPointer(bytes).bindMemory(to: TapeEntry.self, capacity: capacity)
  }

  /// Grows or shrinks the room, in place where `realloc` can.
  private mutating func resize(to newCapacity: Int) {
    let stride = MemoryLayout<TapeEntry>.stride
    capacity = max(newCapacity, 1)
    let bytes = UnsafeMutableRawPointer(entries).assumingMemoryBound(to: UInt8.self)
    let moved = HeapBytes.reallocate(bytes, keeping: count * stride, capacity: capacity * stride)
    entries = Self.boundEntries(moved, capacity: capacity)
  }
}
