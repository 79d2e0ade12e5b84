/// A parsed JSON text: one flat tape of nodes over the input bytes.
///
/// Reading builds no dictionaries, arrays or strings: strings stay byte ranges
/// decoded on demand and numbers keep their exact text (integers that fit
/// `Int64`/`UInt64` also keep their value). Walk it with nodes:
///
/// ```swift
/// let doc = try JSONDocument(parsing: #"{"id": 7, "tags": ["a", "b"]}"#)
/// for (key, value) in doc.members(of: doc.root) {
///   print(doc.string(key)!, doc.kind(of: value))
/// }
/// doc.member("id", of: doc.root).flatMap(doc.int)   // 7
/// ```
///
/// A document is immutable and `Sendable`; copies share storage.
public struct JSONDocument: Sendable {
  @usableFromInline let storage: DocumentStorage

  /// Parses `bytes` (UTF-8 JSON text), copying them once.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text; only read during the call.
  ///   - options: the nesting limit and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  /// - Complexity: O(n) in the length of the input.
  public init(parsing bytes: UnsafeRawBufferPointer, options: JSONReadOptions = .init())
    throws(JSONError)
  {
    storage = try JSONReader.read(
      DocumentStorage.paddedCopy(of: bytes), count: bytes.count, options: options)
  }

