/// Where a container writes: an open frame of the call's stream (its id;
/// 0 once the stream was abandoned for it), or a node of a tree (see
/// `EncodingStream` for when a value is built as a tree). The one place
/// that tells the two apart: a container says what it writes and where in
/// itself (a member, an element), and its target writes it there.
enum EncodingTarget {
  case frame(Int)
  case node(EncodedNode)

  /// Where in an object a member goes: its JSON name (the stream's), and
  /// in a tree the key path the type's mapping gives it (nil: the name).
  struct MemberPlace {
    let name: String
    let path: [String]?

    /// The member's node in `object`: at its key path, else a new member.
    func node(in object: EncodedNode) -> EncodedNode {
      path.map { $0.reduce(object) { $0.member($1) } } ?? object.appendMember(name)
    }

    /// The node of a nested container at the member: the one opened there
    /// before, if any, as in `JSONEncoder`.
    func containerNode(in object: EncodedNode) -> EncodedNode {
      path.map { $0.reduce(object) { $0.member($1) } } ?? object.member(name)
    }
  }

  // MARK: - Members of an object

  /// Writes `scalar` as `member`.
  @inline(__always)
  func put(_ scalar: EncodedScalar, as member: MemberPlace, in encoding: EncodingStream) throws {
    switch self {
    case .frame(let frame):
      try encoding.enter(frame)
      try encoding.writeKey(member.name)
      encoding.write(scalar)
    case .node(let node):
      let item = EncodedNode.Item(scalar)
      if let path = member.path, let last = path.last {
        path.dropLast().reduce(node) { $0.member($1) }.append(item, forKey: last)
      } else {
        node.append(item, forKey: member.name)
      }
    }
  }

  /// Writes `scalar` as the member named as its coding key is, `name` as
  /// `KeyNames` keep it (no string made for the stream).
  @inline(__always)
  func put(_ scalar: EncodedScalar, spelled name: KeyNames.Name, in encoding: EncodingStream) throws {
    switch self {
    case .frame(let frame):
      try encoding.enter(frame)
      try encoding.writeKey(spelled: name)
      encoding.write(scalar)
    case .node: try put(scalar, as: MemberPlace(name: name.text, path: nil), in: encoding)
    }
  }

  /// Writes nothing for a member, but keeps the stream's order as if it had
  /// (a member inside a model that is left out).
  func skip(in encoding: EncodingStream) throws {
    if case .frame(let frame) = self { try encoding.enter(frame) }
  }

  /// Writes `value` as `member`, whose key is `key` below `encoder`.
  @inline(__always)
  func encode<Value: Encodable>(
    _ value: Value, as member: MemberPlace, in encoding: EncodingStream, below encoder: ValueEncoder,
    key: CodingPathNode.Key
  ) throws {
    switch self {
    case .frame(let frame):
      try encoding.enter(frame)
      try encoding.noteKey(member.name)
      let slot = encoding.openSlot(key: member.name, needsNull: false)
      try encoding.encode(value, slot: slot, parent: encoder, key: key)
    case .node(let node):
      try encoding.encode(value, into: member.node(in: node), parent: encoder, key: key)
    }
  }

  /// Writes `value` as the member named as its coding key `key` (below
  /// `encoder`) is, `name` as `KeyNames` keep it.
  @inline(__always)
  func encode<Value: Encodable>(
    _ value: Value, spelled name: KeyNames.Name, in encoding: EncodingStream, below encoder: ValueEncoder,
    key: CodingPathNode.Key
  ) throws {
    switch self {
    case .frame(let frame):
      try encoding.enter(frame)
      try encoding.noteKey(hash: name.hash)
      let slot = encoding.openSlot(spelled: name)
      try encoding.encode(value, slot: slot, parent: encoder, key: key)
    case .node:
      try encode(value, as: MemberPlace(name: name.text, path: nil), in: encoding, below: encoder, key: key)
    }
  }

  /// The target of a nested object or array opened as `member` (in a tree,
  /// the one opened there before, if any, as in `JSONEncoder`).
  func nested(_ member: MemberPlace, object: Bool, in encoding: EncodingStream) -> EncodingTarget {
    switch self {
    case .frame(let frame):
      do {
        try encoding.enter(frame)
        try encoding.writeKey(member.name)
        return .frame(encoding.open(object: object))
      } catch {
        return .frame(0)
      }
    case .node(let node):
      let child = member.containerNode(in: node)
      if object { child.makeObject() } else { child.makeArray() }
      return .node(child)
    }
  }

