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
