/// The growing bytes of a `JSONWriter`: raw appends without per-byte
/// bounds, uniqueness or capacity bookkeeping beyond one check per append.
/// Its memory is `HeapBytes`', so that growing rarely copies it.
@usableFromInline
final class OutputBuffer {
  // Read and set by the inlinable appends, which `JSONWriter`'s inlinable
  // writes call from other modules: unchecked, as a buffer is only ever
  // used by one writer at a time (the check, made at run time from
  // another module, would cost more than the append).
  @usableFromInline @exclusivity(unchecked) var start: UnsafeMutablePointer<UInt8>
  @usableFromInline @exclusivity(unchecked) var count = 0
  @usableFromInline @exclusivity(unchecked) var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = HeapBytes.allocate(capacity: self.capacity)
  }

  /// Capacity 0 after `takeContents`: `start` is no longer the buffer's
  /// own, and the next append makes room anew.
  deinit { if capacity > 0 { HeapBytes.release(start) } }

  /// A copy with the same contents, for a writer that was copied.
  @usableFromInline
  func copy() -> OutputBuffer {
    let copy = OutputBuffer(capacity: capacity)
    copy.start.initialize(from: start, count: count)
    copy.count = count
    return copy
  }

  /// The most room storage is handed over with beyond its contents: 1 MiB.
  static let handedOverSlack = 1 << 20

  /// Whether the last two bytes are `.0`.
  var endsWithPointZero: Bool {
    count >= 2 && start[count - 2] == UInt8(ascii: ".") && start[count - 1] == UInt8(ascii: "0")
  }

  /// Hands over the storage, the first `count` bytes of which are the
  /// contents: the caller releases it (`HeapBytes.release`). Room unused
  /// past `handedOverSlack` is given back first (a text started with room
  /// for a larger one, then kept in a `Data`). The buffer is left empty,
  /// owning nothing (capacity 0); taken again before anything is
  /// appended, it hands over new, empty storage, never the taken one.
  func takeContents() -> UnsafeMutableBufferPointer<UInt8> {
    if capacity == 0 { grow(to: 1) }
    if capacity - count > Self.handedOverSlack {
      start = HeapBytes.reallocate(start, keeping: count, capacity: max(count, 16))
    }
    let taken = UnsafeMutableBufferPointer(start: start, count: count)
    capacity = 0
    count = 0
    return taken
  }

  /// Forgets the bytes after the first `count`.
  func truncate(to count: Int) {
    precondition(count >= 0 && count <= self.count, "truncating beyond the contents")
    self.count = count
  }

  var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

  @inlinable @inline(__always)
  func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    start[count] = byte
    count += 1
  }

  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(to: count + bytes.count) }
    Self.copy(base, to: start + count, count: bytes.count)
    count += bytes.count
  }

  /// Copies `count` bytes to `target` (apart from them): up to sixteen,
  /// a key's or a short text's, as two overlapping loads and stores (a
  /// call to `memmove` costs more than the copy); more by `update`.
  @inlinable @inline(__always)
  static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    switch count {
    case 8...16:
      let head = from.loadUnaligned(as: UInt64.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      to.storeBytes(of: head, as: UInt64.self)
      to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4..<8:
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1..<4:
      // The first, middle and last bytes (some the same).
      target[0] = source[0]
      target[count >> 1] = source[count >> 1]
      target[count - 1] = source[count - 1]
    case 0:
      break
    default:
      target.update(from: source, count: count)
    }
  }

  /// Appends a decimal's text (`ShortestDecimal.write`).
  @inline(__always)
  func append(_ decimal: ShortestDecimal) {
    if count + ShortestDecimal.room > capacity { grow(to: count + ShortestDecimal.room) }
    count += decimal.write(to: start + count)
  }

  /// Appends `[]`.
  @inlinable
  func appendEmptyArray() {
    if count + 2 > capacity { grow(to: count + 2) }
    UnsafeMutableRawPointer(start + count).storeBytes(of: UInt16(0x5D5B).littleEndian, as: UInt16.self)
    count += 2
  }

  /// Appends `null`.
  @inlinable
  func appendNull() {
    if count + 4 > capacity { grow(to: count + 4) }
    UnsafeMutableRawPointer(start + count).storeBytes(of: UInt32(0x6C6C_756E).littleEndian, as: UInt32.self)
    count += 4
  }

  /// Appends `true` or `false`: the text's first four bytes as one word,
  /// then the `e` of `false`.
  @inlinable
  func appendLiteral(_ value: Bool) {
    if count + 5 > capacity { grow(to: count + 5) }
    let out = UnsafeMutableRawPointer(start + count)
    out.storeBytes(of: (value ? UInt32(0x6575_7274) : UInt32(0x736C_6166)).littleEndian, as: UInt32.self)
    out.storeBytes(of: UInt8(ascii: "e"), toByteOffset: 4, as: UInt8.self)
    count += value ? 4 : 5
  }

  /// Appends an integer's digits, after a minus sign when `negative`.
  @inlinable @inline(__always)
  func appendInteger(_ magnitude: UInt64, negative: Bool) {
    if count + 1 + DecimalDigits.room > capacity { grow(to: count + 1 + DecimalDigits.room) }
    count = Self.writeInteger(magnitude, negative: negative, at: start + count) - start
  }

  /// Writes an integer's digits at `out`, after a minus sign when
  /// `negative`, in room for a sign and `DecimalDigits.room`; where they end.
  @inlinable @inline(__always)
  static func writeInteger(_ magnitude: UInt64, negative: Bool, at out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var out = out
    if negative {
      out.pointee = UInt8(ascii: "-")
      out += 1
    }
    return out + DecimalDigits.write(magnitude, to: out)
  }

  /// Appends `,"key":` (the comma when asked) for a key known to need no
  /// escape.
  @inlinable @inline(__always)
  func appendPlainKey(_ key: UnsafeBufferPointer<UInt8>, comma: Bool) {
    closeKey(at: Self.writePlainKey(key, at: openKey(room: key.count, comma: comma)))
  }

  /// Appends `,"key":` (the comma when asked) for a key known to need no
  /// escape, and an integer's digits after it, with one test for room.
  @inlinable @inline(__always)
  func appendPlainMember(_ key: UnsafeBufferPointer<UInt8>, comma: Bool, integer magnitude: UInt64, negative: Bool) {
    // The key, its closing quote and colon, a minus sign, the digits.
    let key = Self.writePlainKey(key, at: openKey(room: key.count + 3 + DecimalDigits.room, comma: comma))
    count = Self.writeInteger(magnitude, negative: negative, at: Self.writeKeyEnd(at: key)) - start
  }

  /// Copies a key's bytes to `out`; where they end.
  @inlinable @inline(__always)
  static func writePlainKey(_ key: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    guard let base = key.baseAddress else { return out }
    copy(base, to: out, count: key.count)
    return out + key.count
  }

  /// Makes room for a key of `room` bytes (and what surrounds it), and
  /// writes its comma (when asked) and opening quote; where the key goes.
  @inlinable @inline(__always)
  func openKey(room: Int, comma: Bool) -> UnsafeMutablePointer<UInt8> {
    if count + room + 4 > capacity { grow(to: count + room + 4) }
    var out = start + count
    if comma {
      out.pointee = UInt8(ascii: ",")
      out += 1
    }
    out.pointee = UInt8(ascii: "\"")
    return out + 1
  }

  /// Writes a key's closing quote and colon at `out`, just after the key.
  @inlinable @inline(__always)
  func closeKey(at out: UnsafeMutablePointer<UInt8>) {
    count = Self.writeKeyEnd(at: out) - start
  }

  /// Writes a key's closing quote and colon at `out`; where its value goes.
  @inlinable @inline(__always)
  static func writeKeyEnd(at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    out[0] = UInt8(ascii: "\"")
    out[1] = UInt8(ascii: ":")
    return out + 2
  }

  /// Each lane's number.
  private static var laneNumbers: SIMD16<UInt8> { SIMD16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }

  /// Appends `,"key":` (the comma when asked), its bytes checked for
  /// escapes in the copy, all at once up to sixteen bytes (where the
  /// eight-byte words took 140 instructions a key on citm.json's Codable
  /// encode, this takes 105), eight at a time past them; false, appending
  /// nothing, when one is needed. (`appendPlainKey` and a check after it
  /// measured 1.3 % slower on twitter.json.)
  @inline(__always)
  func appendCheckedKey(_ key: UnsafeBufferPointer<UInt8>, comma: Bool, escapingSlashes: Bool) -> Bool {
    if key.count <= 16, let base = key.baseAddress {
      // Sixteen bytes zeroed, the key copied over their start, and all
      // sixteen tested at once; the lanes past the key are not its own.
      let out = openKey(room: 16, comma: comma)
      UnsafeMutableRawPointer(out).storeBytes(of: SIMD16<UInt8>(), as: SIMD16<UInt8>.self)
      Self.copy(base, to: out, count: key.count)
      let chunk = UnsafeRawPointer(out).loadUnaligned(as: SIMD16<UInt8>.self)
      let own = Self.laneNumbers .< SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: key.count))
      let marks = ByteScan.masks(JSONEscapes.lanes(chunk, escapingSlashes: escapingSlashes) .& own)
      if marks.first | marks.second != 0 { return false }
      closeKey(at: out + key.count)
      return true
    }
    // Eight bytes more: the last word checked may reach past the key.
    var out = openKey(room: key.count + 8, comma: comma)
    if let base = key.baseAddress {
      // The word after the key is set first, so that every byte read is initialised.
      UnsafeMutableRawPointer(out + key.count).storeBytes(of: 0, as: UInt64.self)
      Self.copy(base, to: out, count: key.count)
      let raw = UnsafeRawPointer(out)
      var index = 0
      while index < key.count {
        var found = JSONEscapes.mask(
          UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)),
          escapingSlashes: escapingSlashes)
        // Bytes past the key are not its own; none is marked because of them.
        let left = key.count - index
        if left < 8 { found &= (UInt64(1) << UInt64(8 * left)) &- 1 }
        if found != 0 { return false }
        index += 8
      }
      out += key.count
    }
    closeKey(at: out)
    return true
  }

  /// Appends `"utf8"` with JSON escapes, in one pass with no per-byte
  /// capacity checks: room for the worst case (`\u00XX` for every byte) is
  /// made first. Sixteen bytes at a time where none needs an escape (one
  /// test, one store); otherwise eight at a time, the last few too: each
  /// word is stored whole, and where it holds bytes to escape (marked
  /// exactly, `JSONEscapes.mask`), the bytes between them are stored again
  /// after each escape, all from the one word.
  func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool) {
    // Eight bytes more: the last word stored may reach past the text.
    let worst = utf8.count * 6 + 2 + 8
    if count + worst > capacity { grow(to: count + worst) }
    var out = start + count
    out.pointee = UInt8(ascii: "\"")
    out += 1
    if let base = utf8.baseAddress {
      let end = utf8.count
      var index = 0
      let raw = UnsafeRawPointer(base)
      while end - index >= 16 {
        // Sixteen bytes tested at once; a chunk with bytes to escape is written as two words.
        let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        let marks = ByteScan.masks(JSONEscapes.lanes(chunk, escapingSlashes: escapingSlashes))
        if marks.first | marks.second == 0 {
          UnsafeMutableRawPointer(out).storeBytes(of: chunk, as: SIMD16<UInt8>.self)
          out += 16
        } else {
          let words = ByteScan.words(chunk)
          out = Self.write(words.first, count: 8, escaping: marks.first, at: out)
          out = Self.write(words.second, count: 8, escaping: marks.second, at: out)
        }
        index += 16
      }
      if end - index >= 8 {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        out = Self.write(word, count: 8, escaping: JSONEscapes.mask(word, escapingSlashes: escapingSlashes), at: out)
        index += 8
      }
      if index < end {
        let taking = end - index
        let word = Self.lastBytes(taking, of: base, count: end)
        let marks = JSONEscapes.mask(word, escapingSlashes: escapingSlashes) & (1 << UInt64(8 * taking) &- 1)
        out = Self.write(word, count: taking, escaping: marks, at: out)
      }
    }
    out.pointee = UInt8(ascii: "\"")
    out += 1
    count = out - start
  }

  /// Writes the first `count` bytes of `word` (the first in its lowest
  /// byte) at `out`, each that `marks` marks escaped; where they end. The
  /// bytes between escapes are stored as words from `word` (`out` has 8
  /// bytes of room past the text).
  @inline(__always)
  private static func write(_ word: UInt64, count: Int, escaping marks: UInt64, at out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    guard marks & JSONEscapes.controls(word) == 0 else {
      return writeWithControls(word, count: count, escaping: marks, at: out)
    }
    // Only '"', '\\' and '/', whose escape is a backslash before the byte:
    // the backslash goes in, and the next store begins with the byte.
    var out = out
    var marks = marks
    var taken = 0
    while marks != 0 {
      let at = marks.trailingZeroBitCount &>> 3
      UnsafeMutableRawPointer(out).storeBytes(of: (word &>> UInt64(8 * taken)).littleEndian, as: UInt64.self)
      out += at &- taken
      out.pointee = UInt8(ascii: "\\")
      out += 1
      taken = at
      marks &= marks &- 1
    }
    UnsafeMutableRawPointer(out).storeBytes(of: (word &>> UInt64(8 * taken)).littleEndian, as: UInt64.self)
    return out + (count &- taken)
  }

  /// `write(_:count:escaping:at:)` for a word with a control byte to
  /// escape (rare: apart, so that the common escapes stay small).
  @inline(never)
  private static func writeWithControls(
    _ word: UInt64, count: Int, escaping marks: UInt64, at out: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    var out = out
    var marks = marks
    var taken = 0
    while marks != 0 {
      let at = marks.trailingZeroBitCount &>> 3
      UnsafeMutableRawPointer(out).storeBytes(of: (word &>> UInt64(8 * taken)).littleEndian, as: UInt64.self)
      out += at &- taken
      out = writeEscape(UInt8(truncatingIfNeeded: word &>> UInt64(8 * at)), at: out)
      taken = at &+ 1
      marks &= marks &- 1
    }
    if taken < count {
      UnsafeMutableRawPointer(out).storeBytes(of: (word &>> UInt64(8 * taken)).littleEndian, as: UInt64.self)
      out += count &- taken
    }
    return out
  }

  /// The last `taking` bytes (1 to 7) of the `count` bytes at `base` as a
  /// word, the first in its lowest byte, zeros above them. None is read
  /// outside the text: those of a text of eight bytes or more are the top
  /// of the word that ends with them, those of a shorter one (then
  /// `taking` is `count`) two overlapping loads.
  @inline(__always)
  private static func lastBytes(_ taking: Int, of base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let raw = UnsafeRawPointer(base)
    if count >= 8 {
      let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      return last &>> UInt64(8 * (8 - taking))
    }
    if taking >= 4 {
      let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: taking - 4, as: UInt32.self)))
      return low | high &<< UInt64(8 * (taking - 4))
    }
    if taking >= 2 {
      let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
      let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: taking - 2, as: UInt16.self)))
      return low | high &<< UInt64(8 * (taking - 2))
    }
    return UInt64(base[0])
  }

  /// Writes the escape of `byte` (one `JSONEscapes.mask` marks) at `out`;
  /// where it ends.
  @inline(__always)
  private static func writeEscape(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    out[0] = UInt8(ascii: "\\")
    switch byte {
    case 0x08, 0x09, 0x0A, 0x0C, 0x0D:
      out[1] = shortEscapes[Int(byte)]
      return out + 2
    case 0..<0x20:
      let hex: StaticString = "0123456789abcdef"
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "0")
      out[3] = UInt8(ascii: "0")
      out[4] = hex.utf8Start[Int(byte >> 4)]
      out[5] = hex.utf8Start[Int(byte & 0xF)]
      return out + 6
    default:
      // '"', '\\' and '/'.
      out[1] = byte
      return out + 2
    }
  }

  /// The letter after the backslash for \b \t \n \f \r, by byte.
  private static let shortEscapes: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 0x20)
    table[0x08] = UInt8(ascii: "b")
    table[0x09] = UInt8(ascii: "t")
    table[0x0A] = UInt8(ascii: "n")
    table[0x0C] = UInt8(ascii: "f")
    table[0x0D] = UInt8(ascii: "r")
    return table
  }()

  @usableFromInline
  func grow(to needed: Int) {
    var newCapacity = max(capacity * 2, 16)
    while newCapacity < needed { newCapacity *= 2 }
    start =
      capacity > 0
      ? HeapBytes.reallocate(start, keeping: count, capacity: newCapacity)
      : HeapBytes.allocate(capacity: newCapacity)
    capacity = newCapacity
  }
}
