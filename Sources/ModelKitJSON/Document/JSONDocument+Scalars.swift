extension JSONDocument {
  /// Whether the value at `node` is `null`.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: true for `null`, false for any other value.
  @inlinable @inline(__always)
  public func isNull(_ node: Node) -> Bool { entry(node).tag == .null }

  /// The Boolean at `node`, or nil when it is not `true`/`false`.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the Boolean, or nil.
  @inlinable
  public func bool(_ node: Node) -> Bool? {
    switch entry(node).tag {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// The number at `node` as `Int64` when it is an integer in range
  /// (`7`, `7.0` and `7e0` all qualify; `7.5` does not), else nil.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the integer, or nil.
  @inlinable
  public func int64(_ node: Node) -> Int64? {
    let entry = entry(node)
    switch entry.tag {
    case .int: return Int64(bitPattern: entry.payload)
    case .decimal, .double: return withNumberText(entry) { NumberText.exactInt64($0) }
    case .json5Number: return json5Text(entry)?.withUnsafeBufferPointer { NumberText.exactInt64($0) }
    default: return nil
    }
  }

  /// The number at `node` as `UInt64` when it is a non-negative integer in range, else nil.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the integer, or nil.
  @inlinable
  public func uint64(_ node: Node) -> UInt64? {
    let entry = entry(node)
    switch entry.tag {
    case .int: return Int64(bitPattern: entry.payload) >= 0 ? entry.payload : nil
    case .uint: return entry.payload
    case .decimal, .double: return withNumberText(entry) { NumberText.exactUInt64($0) }
    case .json5Number: return json5Text(entry)?.withUnsafeBufferPointer { NumberText.exactUInt64($0) }
    default: return nil
    }
  }

  /// The number at `node` as `Int` when it is an integer in range, else nil.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the integer, or nil.
  @inlinable
  public func int(_ node: Node) -> Int? { int64(node).flatMap { Int(exactly: $0) } }

  /// The number at `node` as the nearest `Double` (correctly rounded), or nil
  /// when it is not a number or its magnitude is beyond `Double`'s range.
  /// Numbers too small for `Double` give zero with their sign.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the nearest `Double`, or nil.
  @inlinable
  public func double(_ node: Node) -> Double? {
    let entry = entry(node)
    if let stored = Self.storedDouble(entry) { return stored }
    switch entry.tag {
    case .uint: return Double(entry.payload)
    case .decimal: return withNumberText(entry) { NumberText.double($0) }
    // JSON5's `Infinity` and `NaN` are beyond the range too (see `nonFiniteNumber(_:)`).
    case .json5Number: return json5Text(entry)?.withUnsafeBufferPointer { NumberText.double($0) }
    default: return nil
    }
  }

  /// The two numbers of an array of exactly two, when the reader stored
  /// both values (an integer that fits `Int64`, a decimal it converted as
  /// it scanned): what `double(_:)` gives for each, read without a lookup
  /// per element. Nil for any other value, which the caller reads element
  /// by element. (A position's longitude and latitude, in GeoJSON.)
  @inlinable
  package func storedDoublePair(_ node: Node) -> (Double, Double)? {
    let array = entry(node)
    // The first element is the entry after the array's; when that is a
    // number, one entry, the second is the next.
    guard array.tag == .array, array.count == 2,
      let x = Self.storedDouble(storage.tape[node.index + 1]),
      let y = Self.storedDouble(storage.tape[node.index + 2])
    else { return nil }
    return (x, y)
  }

  /// The `Double` of a number entry holding its value (`.int`, `.double`);
  /// nil for any other entry.
  @inlinable
  static func storedDouble(_ entry: TapeEntry) -> Double? {
    switch entry.tag {
    case .int: Double(Int64(bitPattern: entry.payload))
    case .double: Double(bitPattern: entry.payload)
    default: nil
    }
  }

  /// The exact text of the number at `node`, or nil when it is not a number.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the number as written in the input (a number in a form
  ///   only JSON5 has: as JSON writes it; `Infinity` or `NaN` with its
  ///   `-` sign, if any), or nil.
  public func numberText(_ node: Node) -> String? {
    let entry = entry(node)
    switch entry.tag {
    case .int, .uint, .decimal, .double: return withNumberText(entry) { String(decoding: $0, as: UTF8.self) }
    case .json5Number:
      if let json = json5Text(entry) { return String(decoding: json, as: UTF8.self) }
      let word = UnsafeBufferPointer(start: storage.bytes + entry.position, count: entry.count)
      return String(decoding: word.first == UInt8(ascii: "+") ? word.dropFirst() : word[...], as: UTF8.self)
    default: return nil
    }
  }

  /// JSON5's `Infinity` or `NaN` (signed or not) at `node` as a `Double`;
  /// nil for every other value.
  package func nonFiniteNumber(_ node: Node) -> Double? {
    let entry = entry(node)
    guard entry.tag == .json5Number, case .nonFinite(let value) = json5Number(entry) else { return nil }
    return value
  }

  /// The number at a `.json5Number` node as JSON writes it; nil for
  /// `Infinity` and `NaN`, which JSON cannot write.
  @usableFromInline
  func json5Text(_ entry: TapeEntry) -> [UInt8]? {
    guard case .json(let text) = json5Number(entry) else { return nil }
    return text
  }

  /// What a `.json5Number` node stands for (the reader checked its text).
  private func json5Number(_ entry: TapeEntry) -> JSON5Number? {
    JSON5Number(UnsafeBufferPointer(start: storage.bytes + entry.position, count: entry.count))
  }

  @inlinable
  func withNumberText<R>(_ entry: TapeEntry, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let length = entry.tag == .decimal ? Int(truncatingIfNeeded: entry.payload) : entry.aux
    return body(UnsafeBufferPointer(start: storage.bytes + entry.position, count: length))
  }

  /// The string at `node` (a string value or an object key), unescaped; nil
  /// when the value is not a string.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the unescaped string, or nil.
  public func string(_ node: Node) -> String? {
    let entry = entry(node)
    guard entry.tag == .string || entry.tag == .escapedString else { return nil }
    let raw = UnsafeBufferPointer(
      start: storage.bytes + entry.position, count: Int(truncatingIfNeeded: entry.payload))
    // The reader checked the string's UTF-8: well-formed, unless ill-formed bytes were kept to replace.
    let isASCII = entry.aux != TapeEntry.nonASCII
    guard entry.tag == .string else {
      return StringUnescaper.decode(raw, wellFormed: !storage.mayHoldIllFormedUTF8, isASCII: isASCII)
    }
    return String(wellFormedUTF8: raw, isASCII: isASCII)
  }

  /// Whether the string at `node` equals `text`, with Swift's `String`
  /// equality (canonically equivalent strings are equal, as in a
  /// `Dictionary`). Creates no string when the bytes alone decide.
  ///
  /// - Parameters:
  ///   - node: a node of this document.
  ///   - text: the text to compare with.
  /// - Returns: whether the node is a string equal to `text`.
  @inlinable
  public func stringEquals(_ node: Node, _ text: String) -> Bool {
    withUTF8Bytes(of: text) { stringEquals(node, utf8: $0, isASCII: isASCII($0), text) }
  }

  /// `stringEquals(_:_:)` with `text`'s UTF-8 and ASCII-ness worked out
  /// once by the caller, for comparing one text with many keys.
  @usableFromInline
  func stringEquals(_ node: Node, utf8: UnsafeBufferPointer<UInt8>, isASCII textIsASCII: Bool, _ text: String) -> Bool {
    let entry = entry(node)
    switch entry.tag {
    case .string:
      let length = Int(truncatingIfNeeded: entry.payload)
      if utf8.count == length
        && (length == 0 || memoryEquals(utf8.baseAddress!, storage.bytes + entry.position, length))
      {
        return true
      }
      // Different bytes can only be equal strings when some are not ASCII.
      if entry.aux != TapeEntry.nonASCII && textIsASCII { return false }
      return string(node) == text
    case .escapedString:
      return string(node) == text
    default:
      return false
    }
  }
}

/// Whether every byte is ASCII: eight at a time, the last word and a
/// short text's halves read overlapping (never past the bytes).
@inlinable @inline(__always)
func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  let raw = UnsafeRawPointer(base)
  let count = bytes.count
  if count >= 8 {
    var combined: UInt64 = 0
    var index = 0
    while index + 8 < count {
      combined |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    combined |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    return combined & 0x8080_8080_8080_8080 == 0
  }
  if count >= 4 {
    let combined = raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    return combined & 0x8080_8080 == 0
  }
  var combined: UInt8 = 0
  for byte in bytes { combined |= byte }
  return combined < 0x80
}

/// Compares two byte ranges of equal length: the one byte comparison the
/// reader, the document and ModelKit's key tables use. Eight bytes at a
/// time; the last word, and a short range's two halves, are read
/// overlapping, so that nothing past either range is read.
@inlinable
package func memoryEquals(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  let left = UnsafeRawPointer(lhs)
  let right = UnsafeRawPointer(rhs)
  if count >= 8 {
    var index = 0
    while index + 8 < count {
      if left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        != right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      {
        return false
      }
      index += 8
    }
    return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
  if count >= 4 {
    return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
      && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
  }
  if count >= 2 {
    return left.loadUnaligned(as: UInt16.self) == right.loadUnaligned(as: UInt16.self)
      && lhs[count - 1] == rhs[count - 1]
  }
  return count == 0 || lhs[0] == rhs[0]
}

extension JSONDocument {
  /// Calls `body` with the raw bytes between a string's quotes and whether
  /// they are its exact UTF-8 (no escapes, all ASCII); nil for other values.
  @inlinable
  package func withRawString<R>(
    _ node: Node, _ body: (UnsafeBufferPointer<UInt8>, _ isPlainASCII: Bool) -> R
  ) -> R? {
    let entry = entry(node)
    guard entry.tag == .string || entry.tag == .escapedString else { return nil }
    let raw = UnsafeBufferPointer(
      start: UnsafePointer(storage.bytes + entry.position), count: Int(truncatingIfNeeded: entry.payload))
    return body(raw, entry.tag == .string && entry.aux != TapeEntry.nonASCII)
  }

  /// Calls `body` with the exact text of a number (a JSON5 number as JSON
  /// writes it); nil for other values, and for JSON5's `Infinity` and `NaN`.
  @inlinable
  package func withNumberText<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    let entry = entry(node)
    switch entry.tag {
    case .int, .uint, .decimal, .double: return withNumberText(entry, body)
    case .json5Number: return json5Text(entry)?.withUnsafeBufferPointer(body)
    default: return nil
    }
  }

  /// The integer value of a number node when the reader stored one.
  @inlinable @inline(__always)
  package func storedInteger(_ node: Node) -> (int: Int64?, uint: UInt64?) {
    let entry = entry(node)
    switch entry.tag {
    case .int: return (Int64(bitPattern: entry.payload), nil)
    case .uint: return (nil, entry.payload)
    default: return (nil, nil)
    }
  }
}
