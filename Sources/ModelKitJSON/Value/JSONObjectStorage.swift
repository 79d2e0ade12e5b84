/// The storage of a `JSONObject`: owned keys and values, or a view of an
/// object node in a document.
///
/// `@unchecked Sendable`: a storage is only mutated through a `JSONObject`
/// that holds the sole reference to it (copy on write), and views never change.
@usableFromInline
final class JSONObjectStorage: @unchecked Sendable {
  /// Objects larger than this get a hash index; smaller ones are scanned.
  static let indexThreshold = 12

  private(set) var keys: [String] = []
  private(set) var values: [JSONValue] = []
  private var index: [String: Int]?
  let view: (document: JSONDocument, node: JSONDocument.Node)?

  init() { view = nil }

  init(document: JSONDocument, node: JSONDocument.Node) {
    view = (document, node)
  }

  /// Owned storage with room for `capacity` members.
  init(capacity: Int) {
    view = nil
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Owned storage of members built elsewhere; `keys` has no duplicates and
  /// `index`, when given, maps every key to its position.
  init(uniqueKeys keys: [String], values: [JSONValue], index: [String: Int]?) {
    view = nil
    self.keys = keys
    self.values = values
    self.index = index ?? (keys.count > Self.indexThreshold ? Self.makeIndex(keys) : nil)
  }

  /// This storage if it owns its members, else a new owned copy of the view
  /// (nested objects stay views).
  var owned: JSONObjectStorage {
    guard let (document, node) = view else { return self }
    let copy = JSONObjectStorage(capacity: document.count(of: node))
    for (key, value) in document.members(of: node) {
      copy.set(document.lazyValue(of: value), forKey: document.string(key) ?? "")
    }
    return copy
  }

  /// An owned copy that can be mutated.
  func copy() -> JSONObjectStorage {
    let source = owned
    if source !== self { return source }
    let copy = JSONObjectStorage()
    copy.keys = keys
    copy.values = values
    copy.index = index
    return copy
  }

  func value(forKey key: String) -> JSONValue? {
    if let (document, node) = view {
      return document.member(key, of: node).map(document.lazyValue(of:))
    }
    return position(of: key).map { values[$0] }
  }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return keys.firstIndex(of: key)
  }

  /// Replaces the value of `key` in place, or appends the member.
  func set(_ value: JSONValue, forKey key: String) {
    if let existing = position(of: key) {
      values[existing] = value
      return
    }
    keys.append(key)
    values.append(value)
    if index != nil {
      index![key] = keys.count - 1
    } else if keys.count > Self.indexThreshold {
      rebuildIndex()
    }
  }

  @discardableResult
  func removeValue(forKey key: String) -> JSONValue? {
    guard let existing = position(of: key) else { return nil }
    keys.remove(at: existing)
    let removed = values.remove(at: existing)
    if index != nil { rebuildIndex() }
    return removed
  }

  private func rebuildIndex() { index = Self.makeIndex(keys) }

  private static func makeIndex(_ keys: [String]) -> [String: Int] {
    var index = [String: Int](minimumCapacity: keys.count)
    for (offset, key) in keys.enumerated() { index[key] = offset }
    return index
  }
}
