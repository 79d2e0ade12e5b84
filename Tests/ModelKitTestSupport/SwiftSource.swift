/// Swift source as the package's source checks read it (the layering and
/// availability tests): comments and the contents of string literals
/// blanked (same length, same lines; interpolations kept as code), regex
/// literals found, identifiers indexed, and what the file declares listed.
/// It reads source as a careful person does, not as the compiler.
public struct SwiftSource {
  /// The source's bytes.
  public let text: [UInt8]
  /// `text` with comments and the contents of string literals blanked.
  public let code: [UInt8]
  /// The contents of the string literals (between their quotes).
  public let strings: [Range<Int>]
  /// Where regex literals start.
  public let regexLiterals: [Int]
  /// Where each identifier occurs in `code`.
  public let identifiers: [String: [Int]]
  /// The names of the types the file declares, at any nesting.
  public private(set) var types: Set<String> = []
  /// The names of the members declared directly in a type's or an
  /// extension's body (`func`, `var`, `let`, `case`).
  public private(set) var members: Set<String> = []
  /// Every name the file declares in any way (types, members, locals,
  /// parameters and argument labels): what it may use as its own.
  public private(set) var declared: Set<String> = []
  /// The type aliases that give an outside type its own name
  /// (`typealias Name = Outside.Name`).
  public private(set) var outsideAliases: Set<String> = []
  private let lineStarts: [Int]

  /// Reads `source`.
  public init(_ source: String) {
    let bytes = Array(source.utf8)
    let blanked = Self.blank(bytes)
    text = bytes
    (code, strings, regexLiterals) = blanked
    lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    var identifiers: [String: [Int]] = [:]
    var tokens: [(name: String, offset: Int)] = []
    var index = 0
    while index < blanked.code.count {
      guard Self.isIdentifierByte(blanked.code[index]) else {
        index += 1
        continue
      }
      var end = index + 1
      while end < blanked.code.count && Self.isIdentifierByte(blanked.code[end]) { end += 1 }
      let name = String(decoding: blanked.code[index..<end], as: UTF8.self)
      // `#if`, `#available`, `@Test` and `$0` are not names of the code.
      let before = index > 0 ? blanked.code[index - 1] : 0
      if before != UInt8(ascii: "#") && before != UInt8(ascii: "$") {
        identifiers[name, default: []].append(index)
        tokens.append((name, index))
      }
      index = end
    }
    self.identifiers = identifiers
    findDeclarations(tokens)
  }

  /// The 1-based line of `offset`.
  public func line(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low + 1
  }

