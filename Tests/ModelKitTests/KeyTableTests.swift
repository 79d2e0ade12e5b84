import ModelKitJSON
import Testing

@testable import ModelKit

/// A model's key table finds a key node's field from the document's raw
/// bytes, its first eight compared as one word read past a shorter key's
/// end: keys that differ in one byte only, at every position of every
/// length, are told apart, whichever key the hint names.
@Suite("Key tables")
struct KeyTableTests {
  /// `key` with the byte at `position` made `letter`.
  private static func key(_ key: String, with letter: Character, at position: Int) -> String {
    var characters = Array(key)
    characters[position] = letter
    return String(characters)
  }

  @Test func keysThatDifferInOneByteAreToldApart() throws {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    for length in 0...20 {
      let base = String((0..<length).map { alphabet[$0 % alphabet.count] })
      // A key of the same length differing at each position, and one the table does not hold.
      let positions = length == 0 ? [nil] : (0..<length).map { Optional($0) }
      for position in positions {
        let known = position.map { [base, Self.key(base, with: "Y", at: $0)] } ?? [base]
        let unknown = position.map { Self.key(base, with: "Z", at: $0) } ?? "unknown"
        let table = KeyTable(known.enumerated().map { (key: $0.element, field: $0.offset) })
        let members = (known + [unknown]).map { #""\#($0)": 0"# }.joined(separator: ", ")
        let document = try JSONDocument(parsing: "{\(members)}")
        let keys = document.members(of: document.root).map(\.key)
        for hint in 0...known.count {
          for (index, node) in keys.enumerated() {
            var hinted = hint
            let expected = index < known.count ? index : nil
            #expect(table.lookup(document, node, hint: &hinted) == expected, "\(known) + \(unknown), key \(index), hint \(hint)")
          }
        }
      }
    }
  }

  /// A key's hash and first word read from a document's text in one load
  /// are those of its bytes read one by one (which the tables and the
  /// coders' member indexes compare them with).
  @Test func aKeyInTextHashesAsItsBytesDo() throws {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    for length in 0...20 {
      let key = String((0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] })
      let document = try JSONDocument(parsing: #"{"\#(key)":"\#(key)"}"#)
      let node = document.members(of: document.root).map(\.key)[0]
      let bytes = Array(key.utf8)
      let read = document.withRawString(node) { raw, _ in
        (KeyHash.firstWord(ofKeyInText: raw), KeyHash.quick(keyInText: raw))
      }
      bytes.withUnsafeBufferPointer { expected in
        #expect(read?.0 == KeyHash.firstWord(expected), "\(key)")
        #expect(read?.1 == KeyHash.quick(expected), "\(key)")
      }
    }
  }

  /// A key near the end of the text, where the eight bytes read run into
  /// the padding after it, is found (and, under the address sanitizer,
  /// read within the document's storage).
  @Test func aKeyNearTheEndOfTheTextIsFound() throws {
    var json5 = JSONReadOptions()
    json5.allowsJSON5 = true
    for key in ["a", "abcdefg", "abcdefgh", "abcdefghi"] {
      let table = KeyTable([(key: key, field: 0)])
      // Quoted, and in JSON5 as a bare identifier (no quote after it), the value as short as can be.
      for (text, options) in [(#"{"\#(key)":1}"#, JSONReadOptions()), ("{\(key):1}", json5)] {
        let document = try JSONDocument(parsing: text, options: options)
        for hint in 0...1 {
          var hinted = hint
          let node = document.members(of: document.root).map(\.key)[0]
          // Read from its bytes in the text (the word load), not by string.
          #expect(document.withRawString(node) { _, isPlainASCII in isPlainASCII } == true, "\(text)")
          #expect(table.lookup(document, node, hint: &hinted) == 0, "\(text)")
        }
      }
    }
  }
}
