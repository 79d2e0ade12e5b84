/// Streams JSON text into a byte buffer; it only ever writes valid JSON.
///
/// Commas, colons and (when pretty) line breaks are placed for you:
///
/// ```swift
/// var writer = JSONWriter(options: [.prettyPrinted])
/// writer.beginObject()
/// writer.writeKey("id"); writer.write(42)
/// writer.writeKey("tags"); writer.write(["a", "b"] as JSONValue)
/// writer.endObject()
/// let text = String(decoding: writer.bytes, as: UTF8.self)
/// ```
///
/// Non-finite floating-point values, which JSON cannot express, are written
/// as `null`. Keys and values must alternate inside objects; the writer
/// checks this in debug builds.
public struct JSONWriter {
  /// The text written so far.
  public var bytes: [UInt8] { Array(buffer.contents) }

  /// The number of bytes written so far.
  public var count: Int { buffer.count }

  // The state the inlinable writes below read (they are called for every
  // key and value of an encode, from other modules).
  @usableFromInline var buffer: OutputBuffer
  /// The options in effect.
  public let options: JSONWriteOptions

  @usableFromInline let pretty: Bool
  @usableFromInline package let escapesSlashes: Bool
  /// Where a writer that builds a value puts it (nil: the writer writes text).
  @usableFromInline let tree: JSONValueBuilder?
  @usableFromInline var depth = 0
  @usableFromInline var isFirstInContainer = true
  @usableFromInline var afterKey = false
  /// Set by `writeMember` between its key and its value only: the key's
  /// write has just made the buffer this writer's own.
  @usableFromInline var valueFollowsCheckedKey = false
  /// Set by `holdBufferAlone()`: no write asks whether the buffer is shared.
  @usableFromInline var holdsBufferAlone = false

  /// Creates a writer with an empty buffer.
  ///
  /// - Parameters:
  ///   - options: pretty printing, sorted keys, unescaped slashes.
  ///   - capacity: the bytes to reserve before the first write.
  public init(options: JSONWriteOptions = [], capacity: Int = 256) {
    self.options = options
    pretty = options.contains(.prettyPrinted)
    escapesSlashes = !options.contains(.withoutEscapingSlashes)
    buffer = OutputBuffer(capacity: capacity)
    tree = nil
  }

  /// A writer that builds the `JSONValue` its text would read as, in
  /// place of the text: `value` once a whole value is written. Numbers
  /// have the text they would be written with; objects keep the order
  /// their keys were written in (repeated: the last value, at the first
  /// position). Copies of it share what it builds.
  ///
  /// - Parameter options: `.sortedKeys` for the order of the objects of
  ///   values written whole; the others concern text only.
  package init(buildingValueWith options: JSONWriteOptions) {
    self.options = options
    pretty = false
    escapesSlashes = true
    // The builder keeps the buffer too, where numbers are formatted: never
    // uniquely referenced, so that `makeUnique()` turns every write to the tree.
    buffer = OutputBuffer(capacity: 32)
    tree = JSONValueBuilder(numbers: buffer)
  }

  /// What a writer that builds a value has built: nil before a whole value
  /// is written, and for a writer of text.
  package var value: JSONValue? { tree?.value }

  /// Whether a writer that builds a value was given containers nested
  /// deeper than `JSONValue.maximumDepth` (which are not built).
  package var builtTooDeep: Bool { tree?.isTooDeep ?? false }

  // MARK: - Structure

  /// Writes `[`.
  @inlinable @inline(__always)
  public mutating func beginArray() {
    guard beforeValue() else { return beginInTree(object: false) }
    buffer.append(UInt8(ascii: "["))
    open()
  }

  /// Writes `]`.
  @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Writes `[]` (when pretty, as `beginArray` then `endArray`).
  @inlinable @inline(__always)
  package mutating func writeEmptyArray() {
    guard !pretty, beforeValue() else {
      beginArray()
      return endArray()
    }
    buffer.appendEmptyArray()
  }

  /// Writes `{`.
  @inlinable @inline(__always)
  public mutating func beginObject() {
    guard beforeValue() else { return beginInTree(object: true) }
    buffer.append(UInt8(ascii: "{"))
    open()
  }

