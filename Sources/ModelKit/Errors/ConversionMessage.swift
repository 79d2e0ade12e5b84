import ModelKitJSON

/// A conversion error's message, kept as its parts and written when it is
/// first read: a type's `try?` fallback may make and drop an error for
/// every value it reads.
struct ConversionMessage: Sendable {
  let failure: ConversionFailure
  /// What the value was.
  let found: FoundValue
  /// What it was for ("property 'id' of type Int").
  let target: String

  /// "the string "abc" is not a value for property 'id' of type Int", …
  var text: String {
    MessageText.make { message in
      switch failure {
      case .null: message.append("null is not a value for ")
      case .mismatch:
        found.write(into: &message)
        message.append(" is not a value for ")
      case .outOfRange:
        found.write(into: &message)
        message.append(" is out of range for ")
      case .unconvertible:
        found.write(into: &message)
        message.append(" cannot be converted to ")
      case .rejected: message.append("the value for ")
      }
      message.append(target)
      if failure == .rejected { message.append(" was rejected") }
    }
  }
}

/// A JSON value as messages and report entries show it: "the string
/// "abc"" (at most 40 characters of it), "the number 1.5", "an array", …
struct FoundValue: Sendable {
  let kind: JSONKind
  /// The number's text, the string's excerpt or the Boolean's word.
  private let text: String

  init(_ node: JSONDocument.Node, in document: JSONDocument) {
    kind = document.kind(of: node)
    switch kind {
    case .bool: text = document.bool(node) == true ? "true" : "false"
    case .number: text = document.numberText(node) ?? ""
    case .string: text = Self.excerpt(document.string(node) ?? "")
    case .null, .array, .object: text = ""
    }
  }

  func write(into message: inout MessageText) {
    switch kind {
    case .null: message.append("null")
    case .bool: message.append(text)
    case .number:
      message.append("the number ")
      message.append(text)
    case .string:
      message.append("the string \"")
      message.append(text)
      message.append("\"")
    case .array: message.append("an array")
    case .object: message.append("an object")
    }
  }

  var description: String { MessageText.make { write(into: &$0) } }

  /// At most the first 40 characters of `text`, with `…` when it is longer.
  static func excerpt(_ text: String) -> String {
    text.utf8.count <= 40 || text.count <= 40 ? text : String(text.prefix(40)) + "…"
  }
}