  /// Whether `byte` can be part of an identifier.
  public static func isIdentifierByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
  }

  // MARK: - Declarations

  private static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
  private static let memberKeywords: Set<String> = ["func", "var", "let", "case"]

  /// Types at any nesting; members in type and extension bodies; every
  /// declared name. A brace opens a body when the last keyword before it
  /// (in its statement) declares a type or an extension.
  private mutating func findDeclarations(_ tokens: [(name: String, offset: Int)]) {
    enum Scope { case body, other }
    var scopes: [Scope] = []
    var tokenIndex = 0
    var lastKeyword: String?
    // Open parentheses: a comma inside them (a case's payload) names no case.
    var parentheses = 0
    for (offset, byte) in code.enumerated() {
      while tokenIndex < tokens.count && tokens[tokenIndex].offset < offset {
        let (name, _) = tokens[tokenIndex]
        let next = tokenIndex + 1 < tokens.count ? tokens[tokenIndex + 1].name : nil
        if Self.typeKeywords.contains(name) || name == "extension" || Self.memberKeywords.contains(name) {
          lastKeyword = name
        }
        if name == "typealias", let next, tokenIndex + 3 < tokens.count, tokens[tokenIndex + 3].name == next,
          tokens[tokenIndex + 2].name != next
        {
          outsideAliases.insert(next)
        }
        if let next, Self.typeKeywords.contains(name), !Self.memberKeywords.contains(next), next != "subscript",
          next != "init", next != "override", next != "final", next != "static"
        {
          types.insert(next)
          declared.insert(next)
        }
        if let next, Self.memberKeywords.contains(name) {
          declared.insert(next)
          if scopes.last == .body { members.insert(next) }
        }
        // `for x in`, `{ a, b in`: the names bound before `in`.
        if name == "in" { declared.formUnion(namesBound(before: tokens[tokenIndex].offset)) }
        // `case a, b`: each name after a comma on the line of a `case`, outside its payloads.
        if lastKeyword == "case", scopes.last == .body, parentheses == 0, precededByComma(tokens[tokenIndex].offset) {
          declared.insert(name)
          members.insert(name)
        }
        tokenIndex += 1
      }
      switch byte {
      case UInt8(ascii: "{"):
        let opensBody = lastKeyword.map { Self.typeKeywords.contains($0) || $0 == "extension" } ?? false
        scopes.append(opensBody ? .body : .other)
        lastKeyword = nil
      case UInt8(ascii: "}"):
        _ = scopes.popLast()
        lastKeyword = nil
      case UInt8(ascii: "("):
        parentheses += 1
      case UInt8(ascii: ")"):
        parentheses -= 1
      case UInt8(ascii: ":"):
        // An argument label or a parameter, `name:`.
        var start = offset
        while start > 0 && Self.isIdentifierByte(code[start - 1]) { start -= 1 }
        if start < offset { declared.insert(String(decoding: code[start..<offset], as: UTF8.self)) }
      case UInt8(ascii: ";"), UInt8(ascii: "\n") where lastKeyword == "case":
        lastKeyword = nil
      case UInt8(ascii: ";"):
        lastKeyword = nil
      default:
        break
      }
    }
  }

  /// The names a `for` or a closure binds before the `in` at `offset`:
  /// back over names, commas, parentheses, underscores and white space.
  private func namesBound(before offset: Int) -> [String] {
    var start = offset
    while start > 0 {
      let byte = code[start - 1]
      guard Self.isIdentifierByte(byte) || " ,()\n\t".utf8.contains(byte) else { break }
      start -= 1
    }
    return String(decoding: code[start..<offset], as: UTF8.self)
      .split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
  }

  /// Whether the nearest byte before `offset` (past spaces and a backtick) is a comma.
  private func precededByComma(_ offset: Int) -> Bool {
    var index = offset - 1
    while index >= 0 && (code[index] == UInt8(ascii: " ") || code[index] == UInt8(ascii: "`")) { index -= 1 }
    return index >= 0 && code[index] == UInt8(ascii: ",")
  }

  // MARK: - Blanking comments and strings

  /// `text` with comments and string literal contents replaced by spaces,
  /// interpolations kept as code; the contents' ranges; where regex literals start.
  private static func blank(_ text: [UInt8]) -> (code: [UInt8], strings: [Range<Int>], regexes: [Int]) {
    enum Mode {
      case code(parentheses: Int)
      case string(hashes: Int, multiline: Bool, contentStart: Int)
    }
    var code = text
    var strings: [Range<Int>] = []
    var regexes: [Int] = []
    var stack: [Mode] = [.code(parentheses: 0)]
    var index = 0
    func byte(_ at: Int) -> UInt8 { at < text.count ? text[at] : 0 }
    func blank(_ range: Range<Int>) {
      for at in range where at < code.count && code[at] != UInt8(ascii: "\n") { code[at] = UInt8(ascii: " ") }
    }
    while index < text.count {
      switch stack[stack.count - 1] {
      case .code(let parentheses):
        let current = text[index]
        if current == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "/") {
          var end = index
          while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
          blank(index..<end)
          index = end
        } else if current == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
          var depth = 0
          var end = index
          repeat {
            if byte(end) == UInt8(ascii: "/") && byte(end + 1) == UInt8(ascii: "*") {
              depth += 1
              end += 2
            } else if byte(end) == UInt8(ascii: "*") && byte(end + 1) == UInt8(ascii: "/") {
              depth -= 1
              end += 2
            } else {
              end += 1
            }
          } while depth > 0 && end < text.count
          blank(index..<end)
          index = end
        } else if current == UInt8(ascii: "#") || current == UInt8(ascii: "\"") {
          var quote = index
          while byte(quote) == UInt8(ascii: "#") { quote += 1 }
          guard byte(quote) == UInt8(ascii: "\"") else {
            index = quote + (quote == index ? 1 : 0)
            continue
          }
          let multiline = byte(quote + 1) == UInt8(ascii: "\"") && byte(quote + 2) == UInt8(ascii: "\"")
          let contentStart = quote + (multiline ? 3 : 1)
          stack.append(.string(hashes: quote - index, multiline: multiline, contentStart: contentStart))
          index = contentStart
        } else if current == UInt8(ascii: "/"), isRegexStart(code, at: index), let end = regexEnd(text, from: index) {
          regexes.append(index)
          blank(index + 1..<end)
          index = end + 1
        } else if current == UInt8(ascii: "(") {
          stack[stack.count - 1] = .code(parentheses: parentheses + 1)
          index += 1
        } else if current == UInt8(ascii: ")") && parentheses == 0 && stack.count > 1 {
          stack.removeLast()  // the end of an interpolation
          index += 1
        } else {
          if current == UInt8(ascii: ")") { stack[stack.count - 1] = .code(parentheses: max(0, parentheses - 1)) }
          index += 1
        }
      case .string(let hashes, let multiline, let contentStart):
        let current = text[index]
        let delimiter = Array(repeating: UInt8(ascii: "#"), count: hashes)
        if current == UInt8(ascii: "\\") && text[min(index + 1, text.count)..<min(index + 1 + hashes, text.count)]
          .elementsEqual(delimiter)
        {
          let after = index + 1 + hashes
          blank(index..<after + 1)
          if byte(after) == UInt8(ascii: "(") { stack.append(.code(parentheses: 0)) }
          index = after + 1
        } else if current == UInt8(ascii: "\"")
          && (!multiline || (byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")))
          && text[min(index + (multiline ? 3 : 1), text.count)..<min(index + (multiline ? 3 : 1) + hashes, text.count)]
            .elementsEqual(delimiter)
        {
          strings.append(contentStart..<index)
          stack.removeLast()
          index += (multiline ? 3 : 1) + hashes
        } else if current == UInt8(ascii: "\n") && !multiline {
          stack.removeLast()  // not a string after all: leave the rest of the line
          index += 1
        } else {
          blank(index..<index + 1)
          index += 1
        }
      }
    }
    return (code, strings, regexes)
  }

  /// Whether the `/` at `index` starts a regex literal: it follows what
  /// starts an expression and is followed by what a division never is.
  private static func isRegexStart(_ code: [UInt8], at index: Int) -> Bool {
    var before = index - 1
    while before >= 0 && (code[before] == UInt8(ascii: " ") || code[before] == UInt8(ascii: "\n")) { before -= 1 }
    let next = index + 1 < code.count ? code[index + 1] : 0
    guard next > UInt8(ascii: " "), next != UInt8(ascii: "/"), next != UInt8(ascii: "*"), next != UInt8(ascii: "=")
    else { return false }
    guard before >= 0 else { return true }
    return "=(,:[{;".utf8.contains(code[before])
  }

  /// The closing `/` of a regex literal on the same line, if any.
  private static func regexEnd(_ text: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    while index < text.count && text[index] != UInt8(ascii: "\n") {
      if text[index] == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if text[index] == UInt8(ascii: "/") { return index }
      index += 1
    }
    return nil
  }
}