  /// Writes `}`.
  @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }

  /// Writes an object key and its colon; the next write is its value.
  ///
  /// - Parameter key: the key, escaped as JSON needs.
  public mutating func writeKey(_ key: String) {
    withUTF8Bytes(of: key) { writeKey(escapingAsNeeded: $0) }
  }

  /// Writes an object key given as UTF-8, escaped where it needs it, and its colon.
  package mutating func writeKey(escapingAsNeeded key: UnsafeBufferPointer<UInt8>) {
    guard pretty else {
      // The common case in one step, the key checked as it is copied; the
      // check failing means a byte needs an escape.
      let slashes = escapesSlashes
      if !writeKeyInOneStep(key, { $0.appendCheckedKey(key, comma: $1, escapingSlashes: slashes) }) {
        writeKeyWithSpacing(utf8: key, needsEscaping: true)
      }
      return
    }
    writeKey(utf8: key, needsEscaping: JSONEscapes.anyNeeded(in: key, escapingSlashes: escapesSlashes))
  }

  /// The text written so far, handed over without copying it: the caller
  /// owns the memory and releases it with `HeapBytes.release` (also when
  /// it is empty); the writer starts again empty.
  package mutating func takeBytes() -> UnsafeMutableBufferPointer<UInt8> {
    if isKnownUniquelyReferenced(&buffer) { return buffer.takeContents() }
    // A copied writer's buffer is shared: the text is copied out instead.
    let copy = OutputBuffer(capacity: buffer.count)
    copy.append(buffer.contents)
    buffer = OutputBuffer(capacity: 16)
    return copy.takeContents()
  }

  /// Calls `body` with the text written so far, without copying it.
  package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try body(buffer.contents)
  }

  /// Writes an object key given as UTF-8 and its colon; the next write is
  /// its value. `needsEscaping: false` promises that no byte needs escaping.
  @inlinable @inline(__always)
  package mutating func writeKey(utf8 key: UnsafeBufferPointer<UInt8>, needsEscaping: Bool = true) {
    assert(!afterKey, "two keys in a row")
    guard pretty || needsEscaping else {
      // A key known to need no escape, compact: in one step.
      _ = writeKeyInOneStep(key) { buffer, comma in
        buffer.appendPlainKey(key, comma: comma)
        return true
      }
      return
    }
    writeKeyWithSpacing(utf8: key, needsEscaping: needsEscaping)
  }

  /// Writes `,"key":` in one step (not pretty) with `append`, given the
  /// buffer and whether a comma comes first; false, writing nothing, when
  /// `append` does (a checked key with a byte to escape).
  @inlinable @inline(__always)
  mutating func writeKeyInOneStep(
    _ key: UnsafeBufferPointer<UInt8>, _ append: (OutputBuffer, _ comma: Bool) -> Bool
  ) -> Bool {
    assert(!afterKey, "two keys in a row")
    guard makeUnique() else {
      addToTree(key: key)
      return true
    }
    guard append(buffer, depth > 0 && !isFirstInContainer) else { return false }
    isFirstInContainer = false
    afterKey = true
    return true
  }

  /// `writeKey(utf8:needsEscaping:)` with escapes or pretty printing.
  @usableFromInline
  mutating func writeKeyWithSpacing(utf8 key: UnsafeBufferPointer<UInt8>, needsEscaping: Bool) {
    guard beforeValue() else { return addToTree(key: key) }
    if needsEscaping {
      buffer.appendQuoted(key, escapingSlashes: escapesSlashes)
    } else {
      buffer.append(UInt8(ascii: "\""))
      buffer.append(key)
      buffer.append(UInt8(ascii: "\""))
    }
    if pretty {
      // `"key" : value`, as `JSONEncoder` lays it out.
      buffer.append(UInt8(ascii: " "))
      buffer.append(UInt8(ascii: ":"))
      buffer.append(UInt8(ascii: " "))
    } else {
      buffer.append(UInt8(ascii: ":"))
    }
    afterKey = true
  }

  /// Writes `key` and then, with `value`, one value: the buffer is checked
  /// for sharing once for both (the key's write makes it this writer's
  /// own, and nothing can copy the writer before the value is written).
  /// `value` writes exactly one value.
  @inlinable @inline(__always)
  package mutating func writeMember(
    utf8 key: UnsafeBufferPointer<UInt8>, needsEscaping: Bool, _ value: (inout JSONWriter) -> Void
  ) {
    writeKey(utf8: key, needsEscaping: needsEscaping)
    valueFollowsCheckedKey = tree == nil
    value(&self)
    assert(!valueFollowsCheckedKey, "a member without its value")
  }

  /// `writeMember` for an integer: compact, with a key that needs no
  /// escape, the key and the digits in one step.
  @inlinable @inline(__always)
  package mutating func writeMember(utf8 key: UnsafeBufferPointer<UInt8>, needsEscaping: Bool, integer value: Int64) {
    assert(!afterKey, "two keys in a row")
    guard !pretty && !needsEscaping, makeUnique() else {
      return writeMember(utf8: key, needsEscaping: needsEscaping) { $0.write(value) }
    }
    buffer.appendPlainMember(key, comma: depth > 0 && !isFirstInContainer, integer: value.magnitude, negative: value < 0)
    isFirstInContainer = false
  }

  /// Where the next member or element begins: the number of bytes
  /// written so far, or, building a value, of entries in the innermost container.
  package var position: Int { tree?.position ?? buffer.count }

  /// Puts the members of the innermost open object in `order`: `starts`
  /// gives where each member began (`position` before its key was
  /// written), the last one ending where the writer stands.
  package mutating func reorderMembers(startingAt starts: [Int], in order: [Int]) {
    guard makeUnique() else { return tree!.reorderMembers(from: starts[0], in: order) }
    let first = starts[0]
    let end = buffer.count
    let written = Array(UnsafeBufferPointer(start: buffer.start + first, count: end - first))
    var out = buffer.start + first
    written.withUnsafeBufferPointer { written in
      for (position, member) in order.enumerated() {
        // Every member but the first begins with its comma: the commas stay where they are.
        let from = starts[member] - first + (member > 0 ? 1 : 0)
        let to = (member + 1 < starts.count ? starts[member + 1] : end) - first
        if position > 0 {
          out.pointee = UInt8(ascii: ",")
          out += 1
        }
        out.update(from: written.baseAddress! + from, count: to - from)
        out += to - from
      }
    }
  }

  /// Where a writer stands, to go back to with `rewind(to:)`.
  package struct Checkpoint {
    /// The bytes written, or, building a value, the innermost container's entries.
    fileprivate let count: Int
    fileprivate let depth: Int
    fileprivate let isFirstInContainer: Bool
    fileprivate let afterKey: Bool
  }

  /// The current position, for a later `rewind(to:)`.
  package var checkpoint: Checkpoint {
    if let tree {
      return Checkpoint(count: tree.position, depth: tree.depth, isFirstInContainer: false, afterKey: tree.isAfterKey)
    }
    return Checkpoint(count: buffer.count, depth: depth, isFirstInContainer: isFirstInContainer, afterKey: afterKey)
  }

  /// Drops everything written since `checkpoint` was taken; building a
  /// value, the container open then must still be open.
  package mutating func rewind(to checkpoint: Checkpoint) {
    guard makeUnique() else {
      return tree!.rewind(toDepth: checkpoint.depth, position: checkpoint.count, afterKey: checkpoint.afterKey)
    }
    buffer.truncate(to: checkpoint.count)
    depth = checkpoint.depth
    isFirstInContainer = checkpoint.isFirstInContainer
    afterKey = checkpoint.afterKey
  }

  @inlinable
  mutating func open() {
    depth += 1
    isFirstInContainer = true
  }

  @inlinable @inline(__always)
  mutating func close(_ bracket: UInt8) {
    assert(!afterKey, "a key without a value")
    guard makeUnique() else { return endInTree() }
    depth -= 1
    if pretty {
      // An empty container is `[`, a blank line, `]`, as `JSONEncoder` writes it.
      if isFirstInContainer { buffer.append(UInt8(ascii: "\n")) }
      newline()
    }
    buffer.append(bracket)
    isFirstInContainer = false
  }

  /// Keeps value semantics: a copied writer gets its own buffer before
  /// writing. False for a writer that builds a value, whose buffer its
  /// builder shares: the write goes to the tree (one test, the one a
  /// writer of text makes anyway). A writer that holds its buffer alone
  /// skips the test, a call into the runtime.
  @inlinable @inline(__always)
  mutating func makeUnique() -> Bool {
    if _fastPath(holdsBufferAlone) {
      checkInvariant(isKnownUniquelyReferenced(&buffer), "a writer holding its buffer alone was copied")
      return true
    }
    return makeUniqueChecked()
  }

  /// `makeUnique` for a writer that does not hold its buffer alone.
  @usableFromInline
  mutating func makeUniqueChecked() -> Bool {
    if _fastPath(isKnownUniquelyReferenced(&buffer)) { return true }
    return makeUniqueSlowly()
  }

  /// Makes the buffer this writer's own once, for a writer of text no
  /// copy of which is ever written to or read after this one writes (the
  /// model layer's writers, Internals §14): from now on its writes do not
  /// ask the runtime whether the buffer is shared, a call per key, value
  /// and bracket. A copy would share the buffer with this writer and see
  /// its writes; the internal checks catch one at the next write.
  package mutating func holdBufferAlone() {
    precondition(tree == nil, "a writer that builds a value shares its buffer with the builder")
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    holdsBufferAlone = true
  }

  /// `makeUnique` for a copied writer or one that builds a value.
  @usableFromInline
  mutating func makeUniqueSlowly() -> Bool {
    if tree != nil { return false }
    buffer = buffer.copy()
    return true
  }

  // The builder's side of the inlinable writes, out of line.
  @usableFromInline mutating func beginInTree(object: Bool) { tree!.begin(object: object) }
  @usableFromInline mutating func endInTree() { tree!.end() }
  @usableFromInline mutating func addToTree(key: UnsafeBufferPointer<UInt8>) {
    tree!.add(key: String(decoding: key, as: UTF8.self))
  }
  @usableFromInline mutating func addToTree(_ value: JSONValue) { tree!.add(value) }
  @usableFromInline mutating func addToTree(_ value: Int64) {
    addNumber { $0.buffer.appendInteger(value.magnitude, negative: value < 0) }
  }

  /// Places a value's separator; false when the value goes to the tree.
  @inlinable @inline(__always)
  mutating func beforeValue() -> Bool {
    if valueFollowsCheckedKey {
      valueFollowsCheckedKey = false
      afterKey = false
      return true
    }
    guard makeUnique() else { return false }
    if afterKey {
      afterKey = false
      return true
    }
    if depth > 0 {
      if !isFirstInContainer { buffer.append(UInt8(ascii: ",")) }
      if pretty { newline() }
    }
    isFirstInContainer = false
    return true
  }

  @usableFromInline
  mutating func newline() {
    buffer.append(UInt8(ascii: "\n"))
    for _ in 0..<depth {
      buffer.append(UInt8(ascii: " "))
      buffer.append(UInt8(ascii: " "))
    }
  }

  // MARK: - Scalars

  /// Writes `null`.
  @inlinable @inline(__always)
  public mutating func writeNull() {
    guard beforeValue() else { return addToTree(.null) }
    buffer.appendNull()
  }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: the Boolean.
  @inlinable @inline(__always)
  public mutating func write(_ value: Bool) {
    guard beforeValue() else { return addToTree(.bool(value)) }
    buffer.appendLiteral(value)
  }

  /// Writes a string, escaped.
  ///
  /// - Parameter value: the string, escaped as JSON needs.
  public mutating func write(_ value: String) {
    guard beforeValue() else { return tree!.add(.string(value)) }
    appendString(value)
  }

  /// Writes the string at `text`, escaped, read where it lies
  /// (`withUTF8Bytes(at:_:)`): a model's string field, without copying it.
  package mutating func write(stringAt text: UnsafePointer<String>) {
    guard beforeValue() else { return tree!.add(.string(text.pointee)) }
    // The buffer unretained, as this writer holds it: the string's inout
    // access, which may touch any memory for all the compiler knows,
    // would otherwise have it retained around the closure.
    let out = Unmanaged.passUnretained(buffer)
    let escapesSlashes = escapesSlashes
    withUTF8Bytes(at: text) { utf8 in out._withUnsafeGuaranteedRef { $0.appendQuoted(utf8, escapingSlashes: escapesSlashes) } }
  }

  /// Writes a number's exact text.
  ///
  /// - Parameter value: the number.
  public mutating func write(_ value: JSONNumber) {
    guard beforeValue() else { return tree!.add(.number(value)) }
    withUTF8Bytes(of: value.text) { buffer.append($0) }
  }

  /// Writes an integer.
  ///
  /// - Parameter value: the integer.
  @inlinable @inline(__always)
  public mutating func write(_ value: Int64) {
    guard beforeValue() else { return addToTree(value) }
    buffer.appendInteger(value.magnitude, negative: value < 0)
  }

  /// Writes an integer.
  ///
  /// - Parameter value: the integer.
  @inlinable public mutating func write(_ value: Int) { write(Int64(value)) }

  /// Writes an unsigned integer, exactly.
  ///
  /// - Parameter value: the integer.
  public mutating func write(_ value: UInt64) {
    guard beforeValue() else { return addNumber { $0.buffer.appendInteger(value, negative: false) } }
    buffer.appendInteger(value, negative: false)
  }

  /// Writes a `Double` in its shortest round-trip form, as `JSONEncoder`
  /// does (`1000`, `0.1`, `1e+20`); NaN and infinities as `null`.
  ///
  /// - Parameter value: the number.
  public mutating func write(_ value: Double) {
    guard value.isFinite else { return writeNull() }
    guard beforeValue() else { return addNumber { $0.writeFloatingPoint(value) } }
    writeFloatingPoint(value)
  }

  /// Writes an array of numbers, each as `write(_: Double)` writes it, in
  /// one step: compact text is written without the writer's state per
  /// element (a coordinate pair is two numbers between brackets). Pretty
  /// text and a value being built take the element-wise way.
  ///
  /// - Parameter values: the numbers.
  package mutating func writeArray(of values: UnsafeBufferPointer<Double>) {
    // (`beforeValue` is false for a value being built, which takes the tree.)
    guard !pretty, beforeValue() else {
      beginArray()
      for value in values { write(value) }
      return endArray()
    }
    _ = appendArray(of: values, stoppingAtNonFinite: false)
  }

  /// Writes arrays of numbers as the next values, each as
  /// `writeArray(of:)` writes it, up to the first that holds a number that
  /// is not finite, which is left to the caller (whose converter decides
  /// how it is written). Compact text is written in one step, without a
  /// call per array (coordinates are a pair of numbers each).
  ///
  /// - Parameter arrays: the arrays.
  /// - Returns: how many arrays were written, from the first.
  package mutating func writeArrays(of arrays: UnsafeBufferPointer<[Double]>) -> Int {
    for index in arrays.indices {
      guard !pretty, tree == nil else {
        guard arrays[index].allSatisfy({ $0.isFinite }) else { return index }
        arrays[index].withUnsafeBufferPointer { writeArray(of: $0) }
        continue
      }
      let before = checkpoint
      _ = beforeValue()
      // The numbers read where the outer array keeps them (Internals.md §13).
      let values = arrays[index].withUnsafeBufferPointer { $0 }
      guard appendArray(of: values, stoppingAtNonFinite: true) else {
        rewind(to: before)
        return index
      }
    }
    return arrays.count
  }

  /// Appends the numbers between brackets to the text, with room for
  /// them made once (a comma and `ShortestDecimal.room` each, and the
  /// brackets), the normal ones written straight in. The others (zeros,
  /// subnormals) are written as `write(_: Double)` writes them, in fewer
  /// bytes than that room (at most 24), so the room still holds; NaN and
  /// infinities as `null`, or, `stoppingAtNonFinite`, not at all: false,
  /// and the caller takes the text back to before the array.
  @inline(__always)
  private mutating func appendArray(of values: UnsafeBufferPointer<Double>, stoppingAtNonFinite: Bool) -> Bool {
    let room = values.count * (ShortestDecimal.room + 1) + 2
    if buffer.count + room > buffer.capacity { buffer.grow(to: buffer.count + room) }
    let end = buffer.count + room
    var out = buffer.start + buffer.count
    out.pointee = UInt8(ascii: "[")
    out += 1
    for index in values.indices {
      if index > 0 {
        out.pointee = UInt8(ascii: ",")
        out += 1
      }
      let value = values[index]
      if let decimal = ShortestDecimal(value) {
        out += decimal.write(to: out)
        continue
      }
      if !value.isFinite && stoppingAtNonFinite { return false }
      buffer.count = out - buffer.start
      if value.isFinite { writeDescription(value) } else { buffer.appendNull() }
      checkInvariant(
        buffer.count <= end - (values.count - index - 1) * (ShortestDecimal.room + 1) - 1, "a number past its room")
      out = buffer.start + buffer.count
    }
    out.pointee = UInt8(ascii: "]")
    buffer.count = out + 1 - buffer.start
    return true
  }

  /// Writes an array of integers, each as `write(_: Int)` writes it, in
  /// one step, as `writeArray(of:)` writes numbers.
  ///
  /// - Parameter values: the integers.
  package mutating func writeArray(of values: UnsafeBufferPointer<Int>) {
    guard !pretty, beforeValue() else {
      beginArray()
      for value in values { write(value) }
      return endArray()
    }
    buffer.append(UInt8(ascii: "["))
    for index in values.indices {
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      buffer.appendInteger(UInt64(values[index].magnitude), negative: values[index] < 0)
    }
    buffer.append(UInt8(ascii: "]"))
  }

  /// Writes a `Float` in its shortest round-trip form, as `JSONEncoder`
  /// does; NaN and infinities as `null`.
  ///
  /// - Parameter value: the number.
  public mutating func write(_ value: Float) {
    guard value.isFinite else { return writeNull() }
    guard beforeValue() else { return addNumber { $0.writeDescription(value) } }
    writeDescription(value)
  }

  /// Building a value: adds the number whose text `format` writes.
  private mutating func addNumber(_ format: (inout JSONWriter) -> Void) {
    format(&self)
    tree!.add(.number(JSONNumber(validText: String(decoding: buffer.contents, as: UTF8.self))))
    buffer.truncate(to: 0)
  }

  /// The standard library's shortest text for `value`, less a trailing
  /// `.0`: found directly for normal values (`ShortestDecimal`).
  private mutating func writeFloatingPoint(_ value: Double) {
    if let decimal = ShortestDecimal(value) { return buffer.append(decimal) }
    writeDescription(value)
  }

  /// The standard library's shortest text for `value`, less a trailing `.0`.
  private mutating func writeDescription(_ value: some BinaryFloatingPoint & TextOutputStreamable) {
    let start = buffer.count
    var sink = DigitSink(buffer: Unmanaged.passUnretained(buffer))
    value.write(to: &sink)
    if buffer.count - start >= 2, buffer.endsWithPointZero { buffer.truncate(to: buffer.count - 2) }
  }

  // MARK: - Values

  /// Writes a whole value; with `.sortedKeys`, object keys in ascending order.
  ///
  /// - Parameter value: the value and everything inside it.
  public mutating func write(_ value: JSONValue) {
    if let tree, !options.contains(.sortedKeys) { return tree.add(value) }
    switch value {
    case .null: writeNull()
    case .bool(let flag): write(flag)
    case .number(let number): write(number)
    case .string(let string): write(string)
    case .array(let elements):
      beginArray()
      for element in elements { write(element) }
      endArray()
    case .object(let object):
      beginObject()
      let storage = object.storage.owned
      if options.contains(.sortedKeys) {
        for offset in storage.keys.indices.sorted(by: { storage.keys[$0] < storage.keys[$1] }) {
          writeKey(storage.keys[offset])
          write(storage.values[offset])
        }
      } else {
        for offset in storage.keys.indices {
          writeKey(storage.keys[offset])
          write(storage.values[offset])
        }
      }
      endObject()
    }
  }

  // MARK: - Bytes

  /// Appends `"text"`, escaping quotes, backslashes, control characters and
  /// (unless `.withoutEscapingSlashes`) slashes; everything else is raw UTF-8.
  /// (Mutating only so that the writer is not copied to call it.)
  private mutating func appendString(_ text: String) {
    let out = buffer  // one reference for the closure, not one per append
    let escapesSlashes = escapesSlashes
    withUTF8Bytes(of: text) { out.appendQuoted($0, escapingSlashes: escapesSlashes) }
  }
}

/// Receives a number's text from the standard library's formatting,
/// which hands its digits to `_writeASCII` without making a `String`.
private struct DigitSink: TextOutputStream {
  /// Not retained (a retain and a release per number): a sink lives only
  /// inside `writeDescription`, whose writer holds the buffer.
  let buffer: Unmanaged<OutputBuffer>

  mutating func write(_ string: String) {
    withUTF8Bytes(of: string) { bytes in buffer._withUnsafeGuaranteedRef { $0.append(bytes) } }
  }

  mutating func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
    buffer._withUnsafeGuaranteedRef { $0.append(bytes) }
  }
}
