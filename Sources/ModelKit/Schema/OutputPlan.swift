/// The output tree flattened for the encode loop: trivially copyable
/// records in buffers, so walking it costs no reference counting.
final class OutputPlan: @unchecked Sendable {
  // Safe to share: built once from a finished tree, never changed.

  /// One key of an output object.
  struct Node {
    /// The key's UTF-8, in `keyBytes`.
    let key: Range<Int>
    /// Whether the key has a byte JSON may escape (`"`, `\\`, `/`, controls).
    let keyNeedsEscaping: Bool
    /// The fields written at this key (a leaf), in `fieldList`.
    let fields: Range<Int>
    /// The nested keys in declaration order, and sorted, in `members`/`sortedMembers`.
    let children: Range<Int>

    var isLeaf: Bool { !fields.isEmpty }
  }

  /// A node as an object's loop writes it, beside its parent's other
  /// children: for a key holding one field on the scalar path (or an array
  /// of scalars, `CompiledArray`), what writing that field takes, read in
  /// one place; for any other key, its node.
  struct PlannedMember {
    /// The key's UTF-8, in `keyBytes`.
    let key: UnsafeBufferPointer<UInt8>
    let keyNeedsEscaping: Bool
    /// The one field's path (`.none` for any other key).
    let scalar: ScalarField
    /// The one field's array of scalars (nil for any other key).
    let array: CompiledArray?
    /// The one field's offset in the model.
    let offset: Int
    /// The node, in `nodes`.
    let node: Int

    /// Whether the key holds one field the loop may write itself.
    var isDirect: Bool { scalar != .none || array != nil }
  }

  let nodes: UnsafeMutableBufferPointer<Node>
  let keyBytes: UnsafeMutableBufferPointer<UInt8>
  let fieldList: UnsafeMutableBufferPointer<Int>
  /// Every node's children as `PlannedMember`s, in declaration order and
  /// sorted by key: a node's `children` range indexes both.
  let members: UnsafeMutableBufferPointer<PlannedMember>
  let sortedMembers: UnsafeMutableBufferPointer<PlannedMember>

  /// Node 0 is the root (the model's own object). `fields` are the
  /// schema's, which the output tree's field indices name.
  init(_ tree: OutputTree, fields: UnsafeMutableBufferPointer<ModelSchema.HotField>) {
    var nodes: [Node] = []
    var keyBytes: [UInt8] = []
    var fieldList: [Int] = []
    var childList: [Int] = []
    var sortedList: [Int] = []
    // Breadth-first, so each node's children are contiguous.
    var queue = [0]
    var next = 1
    var position = 0
    while position < queue.count {
      let node = tree.nodes[queue[position]]
      position += 1
      let keyStart = keyBytes.count
      keyBytes += Array(node.key.utf8)
      let keyNeedsEscaping = keyBytes[keyStart...].withUnsafeBufferPointer {
        JSONEscapes.anyNeeded(in: $0, escapingSlashes: true)  // the writer decides about slashes
      }
      let fieldStart = fieldList.count
      fieldList += node.fields
      let childStart = childList.count
      childList += (0..<node.children.count).map { next + $0 }
      sortedList += node.sortedOrder.map { next + $0 }
      next += node.children.count
      queue += node.children
      nodes.append(
        Node(
          key: keyStart..<keyBytes.count, keyNeedsEscaping: keyNeedsEscaping, fields: fieldStart..<fieldList.count,
          children: childStart..<childList.count))
    }
    func frozen<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
      let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
      _ = buffer.initialize(from: array)
      return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }
    self.nodes = frozen(nodes)
    self.keyBytes = frozen(keyBytes)
    self.fieldList = frozen(fieldList)
    let plan = (nodes: self.nodes, keyBytes: self.keyBytes, fieldList: self.fieldList)
    func member(_ index: Int) -> PlannedMember {
      let node = plan.nodes[index]
      let key = UnsafeBufferPointer(rebasing: plan.keyBytes[node.key])
      guard node.fields.count == 1 else {
        return PlannedMember(key: key, keyNeedsEscaping: node.keyNeedsEscaping, scalar: .none, array: nil, offset: 0, node: index)
      }
      let field = fields[plan.fieldList[node.fields.lowerBound]]
      return PlannedMember(
        key: key, keyNeedsEscaping: node.keyNeedsEscaping, scalar: field.scalar,
        array: field.scalar == .none ? field.array : nil, offset: field.offset, node: index)
    }
    members = frozen(childList.map(member))
    sortedMembers = frozen(sortedList.map(member))
  }

  deinit {
    nodes.deallocate()
    keyBytes.deallocate()
    fieldList.deallocate()
    members.deallocate()
    sortedMembers.deallocate()
  }
}
