/// A set of keys as 256 bits, one per `KeyHash.quick`'s low byte: a key
/// not in it was never inserted; one in it may have been (a closer look
/// tells). For the members an in-order reading has passed
/// (`InOrderMembers`). Four words rather than a vector: a vector's lane
/// picked at run time went through the stack, both ways.
struct KeyFilter {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  @inline(__always)
  mutating func insert(_ hash: Int) {
    let bit = UInt64(1) << UInt64(hash & 63)
    switch (hash >> 6) & 3 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  @inline(__always)
  func mayContain(_ hash: Int) -> Bool {
    let word: UInt64
    switch (hash >> 6) & 3 {
    case 0: word = words.0
    case 1: word = words.1
    case 2: word = words.2
    default: word = words.3
    }
    return word & (UInt64(1) << UInt64(hash & 63)) != 0
  }
}