  /// An encoder for a value at `name` (in a tree: at the node `place`
  /// gives), whose key is `key` below `encoder`, written when (and if) it begins.
  func superEncoder(
    named name: String, at place: (EncodedNode) -> EncodedNode, in encoding: EncodingStream,
    below encoder: ValueEncoder, key: CodingPathNode.Key
  ) -> ValueEncoder {
    switch self {
    case .frame(let frame):
      let entered = encoding.tryEnter(frame) && (try? encoding.noteKey(name)) != nil
      let slot = entered ? encoding.openSlot(key: name, needsNull: false) : 0
      return ValueEncoder(encoding: encoding, destination: .slot(slot), parent: encoder, key: key)
    case .node(let node):
      return ValueEncoder(encoding: encoding, destination: .node(place(node)), parent: encoder, key: key)
    }
  }

  // MARK: - Elements of an array

  /// The number of elements written, `streamed` of them into the stream.
  func count(streamed: Int) -> Int {
    if case .node(let node) = self { return node.elementCount }
    return streamed
  }

  /// Enters this array's frame for one more element; returns its index.
  private func startElement(in frame: Int, _ encoding: EncodingStream, streamed: inout Int) throws -> Int {
    try encoding.enter(frame)
    streamed += 1
    return streamed - 1
  }

  /// Writes `scalar` as the next element.
  @inline(__always)
  func append(_ scalar: EncodedScalar, in encoding: EncodingStream, streamed: inout Int) throws {
    switch self {
    case .frame(let frame):
      _ = try startElement(in: frame, encoding, streamed: &streamed)
      encoding.write(scalar)
    case .node(let node):
      node.append(EncodedNode.Item(scalar))
    }
  }

  /// Writes `value` as the next element, below `encoder`, by the plan
  /// its container keeps for its elements (`EncodingStream.encode`).
  @inline(__always)
  func append<Value: Encodable>(
    _ value: Value, in encoding: EncodingStream, below encoder: ValueEncoder, streamed: inout Int,
    elementPlan: inout ElementPlan?
  ) throws {
    switch self {
    case .frame(let frame):
      let index = try startElement(in: frame, encoding, streamed: &streamed)
      let slot = encoding.openSlot(key: nil, needsNull: true)
      try encoding.encode(value, slot: slot, parent: encoder, key: .index(index), elementPlan: &elementPlan)
    case .node(let node):
      let index = node.elementCount
      let element = node.appendElement()
      try encoding.encode(value, into: element, parent: encoder, key: .index(index))
      if element.isEmpty { element.set(.null) }  // a non-finite number keeps its place
    }
  }

  /// The target of a nested object or array opened as the next element, and its index.
  func nestedElement(object: Bool, in encoding: EncodingStream, streamed: inout Int) -> (EncodingTarget, index: Int) {
    switch self {
    case .frame(let frame):
      guard let index = try? startElement(in: frame, encoding, streamed: &streamed) else {
        return (.frame(0), count(streamed: streamed))
      }
      return (.frame(encoding.open(object: object)), index)
    case .node(let node):
      let index = node.elementCount
      let element = node.appendElement()
      if object { element.makeObject() } else { element.makeArray() }
      return (.node(element), index)
    }
  }

  /// An encoder for the next element, below `encoder`, written when (and if) it begins.
  func superEncoder(in encoding: EncodingStream, below encoder: ValueEncoder, streamed: inout Int) -> ValueEncoder {
    switch self {
    case .frame(let frame):
      guard let index = try? startElement(in: frame, encoding, streamed: &streamed) else {
        return ValueEncoder(encoding: encoding, destination: .slot(0), parent: encoder, key: .index(streamed))
      }
      let slot = encoding.openSlot(key: nil, needsNull: true)
      return ValueEncoder(encoding: encoding, destination: .slot(slot), parent: encoder, key: .index(index))
    case .node(let node):
      let index = node.elementCount
      return ValueEncoder(encoding: encoding, destination: .node(node.appendElement()), parent: encoder, key: .index(index))
    }
  }
}

extension ValueEncoder.Destination {
  /// Writes `scalar` as the value itself (a single-value container's).
  func put(_ scalar: EncodedScalar, in encoding: EncodingStream) throws {
    switch self {
    case .slot(let slot):
      try encoding.begin(slot)
      encoding.write(scalar)
    case .node(let node):
      node.set(scalar.value)
    }
  }

  /// Writes `value` as the value itself, below `encoder`.
  func encode<Value: Encodable>(_ value: Value, in encoding: EncodingStream, below encoder: ValueEncoder) throws {
    switch self {
    case .slot(let slot): try encoding.encode(value, slot: slot, parent: encoder, key: .none)
    case .node(let node): try encoding.encode(value, into: node, parent: encoder, key: .none)
    }
  }
}
