import Foundation
@testable import ModelKitJSON
import Testing
import ModelKitTestSupport

/// The reader's word-at-a-time and sixteen-byte scans (runs of spaces,
/// strings, runs of non-ASCII text) against byte-by-byte expectations, at
/// every alignment.
@Suite("Scanning")
struct ScanningTests {
  /// White space of every kind and run length, between every kind of token,
  /// reads to the values written between it (and JSONSerialization, the
  /// oracle of what is valid, reads the same text).
  @Test func whiteSpaceRunsOfEveryLengthAreSkipped() throws {
    var generator = SeededGenerator(seed: 0x5eed)
    let blanks: [String] = [" ", "\n", "\r", "\t"]
    for _ in 0..<300 {
      func space() -> String {
        let length = Int(generator.next() % 24)
        return (0..<length).map { _ in
          generator.next() % 5 == 0 ? blanks[Int(generator.next() % 4)] : " "
        }.joined()
      }
      let text =
        "\(space()){\(space())\"a\"\(space()):\(space())[\(space())1\(space()),\(space())\"x y\"\(space()),"
        + "\(space())true\(space()),\(space())null\(space())]\(space()),\(space())\"b\"\(space()):\(space()){\(space())}"
        + "\(space())}\(space())"
      let value = try JSONValue(json: text)
      let oracle = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
      #expect(value["a"]?[0]?.int == 1)
      #expect(value["a"]?[1]?.string == "x y")
      #expect(value["a"]?[2]?.bool == true)
      #expect(value["b"]?.object?.isEmpty == true)
      #expect(oracle?.count == 2)
    }
  }

  /// A run of spaces that ends the input (the padding ends the scan) and
  /// bytes that are not white space inside a run stay errors.
  @Test func spacesBeforeTheEndAndStrayBytesInARun() throws {
    for length in 0..<20 {
      let spaces = String(repeating: " ", count: length)
      #expect(try JSONValue(json: "1" + spaces).int == 1)
      #expect(try JSONValue(json: spaces + "[" + spaces + "]" + spaces).array?.isEmpty == true)
      let stray = Array((spaces + "\u{0B}" + spaces + "1").utf8)
      let error = #expect(throws: JSONError.self) { try JSONValue(json: stray) }
      #expect(error?.offset == length)
    }
  }

  /// Runs of multi-byte characters read back as they were, and an invalid
  /// byte anywhere in such a run is found at its own offset.
  @Test func nonASCIIRunsAreCheckedByteForByte() throws {
    let pieces = ["日", "é", "😀", "a", "本語", "ü", " "]
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let text = (0..<Int(generator.next() % 30)).map { _ in pieces[Int(generator.next() % 7)] }.joined()
      #expect(try JSONValue(json: "\"\(text)\"").string == text)
      var bytes = Array("\"\(text)\"".utf8)
      guard bytes.count > 2 else { continue }
      let at = 1 + Int(generator.next() % UInt64(bytes.count - 2))
      let isLead = bytes[at] < 0x80 || bytes[at] >= 0xC0
      bytes[at] = 0xFF
      let error = #expect(throws: JSONError.self) { try JSONValue(json: bytes) }
      #expect(error?.kind == .invalidUnicode)
      // A bad lead byte is itself the error; a bad continuation, its sequence's lead.
      if isLead { #expect(error?.offset == at) } else { #expect((error?.offset ?? .max) < at) }
      #expect((try? JSONValue(json: bytes, options: JSONReadOptions(replacesInvalidUnicode: true))) != nil)
    }
  }

  /// The word-at-a-time comparison and ASCII check against byte-by-byte
  /// answers, at every length to 40 and with each byte changed in turn; the
  /// bytes lie in allocations of exactly their length, so that a read past
  /// them is an error under AddressSanitizer.
  @Test func byteComparisonsAndASCIIChecksReadOnlyTheirBytes() {
    var generator = SeededGenerator(seed: 0xB17E5)
    for count in 0...40 {
      let left = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
      let right = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
      defer {
        left.deallocate()
        right.deallocate()
      }
      for _ in 0..<4 {
        for index in 0..<count { left[index] = UInt8.random(in: 0...0x7F, using: &generator) }
        right.update(from: left, count: count)
        #expect(memoryEquals(left, right, count), "equal, \(count) bytes")
        #expect(isASCII(UnsafeBufferPointer(start: left, count: count)), "ASCII, \(count) bytes")
        for index in 0..<count {
          right[index] ^= 1 << UInt8.random(in: 0...7, using: &generator)
          #expect(!memoryEquals(left, right, count), "byte \(index) of \(count) differs")
          right[index] = left[index]
          left[index] |= 0x80
          #expect(!isASCII(UnsafeBufferPointer(start: left, count: count)), "byte \(index) of \(count) is not ASCII")
          left[index] &= 0x7F
        }
      }
    }
  }

  /// A string's bytes are scanned sixteen at a time up to the first that
  /// needs attention: plain text of every length to 48, with one such byte
  /// (an escape, a control byte, a multi-byte character, a raw 0x7F, which
  /// needs none) at every position, at every offset of the text, reads as
  /// `JSONSerialization` reads it or fails at that byte; a string the
  /// input ends inside fails at the end, whatever its length.
  @Test func stringsAreScannedToTheirFirstSpecialByteAtEveryPosition() throws {
    // An escaped line feed, an escaped quote, control bytes, "é", "日", DEL.
    let specials: [[UInt8]] = [[0x5C, 0x6E], [0x5C, 0x22], [0x01], [0x1F], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0x7F]]
    for lead in 0..<3 {
      let opening = Array(repeating: UInt8(ascii: " "), count: lead) + Array("[\"".utf8)
      for length in 0...48 {
        let plain = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        for special in specials {
          for position in 0...length {
            let inner = Array(plain[..<position]) + special + Array(plain[position...])
            let bytes = opening + inner + Array("\"]".utf8)
            if special[0] < 0x20 {
              let error = #expect(throws: JSONError.self) { try JSONDocument(parsing: bytes) }
              #expect(error?.kind == .controlCharacterInString && error?.offset == opening.count + position, "\(length) \(position)")
              continue
            }
            let expected = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String]
            let document = try JSONDocument(parsing: bytes)
            let node = try #require(document.elements(of: document.root).first { _ in true })
            #expect(document.string(node) == expected?.first, "\(length) \(position) \(special)")
          }
        }
        // No closing quote: the scan ends at the end of the text.
        let unterminated = opening + plain
        let error = #expect(throws: JSONError.self) { try JSONDocument(parsing: unterminated) }
        #expect(error?.offset == unterminated.count, "\(length)")
      }
    }
  }

  /// Read as an object's members without braces, the text is followed by a
  /// `}` in the first byte of its padding: a string the text ends inside
  /// is scanned past it, from one byte past the end, and still fails at
  /// the end, at every length (a key and a value); one that ends reads.
  /// (Under AddressSanitizer a scan past the padding is an error.)
  @Test func stringsThatRunToTheEndOfMembersWithoutBracesStopInThePadding() throws {
    var options = JSONReadOptions()
    options.readsMembersWithoutBraces = true
    for length in 0...48 {
      let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
      for text in ["\"" + plain, "\"k\": \"" + plain] {
        let error = #expect(throws: JSONError.self) { try JSONDocument(parsing: Array(text.utf8), options: options) }
        #expect(error?.offset == text.utf8.count, "\(text)")
      }
      let document = try JSONDocument(parsing: Array("\"k\": \"\(plain)\"".utf8), options: options)
      #expect(document.member("k", of: document.root).flatMap { document.string($0) } == plain)
    }
  }
}
