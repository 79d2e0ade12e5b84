extension JSONDocument {
  /// The document of `value`, as `JSONDocument(parsing: value.jsonBytes())`
  /// reads it (the same text, the same tape), made while the text is
  /// written instead of by reading it back: for decoding a `JSONValue`, a
  /// `JSONObject` or a Foundation graph that is not a view into a document.
  ///
  /// - Parameters:
  ///   - value: the value.
  ///   - options: the nesting limit (the rest are for reading text).
  /// - Throws: `JSONError` where the reader would: containers nested deeper
  ///   than `options.maxDepth`, a text larger than a document holds.
  package init(building value: JSONValue, options: JSONReadOptions = .init()) throws(JSONError) {
    var builder = DocumentBuilder(maxDepth: options.maxDepth)
    do {
      try builder.add(value, depth: 0)
      self.init(storage: try builder.finish())
    } catch {
      builder.tape.discard()
      throw error
    }
  }
}

/// Writes a value's compact text as `JSONWriter` does (slashes escaped) and
/// appends the node the reader would make for each value as it goes.
private struct DocumentBuilder {
  let text = OutputBuffer(capacity: 256)
  var tape = TapeBuffer(capacity: 16)
  /// The tape indices of the numbers, whose nodes are made from the padded text.
  var numbers: [Int] = []
  let maxDepth: Int

  init(maxDepth: Int) { self.maxDepth = maxDepth }

  /// Writes `value`, which sits in `depth` containers, and its nodes.
  mutating func add(_ value: JSONValue, depth: Int) throws(JSONError) {
    switch value {
    case .null: literal("null", .null)
    case .bool(let flag): flag ? literal("true", .true) : literal("false", .false)
    case .number(let number):
      let start = text.count
      withUTF8Bytes(of: number.text) { text.append($0) }
      numbers.append(tape.append(TapeEntry(tag: .decimal, position: start, payload: UInt64(text.count - start))))
    case .string(let string):
      add(string)
    case .array(let elements):
      let index = try open(.array, depth: depth)
      for (offset, element) in elements.enumerated() {
        if offset > 0 { text.append(UInt8(ascii: ",")) }
        try add(element, depth: depth + 1)
      }
      text.append(UInt8(ascii: "]"))
      tape.close(index, count: elements.count)
    case .object(let object):
      let index = try open(.object, depth: depth)
      let members = object.storage.owned
      for offset in members.keys.indices {
        if offset > 0 { text.append(UInt8(ascii: ",")) }
        add(members.keys[offset])
        text.append(UInt8(ascii: ":"))
        try add(members.values[offset], depth: depth + 1)
      }
      text.append(UInt8(ascii: "}"))
      tape.close(index, count: members.keys.count)
    }
  }

  /// The padded text and the finished tape.
  mutating func finish() throws(JSONError) -> DocumentStorage {
    guard text.count < DocumentStorage.inputLimit else {
      throw JSONError(
        .inputTooLarge, "the input is larger than the \(DocumentStorage.inputLimit) bytes a document can hold", at: 0,
        in: text.contents)
    }
    let bytes = DocumentStorage.paddedCopy(of: UnsafeRawBufferPointer(text.contents))
    for index in numbers {
      let start = tape.entries[index].position
      // A `JSONNumber`'s text follows the grammar; were it not to, it stays text.
      guard let scan = try? NumberGrammar.scan(bytes, from: start) else {
        checkInvariant(false, "a JSONNumber whose text is not a number")
        continue
      }
      tape.entries[index] = TapeEntry.number(scan, at: start, in: bytes)
    }
    tape.trim()
    return DocumentStorage(bytes: bytes, tape: tape, mayHoldIllFormedUTF8: false)
  }

  /// Opens an array or object at `depth`, past the limit an error as the reader's.
  private mutating func open(_ tag: TapeTag, depth: Int) throws(JSONError) -> Int {
    guard depth < maxDepth else {
      throw JSONError(
        .nestingTooDeep, "arrays and objects are nested deeper than the limit of \(maxDepth)", at: text.count,
        in: text.contents)
    }
    let index = tape.append(TapeEntry(tag: tag, position: text.count, payload: 0))
    text.append(tag == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    return index
  }

  private mutating func literal(_ word: StaticString, _ tag: TapeTag) {
    tape.append(TapeEntry(tag: tag, position: text.count, payload: 0))
    text.append(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// A string (a value or a key): escaped as `JSONWriter` escapes it; its
  /// node says whether it has escapes to decode and non-ASCII bytes.
  private mutating func add(_ string: String) {
    let start = text.count + 1
    let text = text
    let (escaped, isASCII) = withUTF8Bytes(of: string) { utf8 in
      text.appendQuoted(utf8, escapingSlashes: true)
      // Every escape is longer than the byte it stands for.
      return (text.count - start - 1 != utf8.count, ModelKitJSON.isASCII(utf8))
    }
    tape.append(
      TapeEntry(
        tag: escaped ? .escapedString : .string, aux: isASCII ? 0 : TapeEntry.nonASCII, position: start,
        payload: UInt64(text.count - 1 - start)))
  }
}
