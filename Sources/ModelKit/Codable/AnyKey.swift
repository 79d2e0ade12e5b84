/// A coding key made at run time: an index, `super`, or a name.
///
/// It fits an existential's inline buffer (three words), so an `any
/// CodingKey` holding one needs no allocation: arrays make a key per element.
struct AnyKey: CodingKey {
  private let name: String
  /// The index; `Int.min` for a name.
  private let index: Int

  var intValue: Int? { index == Int.min ? nil : index }

  /// An index's name is only made when asked for.
  var stringValue: String { index == Int.min ? name : "Index \(index)" }

  init(_ string: String) {
    name = string
    index = Int.min
  }

  init(index: Int) {
    name = ""
    self.index = index
  }

  init?(stringValue: String) { self.init(stringValue) }

  /// A key for `intValue`; nil for `Int.min`, which marks a name.
  init?(intValue: Int) {
    guard intValue != Int.min else { return nil }
    self.init(index: intValue)
  }
}

/// The key of a value that has none in its parent (the top level, a
/// single value): decoders take keys as generic values, so that a call
/// neither boxes a key nor destroys a boxed optional one.
struct NoKey: CodingKey {
  var stringValue: String { "" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }

  /// Whether `Key` is `NoKey`: a comparison of types, free once specialised.
  @inline(__always)
  static func isNone<Key: CodingKey>(_ type: Key.Type) -> Bool { Key.self == NoKey.self }
}

extension CodingPathNode.Key {
  /// `key` as a node keeps it: none for `NoKey`; an element's `AnyKey` as
  /// its index, which a coding path turns back into the same `AnyKey`
  /// (boxed, the key is copied and destroyed with its string each time a
  /// spare coder is moved to the next element). Borrowed: taken as an
  /// initialiser takes its arguments, owned, it was copied and destroyed
  /// all the same, for every element of a lenient decode's arrays.
  @inline(__always)
  init<Key: CodingKey>(_ key: borrowing Key) {
    if NoKey.isNone(Key.self) {
      self = .none
    } else if Key.self == AnyKey.self, let index = key.intValue {
      self = .index(index)
    } else {
      self = .codingKey(copy key)
    }
  }

  /// Runs `body` with this key lent.
  @inline(__always)
  func borrowed<Result, Failure: Error>(_ body: (CodingPathNode.BorrowedKey) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    switch self {
    case .none: return try body(.none)
    case .index(let index): return try body(.index(index))
    case .codingKey(let key): return try CodingPathNode.BorrowedKey.borrowing(key, body)
    }
  }
}

extension CodingPathNode.BorrowedKey {
  /// Runs `body` with `key` lent: its address is valid until `body` returns
  /// (none for `NoKey`). Decoders take keys as generic values, and lend them
  /// so, so that no key is boxed for a path that is never named.
  @inline(__always)
  static func borrowing<Key: CodingKey, Result, Failure: Error>(
    _ key: Key, _ body: (Self) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if NoKey.isNone(Key.self) { return try body(.none) }
    return try withUnsafePointer(to: key) { address throws(Failure) in try body(lent(at: address)) }
  }

  /// The key at `address`, lent for as long as the caller holds it there
  /// (none for `NoKey`).
  @inline(__always)
  static func lent<Key: CodingKey>(at address: UnsafePointer<Key>) -> Self {
    NoKey.isNone(Key.self) ? .none : .value(UnsafeRawPointer(address), Key.self)
  }
}

extension CodingPathNode {
  /// The coding path of the value at `key` below this one, as Foundation's coders give it.
  final func codingPath(appending key: BorrowedKey = .none) -> [any CodingKey] {
    pathElements(appending: key, index: { AnyKey(index: $0) }, codingKey: { $0 }, rootComponent: \.codingKey)
  }

  /// The path of the value at `key` below this one, named now: for an error.
  final func path<Key: CodingKey>(appending key: Key) -> CodingPath {
    CodingPath(BorrowedKey.borrowing(key) { components(appending: $0) })
  }
}
