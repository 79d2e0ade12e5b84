/// Streams JSON text into a byte buffer; it only ever writes valid JSON.
///
/// Commas, colons and (when pretty) line breaks are placed for you:
///
/// ```swift
/// var writer = JSONWriter(options: [.prettyPrinted])
/// writer.beginObject()
/// writer.writeKey("id"); writer.write(42)
/// writer.writeKey("tags"); writer.write(["a", "b"] as JSONValue)
/// writer.endObject()
/// let text = String(decoding: writer.bytes, as: UTF8.self)
/// ```
///
/// Non-finite floating-point values, which JSON cannot express, are written
/// as `null`. Keys and values must alternate inside objects; the writer
/// checks this in debug builds.
public struct JSONWriter {
  /// The text written so far.
  public private(set) var bytes: [UInt8] = []
  /// The options in effect.
  public let options: JSONWriteOptions

  private let pretty: Bool
  private let escapesSlashes: Bool
  private var depth = 0
  private var isFirstInContainer = true
  private var afterKey = false

  /// Creates a writer with an empty buffer.
  public init(options: JSONWriteOptions = [], capacity: Int = 256) {
    self.options = options
    pretty = options.contains(.prettyPrinted)
    escapesSlashes = !options.contains(.withoutEscapingSlashes)
    bytes.reserveCapacity(capacity)
  }

  // MARK: - Structure

  /// Writes `[`.
  public mutating func beginArray() {
    beforeValue()
    bytes.append(UInt8(ascii: "["))
    open()
  }

  /// Writes `]`.
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Writes `{`.
  public mutating func beginObject() {
    beforeValue()
    bytes.append(UInt8(ascii: "{"))
    open()
  }

  /// Writes `}`.
  public mutating func endObject() { close(UInt8(ascii: "}")) }

  /// Writes an object key and its colon; the next write is its value.
  public mutating func writeKey(_ key: String) {
    assert(!afterKey, "two keys in a row")
    beforeValue()
    appendString(key)
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
    afterKey = true
  }

  private mutating func open() {
    depth += 1
    isFirstInContainer = true
  }

  private mutating func close(_ bracket: UInt8) {
    assert(!afterKey, "a key without a value")
    depth -= 1
    if pretty && !isFirstInContainer { newline() }
    bytes.append(bracket)
    isFirstInContainer = false
  }

  @inline(__always)
  private mutating func beforeValue() {
    if afterKey {
      afterKey = false
      return
    }
    if depth > 0 {
      if !isFirstInContainer { bytes.append(UInt8(ascii: ",")) }
      if pretty { newline() }
    }
    isFirstInContainer = false
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    for _ in 0..<depth {
      bytes.append(UInt8(ascii: " "))
      bytes.append(UInt8(ascii: " "))
    }
  }

  // MARK: - Scalars

  /// Writes `null`.
  public mutating func writeNull() {
    beforeValue()
    appendASCII("null")
  }

  /// Writes `true` or `false`.
  public mutating func write(_ value: Bool) {
    beforeValue()
    appendASCII(value ? "true" : "false")
  }

  /// Writes a string, escaped.
  public mutating func write(_ value: String) {
    beforeValue()
    appendString(value)
  }

  /// Writes a number's exact text.
  public mutating func write(_ value: JSONNumber) {
    beforeValue()
    var text = value.text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Writes an integer.
  public mutating func write(_ value: Int64) {
    beforeValue()
    appendInteger(magnitude: value.magnitude, negative: value < 0)
  }

  /// Writes an integer.
  public mutating func write(_ value: Int) { write(Int64(value)) }

  /// Writes an unsigned integer, exactly.
  public mutating func write(_ value: UInt64) {
    beforeValue()
    appendInteger(magnitude: value, negative: false)
  }

  /// Writes a `Double` in its shortest round-trip form; NaN and infinities as `null`.
  public mutating func write(_ value: Double) {
    guard let number = JSONNumber(value) else { return writeNull() }
    write(number)
  }

  // MARK: - Values

  /// Writes a whole value; with `.sortedKeys`, object keys in ascending order.
  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: writeNull()
    case .bool(let flag): write(flag)
    case .number(let number): write(number)
    case .string(let string): write(string)
    case .array(let elements):
      beginArray()
      for element in elements { write(element) }
      endArray()
    case .object(let object):
      beginObject()
      let storage = object.storage.owned
      if options.contains(.sortedKeys) {
        for offset in storage.keys.indices.sorted(by: { storage.keys[$0] < storage.keys[$1] }) {
          writeKey(storage.keys[offset])
          write(storage.values[offset])
        }
      } else {
        for offset in storage.keys.indices {
          writeKey(storage.keys[offset])
          write(storage.values[offset])
        }
      }
      endObject()
    }
  }

  // MARK: - Bytes

  private mutating func appendASCII(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func appendInteger(magnitude: UInt64, negative: Bool) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
      var position = 21
      var rest = magnitude
      repeat {
        position -= 1
        digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest != 0
      if negative {
        position -= 1
        digits[position] = UInt8(ascii: "-")
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
    }
  }

  /// Appends `"text"`, escaping quotes, backslashes, control characters and
  /// (unless `.withoutEscapingSlashes`) slashes; everything else is raw UTF-8.
  private mutating func appendString(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
          || (byte == UInt8(ascii: "/") && escapesSlashes)
        else { continue }
        if runStart < index {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        }
        appendEscape(for: byte)
        runStart = index + 1
      }
      if runStart < utf8.count {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  private mutating func appendEscape(for byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      bytes.append(contentsOf: [
        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
        hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)],
      ])
    }
  }
}

extension JSONValue {
  /// The value as UTF-8 JSON text.
  public func jsonBytes(options: JSONWriteOptions = []) -> [UInt8] {
    var writer = JSONWriter(options: options)
    writer.write(self)
    return writer.bytes
  }

  /// The value as JSON text.
  public func jsonString(options: JSONWriteOptions = []) -> String {
    String(decoding: jsonBytes(options: options), as: UTF8.self)
  }
}
