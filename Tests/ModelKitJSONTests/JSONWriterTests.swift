import Foundation
@testable import ModelKitJSON
import ModelKitTestSupport
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
  let value: JSONValue = ["b": [1, "two", nil], "a": ["x": true, "empty": [:], "list": []], "url": "a/b"]

  @Test func writesIntegersAsTheirDescription() {
    var signed: [Int64] = [0, 1, -1, .min, .max, .min + 1, .max - 1]
    var unsigned: [UInt64] = [0, 1, .max, .max - 1]
    var power: UInt64 = 1
    for _ in 0...19 {
      unsigned += [power, power - 1, power + 1, power &* 2, power / 2 * 3]
      if power <= UInt64(Int64.max) { signed += [Int64(power), -Int64(power), Int64(power) - 1, 1 - Int64(power)] }
      power = power.multipliedReportingOverflow(by: 10).partialValue
    }
    var random = SeededGenerator(seed: 0x1D16)
    for _ in 0..<20_000 {
      // Every length from 1 to 20 digits alike.
      let value = random.next() >> UInt64.random(in: 0...63, using: &random)
      unsigned.append(value)
      signed.append(Int64(bitPattern: value) >> 1 * (Bool.random(using: &random) ? 1 : -1))
    }
    for value in signed {
      var writer = JSONWriter()
      writer.write(Int(value))
      #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }
    for value in unsigned {
      var writer = JSONWriter()
      writer.write(value)
      #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }
  }

  @Test func takenBytesAreTheTextAndTheWriterStartsAgain() {
    var writer = JSONWriter()
    writer.write(JSONValue(["a": [1, 2.5, "x"]]))
    let copy = writer  // shares the buffer: taking from one copies the text out
    var first = writer
    let shared = first.takeBytes()
    defer { HeapBytes.release(shared.baseAddress!) }
    #expect(Array(shared) == Array(#"{"a":[1,2.5,"x"]}"#.utf8))
    #expect(copy.bytes == Array(shared))
    var second = JSONWriter()
    second.write("text")
    let owned = second.takeBytes()
    defer { HeapBytes.release(owned.baseAddress!) }
    #expect(Array(owned) == Array(#""text""#.utf8))
    #expect(second.bytes.isEmpty)
  }

  @Test func aBufferWhoseContentsWereTakenMakesRoomAnew() {
    let buffer = OutputBuffer(capacity: 16)
    Array("abc".utf8).withUnsafeBufferPointer { buffer.append($0) }
    let taken = buffer.takeContents()
    defer { HeapBytes.release(taken.baseAddress!) }
    #expect(Array(taken) == Array("abc".utf8) && buffer.count == 0)
    // Taken again at once: new, empty storage of its own (released apart).
    let again = buffer.takeContents()
    defer { HeapBytes.release(again.baseAddress!) }
    #expect(again.isEmpty && again.baseAddress != taken.baseAddress)
    for index in 0..<1_000 { buffer.appendInteger(UInt64(index), negative: index % 2 == 1) }
    let expected = (0..<1_000).map { ($0 % 2 == 1 ? "-" : "") + String($0) }.joined()
    #expect(String(decoding: buffer.contents, as: UTF8.self) == expected)
  }

  @Test func aBufferGrownManyTimesKeepsEveryByte() {
    // From 16 bytes to past 8 MiB, where the heap extends blocks, moves
    // them and maps large ones apart; two buffers grow in turn, so that
    // neither is always the last block of the heap.
    let buffers = [OutputBuffer(capacity: 16), OutputBuffer(capacity: 16)]
    var expected: [[UInt8]] = [[], []]
    var generator = SeededGenerator(seed: 25)
    while expected[0].count < 8_500_000 {
      let which = Int.random(in: 0...1, using: &generator)
      let length = [1, 7, 300, 5_000, 70_000][Int.random(in: 0...4, using: &generator)]
      let chunk = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ expected[which].count) }
      chunk.withUnsafeBufferPointer { buffers[which].append($0) }
      expected[which] += chunk
      buffers[which].append(UInt8(ascii: "x"))
      expected[which].append(UInt8(ascii: "x"))
    }
    // Compared first: `#expect` would describe megabytes of bytes on a mismatch.
    let kept = buffers[0].contents.elementsEqual(expected[0]) && buffers[1].contents.elementsEqual(expected[1])
    #expect(kept, "a grown buffer lost or changed bytes")
    let taken = buffers[0].takeContents()
    defer { HeapBytes.release(taken.baseAddress!) }
    let handedOver = taken.elementsEqual(expected[0])
    #expect(handedOver, "the taken contents are not the bytes written")
  }

  @Test func stringsOfEveryLengthAreEscapedAsJSONEncoderEscapesThem() throws {
    // Escapes anywhere, the last bytes of a text included (read eight at a time, the last few as one
    // word). "¢", "¯" and "Ü" have a byte whose low seven bits are '"', '/' and a control byte.
    let alphabet: [Character] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "¢", "¯", "Ü",
    ]
    var random = SeededGenerator(seed: 0xE5C)
    let slashes = JSONEncoder()
    let noSlashes = JSONEncoder()
    noSlashes.outputFormatting = .withoutEscapingSlashes
    for length in 0...40 {
      for _ in 0..<60 {
        let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
        for (options, foundation) in [(JSONWriteOptions(), slashes), (.withoutEscapingSlashes, noSlashes)] {
          var writer = JSONWriter(options: options)
          writer.write(text)
          #expect(writer.bytes == Array(try foundation.encode(text)), "\(text.debugDescription)")
        }
      }
    }
  }

  /// Plain text is tested and stored sixteen bytes at a time: text of every
  /// length to 48 with one byte to escape (or a multi-byte character, or
  /// 0x7F, which need none) at every position, escaped as `JSONEncoder`
  /// escapes it, slashes and all or not.
  @Test func oneByteToEscapeAtEveryPositionIsEscapedAsJSONEncoderEscapesIt() throws {
    let encoders = Self.encodersBySlashOption()
    for (text, _, _) in Self.textsWithOneByteToEscape(upTo: 48) {
      for (options, foundation) in encoders {
        var writer = JSONWriter(options: options)
        writer.write(text)
        #expect(writer.bytes == Array(try foundation.encode(text)), "\(text.debugDescription)")
      }
    }
  }

  /// The writer's options with and without escaped slashes, each with a
  /// `JSONEncoder` set the same way.
  private static func encodersBySlashOption() -> [(JSONWriteOptions, JSONEncoder)] {
    let noSlashes = JSONEncoder()
    noSlashes.outputFormatting = .withoutEscapingSlashes
    return [(JSONWriteOptions(), JSONEncoder()), (.withoutEscapingSlashes, noSlashes)]
  }

  /// Texts of every length to `maxLength` (a letter per byte) with one
  /// byte to escape (or a multi-byte character, or 0x7F, which need none)
  /// put at every position, with that length and position.
  static func textsWithOneByteToEscape(upTo maxLength: Int) -> [(text: String, length: Int, position: Int)] {
    var texts: [(text: String, length: Int, position: Int)] = []
    for length in 0...maxLength {
      let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
      for special: Character in ["\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "😀", "Ü"] {
        for position in 0...length {
          let index = plain.index(plain.startIndex, offsetBy: position)
          texts.append((String(plain[..<index]) + String(special) + String(plain[index...]), length, position))
        }
      }
    }
    return texts
  }

  @Test func arraysWrittenInOneStepAreTheirElementsWrittenOneByOne() {
    var random = SeededGenerator(seed: 0xA77A)
    let specials: [Double] = [0, -0.0, 1, -1, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 1e21, 1e-7, .nan, .infinity]
    for _ in 0..<400 {
      // Short arrays, and long ones that outgrow the writer's first buffer with zeros and NaN inside.
      let doubles = (0..<Int.random(in: 0...(Bool.random(using: &random) ? 5 : 120), using: &random)).map { _ in
        Bool.random(using: &random)
          ? specials.randomElement(using: &random)! : Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64.random(in: 1...2046, using: &random) << 52))
      }
      let ints = (0..<Int.random(in: 0...5, using: &random)).map { _ in Int(truncatingIfNeeded: random.next()) >> Int.random(in: 0...63, using: &random) }
      for options: JSONWriteOptions in [[], .prettyPrinted] {
        // In an array, after a key and alone: the writer's state around the array is what it would be.
        var batch = JSONWriter(options: options)
        var single = JSONWriter(options: options)
        batch.beginObject()
        single.beginObject()
        batch.writeKey("d")
        single.writeKey("d")
        doubles.withUnsafeBufferPointer { batch.writeArray(of: $0) }
        single.beginArray()
        for value in doubles { single.write(value) }
        single.endArray()
        batch.writeKey("i")
        single.writeKey("i")
        batch.beginArray()
        single.beginArray()
        ints.withUnsafeBufferPointer { batch.writeArray(of: $0) }
        doubles.withUnsafeBufferPointer { batch.writeArray(of: $0) }
        single.beginArray()
        for value in ints { single.write(value) }
        single.endArray()
        single.beginArray()
        for value in doubles { single.write(value) }
        single.endArray()
        batch.endArray()
        single.endArray()
        batch.endObject()
        single.endObject()
        #expect(batch.bytes == single.bytes, "\(doubles) \(ints)")
      }
      var top = JSONWriter()
      ints.withUnsafeBufferPointer { top.writeArray(of: $0) }
      #expect(String(decoding: top.bytes, as: UTF8.self) == "[" + ints.map(String.init).joined(separator: ",") + "]")
      // A writer that builds a value builds the same array.
      var built = JSONWriter(buildingValueWith: [])
      doubles.withUnsafeBufferPointer { built.writeArray(of: $0) }
      var elementwise = JSONWriter(buildingValueWith: [])
      elementwise.beginArray()
      for value in doubles { elementwise.write(value) }
      elementwise.endArray()
      #expect(built.value == elementwise.value)
    }
  }

  @Test func arraysOfArraysWrittenInOneStepStopAtTheFirstNotFinite() {
    // Runs of arrays, some with a NaN or an infinity (left to the caller,
    // which writes null for it here and goes on after it), some long enough
    // to outgrow the writer's buffer, first in their container or after a
    // value: the text is each finite array written element-wise.
    var random = SeededGenerator(seed: 0xA2A2)
    let specials: [Double] = [0, -0.0, 1e21, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .nan, .infinity, -.infinity]
    for round in 0..<300 {
      let arrays: [[Double]] = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        (0..<Int.random(in: 0...(Int.random(in: 0...9, using: &random) == 0 ? 200 : 3), using: &random)).map { _ in
          Int.random(in: 0...19, using: &random) == 0
            ? specials.randomElement(using: &random)!
            : Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64.random(in: 1...2046, using: &random) << 52))
        }
      }
      let leading = round % 3 == 0
      for options: JSONWriteOptions in [[], .prettyPrinted] {
        for buildsValue in options.isEmpty ? [false, true] : [false] {
          var batch = buildsValue ? JSONWriter(buildingValueWith: options) : JSONWriter(options: options, capacity: 16)
          var single = buildsValue ? JSONWriter(buildingValueWith: options) : JSONWriter(options: options, capacity: 16)
          batch.beginArray()
          single.beginArray()
          if leading {
            batch.write(7)
            single.write(7)
          }
          var index = 0
          while index < arrays.count {
            let written = arrays.withUnsafeBufferPointer { batch.writeArrays(of: UnsafeBufferPointer(rebasing: $0[index...])) }
            let finite = arrays[index...].prefix { $0.allSatisfy(\.isFinite) }.count
            #expect(written == finite, "\(arrays)")
            index += written
            if index < arrays.count {
              batch.writeNull()
              index += 1
            }
          }
          for array in arrays {
            guard array.allSatisfy(\.isFinite) else {
              single.writeNull()
              continue
            }
            single.beginArray()
            for value in array { single.write(value) }
            single.endArray()
          }
          batch.endArray()
          single.endArray()
          if buildsValue {
            #expect(batch.value == single.value, "\(arrays)")
          } else {
            #expect(batch.bytes == single.bytes, "\(arrays)")
          }
        }
      }
    }
  }

  @Test func takenStorageHoldsAtMostAMebibyteItDoesNotUse() throws {
    // A buffer made with room for a larger text gives back what it does not
    // use past the slack when its contents are handed over; within the
    // slack, it is handed over as it is.
    for (capacity, text) in [(3 << 20, 100), (5 << 20, 3 << 20), (1 << 20, 200), (16, 10)] {
      let buffer = OutputBuffer(capacity: capacity)
      let bytes = (0..<text).map { UInt8(truncatingIfNeeded: $0 &* 7) }
      bytes.withUnsafeBufferPointer { buffer.append($0) }
      let start = buffer.start
      let taken = buffer.takeContents()
      defer { HeapBytes.release(taken.baseAddress!) }
      #expect(taken.elementsEqual(bytes), "\(capacity) \(text)")
      if capacity - text <= OutputBuffer.handedOverSlack {
        #expect(taken.baseAddress == start, "\(capacity) \(text)")
      }
      #if os(Linux)
        let kept = mallocUsableSize(taken.baseAddress)
        #expect(kept >= text && kept - text <= OutputBuffer.handedOverSlack, "\(capacity) \(text): \(kept)")
      #endif
    }
    #expect(OutputBuffer.handedOverSlack == 1 << 20)
  }

  @Test func aMemberWrittenInOneStepIsItsKeyAndValueWrittenApart() {
    // `writeMember` checks the buffer once for the key and its value: the text (and a built value)
    // is that of `writeKey` then the value, for every kind of value, key and option.
    let keys = ["id", "a/b", "quo\"te", "é"]
    let values: [(inout JSONWriter) -> Void] = [
      { $0.write(42) }, { $0.write(-7 as Int64) }, { $0.write("x/y\n") }, { $0.write(0.1) }, { $0.write(Double.nan) },
      { $0.write(true) }, { $0.writeNull() }, { $0.write(UInt64.max) },
      { $0.beginArray(); $0.write(1); $0.endArray() }, { $0.beginObject(); $0.endObject() },
    ]
    for options: JSONWriteOptions in [[], .prettyPrinted, .withoutEscapingSlashes] {
      var together = JSONWriter(options: options)
      var apart = JSONWriter(options: options)
      var builtTogether = JSONWriter(buildingValueWith: options)
      var builtApart = JSONWriter(buildingValueWith: options)
      together.beginObject()
      apart.beginObject()
      builtTogether.beginObject()
      builtApart.beginObject()
      for (index, value) in values.enumerated() {
        let key = Array(keys[index % keys.count].utf8) + Array("\(index)".utf8)
        let plain = !keys[index % keys.count].contains(where: { "\"/é".contains($0) })
        key.withUnsafeBufferPointer { key in
          together.writeMember(utf8: key, needsEscaping: !plain, value)
          builtTogether.writeMember(utf8: key, needsEscaping: !plain, value)
          apart.writeKey(utf8: key, needsEscaping: !plain)
          value(&apart)
          builtApart.writeKey(utf8: key, needsEscaping: !plain)
          value(&builtApart)
        }
      }
      together.endObject()
      apart.endObject()
      builtTogether.endObject()
      builtApart.endObject()
      #expect(together.bytes == apart.bytes, "\(String(decoding: together.bytes, as: UTF8.self))")
      #expect(builtTogether.value == builtApart.value)
    }
    // A writer copied after a member writes on its own, an array element first.
    var original = JSONWriter()
    original.beginObject()
    Array("a".utf8).withUnsafeBufferPointer { original.writeMember(utf8: $0, needsEscaping: false) { $0.write(1) } }
    original.writeKey("list")
    original.beginArray()
    original.write(1)
    var copy = original
    copy.write(2)
    copy.endArray()
    copy.endObject()
    original.write(3)
    original.endArray()
    original.endObject()
    #expect(String(decoding: copy.bytes, as: UTF8.self) == #"{"a":1,"list":[1,2]}"#)
    #expect(String(decoding: original.bytes, as: UTF8.self) == #"{"a":1,"list":[1,3]}"#)
  }

  @Test func anIntegerMemberWrittenInOneStepIsItsKeyAndDigitsWrittenApart() {
    // One test for room covers the key and twenty digits with a sign: at
    // every fill of a buffer that starts small, every key length, with and
    // without escapes, the text is that of `writeKey` then `write`.
    let values: [Int64] = [0, -1, 7, -42, 123_456_789, .max, .min, .min + 1]
    for options: JSONWriteOptions in [[], .prettyPrinted, .withoutEscapingSlashes] {
      for fill in 0..<48 {
        for keyLength in 1...24 {
          for escaped in [false, true] {
            func opened(_ writer: JSONWriter) -> JSONWriter {
              var writer = writer
              writer.beginObject()
              writer.writeKey("f")
              writer.write(String(repeating: "x", count: fill))
              return writer
            }
            var together = opened(JSONWriter(options: options, capacity: 16))
            var apart = opened(JSONWriter(options: options, capacity: 16))
            var built = JSONWriter(buildingValueWith: options)
            var builtApart = JSONWriter(buildingValueWith: options)
            built.beginObject()
            builtApart.beginObject()
            let key = Array((escaped ? "/" : "") + String(repeating: "k", count: keyLength)).map { UInt8(ascii: $0.unicodeScalars.first!) }
            for value in values {
              key.withUnsafeBufferPointer { key in
                together.writeMember(utf8: key, needsEscaping: escaped, integer: value)
                built.writeMember(utf8: key, needsEscaping: escaped, integer: value)
                apart.writeKey(utf8: key, needsEscaping: escaped)
                apart.write(value)
                builtApart.writeKey(utf8: key, needsEscaping: escaped)
                builtApart.write(value)
              }
            }
            together.endObject()
            apart.endObject()
            built.endObject()
            builtApart.endObject()
            #expect(together.bytes == apart.bytes, "\(String(decoding: together.bytes, as: UTF8.self))")
            #expect(built.value != nil && built.value == builtApart.value)
          }
        }
      }
    }
  }

  @Test func aWriterHoldingItsBufferAloneWritesWhatAnyWriterWrites() {
    // Random documents written through every kind of write, with members
    // taken back to a checkpoint now and then, by a writer holding its
    // buffer alone and by one that checks for sharing at each write.
    var random = SeededGenerator(seed: 0xA10E)
    let keys = ["id", "a/b", "quote\"d", "é", "", "a long key past sixteen bytes"]
    let strings = ["", "plain", "a/b", "tab\tand \u{1}", "ünïcödé", String(repeating: "x", count: 40)]
    func write(_ writer: inout JSONWriter, depth: Int, _ random: inout SeededGenerator) {
      switch Int.random(in: depth > 3 ? 0...6 : 0...8, using: &random) {
      case 0: writer.writeNull()
      case 1: writer.write(Bool.random(using: &random))
      case 2: writer.write(Int(truncatingIfNeeded: random.next()) >> Int.random(in: 0...63, using: &random))
      case 3: writer.write(Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64.random(in: 1...2046, using: &random) << 52)))
      case 4: writer.write(strings.randomElement(using: &random)!)
      case 5: [1, -2, 30].withUnsafeBufferPointer { writer.writeArray(of: $0) }
      case 6: [0.5, 1e21].withUnsafeBufferPointer { writer.writeArray(of: $0) }
      case 7:
        writer.beginArray()
        for _ in 0..<Int.random(in: 0...4, using: &random) { write(&writer, depth: depth + 1, &random) }
        writer.endArray()
      default:
        writer.beginObject()
        for index in 0..<Int.random(in: 0...4, using: &random) {
          let key = Array((keys.randomElement(using: &random)! + "\(index)").utf8)
          let plain = !key.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\"") || $0 >= 0x80 })
          let checkpoint = writer.checkpoint
          if Bool.random(using: &random) {
            key.withUnsafeBufferPointer { key in writer.writeMember(utf8: key, needsEscaping: !plain) { $0.write(7) } }
          } else {
            key.withUnsafeBufferPointer { writer.writeKey(escapingAsNeeded: $0) }
            write(&writer, depth: depth + 1, &random)
          }
          if Int.random(in: 0..<4, using: &random) == 0 { writer.rewind(to: checkpoint) }
        }
        writer.endObject()
      }
    }
    for round in 0..<300 {
      let options: [JSONWriteOptions] = [[], .prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
      let option = options[round % options.count]
      var checking = JSONWriter(options: option, capacity: 16)
      var original = JSONWriter(options: option, capacity: 16)
      original.beginArray()
      original.write("before")
      checking.beginArray()
      checking.write("before")
      let originalText = original.bytes
      // Made from a copy: holding its buffer alone gives it a buffer of its own first.
      var alone = original
      alone.holdBufferAlone()
      let seed = random.next()
      var first = SeededGenerator(seed: seed)
      var second = SeededGenerator(seed: seed)
      write(&alone, depth: 0, &first)
      write(&checking, depth: 0, &second)
      alone.endArray()
      checking.endArray()
      #expect(alone.bytes == checking.bytes, "\(String(decoding: alone.bytes, as: UTF8.self))")
      #expect(original.bytes == originalText)
      // Its text handed over, it writes on into new storage.
      let taken = alone.takeBytes()
      #expect(Array(taken) == checking.bytes)
      HeapBytes.release(taken.baseAddress!)
      alone.write(1)
      #expect(alone.bytes == Array("1".utf8))
    }
  }

  @Test func aCopiedWriterWritesOnItsOwn() {
    // Every write a copy makes, through each inlined path (brackets, a
    // plain key, integers, literals, null), leaves the other copy's text as it was.
    var original = JSONWriter()
    original.beginObject()
    Array("a".utf8).withUnsafeBufferPointer { original.writeKey(utf8: $0, needsEscaping: false) }
    original.beginArray()
    original.write(1)
    var copy = original
    copy.write(2)
    copy.writeNull()
    copy.endArray()
    Array("b".utf8).withUnsafeBufferPointer { copy.writeKey(utf8: $0, needsEscaping: false) }
    copy.write(true)
    copy.endObject()
    original.write(false)
    original.endArray()
    original.endObject()
    #expect(String(decoding: copy.bytes, as: UTF8.self) == #"{"a":[1,2,null],"b":true}"#)
    #expect(String(decoding: original.bytes, as: UTF8.self) == #"{"a":[1,false]}"#)
  }

  /// Keys are checked for escapes as they are copied (sixteen bytes at
  /// once up to sixteen, then eight at a time): keys of every length to 40
  /// with one byte to escape (or a multi-byte character, or 0x7F, which
  /// need none) at every position, written at every fill of the buffer,
  /// are escaped as `JSONEncoder` escapes the same text.
  @Test func keysWithOneByteToEscapeAtEveryPositionAreEscapedAsJSONEncoderEscapesThem() throws {
    let encoders = Self.encodersBySlashOption()
    for (key, length, position) in Self.textsWithOneByteToEscape(upTo: 40) {
      for (options, foundation) in encoders {
        let escaped = String(decoding: try foundation.encode(key), as: UTF8.self)
        // A first member of a length that moves the key along the buffer's 16 bytes.
        let filler = String(repeating: "f", count: (length + position) % 17)
        let expected = "{\"\(filler)\":0,\(escaped):1}"
        for asUTF8 in [false, true] {
          var writer = JSONWriter(options: options, capacity: 16)
          writer.beginObject()
          writer.writeKey(filler)
          writer.write(0)
          if asUTF8 {
            Array(key.utf8).withUnsafeBufferPointer { writer.writeKey(escapingAsNeeded: $0) }
          } else {
            writer.writeKey(key)
          }
          writer.write(1)
          writer.endObject()
          #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(key.debugDescription)")
        }
      }
    }
  }

  @Test func keysOfEveryLengthAreCopiedByteForByte() {
    // Short keys are copied as overlapping words: every byte differs, so
    // one copied to the wrong place or left out shows.
    let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    for length in 0...40 {
      let key = String(letters[0..<length])
      for options in [JSONWriteOptions(), .prettyPrinted] {
        let pretty = options.contains(.prettyPrinted)
        let expected = pretty ? "{\n  \"x\" : 1,\n  \"\(key)\" : 2\n}" : "{\"x\":1,\"\(key)\":2}"
        // The key as a string, and as UTF-8 known to need no escape (an output plan's keys).
        for knownPlain in [false, true] {
          var writer = JSONWriter(options: options)
          writer.beginObject()
          writer.writeKey("x")
          writer.write(1)
          if knownPlain {
            Array(key.utf8).withUnsafeBufferPointer { writer.writeKey(utf8: $0, needsEscaping: false) }
          } else {
            writer.writeKey(key)
          }
          writer.write(2)
          writer.endObject()
          #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "length \(length)")
        }
      }
    }
  }

  @Test func writesCompactText() {
    #expect(value.jsonString() == #"{"b":[1,"two",null],"a":{"x":true,"empty":{},"list":[]},"url":"a\/b"}"#)
  }

  @Test func writesPrettyText() {
    let expected = """
      {
        "b" : [
          1,
          "two",
          null
        ],
        "a" : {
          "x" : true,
          "empty" : {

          },
          "list" : [

          ]
        },
        "url" : "a\\/b"
      }
      """
    #expect(value.jsonString(options: .prettyPrinted) == expected)
  }

  @Test func sortsKeysAtEveryLevel() {
    #expect(
      value.jsonString(options: [.sortedKeys, .withoutEscapingSlashes])
        == #"{"a":{"empty":{},"list":[],"x":true},"b":[1,"two",null],"url":"a/b"}"#)
  }

  @Test func writesScalarsAtTheTopLevel() {
    #expect(JSONValue.null.jsonString() == "null")
    #expect(JSONValue(false).jsonString() == "false")
    #expect(JSONValue(-12).jsonString() == "-12")
    #expect(JSONValue("").jsonString(options: .prettyPrinted) == #""""#)
  }

  @Test func streamsWithTheLowLevelAPI() {
    var writer = JSONWriter(options: .prettyPrinted)
    writer.beginObject()
    writer.writeKey("n")
    writer.write(Int64.min)
    writer.writeKey("u")
    writer.write(UInt64.max)
    writer.writeKey("list")
    writer.beginArray()
    writer.write(0)
    writer.writeNull()
    writer.endArray()
    writer.endObject()
    let expected = "{\n  \"n\" : -9223372036854775808,\n  \"u\" : 18446744073709551615,\n  \"list\" : [\n    0,\n    null\n  ]\n}"
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

  @Test func outputIsAlwaysReadable() throws {
    let tricky: JSONValue = ["\u{0}\u{1F}\"\\/": ["\u{2028}\u{2029}", "\u{7F}", JSONValue(Double.nan), JSONValue(-0.0)]]
    for options: JSONWriteOptions in [[], .prettyPrinted, [.sortedKeys, .withoutEscapingSlashes]] {
      #expect(try JSONValue(json: tricky.jsonBytes(options: options)) == tricky)
    }
  }
}

#if os(Linux)
  /// glibc's size of a heap block (not in the Glibc module's headers).
  @_silgen_name("malloc_usable_size")
  private func mallocUsableSize(_ block: UnsafeMutableRawPointer?) -> Int
#endif
