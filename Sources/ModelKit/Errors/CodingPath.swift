import ModelKitJSON

/// Where a value sits in the JSON: the steps from the top level, kept as
/// they are met (a key node of the document, a key's bytes in a schema) and
/// turned into text only when an error is made: `$.users[3].id`.
///
/// Every walker (the model reader and writer, the Codable decoder and
/// encoders) keeps its position as one of these, and a walker entered from
/// another starts from the other's path, so an error names the whole way
/// from the top level wherever it is made.
struct CodingPath {
  /// One step down.
  enum Step {
    /// An object key.
    case key(String)
    /// An object key still in its document, named only when the path is.
    case keyNode(JSONDocument, JSONDocument.Node)
    /// A key's UTF-8 in a schema's output plan, which outlives every path into it.
    case keyUTF8(UnsafeBufferPointer<UInt8>)
    /// A mapped key path: one key after another.
    case keyPath([String])
    /// An array element.
    case index(Int)
  }

  private(set) var steps: [Step]

  /// The top level, `$`.
  init() { steps = [] }

  /// The path of a Codable value: `keys` below `prefix`.
  init(_ prefix: CodingPath = CodingPath(), keys: some Collection<any CodingKey>) {
    steps = prefix.steps
    steps.reserveCapacity(steps.count + keys.count)
    for key in keys { steps.append(Self.step(key)) }
  }

  var isEmpty: Bool { steps.isEmpty }

  /// Goes one step down.
  @inline(__always)
  mutating func push(_ step: Step) { steps.append(step) }

  /// Goes back up the last step.
  @inline(__always)
  mutating func pop() { steps.removeLast() }

  /// This path one step further down.
  func appending(_ step: Step) -> CodingPath {
    var path = self
    path.push(step)
    return path
  }

  /// This path one Codable key further down.
  func appending(_ key: any CodingKey) -> CodingPath { appending(Self.step(key)) }

  /// The step of a Codable key: an index when the key has an integer value.
  private static func step(_ key: any CodingKey) -> Step { key.intValue.map(Step.index) ?? .key(key.stringValue) }

  /// One key or index of a path, kept by an error after its documents are gone.
  enum Component: Sendable {
    case key(String)
    case index(Int)

    /// A Codable key's component: an index when the key has an integer value (as `step` makes it).
    init(_ key: some CodingKey) { self = key.intValue.map(Component.index) ?? .key(key.stringValue) }
  }

  /// The path as keys and indices (a key path gives one key per segment).
  var components: [Component] {
    var components: [Component] = []
    components.reserveCapacity(steps.count)
    forEachComponent { components.append($0) }
    return components
  }

  /// Calls `body` with each key and index of the path, in order.
  private func forEachComponent(_ body: (Component) -> Void) {
    for step in steps {
      switch step {
      case .key(let key): body(.key(key))
      case .keyNode(let document, let node): body(.key(document.string(node) ?? ""))
      case .keyUTF8(let utf8): body(.key(String(decoding: utf8, as: UTF8.self)))
      case .keyPath(let segments): for segment in segments { body(.key(segment)) }
      case .index(let index): body(.index(index))
      }
    }
  }

  /// `$`, `$.author.birthday`, `$.users[3].id` (a report names every entry's path so).
  var text: String {
    var text = "$"
    forEachComponent { Self.append($0, to: &text) }
    return text
  }

  /// The text of a path given as `components`.
  static func text(of components: [Component]) -> String {
    var text = "$"
    for component in components { append(component, to: &text) }
    return text
  }

  private static func append(_ component: Component, to text: inout String) {
    switch component {
    case .key(let key): text += "." + key
    case .index(let index): text += "[\(index)]"
    }
  }
}
