import ModelKitJSON

/// Where a value sits in the JSON: the steps from the top level, kept as
/// they are met (a key node of the document, a key's bytes in a schema) and
/// turned into text only when an error or a report entry is made:
/// `$.users[3].id`.
///
/// The model reader and writer push and pop steps as they walk. The Codable
/// decoders and encoders are linked nodes (`CodingPathNode`), one per value;
/// a path that starts inside such a walk (a converter a decoder calls) has
/// its value as `origin`, and a walk started inside a path (a Codable value
/// in a model) has that path as its `root`: an error names the whole way
/// from the top level wherever it is made, by construction.
struct CodingPath {
  /// One step down.
  enum Step {
    /// An object key.
    case key(String)
    /// An object key still in its document, named only when the path is.
    /// The document is not retained (a step is made for every key read
    /// through a converter): every path with such a step is held beside
    /// its document (a `ReadContext`, a `DecodeCall`), and what outlives
    /// them (an error, a report entry) names the key first.
    case keyNode(JSONDocument.Unretained, JSONDocument.Node)
    /// A key's UTF-8 in a schema's output plan, which outlives every path into it.
    case keyUTF8(UnsafeBufferPointer<UInt8>)
    /// A mapped key path: one key after another.
    case keyPath([String])
    /// An array element.
    case index(Int)
  }

  /// Where the steps start: the top level, or a value of a Codable walk
  /// and the key of the value under it. It names the walk as it is while
  /// the path is used: whatever keeps a path beyond the call it was made in
  /// keeps `resolved`. (Not an optional: no generic metadata to look up.)
  enum Origin {
    case top
    case below(Walk)
  }

  /// A value of a Codable walk, with the key of the value the steps start under.
  struct Walk {
    unowned(unsafe) let node: CodingPathNode
    let key: CodingPathNode.BorrowedKey
    /// The node's depth, kept here: reading it through the unowned
    /// reference would retain and release the node at every step.
    let depth: Int
  }

  private(set) var origin: Origin
  private(set) var steps: [Step]

  /// The top level, `$`.
  init() {
    origin = .top
    steps = []
  }

  /// The value at `key` below `node`, a value of a Codable walk.
  init(below node: CodingPathNode, _ key: CodingPathNode.BorrowedKey) {
    origin = .below(Walk(node: node, key: key, depth: node.depth))
    steps = []
  }

  /// The path made of `components`.
  init(_ components: [Component]) {
    origin = .top
    steps = components.map { component in
      switch component {
      case .key(let key): .key(key)
      case .index(let index): .index(index)
      case .codingKey(let key): key.intValue.map(Step.index) ?? .key(key.stringValue)
      }
    }
  }

  /// How many levels down the value is, for `StackGuard`: the origin's
  /// walk counts its values.
  var depth: Int {
    guard case .below(let walk) = origin else { return steps.count }
    return walk.depth + steps.count
  }

  /// This path without its origin: what outlives the walk it names.
  var resolved: CodingPath {
    guard case .below = origin else { return self }
    return CodingPath(components)
  }

  /// Goes one step down. The step is taken, not copied (a key's string
  /// is not retained again for the copy).
  @inline(__always)
  mutating func push(_ step: consuming Step) { steps.append(step) }

  /// Goes back up the last step.
  @inline(__always)
  mutating func pop() { steps.removeLast() }

  /// Makes the last step, an index, `index`: the next element of an
  /// array walked with one step for all its elements.
  @inline(__always)
  mutating func moveIndex(to index: Int) {
    checkInvariant(steps.last.map { if case .index = $0 { true } else { false } } ?? false, "no index to move")
    steps[steps.count - 1] = .index(index)
  }

  /// This path one step further down.
  func appending(_ step: Step) -> CodingPath {
    var path = self
    path.push(step)
    return path
  }

  /// One key or index of a path, kept by an error after its documents are gone.
  ///
  /// Unchecked: coding keys are values, as Foundation's errors take them to be.
  enum Component: @unchecked Sendable {
    case key(String)
    case index(Int)
    /// A key of a Codable walk, kept as it is for the coding path of a Foundation error.
    case codingKey(any CodingKey)
  }

  /// The path as keys and indices (a key path gives one key per segment).
  var components: [Component] {
    var components: [Component] = []
    if case .below(let walk) = origin { components = walk.node.components(appending: walk.key) }
    components.reserveCapacity(components.count + steps.count)
    for step in steps {
      switch step {
      case .key(let key): components.append(.key(key))
      case .keyNode(let unretained, let node): components.append(.key(unretained.document.string(node) ?? ""))
      case .keyUTF8(let utf8): components.append(.key(String(decoding: utf8, as: UTF8.self)))
      case .keyPath(let segments): for segment in segments { components.append(.key(segment)) }
      case .index(let index): components.append(.index(index))
      }
    }
    return components
  }

  /// `$`, `$.author.birthday`, `$.users[3].id` (a report names every entry's path so).
  var text: String { Self.text(of: components) }

  /// The text of a path given as `components`.
  static func text(of components: [Component]) -> String {
    var text = "$"
    for component in components {
      switch component {
      case .key(let key): text += "." + key
      case .index(let index): text += "[\(index)]"
      case .codingKey(let key):
        if let index = key.intValue { text += "[\(index)]" } else { text += "." + key.stringValue }
      }
    }
    return text
  }
}
