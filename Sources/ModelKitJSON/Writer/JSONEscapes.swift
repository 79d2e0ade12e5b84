/// Finds the bytes JSON strings must escape, eight at a time.
package enum JSONEscapes {
  /// The high bit of each of eight bytes (little-endian) that is '"', '\\',
  /// a control byte or (when escaped) '/', and of no other: exact for every
  /// byte, so the marks can be taken one by one. Each test adds to a byte's
  /// low seven bits a number that carries into its high bit unless the
  /// byte is the one tested for (below 0x20 for the control bytes); the
  /// sums stay below 0x100, so nothing carries between bytes. A byte whose
  /// own high bit is set is never marked.
  @inline(__always)
  package static func mask(_ word: UInt64, escapingSlashes: Bool) -> UInt64 {
    let ones = ByteScan.ones
    let lowBits = ~ByteScan.highBits
    let low = word & lowBits
    // A sum's high bit is clear only where the byte is the one tested for.
    var sums = ((low ^ (ones &* UInt64(UInt8(ascii: "\"")))) &+ lowBits)
    sums &= (low ^ (ones &* UInt64(UInt8(ascii: "\\")))) &+ lowBits
    sums &= low &+ ones &* 0x60
    if escapingSlashes { sums &= (low ^ (ones &* UInt64(UInt8(ascii: "/")))) &+ lowBits }
    return ~(sums | word) & ByteScan.highBits
  }

  /// The lanes of `chunk` that `mask` would mark: '"', '\\', a control
  /// byte or (when escaped) '/'.
  @inline(__always)
  package static func lanes(_ chunk: SIMD16<UInt8>, escapingSlashes: Bool) -> SIMDMask<SIMD16<Int8>> {
    // Whole-vector compares with their types written out, combined
    // without a variable: a first form (`var lanes = …` with the vector
    // types inferred, then `lanes .|= …`) was compiled lane by lane
    // (weibo.json's encode took 405k instructions, against 188k).
    let quotes = chunk .== SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    let backslashes = chunk .== SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
    let controls = chunk .< SIMD16<UInt8>(repeating: 0x20)
    let lanes = quotes .| backslashes .| controls
    return escapingSlashes ? lanes .| (chunk .== SIMD16<UInt8>(repeating: UInt8(ascii: "/"))) : lanes
  }

  /// The high bit of each of eight bytes (little-endian) that is a
  /// control byte (below 0x20), and of no other: the bytes of a `mask`
  /// whose escape is not a backslash before the byte itself.
  @inline(__always)
  package static func controls(_ word: UInt64) -> UInt64 {
    ~(((word & ~ByteScan.highBits) &+ ByteScan.ones &* 0x60) | word) & ByteScan.highBits
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
