import ModelKitJSON

/// The nodes of a partial text's document (a `PartialJSONSnapshot`'s) that
/// have not all arrived, and the one rule of what readers hold back from
/// them (design section 13): a string still being read shows only in a
/// property that holds the string itself (`String`, `JSONValue`), never
/// converted; an open array or object only where it is read as one
/// (collections, models, Codable types, `JSONValue`). Whatever is held back
/// reads as not there yet: no value, no report entry, no error.
final class PartialInput {
  /// The open containers from the root down, and the string being read.
  private let incomplete: [JSONDocument.Node]
  private let string: JSONDocument.Node?

  init(incomplete: [JSONDocument.Node], endsInString: Bool) {
    self.incomplete = incomplete
    string = endsInString ? incomplete.last : nil
  }

  /// Whether `node` has not all arrived (its object may still gain members).
  func isIncomplete(_ node: JSONDocument.Node) -> Bool { incomplete.contains(node) }

  /// Whether `node` is the innermost open container, where the text is cut.
  func isInnermost(_ node: JSONDocument.Node) -> Bool {
    let containers = string == nil ? incomplete : incomplete.dropLast()
    return containers.last == node
  }

  /// Whether `converter` may not read `node` yet.
  func holdsBack(_ node: JSONDocument.Node, from converter: AnyConverter) -> Bool {
    guard isIncomplete(node) else { return false }
    return node == string ? !converter.shape.readsGrowingText : !converter.shape.readsOpenContainers
  }

  /// Whether a type read by its own `init(from:)` may not read `node` yet
  /// (it may read a string it is given as anything).
  func holdsBackFromCodable(_ node: JSONDocument.Node) -> Bool { node == string }
}

extension ValueShape {
  /// Whether the value is the text itself, so that a string still growing
  /// shows in it as it is.
  fileprivate var readsGrowingText: Bool {
    switch self {
    case .string, .anyValue: true
    case .optional(let wrapped): wrapped.readsGrowingText
    default: false
    }
  }

  /// Whether the value is read member by member or element by element,
  /// so that an open container shows in it with what has arrived.
  fileprivate var readsOpenContainers: Bool {
    switch self {
    case .array, .dictionary, .model, .codable, .anyValue, .anyObject, .undescribable: true
    case .optional(let wrapped): wrapped.readsOpenContainers
    default: false
    }
  }
}
