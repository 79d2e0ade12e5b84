/// Reads JSON text into a `DocumentStorage` tape: RFC 8259 strict, or
/// JSON5 when the options allow it (the loop that reads containers is
/// compiled once per `ReaderDialect`; tokens the dialects share are read by
/// the same code).
///
/// The reader never recurses: open containers live on an explicit stack whose
/// depth is limited by `JSONReadOptions.maxDepth`, so hostile nesting is an
/// error and never a stack overflow. It validates everything (grammar, escapes,
/// UTF-8) once, so later access can trust the tape.
struct JSONReader {
  /// The input, followed by `DocumentStorage.padding` zero bytes.
  let input: UnsafePointer<UInt8>
  let count: Int
  let options: JSONReadOptions
  /// Where the reader is: at most `count + 1` (members without braces end
  /// past the `}` put after the text), and `count` is below
  /// `DocumentStorage.inputLimit`: the reader's sums on it wrap without an
  /// overflow check (`&+`).
  var position = 0
  var tape: TapeBuffer

  /// An open container on the reader's stack.
  private struct Frame {
    var tapeIndex: Int
    /// Its elements or members so far: fewer than the text's bytes (its
    /// sums wrap, as `position`'s do).
    var count: Int
    var isObject: Bool
  }

  /// Reads `input` (a padded copy, see `DocumentStorage.paddedCopy`) into a
  /// document that takes ownership of it; on error, frees it.
  static func read(
    _ input: UnsafeMutablePointer<UInt8>, count: Int, options: JSONReadOptions
  ) throws(JSONError) -> DocumentStorage {
    var reader = JSONReader(input: input, count: count, options: options)
    do {
      switch (options.allowsJSON5, options.readsMembersWithoutBraces) {
      case (false, false): try reader.read(StandardJSON.self)
      case (true, false): try reader.read(JSON5.self)
      case (false, true): try reader.readMembersWithoutBraces(StandardJSON.self)
      case (true, true): try reader.readMembersWithoutBraces(JSON5.self)
      }
    } catch {
      reader.tape.discard()
      HeapBytes.release(input)
      throw error
    }
    reader.tape.trim()
    return DocumentStorage(bytes: input, tape: reader.tape, readWith: options)
  }

  private init(input: UnsafeMutablePointer<UInt8>, count: Int, options: JSONReadOptions) {
    self.input = UnsafePointer(input)
    self.count = count
    self.options = options
    // Typical documents take 13–30 bytes per node (the corpus files do);
    // denser ones grow the tape by doubling.
    tape = TapeBuffer(capacity: count / 12)
  }

  /// Reads the whole input as one text of `Dialect`.
  private mutating func read<Dialect: ReaderDialect>(_ dialect: Dialect.Type) throws(JSONError) {
    try skipToText(Dialect.self)
    var stack: [Frame] = []
    stack.reserveCapacity(32)
    if position == count { throw error(.emptyInput, "the input contains no JSON value", at: position) }
    try readValues(&stack, Dialect.self)
    skipWhitespace(Dialect.self)
    if position != count { throw trailing() }
  }

  @inline(never)
  private func trailing() -> JSONError {
    Self.afterTopLevelValue(in: UnsafeBufferPointer(start: input, count: count), at: position, options: options)
  }

  /// The error of bytes at `offset` of `text`, after its top-level value
  /// (the whole reading's and the windows of a large array's): in JSON5, a
  /// comment left open there is the end of the text's.
  static func afterTopLevelValue(
    in text: UnsafeBufferPointer<UInt8>, at offset: Int, options: JSONReadOptions
  ) -> JSONError {
    if options.allowsJSON5, let open = JSON5Space.commentLeftOpen(in: text, at: offset) { return open }
    return JSONError.trailingCharacters(at: offset, in: text)
  }

  /// Checks the input's size and goes to its first value: past a UTF-8
  /// byte-order mark (RFC 8259 §8.1 lets a parser ignore one) and white space.
  @inline(__always)
  private mutating func skipToText<Dialect: ReaderDialect>(_ dialect: Dialect.Type) throws(JSONError) {
    guard count < DocumentStorage.inputLimit else {
      throw error(
        .inputTooLarge, "the input is larger than the \(DocumentStorage.inputLimit) bytes a document can hold", at: 0)
    }
    if options.skipsByteOrderMark, count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
    skipWhitespace(Dialect.self)
  }