  /// Parses UTF-8 JSON text held in an array.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: the nesting limit and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(parsing bytes: [UInt8], options: JSONReadOptions = .init()) throws(JSONError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONError) in try JSONDocument(parsing: buffer, options: options) }
    }
    self = try result.get()
  }

  /// Parses JSON text held in a string.
  ///
  /// - Parameters:
  ///   - text: JSON text.
  ///   - options: the nesting limit and what to do with invalid Unicode.
  /// - Throws: `JSONError` with the position of the first problem.
  public init(parsing text: String, options: JSONReadOptions = .init()) throws(JSONError) {
    var text = text
    let result = text.withUTF8 { buffer in
      Result { () throws(JSONError) in
        try JSONDocument(parsing: UnsafeRawBufferPointer(buffer), options: options)
      }
    }
    self = try result.get()
  }

  /// A document over a tape the reader made.
  @usableFromInline init(storage: DocumentStorage) { self.storage = storage }

  /// This document named without keeping it alive: for what a decode
  /// makes at every key and drops right after (a coding path's steps),
  /// where holding the document would retain and release it each time.
  /// Whoever keeps one keeps the document alive while using it.
  @inlinable package var unretained: Unretained { Unretained(storage: storage) }

  /// A document named without a reference count (see ``unretained``).
  @usableFromInline package struct Unretained {
    @usableFromInline unowned(unsafe) let storage: DocumentStorage

    @usableFromInline init(storage: DocumentStorage) { self.storage = storage }

    /// The document, held again.
    package var document: JSONDocument { JSONDocument(storage: storage) }

    /// Calls `body` with the document borrowed, not held again
    /// (`Unmanaged.withBorrowed`): without the retain and release a copy
    /// costs. The caller keeps it alive.
    @inlinable @inline(__always)
    package func borrowing<Failure: Error>(_ body: (JSONDocument) throws(Failure) -> Void) throws(Failure) {
      try Unmanaged.passUnretained(storage).withBorrowed { (storage) throws(Failure) in
        try body(JSONDocument(storage: storage))
      }
    }
  }

  /// For the document of a text still arriving, what the decoding layer
  /// attached to it (which nodes have not all arrived); nil for any other.
  /// Set once, by whoever made the document, before it is shared.
  /// (Inlinable: the decode loop asks for every field that is not a plain
  /// scalar, and a call across modules costs more than the load.)
  @inlinable package var partial: AnyObject? {
    get { storage.partial }
    nonmutating set { storage.partial = newValue }
  }

  /// A position in a document: a value, or the key of an object member.
  ///
  /// Nodes are only meaningful for the document that produced them.
  public struct Node: Hashable, Sendable {
    /// The node's index on the tape.
    public let index: Int

    @inlinable package init(_ index: Int) { self.index = index }
  }

  /// The top-level value.
  @inlinable public var root: Node { Node(0) }

  /// The number of nodes on the tape (every value and every key counts one).
  public var nodeCount: Int { storage.tapeCount }

  @inlinable
  func entry(_ node: Node) -> TapeEntry {
    // One unsigned compare for both bounds (a negative index is above any count).
    precondition(UInt(bitPattern: node.index) < UInt(bitPattern: storage.tapeCount), "node from another document")
    return storage.tape[node.index]
  }

  /// The kind of value at `node`.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: null, bool, number, string, array or object.
  @inlinable
  public func kind(of node: Node) -> JSONKind {
    switch entry(node).tag {
    case .null: .null
    case .true, .false: .bool
    case .int, .uint, .decimal, .double, .json5Number: .number
    case .string, .escapedString: .string
    case .array: .array
    case .object: .object
    }
  }

  /// The byte offset of `node` in the input: the first byte of a value,
  /// the first byte after the opening quote of a string.
  ///
  /// - Parameter node: a node of this document.
  /// - Returns: an offset from the start of the text the document was parsed from.
  public func offset(of node: Node) -> Int { storage.origin + entry(node).position }

  /// The element count of an array, the member count of an object (duplicate
  /// keys included), or 0 for any other value.
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: the number of elements or members directly inside it.
  @inlinable
  public func count(of node: Node) -> Int {
    let entry = entry(node)
    switch entry.tag {
    case .array, .object: return entry.count
    default: return 0
    }
  }

  /// Whether `node` is an array with no elements: one read of its tape entry.
  @inlinable @inline(__always)
  package func isEmptyArray(_ node: Node) -> Bool {
    let entry = entry(node)
    return entry.tag == .array && entry.count == 0
  }

  /// The node that follows `node` and everything inside it: the nodes of
  /// a container's contents are those from `node` up to this one.
  ///
  /// - Parameter node: a node of this document.
  /// - Returns: the node after it and its contents (whose index is
  ///   ``nodeCount`` when nothing follows).
  @inlinable
  public func nodeAfter(_ node: Node) -> Node {
    let entry = entry(node)
    switch entry.tag {
    case .array, .object: return Node(entry.nextSibling)
    default: return Node(node.index &+ 1)  // a node of the tape: no overflow
    }
  }

  /// The elements of the array at `node` (empty for any other value).
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: a sequence of the elements' nodes, in order.
  @inlinable
  public func elements(of node: Node) -> Elements { Elements(document: self, walk: elementWalk(of: node)) }

  /// `elements(of:)` without holding the document (see `Walk`).
  @inlinable
  package func elementWalk(of node: Node) -> Walk {
    let entry = entry(node)
    return Walk(first: node.index + 1, count: entry.tag == .array ? entry.count : 0)
  }

  /// The members of the object at `node`, in input order, duplicates
  /// included (empty for any other value).
  ///
  /// - Parameter node: a value node of this document.
  /// - Returns: a sequence of the members' key and value nodes.
  @inlinable
  public func members(of node: Node) -> Members { Members(document: self, walk: memberWalk(of: node)) }

  /// `members(of:)` without holding the document (see `Walk`).
  @inlinable @inline(__always)
  package func memberWalk(of node: Node) -> Walk {
    let entry = entry(node)
    return Walk(first: node.index + 1, count: entry.tag == .object ? entry.count : 0)
  }

  /// The value of the member named `key` in the object at `node`; when a
  /// key is repeated the last one wins (as `JSONSerialization` reads it),
  /// or with `firstWins` the first (as `JSONDecoder` reads it). Nil when
  /// absent or not an object.
  ///
  /// - Parameters:
  ///   - key: the member's name, compared after unescaping.
  ///   - node: a value node of this document.
  ///   - firstWins: whether the first of repeated keys wins instead of the last.
  /// - Returns: the member's value node, or nil.
  /// - Complexity: O(m), m being the number of members.
  public func member(_ key: String, of node: Node, firstWins: Bool = false) -> Node? {
    let object = entry(node)
    guard object.tag == .object else { return nil }
    return withUTF8Bytes(of: key) { utf8 in
      let keyIsASCII = isASCII(utf8)
      var found: Node?
      // The members walked on the tape here, rather than by `Members`
      // (which holds a copy of the document, a retain and a release per
      // lookup); a plain key is compared with plain ASCII names in place.
      let tape = storage.tape
      var cursor = node.index + 1
      for _ in 0..<object.count {
        let name = tape[cursor]
        let matches: Bool
        if keyIsASCII && name.tag == .string && name.aux != TapeEntry.nonASCII {
          // ASCII without escapes on both sides: equal exactly when the bytes are.
          let length = Int(truncatingIfNeeded: name.payload)
          matches = length == utf8.count && (length == 0 || memoryEquals(utf8.baseAddress!, storage.bytes + name.position, length))
        } else {
          matches = stringEquals(Node(cursor), utf8: utf8, isASCII: keyIsASCII, key)
        }
        if matches {
          found = Node(cursor + 1)
          if firstWins { break }
        }
        let value = tape[cursor + 1]
        cursor = value.tag == .array || value.tag == .object ? value.nextSibling : cursor + 2
      }
      return found
    }
  }

  /// The elements of an array node.
  public struct Elements: Sequence, IteratorProtocol, Sendable {
    @usableFromInline let document: JSONDocument
    @usableFromInline var walk: Walk

    @inlinable init(document: JSONDocument, walk: Walk) {
      self.document = document
      self.walk = walk
    }

    /// Advances to the next element.
    ///
    /// - Returns: the next element, or nil after the last.
    @inlinable
    public mutating func next() -> Node? { walk.nextElement(in: document) }

    /// The number of elements not yet returned.
    @inlinable public var underestimatedCount: Int { walk.remaining }
  }

  /// The members of an object node: key node and value node.
  public struct Members: Sequence, IteratorProtocol, Sendable {
    @usableFromInline let document: JSONDocument
    @usableFromInline var walk: Walk

    @inlinable init(document: JSONDocument, walk: Walk) {
      self.document = document
      self.walk = walk
    }

    /// Advances to the next member.
    ///
    /// - Returns: the next member's key and value nodes, or nil after the last.
    @inlinable
    public mutating func next() -> (key: Node, value: Node)? { walk.nextMember(in: document) }

    /// The number of members not yet returned.
    @inlinable public var underestimatedCount: Int { walk.remaining }
  }

  /// The steps of `Elements` and `Members` without the document they
  /// hold (a retain and a release per array or object walked): for the
  /// decode loops, which hold the document already. Each step is given
  /// the document the walk was made from.
  @usableFromInline package struct Walk: Sendable {
    @usableFromInline var cursor: Int
    @usableFromInline var remaining: Int

    @inlinable init(first: Int, count: Int) {
      cursor = first
      remaining = count
    }

    /// The next element of an array's walk, or nil after the last.
    @inlinable
    package mutating func nextElement(in document: JSONDocument) -> Node? {
      guard remaining > 0 else { return nil }
      remaining -= 1
      let node = Node(cursor)
      cursor = document.nodeAfter(node).index
      return node
    }

    /// The next member of an object's walk, or nil after the last.
    @inlinable
    package mutating func nextMember(in document: JSONDocument) -> (key: Node, value: Node)? {
      guard remaining > 0 else { return nil }
      // Wrapping: `remaining` is positive, and `cursor` a node of the tape.
      remaining &-= 1
      let key = Node(cursor)
      let value = Node(cursor &+ 1)
      cursor = document.nodeAfter(value).index
      return (key, value)
    }
  }
}

/// The six kinds of JSON value.
public enum JSONKind: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool
  /// A number, integer or not.
  case number
  /// A string.
  case string
  /// An array.
  case array
  /// An object.
  case object
}
