import ModelKitJSON

/// Finds a mapped value in a JSON object: the first candidate key path
/// that is present and not `null` wins (design section 3), else the first
/// present `null`. Every step but the last must be an object.
enum KeyPathLookup {
  /// The value `candidates` find in `object`, and the candidate that found
  /// it. `member` looks a key up in `object` itself (a caller may have an
  /// index of it); deeper steps look in the document.
  @inline(__always)
  static func value(
    of candidates: [[String]], in object: JSONDocument.Node, of document: JSONDocument,
    member: (String) -> JSONDocument.Node?
  ) -> (node: JSONDocument.Node, candidate: [String])? {
    var firstNull: (node: JSONDocument.Node, candidate: [String])?
    for candidate in candidates {
      guard let node = follow(candidate, from: object, in: document, member: member) else { continue }
      if !document.isNull(node) { return (node, candidate) }
      if firstNull == nil { firstNull = (node, candidate) }
    }
    return firstNull
  }

  @inline(__always)
  private static func follow(
    _ path: [String], from object: JSONDocument.Node, in document: JSONDocument, member: (String) -> JSONDocument.Node?
  ) -> JSONDocument.Node? {
    var current = object
    for (step, segment) in path.enumerated() {
      let next = step == 0 ? member(segment) : document.member(segment, of: current)
      guard let next, step == path.count - 1 || document.kind(of: next) == .object else { return nil }
      current = next
    }
    return path.isEmpty ? nil : current
  }
}
