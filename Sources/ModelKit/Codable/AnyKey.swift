/// A coding key made at run time: an index, `super`, or a name.
struct AnyKey: CodingKey {
  private let name: String
  let intValue: Int?

  /// An index's name is only made when asked for: arrays make a key per element.
  var stringValue: String { intValue.map { "Index \($0)" } ?? name }

  init(_ string: String) {
    name = string
    intValue = nil
  }

  init(index: Int) {
    name = ""
    intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) { self.init(index: intValue) }
}
