/// Where a model's fields go in its JSON object: key paths become nested
/// objects merged under shared prefixes; several fields on one key share a
/// leaf, and the first declared non-nil one is written.
struct OutputTree: Sendable {
  /// One key of an output object.
  struct Node: Sendable {
    let key: String
    /// The fields written at this key (a leaf), in declaration order.
    var fields: [Int] = []
    /// The nested keys (an object), in first-use order.
    var children: [Node] = []
    /// `children` indices sorted by key, for `.sortedKeys`.
    var sortedOrder: [Int] = []

    var isLeaf: Bool { !fields.isEmpty }
  }

  private(set) var root = Node(key: "")

  /// Places `field` at `path`; false when the place is taken by a value of
  /// the other shape (a leaf where an object is needed, or the reverse).
  mutating func add(path: [String], field: Int) -> Bool {
    Self.add(path[...], field: field, to: &root)
  }

  private static func add(_ path: ArraySlice<String>, field: Int, to node: inout Node) -> Bool {
    guard let key = path.first else { return false }
    let rest = path.dropFirst()
    let existing = node.children.firstIndex { $0.key == key }
    if rest.isEmpty {
      if let existing {
        guard node.children[existing].isLeaf else { return false }
        node.children[existing].fields.append(field)
      } else {
        node.children.append(Node(key: key, fields: [field]))
      }
      return true
    }
    if let existing {
      guard !node.children[existing].isLeaf else { return false }
      return add(rest, field: field, to: &node.children[existing])
    }
    var child = Node(key: key)
    guard add(rest, field: field, to: &child) else { return false }
    node.children.append(child)
    return true
  }

  /// Computes the sorted orders once every field is placed.
  mutating func finish() { Self.sort(&root) }

  private static func sort(_ node: inout Node) {
    node.sortedOrder = node.children.indices.sorted { node.children[$0].key < node.children[$1].key }
    for index in node.children.indices { sort(&node.children[index]) }
  }
}
