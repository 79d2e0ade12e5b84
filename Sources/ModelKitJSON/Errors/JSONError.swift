/// An error found while reading JSON text, with where it was found.
///
/// ```swift
/// do { _ = try JSONValue(json: "[1, 2") }
/// catch { print(error) }  // unexpected end of input: expected ',' or ']' … at line 1, column 6
/// ```
///
/// `line` and `column` are 1-based; `column` counts Unicode scalars from the
/// start of the line. `offset` is the 0-based byte offset into the input.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, in a form code can switch over.
  public enum Kind: Sendable, Hashable {
    /// The input has no JSON value at all (empty or only white space).
    case emptyInput
    /// The input ended in the middle of a value.
    case unexpectedEndOfInput
    /// A byte that cannot start or continue the value at this place.
    case unexpectedCharacter
    /// A number that breaks the JSON number grammar (`01`, `1.`, `.5`, `+1`, `1e`).
    case invalidNumber
    /// An unknown escape sequence or a malformed `\u` escape.
    case invalidEscape
    /// A raw control character (U+0000–U+001F) inside a string.
    case controlCharacterInString
    /// Bytes that are not valid UTF-8, or an escaped lone surrogate.
    case invalidUnicode
    /// Containers nested deeper than the reader's `maxDepth`.
    case nestingTooDeep
    /// Characters after the end of the top-level value.
    case trailingCharacters
    /// The input is larger than a document can address (4 GiB; 2 GiB where `Int` has 32 bits).
    case inputTooLarge
  }

  /// What went wrong.
  public let kind: Kind
  /// A sentence a person understands, without the position.
  public let message: String
  /// 0-based byte offset of the offending byte in the input.
  public let offset: Int
  /// 1-based line of the offending byte.
  public let line: Int
  /// 1-based column of the offending byte, in Unicode scalars.
  public let column: Int

  /// Creates an error; the position is given explicitly.
  ///
  /// - Parameters:
  ///   - kind: what went wrong.
  ///   - message: the sentence a person reads, without the position.
  ///   - offset: the 0-based byte offset of the offending byte.
  ///   - line: its 1-based line.
  ///   - column: its 1-based column, in Unicode scalars.
  public init(kind: Kind, message: String, offset: Int, line: Int, column: Int) {
    self.kind = kind
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The message followed by the position, for example
  /// `expected ',' or '}' after object member at line 3, column 15 (byte 42)`.
  public var description: String {
    "\(message) at line \(line), column \(column) (byte \(offset))"
  }
}

extension JSONError {
  /// Makes an error at `offset` in `input`, computing line and column.
  init(_ kind: Kind, _ message: String, at offset: Int, in input: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var column = 1
    let end = min(offset, input.count)
    var index = 0
    while index < end {
      let byte = input[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    self.init(kind: kind, message: message, offset: offset, line: line, column: column)
  }

  /// Characters after the top-level value, the first at `offset`.
  static func trailingCharacters(at offset: Int, in input: UnsafeBufferPointer<UInt8>) -> JSONError {
    JSONError(.trailingCharacters, "unexpected characters after the top-level value", at: offset, in: input)
  }
}
