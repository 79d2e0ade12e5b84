import ModelKitJSON

/// A JSON text parsed whole, keeping where every value and every
/// character of a string ends: what a prefix of it shows, by the rules
/// (written apart from the reader, which never sees the whole text).
/// The tests of the partial reader and of partial decoding share it.
public struct PartialTextReference {
  private indirect enum Node {
    /// `pieces`: each character (an escape or a UTF-8 sequence) and the offset after it.
    case string(start: Int, end: Int, pieces: [(String, Int)])
    case scalar(end: Int, JSONValue)
    case array(start: Int, end: Int, [Node])
    case object(start: Int, end: Int, [(key: String, value: Node)])
  }

  private let bytes: [UInt8]
  private var root: Node!
  private var index = 0

  /// The reference of a whole, valid text.
  public init(_ bytes: [UInt8]) throws {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipSpace()
    root = try node()
  }

  /// What the first `count` bytes show (`finished`: and the text has ended there).
  public func shown(prefix count: Int, finished: Bool) -> JSONValue? { shown(root, count, isRoot: true, finished) }

  /// Whether the first `count` bytes hold the whole value.
  public func isComplete(prefix count: Int, finished: Bool) -> Bool {
    switch root! {
    case .scalar(let end, _): return end < count || (finished && end <= count)
    case .string(_, let end, _), .array(_, let end, _), .object(_, let end, _): return end <= count
    }
  }

  private func shown(_ node: Node, _ count: Int, isRoot: Bool, _ finished: Bool) -> JSONValue? {
    switch node {
    case .scalar(let end, let value):
      // (Not `nil`, which a `JSONValue` literal would read as `null`.)
      return end < count || (isRoot && finished && end <= count) ? value : Optional.none
    case .string(let start, _, let pieces):
      guard start < count else { return nil }
      return .string(pieces.filter { $0.1 <= count }.map(\.0).joined())
    case .array(let start, _, let elements):
      guard start < count else { return nil }
      return .array(elements.compactMap { shown($0, count, isRoot: false, finished) })
    case .object(let start, _, let members):
      guard start < count else { return nil }
      var object = JSONObject()
      for member in members {
        if let value = shown(member.value, count, isRoot: false, finished) { object[member.key] = value }
      }
      return .object(object)
    }
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func node() throws -> Node {
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "["):
      index += 1
      skipSpace()
      var elements: [Node] = []
      while bytes[index] != UInt8(ascii: "]") {
        elements.append(try node())
        skipSpace()
        if bytes[index] == UInt8(ascii: ",") { index += 1 }
        skipSpace()
      }
      index += 1
      return .array(start: start, end: index, elements)
    case UInt8(ascii: "{"):
      index += 1
      skipSpace()
      var members: [(key: String, value: Node)] = []
      while bytes[index] != UInt8(ascii: "}") {
        guard case .string(_, _, let pieces) = try node() else { throw ReferenceError() }
        skipSpace()
        index += 1  // ':'
        skipSpace()
        members.append((pieces.map(\.0).joined(), try node()))
        skipSpace()
        if bytes[index] == UInt8(ascii: ",") { index += 1 }
        skipSpace()
      }
      index += 1
      return .object(start: start, end: index, members)
    case UInt8(ascii: "\""):
      index += 1
      var pieces: [(String, Int)] = []
      while bytes[index] != UInt8(ascii: "\"") {
        // One character: an escape (a surrogate pair whole) or a UTF-8 sequence.
        var end = index + 1
        if bytes[index] == UInt8(ascii: "\\") {
          end = bytes[index + 1] == UInt8(ascii: "u") ? index + 6 : index + 2
          if bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] | 0x20 == UInt8(ascii: "d"),
            (UInt8(ascii: "8")...UInt8(ascii: "b")).contains(bytes[index + 3] | 0x20)
          {
            end = index + 12
          }
        } else {
          while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        let piece = try JSONValue(json: [UInt8(ascii: "\"")] + bytes[index..<end] + [UInt8(ascii: "\"")])
        pieces.append((piece.string!, end))
        index = end
      }
      index += 1
      return .string(start: start, end: index, pieces: pieces)
    default:
      while index < bytes.count, !" \n\r\t,]}".utf8.contains(bytes[index]) { index += 1 }
      return .scalar(end: index, try JSONValue(json: Array(bytes[start..<index])))
    }
  }

  private struct ReferenceError: Error {}

  /// Whether `later` keeps all of `earlier`: strings only grow, arrays and
  /// objects only gain (their last value growing), scalars stay.
  public static func grows(from earlier: JSONValue, to later: JSONValue) -> Bool {
    switch (earlier, later) {
    case (.string(let old), .string(let new)): return new.unicodeScalars.starts(with: old.unicodeScalars)
    case (.array(let old), .array(let new)):
      return old.count <= new.count && zip(old, new).allSatisfy { grows(from: $0, to: $1) }
    case (.object(let old), .object(let new)):
      return old.count <= new.count
        && zip(old, new).allSatisfy { $0.key == $1.key && grows(from: $0.value, to: $1.value) }
    default: return earlier == later
    }
  }}
