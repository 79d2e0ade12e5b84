import ModelKit

/// libFuzzer entry point: every input, read as JSON and as JSON5, must parse or throw a `JSONError`,
/// whatever parses must survive write → read unchanged and build a
/// document that holds it, a top-level
/// array read in windows must give the whole reading's elements, offsets
/// or error, and read as an object's members without braces, the input
/// must read as it does in braces.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: start, count: count)
  var json5 = JSONReadOptions(maxDepth: 64)
  json5.allowsJSON5 = true
  checkMembersWithoutBraces(input, json5: false)
  checkMembersWithoutBraces(input, json5: true)
  for options in [JSONReadOptions(maxDepth: 64), JSONReadOptions(replacesInvalidUnicode: true), json5] {
    checkWindows(input, options)
    guard let document = try? JSONDocument(parsing: input, options: options) else { continue }
    let value = document.value(of: document.root)
    _ = document.lazyValue(of: document.root).jsonBytes()
    checkBuilt(value)
    for writeOptions: JSONWriteOptions in [[], [.prettyPrinted, .sortedKeys]] {
      let written = value.jsonBytes(options: writeOptions)
      guard let reread = try? JSONValue(json: written, options: JSONReadOptions(maxDepth: 10_000)),
        reread == value
      else {
        fatalError("round trip changed the value: \(String(decoding: written, as: UTF8.self))")
      }
    }
  }
  return 0
}

/// The document built from a value holds the value, in the text the writer gives it.
private func checkBuilt(_ value: JSONValue) {
  guard let built = try? JSONDocument(building: value, options: JSONReadOptions(maxDepth: 10_000)) else {
    fatalError("no document built from a value the reader made")
  }
  guard built.value(of: built.root) == value, built.lazyValue(of: built.root).jsonBytes() == value.jsonBytes() else {
    fatalError("a built document differs from its value: \(value)")
  }
}

/// Read as an object's members without braces (`JSONDecoder`'s
/// `assumesTopLevelDictionary`), a text is what it is in braces (the
/// closing one on a line of its own, after any line comment), or, when it
/// is an object already, what it is read plainly.
private func checkMembersWithoutBraces(_ input: UnsafeRawBufferPointer, json5: Bool) {
  var options = JSONReadOptions(maxDepth: 64)
  options.allowsJSON5 = json5
  options.allowsTrailingCommas = true
  options.skipsByteOrderMark = false
  var braceless = options
  braceless.readsMembersWithoutBraces = true
  let bare = try? JSONValue(json: input, options: braceless)
  let wrapped = try? JSONValue(json: [UInt8(ascii: "{")] + input + [0x0A, UInt8(ascii: "}")], options: options)
  if let wrapped, bare != wrapped { fatalError("members read differently without braces") }
  if let bare, bare != wrapped, bare != (try? JSONValue(json: input, options: options)) {
    fatalError("a text read without braces that reads as nothing else")
  }
}

/// What a text reads as: its top-level array's elements and their offsets, or its error.
private enum Reading: Equatable {
  case elements([JSONValue], [Int])
  case failure(JSONError)
}

private func checkWindows(_ input: UnsafeRawBufferPointer, _ options: JSONReadOptions) {
  let whole: Reading
  do {
    let document = try JSONDocument(parsing: input, options: options)
    guard document.kind(of: document.root) == .array else { return }
    let nodes = Array(document.elements(of: document.root))
    whole = .elements(nodes.map(document.value(of:)), nodes.map(document.offset(of:)))
  } catch {
    whole = .failure(error)
  }
  for window in [1, input.count % 61 + 2, 4096] {
    guard var chunks = JSONArrayChunks(input, options: options, windowSize: window) else {
      guard case .failure = whole else { fatalError("an array refused by the windows") }
      return
    }
    if windowed(&chunks) != whole { fatalError("windows of \(window) read differently") }
  }
}

private func windowed(_ chunks: inout JSONArrayChunks) -> Reading {
  var values: [JSONValue] = []
  var offsets: [Int] = []
  do throws(JSONError) {
    while let chunk = try chunks.next() {
      if chunk.firstIndex != values.count { fatalError("a chunk's first index is wrong") }
      for node in chunk.document.elements(of: chunk.document.root) {
        values.append(chunk.document.value(of: node))
        offsets.append(chunk.document.offset(of: node))
      }
    }
    return .elements(values, offsets)
  } catch {
    return .failure(error)
  }
}
