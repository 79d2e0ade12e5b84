import ModelKitTestSupport

/// Finds the uses of APIs newer than the platform floor in Swift source and
/// tells whether each is guarded: inside a declaration marked
/// `@available(...)`, an `if #available(...)` block, after a
/// `guard #available(...)` in the same scope, or (for conditions that are
/// not versions) inside an `#if`. It reads source as a careful person
/// does, not as the compiler: comments and string literals are blanked,
/// scopes are found by their braces, a declaration's attributes are those
/// written right before its keyword.
struct AvailabilityScanner {
  /// An OS release: major and minor version.
  struct Version: Comparable, CustomStringConvertible {
    let major: Int
    let minor: Int

    init(_ major: Int, _ minor: Int = 0) {
      (self.major, self.minor) = (major, minor)
    }

    /// `"15"` or `"15.0"` or `"10.15.4"` (the patch is ignored).
    init?(_ text: Substring) {
      let parts = text.split(separator: ".").map { Int($0) }
      guard let major = parts.first ?? nil, parts.allSatisfy({ $0 != nil }) else { return nil }
      self.init(major, parts.count > 1 ? parts[1]! : 0)
    }

    static func < (lhs: Version, rhs: Version) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }
  }

  /// The Apple platforms availability speaks of (visionOS follows iOS).
  static let platforms = ["macOS", "iOS", "tvOS", "watchOS"]

  /// What a guard promises: per platform, the version known to be running,
  /// or that the code never runs there.
  struct Promise {
    var versions: [String: Version] = [:]
    var unavailable: Set<String> = []

    /// Both promises at once (nested guards).
    func merged(with other: Promise) -> Promise {
      var result = self
      for (platform, version) in other.versions { result.versions[platform] = max(version, versions[platform] ?? version) }
      result.unavailable.formUnion(other.unavailable)
      return result
    }

    /// Whether code under this promise may use an API that needs `required`,
    /// on a package whose floor is `floor`.
    func satisfies(_ required: [String: Version], floor: [String: Version]) -> Bool {
      required.allSatisfy { platform, version in
        unavailable.contains(platform) || max(versions[platform] ?? Version(0), floor[platform] ?? Version(0)) >= version
      }
    }

    /// The promise of `@available(…)` or `#available(…)` arguments.
    init(arguments: Substring) {
      let items: [Substring] = arguments.split(separator: ",").map { $0.trimmingSpaces }
      if items.contains("unavailable") {
        if items.first == "*" {
          unavailable = Set(AvailabilityScanner.platforms)
        } else if let platform = items.first {
          unavailable.insert(String(platform))
        }
        return
      }
      for item in items {
        let words = item.split(separator: " ")
        guard words.count == 2, AvailabilityScanner.platforms.contains(String(words[0])),
          let version = Version(words[1])
        else { continue }
        versions[String(words[0])] = version
      }
    }

    init() {}
  }

  /// One use of a newer API.
  struct Use {
    let offset: Int
    let line: Int
    let promise: Promise
    /// The `#if` conditions in force, innermost last (an `#else` branch as `!(condition)`).
    let conditions: [String]
  }

  /// The source, its comments and strings blanked.
  let source: SwiftSource
  var code: [UInt8] { source.code }
  var regexLiterals: [Int] { source.regexLiterals }
  /// Whether the file imports Foundation.
  let importsFoundation: Bool

  /// The types this file declares with an `@available` of their own, so
  /// that their uses anywhere are held to it as the compiler holds them.
  private(set) var guardedTypes: [(name: String, promise: Promise)] = []
  /// The names of every type this file declares.
  private(set) var declaredTypes: Set<String> = []
  private var scopes: [(open: Int, close: Int, promise: Promise)] = []
  private var guards: [(from: Int, to: Int, promise: Promise)] = []
  private var conditionLines: [[String]] = []

  init(_ text: String) {
    source = SwiftSource(text)
    importsFoundation = String(decoding: source.code, as: UTF8.self).split(separator: "\n").contains { line in
      let words = line.split(separator: " ")
      return words.count >= 2 && words[words.count - 2] == "import" && words[words.count - 1] == "Foundation"
    }
    findScopes()
    findConditions()
  }

  /// The use at `offset`, with what guards it.
  func use(at offset: Int) -> Use {
    var promise = Promise()
    for scope in scopes where scope.open < offset && offset < scope.close {
      promise = promise.merged(with: scope.promise)
    }
    for region in guards where region.from <= offset && offset < region.to {
      promise = promise.merged(with: region.promise)
    }
    // The declaration the use sits in, when it is in its signature.
    let start = statementStart(before: offset)
    promise = promise.merged(with: Self.statementPromise(Array(code[start..<offset])).declaration)
    if offset > 0 && code[offset - 1] == UInt8(ascii: "@") {
      // An attribute (`@Observable`): the declaration it is written on,
      // whose other attributes may come before or after it.
      var end = offset
      while end < code.count && !"{};".utf8.contains(code[end]) { end += 1 }
      let forward = Self.tokenize(Array(code[offset..<end]))
      if let keyword = forward.firstIndex(where: { Self.declarationKeywords.contains($0) }),
        forward[1..<keyword].allSatisfy({ Self.modifiers.contains($0) || $0.hasPrefix("@") })
      {
        let attributes = Self.tokenize(Array(code[start..<offset])).reversed().prefix { $0.hasPrefix("@") }
          + forward[1..<keyword].filter { $0.hasPrefix("@") }
        for attribute in attributes where attribute.hasPrefix("@available(") {
          promise = promise.merged(with: Promise(arguments: Self.arguments(of: attribute)))
        }
      }
    }
    let line = source.line(of: offset)
    return Use(offset: offset, line: line, promise: promise, conditions: conditionLines[line - 1])
  }

  // MARK: - Finding uses

  /// The offsets where the identifier `name` is used (whole, in code).
  func identifierUses(_ name: String) -> [Int] {
    source.identifiers[name] ?? []
  }

  /// The offsets where `fragment` (such as `.firstRange(of:`, which must
  /// hold a name) occurs in code, a name in it whole.
  func fragmentUses(_ fragment: String) -> [Int] {
    let bytes = Array(fragment.utf8)
    guard let nameStart = bytes.firstIndex(where: SwiftSource.isIdentifierByte) else { return [] }
    var nameEnd = nameStart
    while nameEnd < bytes.count && SwiftSource.isIdentifierByte(bytes[nameEnd]) { nameEnd += 1 }
    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
    return identifierUses(name).map { $0 - nameStart }.filter { offset in
      offset >= 0 && offset + bytes.count <= code.count && code[offset..<offset + bytes.count].elementsEqual(bytes)
    }
  }

  /// Calls of `.name(` whose arguments, at their own level, include `label:`.
  func callsWithArgument(_ name: String, label: String) -> [Int] {
    fragmentUses(".\(name)(").filter { offset in
      var index = offset + name.utf8.count + 2
      var depth = 0
      var argument = [UInt8]()
      while index < code.count {
        let byte = code[index]
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
        if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
          if depth == 0 { break }
          depth -= 1
        }
        if depth == 0 && byte == UInt8(ascii: ",") {
          argument = []
        } else if depth == 0 {
          argument.append(byte)
          if String(decoding: argument, as: UTF8.self).trimmingSpaces == label + ":" { return true }
        }
        index += 1
      }
      return false
    }
  }

  /// `.contains("…")` with a literal of two or more characters: a string,
  /// which only `_StringProcessing` (macOS 13) or Foundation can look for,
  /// unless the receiver is a name the file declares as an array or a set
  /// (whose `contains` looks for an element).
  func substringContainsUses() -> [Int] {
    fragmentUses(".contains(\"").filter { offset in
      if let receiver = name(endingAt: offset), declaresCollection(receiver) { return false }
      let contentStart = offset + ".contains(\"".utf8.count
      guard let literal = source.strings.first(where: { $0.lowerBound == contentStart }) else { return false }
      let content = String(decoding: source.text[literal], as: UTF8.self)
      let escapes = content.split(separator: "\\", omittingEmptySubsequences: false).count - 1
      return content.count - escapes >= 2
    }
  }

  /// The identifier that ends just before `offset`, if any.
  private func name(endingAt offset: Int) -> String? {
    var start = offset
    while start > 0 && SwiftSource.isIdentifierByte(code[start - 1]) { start -= 1 }
    return start < offset ? String(decoding: code[start..<offset], as: UTF8.self) : nil
  }

  /// Whether the file declares `name` with an array or set type or literal.
  private func declaresCollection(_ name: String) -> Bool {
    ["\(name): [", "\(name): Set<", "\(name): Array<", "\(name) = ["].contains { declaration in
      !fragmentUses(declaration).isEmpty
    }
  }

  // MARK: - Scopes and guards

  /// Where the statement holding `offset` starts: after the last brace or semicolon before it.
  private func statementStart(before offset: Int) -> Int {
    var index = offset - 1
    while index >= 0 {
      switch code[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"): return index + 1
      default: index -= 1
      }
    }
    return 0
  }

  private mutating func findScopes() {
    var open: [(offset: Int, statement: (declaration: Promise, block: Promise, guarding: Promise?))] = []
    for (offset, byte) in code.enumerated() {
      if byte == UInt8(ascii: "{") {
        let header = Array(code[statementStart(before: offset)..<offset])
        let statement = Self.statementPromise(header)
        open.append((offset, statement))
        if let name = Self.declaredType(header) {
          declaredTypes.insert(name)
          if !statement.declaration.versions.isEmpty { guardedTypes.append((name, statement.declaration)) }
        }
      } else if byte == UInt8(ascii: "}"), let scope = open.popLast() {
        scopes.append((scope.offset, offset, scope.statement.declaration.merged(with: scope.statement.block)))
        if let guarding = scope.statement.guarding {
          // `guard #available(…) else { … }`: the rest of the enclosing scope.
          let end = matchingClose(after: open.last?.offset) ?? code.count
          guards.append((offset, end, guarding))
        }
      }
    }
  }

  /// The offset of the brace that closes the one at `open` (the end of the file for nil).
  private func matchingClose(after open: Int?) -> Int? {
    guard let open else { return nil }
    var depth = 0
    for index in open..<code.count {
      if code[index] == UInt8(ascii: "{") { depth += 1 }
      if code[index] == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  private static let declarationKeywords: Set<String> = [
    "func", "init", "var", "let", "struct", "class", "enum", "extension", "protocol", "actor", "subscript",
    "typealias", "deinit", "case",
  ]
  private static let modifiers: Set<String> = [
    "public", "package", "internal", "fileprivate", "private", "open", "static", "final", "override", "mutating",
    "nonmutating", "convenience", "required", "lazy", "weak", "unowned", "nonisolated", "indirect", "dynamic",
    "consuming", "borrowing", "isolated", "distributed", "class",
  ]

  /// What the statement before a brace (or before a use) promises: its
  /// declaration's own `@available`, an `if #available` condition for its
  /// block, or a `guard #available` for what follows it.
  private static func statementPromise(_ statement: [UInt8]) -> (
    declaration: Promise, block: Promise, guarding: Promise?
  ) {
    let tokens: [String] = tokenize(statement)
    var declaration = Promise()
    if let keyword = tokens.lastIndex(where: { declarationKeywords.contains($0) }) {
      var index = keyword - 1
      while index >= 0, modifiers.contains(tokens[index]) || tokens[index].hasPrefix("@") {
        if tokens[index].hasPrefix("@available(") {
          declaration = declaration.merged(with: Promise(arguments: arguments(of: tokens[index])))
        }
        index -= 1
      }
    }
    let conditions = tokens.filter { $0.hasPrefix("#available(") }.map { Promise(arguments: arguments(of: $0)) }
    guard !conditions.isEmpty else { return (declaration, Promise(), nil) }
    let condition = conditions.reduce(Promise()) { $0.merged(with: $1) }
    if tokens.contains("guard") { return (declaration, Promise(), condition) }
    return (declaration, condition, nil)
  }

  private static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor"]

  /// The type a statement before a brace declares, if it declares one.
  private static func declaredType(_ header: [UInt8]) -> String? {
    let tokens: [String] = tokenize(header)
    guard let keyword = tokens.lastIndex(where: { declarationKeywords.contains($0) }),
      typeKeywords.contains(tokens[keyword]), keyword + 1 < tokens.count
    else { return nil }
    let name = tokens[keyword + 1]
    return name.first.map { $0.isLetter || $0 == "_" } == true ? name : nil
  }

  /// The text between the outer parentheses of `@available(…)`.
  private static func arguments(of token: String) -> Substring {
    guard let open = token.firstIndex(of: "("), let close = token.lastIndex(of: ")") else { return "" }
    return token[token.index(after: open)..<close]
  }

  /// Words, and attributes or conditions with their parenthesised arguments whole.
  private static func tokenize(_ statement: [UInt8]) -> [String] {
    var tokens: [String] = []
    var index = 0
    while index < statement.count {
      let byte = statement[index]
      if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") || SwiftSource.isIdentifierByte(byte) {
        var end = index + 1
        while end < statement.count, SwiftSource.isIdentifierByte(statement[end]) { end += 1 }
        if byte != UInt8(ascii: "@") && byte != UInt8(ascii: "#") || end == statement.count
          || statement[end] != UInt8(ascii: "(")
        {
          tokens.append(String(decoding: statement[index..<end], as: UTF8.self))
          index = end
          continue
        }
        var depth = 0
        while end < statement.count {
          if statement[end] == UInt8(ascii: "(") { depth += 1 }
          if statement[end] == UInt8(ascii: ")") {
            depth -= 1
            if depth == 0 { break }
          }
          end += 1
        }
        end = min(end + 1, statement.count)
        tokens.append(String(decoding: statement[index..<end], as: UTF8.self))
        index = end
      } else {
        if byte > UInt8(ascii: " ") { tokens.append(String(UnicodeScalar(byte))) }
        index += 1
      }
    }
    return tokens
  }

  /// The `#if` conditions in force on each line.
  private mutating func findConditions() {
    var stack: [String] = []
    var lines: [[String]] = []
    for line in String(decoding: code, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingSpaces
      if trimmed.hasPrefix("#if ") {
        stack.append(String(trimmed.dropFirst(4)))
      } else if trimmed.hasPrefix("#elseif "), let last = stack.popLast() {
        stack.append("!(\(last)) && \(trimmed.dropFirst(8))")
      } else if trimmed.hasPrefix("#else"), let last = stack.popLast() {
        stack.append("!(\(last))")
      } else if trimmed.hasPrefix("#endif") {
        _ = stack.popLast()
      }
      lines.append(stack)
    }
    conditionLines = lines
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    let characters = self[...]
    let start = characters.firstIndex { $0 != " " && $0 != "\t" } ?? characters.endIndex
    let end = characters.lastIndex { $0 != " " && $0 != "\t" }.map { characters.index(after: $0) } ?? start
    return Substring(characters[start..<Swift.max(start, end)])
  }
}
