/// What a `JSONWriter` that builds a value is given, put together as a
/// `JSONValue`: the same value reading the writer's text back would give
/// (a repeated key keeps its last value at its first position), made
/// without writing the text. Containers nested deeper than
/// `JSONValue.maximumDepth`, which reading refuses, are not built: the
/// value is then too deep (`isTooDeep`).
@usableFromInline
final class JSONValueBuilder {
  /// An open array or object: its values and, for an object, its keys.
  /// While an object's key waits for its value, `keys` has one more entry.
  private struct Container {
    let isObject: Bool
    var keys: [String] = []
    var values: [JSONValue] = []
  }

  /// The open containers, innermost last.
  private var open: [Container] = []
  /// The containers open past `JSONValue.maximumDepth`, which are not built.
  private var ignored = 0
  /// Whether a container was opened past `JSONValue.maximumDepth`.
  private(set) var isTooDeep = false
  /// The finished top-level value.
  private(set) var value: JSONValue?
  /// The writer's buffer, where it formats numbers: kept so that the
  /// writer never finds it uniquely referenced.
  private let numbers: AnyObject

  init(numbers: AnyObject) { self.numbers = numbers }

  /// How many containers are open.
  var depth: Int { open.count + ignored }

  /// The number of entries of the innermost container (an object's keys,
  /// counting one whose value has not come).
  var position: Int {
    if ignored > 0 { return 0 }
    guard let innermost = open.last else { return value == nil ? 0 : 1 }
    return innermost.isObject ? innermost.keys.count : innermost.values.count
  }

  /// Whether the innermost container is an object whose last key has no value yet.
  var isAfterKey: Bool {
    if ignored > 0 { return false }
    guard let innermost = open.last else { return false }
    return innermost.isObject && innermost.keys.count > innermost.values.count
  }

  func begin(object: Bool) {
    guard ignored == 0, open.count < JSONValue.maximumDepth else {
      ignored += 1
      isTooDeep = true
      return
    }
    open.append(Container(isObject: object))
  }

  func end() {
    guard ignored == 0 else {
      ignored -= 1
      return
    }
    let container = open.removeLast()
    if container.isObject {
      add(.object(JSONObject(zip(container.keys, container.values))))
    } else {
      add(.array(container.values))
    }
  }

  func add(key: String) {
    guard ignored == 0 else { return }
    open[open.count - 1].keys.append(key)
  }

  func add(_ value: JSONValue) {
    guard ignored == 0 else { return }
    guard !open.isEmpty else {
      self.value = value
      return
    }
    open[open.count - 1].values.append(value)
  }

  /// Goes back to where the innermost container of `depth` had `position`
  /// entries (`afterKey`: the last of them a key without its value),
  /// dropping the containers opened since. The container at `depth` must
  /// be the one open when that position was taken.
  func rewind(toDepth depth: Int, position: Int, afterKey: Bool) {
    precondition(depth <= self.depth, "rewinding into a closed container")
    ignored -= min(ignored, self.depth - depth)
    guard ignored == 0 else { return }
    open.removeLast(open.count - depth)
    guard depth > 0 else {
      if position == 0 { value = nil }
      return
    }
    let index = open.count - 1
    if open[index].isObject {
      open[index].keys.removeLast(open[index].keys.count - position)
      open[index].values.removeLast(open[index].values.count - (afterKey ? position - 1 : position))
    } else {
      open[index].values.removeLast(open[index].values.count - position)
    }
  }

  /// Puts the members of the innermost object in `order`, the members from
  /// `first` on (all of them complete).
  func reorderMembers(from first: Int, in order: [Int]) {
    guard ignored == 0 else { return }
    let index = open.count - 1
    let keys = open[index].keys
    let values = open[index].values
    for (position, member) in order.enumerated() {
      open[index].keys[first + position] = keys[first + member]
      open[index].values[first + position] = values[first + member]
    }
  }
}
