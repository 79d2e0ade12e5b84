/// A JSON object: string keys to `JSONValue`s, in insertion order.
///
/// ```swift
/// var user: JSONObject = ["id": 7, "name": "Ada"]
/// user["name"]            // .string("Ada")
/// user["admin"] = true     // appended at the end
/// user.keys               // ["id", "name", "admin"]
/// ```
///
/// Setting an existing key replaces its value in place; reading JSON with a
/// repeated key keeps the *last* value at the *first* key's position.
/// Equality ignores order: two objects are equal when they have the same
/// keys with equal values. An object read from a document for a hook is a
/// view into that document (nothing is copied) until it is first changed.
public struct JSONObject: Sendable {
  @usableFromInline var storage: JSONObjectStorage

  /// Creates an empty object.
  public init() { storage = JSONObjectStorage() }

  /// Creates an object from key-value pairs; a repeated key keeps its last value.
  ///
  /// - Parameter pairs: keys and values, in the order the keys are kept.
  public init(_ pairs: some Sequence<(String, JSONValue)>) {
    storage = JSONObjectStorage()
    for (key, value) in pairs { storage.set(value, forKey: key) }
  }

  /// A view of the object at `node` in `document`: creating it copies nothing.
  ///
  /// - Parameters:
  ///   - node: a value node of `document`.
  ///   - document: the document; the view keeps it alive.
  public init?(viewing node: JSONDocument.Node, in document: JSONDocument) {
    guard document.kind(of: node) == .object else { return nil }
    storage = JSONObjectStorage(document: document, node: node)
  }

  init(storage: JSONObjectStorage) { self.storage = storage }

  /// An object of `keys`, which repeat none, and their `values`, in order:
  /// made without looking each key up (a dictionary's members).
  package init(uniqueKeys keys: [String], values: [JSONValue]) {
    precondition(keys.count == values.count, "a key without a value")
    storage = JSONObjectStorage(uniqueKeys: keys, values: values, index: nil)
  }

  /// The number of keys.
  public var count: Int { storage.owned.keys.count }

  /// Whether the object has no keys.
  public var isEmpty: Bool { count == 0 }

  /// The keys, in insertion order.
  public var keys: [String] { storage.owned.keys }

  /// The values, in key order.
  public var values: [JSONValue] { storage.owned.values }

  /// The value for `key`, or nil when absent; setting nil removes the key.
  ///
  /// - Complexity: O(1) on average for large objects, O(n) for views and
  ///   for objects of a few keys, where a scan beats hashing.
  /// - Parameter key: the key.
  /// - Returns: the key's value, or nil.
  public subscript(key: String) -> JSONValue? {
    get { storage.value(forKey: key) }
    set {
      makeUnique()
      if let newValue {
        storage.set(newValue, forKey: key)
      } else {
        storage.removeValue(forKey: key)
      }
    }
  }

  /// Removes `key` and returns its value, or nil when it was absent.
  ///
  /// - Parameter key: the key to remove.
  /// - Returns: the value it had, or nil.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    makeUnique()
    return storage.removeValue(forKey: key)
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) || storage.view != nil {
      storage = storage.owned.copy()
    }
  }
}

extension JSONObject: Sequence {
  /// Iterates over the members in order.
  public struct Iterator: IteratorProtocol {
    let keys: [String]
    let values: [JSONValue]
    var index = 0

    /// Advances to the next member.
    ///
    /// - Returns: the next key and value, or nil after the last.
    public mutating func next() -> (key: String, value: JSONValue)? {
      guard index < keys.count else { return nil }
      defer { index += 1 }
      return (keys[index], values[index])
    }
  }

  /// An iterator over the members in order.
  ///
  /// - Returns: an iterator over the object as it is now.
  public func makeIterator() -> Iterator {
    let owned = storage.owned
    return Iterator(keys: owned.keys, values: owned.values)
  }

  /// The number of members.
  public var underestimatedCount: Int { count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object from a literal; a repeated key keeps its last value.
  ///
  /// - Parameter elements: the literal's keys and values.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}

extension JSONObject: Hashable {
  /// Equal when both have the same keys with equal values, in any order.
  ///
  /// - Parameters:
  ///   - lhs: an object.
  ///   - rhs: another object.
  /// - Returns: whether they have the same members.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    if lhs.storage === rhs.storage { return true }
    let left = lhs.storage.owned
    let right = rhs.storage.owned
    guard left.keys.count == right.keys.count else { return false }
    for (offset, key) in left.keys.enumerated() where right.value(forKey: key) != left.values[offset] {
      return false
    }
    return true
  }

  /// Hashes the members independently of their order.
  ///
  /// - Parameter hasher: the hasher to feed.
  public func hash(into hasher: inout Hasher) {
    let owned = storage.owned
    var combined = 0
    for (offset, key) in owned.keys.enumerated() {
      var member = Hasher()
      member.combine(key)
      member.combine(owned.values[offset])
      combined ^= member.finalize()
    }
    hasher.combine(owned.keys.count)
    hasher.combine(combined)
  }
}

extension JSONObject {
  /// The document and node this object views, when it is an unchanged view.
  package var documentView: (document: JSONDocument, node: JSONDocument.Node)? { storage.view }

  /// Whether both objects share their storage (so neither was changed since one was copied).
  package func sharesStorage(with other: JSONObject) -> Bool { storage === other.storage }
}
