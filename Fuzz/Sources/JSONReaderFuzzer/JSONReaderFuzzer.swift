import ModelKit

/// libFuzzer entry point: every input must parse or throw a `JSONError`,
/// and whatever parses must survive write → read unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: start, count: count)
  for options in [JSONReadOptions(maxDepth: 64), JSONReadOptions(replacesInvalidUnicode: true)] {
    guard let document = try? JSONDocument(parsing: input, options: options) else { continue }
    let value = document.value(of: document.root)
    _ = document.lazyValue(of: document.root).jsonBytes()
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