  /// Reads a text of an object's members without the braces around them,
  /// as `JSONDecoder` reads it with `assumesTopLevelDictionary`: the object
  /// ends with the text, after its last member or a comma (a `}` cannot
  /// end it), and an empty text is an empty object.
  ///
  /// The container loop reads it as any object, closed by a `}` put for
  /// the time of the reading in the first byte of the padding after the
  /// text (the reader owns the copy; every other reading finds zeros
  /// there): the loop has nothing more to check. A text that begins with
  /// `{` is read as it is.
  private mutating func readMembersWithoutBraces<Dialect: ReaderDialect>(_ dialect: Dialect.Type) throws(JSONError) {
    try skipToText(Dialect.self)
    if input[position] == UInt8(ascii: "{") {
      position = 0
      return try read(Dialect.self)
    }
    var stack: [Frame] = []
    let index = tape.append(TapeEntry(tag: .object, position: position, payload: 0))
    guard position < count else { return tape.close(index, count: 0) }
    let end = UnsafeMutablePointer(mutating: input + count)
    end.pointee = UInt8(ascii: "}")
    defer { end.pointee = 0 }
    stack.append(Frame(tapeIndex: index, count: 0, isObject: true))
    try readKey(Dialect.self)
    try readValues(&stack, Dialect.self)
    // Past the end of the text, or a `}` in it closed the object.
    guard position == count + 1 else {
      position -= 1
      throw unexpected("the text is an object's members without braces, which end with the text")
    }
    position = count
  }

  /// Reads values from `position` (white space already skipped) until the
  /// containers on `stack` are closed: a whole value when it starts empty.
  @inline(__always)
  private mutating func readValues<Dialect: ReaderDialect>(_ stack: inout [Frame], _ dialect: Dialect.Type)
    throws(JSONError)
  {
    readValues: while true {
      // A value starts at `position`; white space is already skipped.
      switch input[position] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = input[position] == UInt8(ascii: "{")
        guard stack.count < options.maxDepth else {
          throw error(
            .nestingTooDeep, "arrays and objects are nested deeper than the limit of \(options.maxDepth)",
            at: position)
        }
        let index = tape.append(
          TapeEntry(tag: isObject ? .object : .array, position: position, payload: 0))
        position &+= 1
        skipWhitespace(Dialect.self)
        if input[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          position &+= 1
          tape.close(index, count: 0)
        } else {
          stack.append(Frame(tapeIndex: index, count: 0, isObject: isObject))
          if isObject { try readKey(Dialect.self) }
          continue readValues
        }
      case UInt8(ascii: "\""):
        if Dialect.isJSON5 { try readJSON5String() } else { try readString() }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if Dialect.isJSON5 { try readJSON5Number() } else { try readNumber() }
      case UInt8(ascii: "t"):
        try readLiteral("true", tag: .true)
      case UInt8(ascii: "f"):
        try readLiteral("false", tag: .false)
      case UInt8(ascii: "n"):
        try readLiteral("null", tag: .null)
      case UInt8(ascii: "'") where Dialect.isJSON5:
        try readJSON5String()
      case UInt8(ascii: "+") where Dialect.isJSON5, UInt8(ascii: ".") where Dialect.isJSON5,
        UInt8(ascii: "I") where Dialect.isJSON5, UInt8(ascii: "N") where Dialect.isJSON5:
        try readJSON5Number()
      default:
        // `[1,]`, where a trailing comma is allowed: the bracket after the
        // comma closes the array (only a comma leaves an array's value
        // position with a bracket: `[]` is read as it opens).
        guard Dialect.isJSON5 || options.allowsTrailingCommas, input[position] == UInt8(ascii: "]"),
          let top = stack.last, !top.isObject
        else { throw unexpected("expected a value") }
        position += 1
        tape.close(top.tapeIndex, count: top.count)
        stack.removeLast()
      }

      // A value is complete: continue or close the containers it ends.
      while !stack.isEmpty {
        let top = stack.count - 1
        stack[top].count &+= 1
        skipWhitespace(Dialect.self)
        let byte = input[position]
        if byte == UInt8(ascii: ",") {
          position &+= 1
          skipWhitespace(Dialect.self)
          if stack[top].isObject {
            if input[position] == UInt8(ascii: "}") && (Dialect.isJSON5 || options.allowsTrailingCommas) {
              // `{"a": 1,}`, where a trailing comma is allowed.
              position &+= 1
              tape.close(stack[top].tapeIndex, count: stack[top].count)
              stack.removeLast()
              continue
            }
            try readKey(Dialect.self)
          }
          continue readValues
        }
        if byte == (stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          position &+= 1
          tape.close(stack[top].tapeIndex, count: stack[top].count)
          stack.removeLast()
          continue
        }
        throw unexpected(
          stack[top].isObject
            ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element")
      }
      return
    }
  }

