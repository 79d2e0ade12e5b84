/// Calls `body` with the UTF-8 of `text`: its own storage when it has one
/// (native strings, literals), read in place, without the copy that
/// `String.withUTF8` makes of a string it is not allowed to mutate (a
/// retain and a release for every key looked up).
@inlinable
package func withUTF8Bytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
  -> Result
{
  if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
  var copy = text
  return try copy.withUTF8(body)
}

/// `withUTF8Bytes(of:)` for the string at `text`, read where its bytes
/// lie: reading it out of memory would copy it (a retain and a release)
/// around the call. A string that is not contiguous UTF-8 (a bridged one)
/// is read from such a copy. A contiguous one is read through
/// `withUTF8`, which takes its string `inout` and writes nothing to a
/// contiguous one, on a bitwise copy of the string's value on the stack,
/// neither retained nor destroyed: taken `inout` where it lies, the
/// model's field would be written by the language's rules, which tasks
/// encoding one shared model at once must not do.
@inline(__always)
package func withUTF8Bytes<Result>(at text: UnsafePointer<String>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result)
  rethrows -> Result
{
  guard text.pointee.isContiguousUTF8 else { return try withUTF8Bytes(of: text.pointee, body) }
  return try withUnsafeTemporaryAllocation(of: String.self, capacity: 1) { room in
    let local = room.baseAddress!
    UnsafeMutableRawPointer(local).copyMemory(from: text, byteCount: MemoryLayout<String>.size)
    // Left as it is (not deinitialized): the copy holds no reference of its own.
    return try local.pointee.withUTF8(body)
  }
}

extension String {
  /// The string of `utf8`, which must be well-formed UTF-8 (`isASCII`:
  /// every byte is below 0x80), as the reader leaves a string without
  /// escapes: made without checking it again where the standard library
  /// can (a Swift 6.2 runtime), which more than halves the cost of a
  /// non-ASCII string; elsewhere `String(decoding:as:)` checks it.
  @inline(__always)
  init(wellFormedUTF8 utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      self.init(copying: UTF8Span(unchecked: utf8.span, isKnownASCII: isASCII))
    } else {
      self.init(decoding: utf8, as: UTF8.self)
    }
  }
}
