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

  /// The models with hooks decoded from complete objects by the snapshots
  /// of one text, by where the object starts and the model's type: each
  /// such object is decoded once, so its hooks run once, when it completes.
  private let completedModels: CompletedModels

  typealias CompletedModels = Locked<[CompletedModel: Any]>

  struct CompletedModel: Hashable {
    let offset: Int
    let type: ObjectIdentifier
  }

  init(incomplete: [JSONDocument.Node], endsInString: Bool, completedModels: CompletedModels) {
    self.incomplete = incomplete
    string = endsInString ? incomplete.last : nil
    self.completedModels = completedModels
  }

  /// The model decoded from the complete object at `offset`: the one an
  /// earlier snapshot decoded, or `decode`'s, kept for the later ones.
  func completedModel<Model>(_ type: Model.Type, at offset: Int, _ decode: () throws(ModelError) -> Model)
    throws(ModelError) -> Model
  {
    let key = CompletedModel(offset: offset, type: ObjectIdentifier(Model.self))
    if let model = completedModels.withLock({ $0[key] }) as? Model { return model }
    let model = try decode()
    completedModels.withLock { $0[key] = model }
    return model
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
