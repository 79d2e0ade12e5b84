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
    /// The nested keys in declaration order, and sorted, in `childList`/`sortedList`.
    let children: Range<Int>

    var isLeaf: Bool { !fields.isEmpty }
  }

  let nodes: UnsafeMutableBufferPointer<Node>
  let keyBytes: UnsafeMutableBufferPointer<UInt8>
  let fieldList: UnsafeMutableBufferPointer<Int>
  let childList: UnsafeMutableBufferPointer<Int>
  let sortedList: UnsafeMutableBufferPointer<Int>

  /// Node 0 is the root (the model's own object).
  init(_ tree: OutputTree) {
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
    self.childList = frozen(childList)
    self.sortedList = frozen(sortedList)
  }

  deinit {
    nodes.deallocate()
    keyBytes.deallocate()
    fieldList.deallocate()
    childList.deallocate()
    sortedList.deallocate()
  }
}
