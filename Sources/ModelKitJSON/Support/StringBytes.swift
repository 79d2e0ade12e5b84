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