  // MARK: - Windows of a top-level array

  /// What one window of a top-level array's text held.
  struct Window {
    /// The complete elements, as the elements of an array at the root; nil
    /// when the window ends inside its first element.
    let storage: DocumentStorage?
    let elements: Int
    /// The bytes read: up to the next element, or past the closing bracket.
    let consumed: Int
    /// Whether the array's closing bracket was read.
    let closed: Bool
  }

  /// Reads the complete elements of a top-level array from a window of its
  /// text: `input` (a padded copy, owned from here on) holds `count` bytes
  /// from the first byte of an element on, `origin` bytes into the text. When `isFinal` is false the text
  /// goes on after the window, and what the cut makes unreadable (the
  /// element it falls in) is left for the next window; an error before the
  /// cut is the text's own.
  static func readWindow(
    _ input: UnsafeMutablePointer<UInt8>, count: Int, origin: Int, isFinal: Bool, options: JSONReadOptions
  ) throws(JSONError) -> Window {
    var reader = JSONReader(input: input, count: count, options: options)
    let root = reader.tape.append(TapeEntry(tag: .array, position: 0, payload: 0))
    var stack = [Frame(tapeIndex: root, count: 0, isObject: false)]
    do {
      if options.allowsJSON5 {
        try reader.readValues(&stack, JSON5.self)
      } else {
        try reader.readValues(&stack, StandardJSON.self)
      }
      reader.tape.trim()
      let storage = DocumentStorage(bytes: input, tape: reader.tape, origin: origin, readWith: options)
      return Window(storage: storage, elements: storage.tape[root].count, consumed: reader.position, closed: true)
    } catch {
      if !isFinal, let last = reader.lastElementStarted(after: root), last.elements > 0 {
        // Every element before the last one begun is complete: a comma followed it.
        reader.tape.truncate(to: last.index)
        reader.tape.close(root, count: last.elements)
        reader.tape.trim()
        let storage = DocumentStorage(bytes: input, tape: reader.tape, origin: origin, readWith: options)
        return Window(storage: storage, elements: last.elements, consumed: last.position, closed: false)
      }
      reader.tape.discard()
      HeapBytes.release(input)
      // An error found this far before the cut does not depend on what the
      // cut hides (the reader looks back at most a surrogate pair's 12 bytes).
      if isFinal || error.offset + 64 < count { throw error }
      return Window(storage: nil, elements: 0, consumed: 0, closed: false)
    }
  }

  /// Reads `"key"` `:` and the white space before the value. (Inlined: as a
  /// function of its own, generic over the dialect, it cost 3 instructions
  /// more per key than the JSON reader's did before JSON5.)
  @inline(__always)
  private mutating func readKey<Dialect: ReaderDialect>(_ dialect: Dialect.Type) throws(JSONError) {
    if Dialect.isJSON5 {
      try readJSON5Key()
    } else {
      guard input[position] == UInt8(ascii: "\"") else {
        throw unexpected("expected a string key in object")
      }
      try readString()
    }
    skipWhitespace(Dialect.self)
    guard input[position] == UInt8(ascii: ":") else {
      throw unexpected("expected ':' after object key")
    }
    position &+= 1
    skipWhitespace(Dialect.self)
  }

  /// Reads `true`, `false` or `null` (`word`, whose first byte the caller
  /// matched) and appends its node with `tag`. In the caller's loop: as a
  /// call, a literal cost about 30 instructions more (twitter.json's 4,737
  /// literals: 149 k, -2.1 %; citm.json and canada.json +0.15 %, in the
  /// loop's own code, not traced further).
  @inline(__always)
  private mutating func readLiteral(_ word: StaticString, tag: TapeTag) throws(JSONError) {
    let length = word.utf8CodeUnitCount
    // The word's last four bytes in one load ("true", "null", "alse"; the
    // caller matched the first). Safe to read: the padding is zeros,
    // which never match a letter.
    let expected = UnsafeRawPointer(word.utf8Start + length - 4).loadUnaligned(as: UInt32.self)
    let found = UnsafeRawPointer(input + position + length - 4).loadUnaligned(as: UInt32.self)
    if found != expected { try literalMismatch(word) }
    tape.append(TapeEntry(tag: tag, position: position, payload: 0))
    position &+= length
  }

