/// Finds the bytes JSON strings must escape, eight at a time.
package enum JSONEscapes {
  /// The high bit of each of eight bytes (little-endian) that is '"', '\\',
  /// a control byte or (when escaped) '/'; the lowest set bit is exact, and
  /// a byte is never marked because of a byte above it.
  @inline(__always)
  package static func mask(_ word: UInt64, escapingSlashes: Bool) -> UInt64 {
    var found = ByteScan.bytes(word, equalTo: UInt8(ascii: "\"")) | ByteScan.bytes(word, equalTo: UInt8(ascii: "\\"))
    found |= ByteScan.controlBytes(word)
    if escapingSlashes { found |= ByteScan.bytes(word, equalTo: UInt8(ascii: "/")) }
    return found
  }

  /// Whether any byte of `utf8` must be escaped.
  package static func anyNeeded(in utf8: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool) -> Bool {
    guard let base = utf8.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= utf8.count {  // eight bytes at a time
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      if mask(word, escapingSlashes: escapingSlashes) != 0 { return true }
      index += 8
    }
    while index < utf8.count {  // the last few bytes, one by one
      let byte = base[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (escapingSlashes && byte == UInt8(ascii: "/")) {
        return true
      }
      index += 1
    }
    return false
  }
}
