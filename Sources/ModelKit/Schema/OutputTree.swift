/// Where a model's fields go in its JSON object: key paths become nested
/// objects merged under shared prefixes; several fields on one key share a
/// leaf, and the first declared non-nil one is written. Nodes sit in one
/// array and refer to their children by index, so no key path, however
/// long, is walked by recursion.
struct OutputTree: Sendable {
  /// One key of an output object.
  struct Node: Sendable {
    let key: String
    /// The fields written at this key (a leaf), in declaration order.
    var fields: [Int] = []
    /// The nested keys (an object), as indices into `nodes`, in first-use order.
    var children: [Int] = []
    /// `children` positions sorted by key, for `.sortedKeys`.
    var sortedOrder: [Int] = []

    var isLeaf: Bool { !fields.isEmpty }
  }

  /// Node 0 is the root (the model's own object).
  private(set) var nodes = [Node(key: "")]

  /// Places `field` at `path`; false when the place is taken by a value of
  /// the other shape (a leaf where an object is needed, or the reverse).
  mutating func add(path: [String], field: Int) -> Bool {
    guard !path.isEmpty else { return false }
    // Check the whole path first, so that a refused one leaves no nodes behind.
    var current = 0
    var depth = 0
    while depth < path.count, let existing = child(of: current, named: path[depth]) {
      let isLast = depth == path.count - 1
      if nodes[existing].isLeaf != isLast { return false }
      current = existing
      depth += 1
    }
    if depth == path.count {
      nodes[current].fields.append(field)
      return true
    }
    while depth < path.count {
      let isLast = depth == path.count - 1
      nodes.append(Node(key: path[depth], fields: isLast ? [field] : []))
      nodes[current].children.append(nodes.count - 1)
      current = nodes.count - 1
      depth += 1
    }
    return true
  }

  private func child(of node: Int, named key: String) -> Int? {
    nodes[node].children.first { nodes[$0].key == key }
  }

  /// Computes the sorted orders once every field is placed.
  mutating func finish() {
    for index in nodes.indices {
      let children = nodes[index].children
      nodes[index].sortedOrder = children.indices.sorted { nodes[children[$0]].key < nodes[children[$1]].key }
    }
  }
}