  /// Throws for the literal at `position` that is not `word`, at its first wrong byte.
  @inline(never)
  private mutating func literalMismatch(_ word: StaticString) throws(JSONError) {
    let text = word.utf8Start
    for offset in 1..<word.utf8CodeUnitCount where input[position + offset] != text[offset] {
      position += offset
      throw unexpected("invalid literal, expected '\(word)'")
    }
    checkInvariant(false, "a literal that matches was taken for a mismatch")
  }

  @inline(__always)
  mutating func skipWhitespace<Dialect: ReaderDialect>(_ dialect: Dialect.Type) {
    if Dialect.isJSON5 { return skipJSON5Space() }
    // Most tokens follow the last one directly: one compare for them (every
    // white space byte is at most a space).
    guard input[position] <= UInt8(ascii: " ") else { return }
    // One space (after a colon) costs no more than it did byte by byte.
    if input[position] == UInt8(ascii: " "), input[position + 1] > UInt8(ascii: " ") {
      position &+= 1
      return
    }
    skipWhitespaceRun()
  }

  /// Skips white space from `position`: runs of spaces (indentation)
  /// eight bytes at a time, the other white space bytes one by one. A
  /// line break goes straight on to the indentation after it, and the
  /// first byte after that, a token's in pretty-printed text, ends the run
  /// without going round again.
  private mutating func skipWhitespaceRun() {
    while true {
      let byte = input[position]
      if byte == UInt8(ascii: "\n") {
        position &+= 1
        skipSpaces()
        if input[position] > UInt8(ascii: " ") { return }
      } else if byte == UInt8(ascii: " ") {
        skipSpaces()
      } else if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
        position &+= 1
      } else {
        return
      }
    }
  }

  /// Skips the spaces from `position` on, eight at a time.
  @inline(__always)
  private mutating func skipSpaces() {
    let raw = UnsafeRawPointer(input)
    while true {
      // Safe to read eight bytes: the padding is zeros, which end the run.
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      let others = word ^ 0x2020_2020_2020_2020
      // (Wrapping sums: `position` stays below `DocumentStorage.inputLimit`.)
      if others != 0 {
        position &+= others.trailingZeroBitCount &>> 3
        return
      }
      position &+= 8
    }
  }

  /// The last element the reader began in the array at `root` (still
  /// open): its tape index, its first byte, and how many came before it.
  private func lastElementStarted(after root: Int) -> (index: Int, position: Int, elements: Int)? {
    var index = root + 1
    var elements = 0
    while index < tape.count {
      let entry = tape.entries[index]
      let isOpen = (entry.tag == .array || entry.tag == .object) && entry.payload == 0
      let next = entry.tag == .array || entry.tag == .object ? entry.nextSibling : index + 1
      if isOpen || next >= tape.count {
        let isString = entry.tag == .string || entry.tag == .escapedString
        return (index, entry.position - (isString ? 1 : 0), elements)
      }
      index = next
      elements += 1
    }
    return nil
  }

  // MARK: - Errors

  func error(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> JSONError {
    JSONError(kind, message, at: offset, in: UnsafeBufferPointer(start: input, count: count))
  }

  /// The error for a byte that does not fit at `position`: the end of input
  /// when there are no more bytes, otherwise the byte itself.
  func unexpected(_ expectation: String) -> JSONError {
    if let open = commentLeftOpen() { return open }
    if position >= count {
      return error(.unexpectedEndOfInput, "unexpected end of input: \(expectation)", at: count)
    }
    return error(
      .unexpectedCharacter, "unexpected \(Self.describeByte(input[position])): \(expectation)", at: position)
  }

  /// In JSON5, the error of a `/* …` comment left open at `position` (white
  /// space stops before it): the text ends inside it.
  private func commentLeftOpen() -> JSONError? {
    guard options.allowsJSON5 else { return nil }
    return JSON5Space.commentLeftOpen(in: UnsafeBufferPointer(start: input, count: count), at: position)
  }

  static func describeByte(_ byte: UInt8) -> String {
    switch byte {
    case 0x21...0x7E: "character '\(Character(Unicode.Scalar(byte)))'"
    default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }
}

extension DocumentStorage {
  /// The storage of a text the reader read with `options`: it keeps
  /// ill-formed UTF-8 (for its string to replace) only when they say to
  /// replace it; otherwise such a text is an error.
  convenience init(
    bytes: UnsafeMutablePointer<UInt8>, tape: TapeBuffer, origin: Int = 0, readWith options: JSONReadOptions
  ) {
    self.init(bytes: bytes, tape: tape, origin: origin, mayHoldIllFormedUTF8: options.replacesInvalidUnicode)
  }
}
