import ModelKitJSON

/// One step of a JSON key path (`steps[2].text`): a member's key or an element's index.
enum JSONPathComponent: Equatable {
  case key(String)
  case index(Int)

  /// The components of `path`: keys joined by dots, indices in brackets,
  /// after an optional leading `$`; nil when it is not such a path.
  static func parse(_ path: String) -> [JSONPathComponent]? {
    var components: [JSONPathComponent] = []
    var rest = Substring(path)
    if rest.hasPrefix("$") { rest = rest.dropFirst() }
    if rest.hasPrefix(".") { rest = rest.dropFirst() }
    while !rest.isEmpty {
      if rest.hasPrefix("[") {
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
          index >= 0
        else { return nil }
        components.append(.index(index))
        rest = rest[rest.index(after: close)...]
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
      } else {
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        guard end > rest.startIndex else { return nil }
        components.append(.key(String(rest[..<end])))
        rest = rest[end...]
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
      }
    }
    return components
  }

  /// The value this component names inside `node` (the last of a repeated key), or nil.
  func child(of node: JSONDocument.Node, in document: JSONDocument) -> JSONDocument.Node? {
    switch self {
    case .key(let key):
      guard document.kind(of: node) == .object else { return nil }
      return document.member(key, of: node)
    case .index(let index):
      guard document.kind(of: node) == .array, index < document.count(of: node) else { return nil }
      return document.elements(of: node).dropFirst(index).first { _ in true }
    }
  }
}

/// The property names a key path goes through.
enum PropertyPath {
  /// `\Recipe.author.name` → `["author", "name"]`, read from the key
  /// path's description (which names stored properties wherever the
  /// type's reflection metadata does); nil when it names none (a
  /// subscript, or a description without names).
  static func names(of keyPath: AnyKeyPath) -> [String]? {
    let description = String(describing: keyPath)
    // The root type's name ends at the first dot outside its generic arguments.
    var depth = 0
    let dot = description.firstIndex { character in
      if character == "<" { depth += 1 } else if character == ">" { depth -= 1 }
      return character == "." && depth == 0
    }
    guard description.hasPrefix("\\"), let dot else { return nil }
    let names = description[description.index(after: dot)...].split(separator: ".").map {
      String($0.filter { $0 != "?" && $0 != "!" })
    }
    guard !names.isEmpty, names.allSatisfy({ name in !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
    else { return nil }
    return names
  }
}
