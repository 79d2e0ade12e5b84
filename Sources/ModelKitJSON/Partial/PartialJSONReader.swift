/// Reads one JSON text (RFC 8259) as its bytes arrive, in chunks cut
/// anywhere: each byte is looked at once, when it is appended, and the
/// first byte that can never be part of a valid text is an error at its
/// offset. What has arrived can be seen at any moment as a snapshot
/// (`PartialJSONSnapshot`): the text so far, closed where it is cut.
///
/// The reader keeps the state of the open containers (one frame each)
/// and of the token being read; it never looks back further than the
/// escape or UTF-8 sequence it is inside (12 bytes at most).
@usableFromInline package struct PartialJSONReader {
  /// What the next structural byte may be.
  private enum Expectation {
    case value, valueOrClose, keyOrClose, key, colon, commaOrClose, end
    /// A value after a comma in an array (a bracket too, with trailing commas).
    case element
  }

  /// What the bytes being read are.
  private enum Mode {
    case structure, string, number, literal
  }

  /// Where a number token is in JSON's grammar.
  private enum NumberState {
    case sign, zero, integer, point, fraction, exponentMark, exponentSign, exponent

    var canEnd: Bool { self == .zero || self == .integer || self == .fraction || self == .exponent }
  }

  /// An open array or object.
  private struct Frame {
    let isObject: Bool
    /// The offset after the last complete element or member (or after the
    /// bracket): where a snapshot cuts the text when what follows does not show.
    var safeEnd: Int
    /// The last key read (quotes included), in an object.
    var key: Range<Int> = 0..<0
  }

  @usableFromInline private(set) var text = PartialText(capacity: 4096)
  /// The bytes `append` takes by copying them, without reading them: what
  /// the reader would pass over as it is. `scanned` and `scalarEnd` then
  /// lag behind the text; `catchUp()` brings them to its end.
  @usableFromInline var copies = Copied.nothing

  /// A set of bytes below 0x80: bit `n` of `low` is byte `n`, bit `n` of
  /// `high` is byte `64 + n` (asked a byte at a time, without a branch per kind).
  @usableFromInline struct Copied: Equatable, Sendable {
    @usableFromInline let low: UInt64
    @usableFromInline let high: UInt64

    static let nothing = Copied(low: 0, high: 0)
    /// Inside a string, past any escape or UTF-8 sequence: printable ASCII
    /// other than a quote or a backslash (most of what arrives in small chunks).
    static let plainText = Copied(low: ~0 << 32 & ~(1 << 0x22), high: ~0 & ~(1 << (0x5C - 64)))
    /// Between the tokens of a container, or after the top-level value: white space.
    static let whiteSpace = Copied(low: 1 << 0x20 | 1 << 0x0A | 1 << 0x0D | 1 << 0x09, high: 0)
    /// In a number's digits after its first (of its integer part, fraction or exponent): digits.
    static let digits = Copied(low: 0x3FF << 0x30, high: 0)

    /// Whether `byte` is one of the bytes copied.
    @inlinable @inline(__always)
    func accepts(_ byte: UInt8) -> Bool {
      let word = byte < 64 ? low : high
      return byte < 128 && word >> UInt64(byte & 63) & 1 != 0
    }
  }
  private let maxDepth: Int
  /// Whether a comma may follow the last element or member (`JSONDecoder`'s reading).
  private let allowsTrailingCommas: Bool
  private var scanned = 0
  /// How many containers are open.
  private var depth = 0
  /// The innermost open container, when `depth > 0` (apart from the
  /// others, so that its offsets are written without an array's checks).
  private var top = Frame(isObject: false, safeEnd: 0)
  /// The containers around `top`, outermost first (`depth - 1` of them).
  private var outer: [Frame] = []
  /// The brackets that close the open containers, outermost first, so
  /// that opening and closing work at its end (kept beside the frames, so
  /// that a snapshot shares it instead of making it).
  private var closers: [UInt8] = []
  private var expectation = Expectation.value
  private var mode = Mode.structure
  /// The error that stopped the reader (`hasFailed`, checked without copying it, says whether there is one).
  private var failure: JSONError?
  private var hasFailed = false
  /// The offset after the top-level value, once it is complete.
  private var rootEnd: Int?

  // The token being read.
  private var tokenStart = 0
  private var isKey = false
  /// In a string: the offset after its last whole Unicode scalar.
  private var scalarEnd = 0
  /// In a string: where the escape or UTF-8 sequence being read starts, or -1.
  private var escapeStart = -1
  private var sequenceStart = -1
  private var number = NumberState.sign
  private var literal: StaticString = "null"
  private var literalMatched = 0

  /// A reader of RFC 8259 JSON nested at most `maxDepth` deep.
  package init(maxDepth: Int) {
    self.init(options: JSONReadOptions(maxDepth: maxDepth))
  }

  /// A reader with `options`' depth limit and trailing commas (JSON5 and
  /// members without braces are not read; a byte order mark is skipped).
  package init(options: JSONReadOptions) {
    maxDepth = options.maxDepth
    allowsTrailingCommas = options.allowsTrailingCommas
  }

  /// Appends bytes and reads them. After an error every later call throws it.
  ///
  /// Inlinable, with what it reaches, so that a 1-byte chunk the reader
  /// would only copy (plain text in a string, white space between tokens,
  /// a number's further digits) is appended by its caller in the model
  /// layer without a call, when there is room (`appendCopying`).
  @inlinable @inline(__always)
  package mutating func append(_ bytes: UnsafeRawBufferPointer) throws(JSONError) {
    if bytes.count == 1 {
      let byte = bytes.load(as: UInt8.self)
      if appendCopying(byte) { return }
      try appendByte(byte)
    } else {
      try appendChunk(bytes)
    }
  }

  /// Appends `byte` when the reader would only copy it and there is room
  /// for it; false, appending nothing, otherwise (then `append` it).
  /// Inlined into the model layer's `PartialDecoder.append`, itself
  /// inlinable: a caller appending a byte at a time makes no call for it.
  @inlinable @inline(__always)
  package mutating func appendCopying(_ byte: UInt8) -> Bool {
    copies.accepts(byte) && text.append(byte)
  }

  /// `append` of more than one byte (or none). Apart, so that the 1-byte
  /// path makes no room for it.
  @usableFromInline @inline(never)
  package mutating func appendChunk(_ bytes: UnsafeRawBufferPointer) throws(JSONError) {
    if copies != .nothing, text.append(bytes, ifEvery: copies.accepts) { return }
    try appendAndRead(bytes)
  }

  /// `append` of one byte that is not copied: the step the reading loop
  /// would take for it, mostly without the loop (small chunks are mostly
  /// the bytes that end copied runs, and the text they separate).
  @usableFromInline @inline(never)
  package mutating func appendByte(_ byte: UInt8) throws(JSONError) {
    if hasFailed, let failure { throw failure }
    catchUp()
    if text.count == text.capacity { text = text.moved(reserving: 1) }
    let index = text.count
    text.bytes[index] = byte
    text.count = index + 1
    do {
      if mode == .string, escapeStart < 0, sequenceStart < 0 {
        try stringByte(byte, at: index)
        scanned = index + 1
      } else if mode == .structure, index >= Self.byteOrderMark.count {
        if !Self.isWhiteSpace(byte) { try structural(byte, at: index) }
        scanned = index + 1
      } else if mode == .number {
        // A number's byte, or the byte after it (then read as structure).
        if try readNumber(text.bytes, from: index, to: index + 1) == index, !Self.isWhiteSpace(byte) {
          try structural(byte, at: index)
        }
        scanned = index + 1
      } else {
        try read(to: index + 1)
      }
    } catch {
      throw stop(error)
    }
    chooseCopies()
  }

  /// `append` of what is not copied. Apart, so that copying makes no
  /// frame for the reading loop.
  @inline(never)
  private mutating func appendAndRead(_ bytes: UnsafeRawBufferPointer) throws(JSONError) {
    if hasFailed, let failure { throw failure }
    catchUp()
    if text.count + bytes.count > text.capacity { text = text.moved(reserving: bytes.count) }
    text.append(bytes)
    do {
      try read(to: text.count)
    } catch {
      throw stop(error)
    }
    chooseCopies()
  }

  /// Sets what `append` may copy in the reader's state now. (Mutating, so
  /// that the reader is not copied to read it.)
  @inline(__always)
  private mutating func chooseCopies() {
    // Each state's test made without a branch on the mode, which changes
    // from byte to byte here (a jump on it was mispredicted often).
    let inString = mode == .string && escapeStart < 0 && sequenceStart < 0
    // At the start, white space is read: a byte order mark may not follow it.
    let betweenTokens = mode == .structure && (depth > 0 || rootEnd != nil)
    let inDigits = mode == .number && (number == .integer || number == .fraction || number == .exponent)
    copies = inString ? .plainText : betweenTokens ? .whiteSpace : inDigits ? .digits : .nothing
  }

  /// After `append` only copied: the reader's offsets at the end of the text.
  private mutating func catchUp() {
    guard copies != .nothing else { return }
    if copies == .plainText { scalarEnd = text.count }
    scanned = text.count
  }

  /// Says the text has ended: a top-level number or literal is complete
  /// now; a text cut short (or no text) is an error.
  package mutating func finish() throws(JSONError) {
    if hasFailed, let failure { throw failure }
    catchUp()
    if depth == 0, rootEnd == nil {
      if mode == .number, number.canEnd { valueEnded(at: text.count) }
      if mode == .literal, literalMatched == literal.utf8CodeUnitCount { valueEnded(at: text.count) }
    }
    guard rootEnd == nil else { return }
    let error =
      if depth > 0 || mode != .structure {
        self.error(.unexpectedEndOfInput, "unexpected end of input", at: text.count)
      } else {
        self.error(.emptyInput, "empty input", at: text.count)
      }
    throw stop(error)
  }

  /// Stops the reader at `error`, which every later call throws; `error`.
  private mutating func stop(_ error: JSONError) -> JSONError {
    failure = error
    hasFailed = true
    copies = .nothing
    return error
  }

  /// What has arrived, closed where it is cut. O(depth).
  /// (Mutating only so that reading it copies nothing.)
  package var snapshot: PartialJSONSnapshot {
    mutating get {
    catchUp()
    let top = depth > 0 ? self.top : nil
    let showsString = mode == .string && !isKey
    let cut = rootEnd ?? (showsString ? scalarEnd : top?.safeEnd ?? 0)
    // A member or element whose value has begun but does not show yet.
    let hidden = rootEnd == nil && (mode == .number || mode == .literal)
    return PartialJSONSnapshot(
      text: text, cut: cut, closers: rootEnd == nil ? closers : [],
      openContainers: rootEnd == nil ? depth : 0, endsInString: rootEnd == nil && showsString,
      isComplete: rootEnd != nil, hasValue: rootEnd != nil || depth > 0 || showsString,
      hiddenMember: hidden && top?.isObject == true ? top?.key : nil,
      hiddenElement: hidden && top?.isObject == false)
    }
  }

  // MARK: - Reading

  @inline(__always)
  private mutating func read(to end: Int) throws(JSONError) {
    let bytes = text.bytes
    var index = scanned
    while index < end {
      switch mode {
      case .string:
        // Plain text, the most of what arrives, read here.
        if end - index < 8, escapeStart < 0, sequenceStart < 0, bytes[index] >= 0x20, bytes[index] < 0x80,
          bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\")
        {
          index += 1
          scalarEnd = index
          continue
        }
        index = try readString(bytes, from: index, to: end)
      case .number:
        index = try readNumber(bytes, from: index, to: end)
      case .literal:
        if literalMatched == literal.utf8CodeUnitCount {
          // The byte after the word has arrived: the literal is complete.
          mode = .structure
          valueEnded(at: index)
          continue
        }
        guard bytes[index] == literal.utf8Start[literalMatched] else {
          throw error(.unexpectedCharacter, "invalid literal, expected '\(literal)'", at: index)
        }
        literalMatched += 1
        index += 1
      case .structure:
        let byte = bytes[index]
        if index < 3, startsWithByteOrderMark(before: index) {
          // The byte order mark, which a reader may skip (RFC 8259 §8.1).
          if byte == Self.byteOrderMark[index] {
            index += 1
            continue
          }
          if index > 0 { throw unexpected(byte, at: index, "expected the rest of a byte order mark") }
        }
        if !Self.isWhiteSpace(byte) { try structural(byte, at: index) }
        index += 1
      }
    }
    scanned = end
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Whether `byte` is JSON's white space (space, line feed, carriage return, tab).
  @inline(__always)
  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// Whether the text so far, the `index` bytes before the one at
  /// `index`, is the start of a byte order mark (and nothing else has been read).
  private func startsWithByteOrderMark(before index: Int) -> Bool {
    guard expectation == .value, depth == 0, rootEnd == nil else { return false }
    for offset in 0..<index where text.bytes[offset] != Self.byteOrderMark[offset] { return false }
    return true
  }

  /// Reads a byte outside any token: a bracket, a comma, a colon, or the
  /// first byte of a value (which starts its token).
  private mutating func structural(_ byte: UInt8, at index: Int) throws(JSONError) {
    switch expectation {
    case .value, .valueOrClose, .element:
      if byte == UInt8(ascii: "]"), expectation == .valueOrClose || (expectation == .element && allowsTrailingCommas) {
        return close(at: index)
      }
      try startValue(byte, at: index)
    case .keyOrClose, .key:
      if byte == UInt8(ascii: "}"), expectation == .keyOrClose || allowsTrailingCommas { return close(at: index) }
      guard byte == UInt8(ascii: "\"") else { throw unexpected(byte, at: index, "expected a string key in object") }
      startString(at: index, isKey: true)
    case .colon:
      guard byte == UInt8(ascii: ":") else { throw unexpected(byte, at: index, "expected ':' after object key") }
      expectation = .value
    case .commaOrClose:
      let isObject = top.isObject
      if byte == UInt8(ascii: ",") {
        expectation = isObject ? .key : .element
      } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        close(at: index)
      } else {
        throw unexpected(
          byte, at: index, isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element")
      }
    case .end:
      throw JSONError.trailingCharacters(at: index, in: UnsafeBufferPointer(start: text.bytes, count: text.count))
    }
  }

  private mutating func startValue(_ byte: UInt8, at index: Int) throws(JSONError) {
    tokenStart = index
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth < maxDepth else {
        throw error(.nestingTooDeep, "arrays and objects are nested deeper than the limit of \(maxDepth)", at: index)
      }
      let isObject = byte == UInt8(ascii: "{")
      if depth > 0 { outer.append(top) }
      top = Frame(isObject: isObject, safeEnd: index + 1)
      depth += 1
      closers.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
      expectation = isObject ? .keyOrClose : .valueOrClose
    case UInt8(ascii: "\""):
      startString(at: index, isKey: false)
    case UInt8(ascii: "-"):
      mode = .number
      number = .sign
    case UInt8(ascii: "0"):
      mode = .number
      number = .zero
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      mode = .number
      number = .integer
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      mode = .literal
      literal = byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
      literalMatched = 1
    default:
      throw unexpected(byte, at: index, "expected a value")
    }
  }

  private mutating func startString(at index: Int, isKey: Bool) {
    mode = .string
    tokenStart = index
    self.isKey = isKey
    scalarEnd = index + 1
  }

  /// Closes the innermost container at its bracket, at `index`.
  private mutating func close(at index: Int) {
    depth -= 1
    if depth > 0 { top = outer.removeLast() }
    closers.removeLast()
    valueEnded(at: index + 1)
  }

  /// A value (of the container the innermost frame is, or the top level) ended before `end`.
  private mutating func valueEnded(at end: Int) {
    if depth == 0 {
      rootEnd = end
      expectation = .end
    } else {
      top.safeEnd = end
      expectation = .commaOrClose
    }
  }

  /// Reads the bytes of a string from `start`; the index after the last one read.
  private mutating func readString(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int)
    throws(JSONError) -> Int
  {
    var index = start
    while index < end {
      if escapeStart >= 0 {
        guard let after = try escapeEnd(bytes, from: escapeStart, to: end) else { return end }
        escapeStart = -1
        index = after
        scalarEnd = after
        continue
      }
      if sequenceStart >= 0 {
        guard let after = try sequenceEnd(bytes, from: sequenceStart, to: end) else { return end }
        sequenceStart = -1
        index = after
        scalarEnd = after
        continue
      }
      // A run of plain ASCII: eight bytes at a time while eight have arrived, then byte by byte.
      while index + 8 <= end {
        let word = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let mask = JSONReader.attentionMask(UInt64(littleEndian: word))
        if mask != 0 {
          index += mask.trailingZeroBitCount / 8
          break
        }
        index += 8
      }
      while index < end, bytes[index] >= 0x20, bytes[index] < 0x80, bytes[index] != UInt8(ascii: "\""),
        bytes[index] != UInt8(ascii: "\\")
      {
        index += 1
      }
      scalarEnd = index
      guard index < end else { return end }
      try stringByte(bytes[index], at: index)
      if mode != .string { return index + 1 }
      index += 1
    }
    return end
  }

  /// Reads the byte at `index` of a string, after a whole scalar (not
  /// inside an escape or UTF-8 sequence): a quote ends the string, a
  /// backslash or a lead byte starts a sequence, plain text is a scalar.
  @inline(__always)
  private mutating func stringByte(_ byte: UInt8, at index: Int) throws(JSONError) {
    switch byte {
    case UInt8(ascii: "\""):
      mode = .structure
      if isKey {
        top.key = tokenStart..<index + 1
        expectation = .colon
      } else {
        valueEnded(at: index + 1)
      }
    case UInt8(ascii: "\\"):
      escapeStart = index
    case 0..<0x20:
      throw error(
        .controlCharacterInString,
        "control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) must be escaped in a string",
        at: index)
    case 0x80...:
      sequenceStart = index
    default:
      scalarEnd = index + 1
    }
  }

  /// The index after the escape at `start` (a backslash), nil when the
  /// bytes before `end` do not finish it yet; an error when they never can.
  private func escapeEnd(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) throws(JSONError) -> Int? {
    guard start + 1 < end else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return start + 2
    case UInt8(ascii: "u"):
      guard let first = try hexQuad(bytes, at: start + 2, end) else { return nil }
      if (0xDC00...0xDFFF).contains(first) { throw error(.invalidUnicode, "escaped lone surrogate in string", at: start) }
      guard (0xD800...0xDBFF).contains(first) else { return start + 6 }
      // A high surrogate: the low one must follow as an escape.
      for (offset, expected) in [(6, UInt8(ascii: "\\")), (7, UInt8(ascii: "u"))] {
        guard start + offset < end else { return nil }
        guard bytes[start + offset] == expected else {
          throw error(.invalidUnicode, "escaped lone surrogate in string", at: start)
        }
      }
      guard let second = try hexQuad(bytes, at: start + 8, end) else { return nil }
      guard (0xDC00...0xDFFF).contains(second) else {
        throw error(.invalidUnicode, "escaped lone surrogate in string", at: start)
      }
      return start + 12
    default:
      throw error(.invalidEscape, JSONReader.invalidEscapeMessage(bytes[start + 1]), at: start)
    }
  }

  /// The value of the four hexadecimal digits at `start`, nil when fewer
  /// than four have arrived; an error at the first that is not one.
  private func hexQuad(_ bytes: UnsafeMutablePointer<UInt8>, at start: Int, _ end: Int) throws(JSONError) -> UInt16? {
    var value: UInt16 = 0
    for index in start..<start + 4 {
      guard index < end else { return nil }
      guard let digit = ByteScan.hexDigit(bytes[index]) else {
        throw error(.invalidEscape, "'\\u' must be followed by four hexadecimal digits", at: index)
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// The index after the UTF-8 sequence whose lead byte (above 0x7F) is at
  /// `start`, nil when it has not all arrived; an error when it is
  /// ill-formed (Unicode Table 3-7), at its lead byte.
  private func sequenceEnd(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) throws(JSONError) -> Int? {
    let lead = bytes[start]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: throw invalidUTF8(lead, at: start)
    }
    for offset in 1..<length {
      guard start + offset < end else { return nil }
      let byte = bytes[start + offset]
      guard offset == 1 ? second.contains(byte) : byte & 0xC0 == 0x80 else { throw invalidUTF8(lead, at: start) }
    }
    return start + length
  }

  private func invalidUTF8(_ byte: UInt8, at index: Int) -> JSONError {
    error(.invalidUnicode, "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in string", at: index)
  }

  /// Reads the bytes of a number from `start`; the index after the last
  /// one that belongs to it (the byte after the number is read as structure).
  private mutating func readNumber(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int)
    throws(JSONError) -> Int
  {
    var index = start
    while index < end {
      let byte = bytes[index]
      let isDigit = NumberGrammar.isDigit(byte)
      switch number {
      case .sign:
        guard isDigit else { throw error(.invalidNumber, "invalid number", at: index) }
        number = byte == UInt8(ascii: "0") ? .zero : .integer
      case .zero, .integer, .fraction:
        if isDigit {
          guard number != .zero else { throw error(.invalidNumber, "invalid number", at: index) }
        } else if byte == UInt8(ascii: "."), number != .fraction {
          number = .point
        } else if byte | 0x20 == UInt8(ascii: "e") {
          number = .exponentMark
        } else {
          mode = .structure
          valueEnded(at: index)
          return index
        }
      case .point:
        guard isDigit else { throw error(.invalidNumber, "invalid number", at: index) }
        number = .fraction
      case .exponentMark:
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
          number = .exponentSign
        } else {
          guard isDigit else { throw error(.invalidNumber, "invalid number", at: index) }
          number = .exponent
        }
      case .exponentSign:
        guard isDigit else { throw error(.invalidNumber, "invalid number", at: index) }
        number = .exponent
      case .exponent:
        guard isDigit else {
          mode = .structure
          valueEnded(at: index)
          return index
        }
      }
      index += 1
    }
    return end
  }

  // MARK: - Errors

  private func unexpected(_ byte: UInt8, at index: Int, _ expectation: String) -> JSONError {
    error(.unexpectedCharacter, "unexpected \(JSONReader.describeByte(byte)): \(expectation)", at: index)
  }

  private func error(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> JSONError {
    JSONError(kind, message, at: offset, in: UnsafeBufferPointer(start: text.bytes, count: text.count))
  }
}
