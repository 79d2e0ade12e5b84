import Foundation
import ModelKit

/// What the samples showed at one place in the JSON: how often each kind
/// of value occurred there, and, for numbers, strings, arrays and objects,
/// what they held. Shapes merge, so every sample and every element of
/// every array adds to the same shape.
struct Shape: Equatable {
  /// How many values were seen here, and how many were `null`.
  var values = 0
  var nulls = 0
  var bools = 0
  var numbers: Numbers?
  var strings: Strings?
  /// The merged shape of every element of every array seen here.
  var elements: Box<Shape>?
  var arrays = 0
  var object: Object?

  /// The numbers seen: whether each fits the integer types, and whether a
  /// `Double` keeps each one's value.
  struct Numbers: Equatable {
    var count = 0
    var fractional = false
    var beyondInt64 = false
    var beyondUInt64 = false
    var negative = false
    var notKeptByDouble = false
  }

  /// The strings seen, and how many of them read as dates, URLs and UUIDs.
  struct Strings: Equatable {
    var count = 0
    var dates = 0
    var urls = 0
    var uuids = 0
  }

  /// The objects seen: their keys in first-seen order, each key's shape
  /// and how many objects had it.
  struct Object: Equatable {
    var count = 0
    var keys: [String] = []
    var fields: [String: Shape] = [:]
    var presence: [String: Int] = [:]
  }

  /// A shape held indirectly (an array's elements).
  final class Box<Value: Equatable>: Equatable {
    var value: Value
    init(_ value: Value) { self.value = value }
    static func == (a: Box, b: Box) -> Bool { a.value == b.value }
  }

  /// The shape of `value`.
  init(of value: JSONValue) {
    add(value)
  }

  init() {}

  /// Adds one value seen here.
  mutating func add(_ value: JSONValue) {
    values += 1
    switch value {
    case .null:
      nulls += 1
    case .bool:
      bools += 1
    case .number(let number):
      numbers = Self.adding(number, to: numbers ?? Numbers())
    case .string(let text):
      var strings = strings ?? Strings()
      strings.count += 1
      if TextKinds.isDate(text) { strings.dates += 1 }
      if TextKinds.isURL(text) { strings.urls += 1 }
      if TextKinds.isUUID(text) { strings.uuids += 1 }
      self.strings = strings
    case .array(let items):
      arrays += 1
      var merged = elements?.value ?? Shape()
      for item in items { merged.add(item) }
      elements = Box(merged)
    case .object(let members):
      var object = object ?? Object()
      object.count += 1
      var seenHere = Set<String>()
      for (key, member) in members where seenHere.insert(key).inserted {
        if object.fields[key] == nil { object.keys.append(key) }
        object.fields[key, default: Shape()].add(member)
        object.presence[key, default: 0] += 1
      }
      self.object = object
    }
  }

  /// Adds every value `other` saw.
  mutating func merge(_ other: Shape) {
    values += other.values
    nulls += other.nulls
    bools += other.bools
    if let theirs = other.numbers {
      var ours = numbers ?? Numbers()
      ours.count += theirs.count
      ours.fractional = ours.fractional || theirs.fractional
      ours.beyondInt64 = ours.beyondInt64 || theirs.beyondInt64
      ours.beyondUInt64 = ours.beyondUInt64 || theirs.beyondUInt64
      ours.negative = ours.negative || theirs.negative
      ours.notKeptByDouble = ours.notKeptByDouble || theirs.notKeptByDouble
      numbers = ours
    }
    if let theirs = other.strings {
      var ours = strings ?? Strings()
      ours.count += theirs.count
      ours.dates += theirs.dates
      ours.urls += theirs.urls
      ours.uuids += theirs.uuids
      strings = ours
    }
    arrays += other.arrays
    if let theirs = other.elements {
      var merged = elements?.value ?? Shape()
      merged.merge(theirs.value)
      elements = Box(merged)
    }
    if let theirs = other.object {
      var ours = object ?? Object()
      ours.count += theirs.count
      for key in theirs.keys {
        if ours.fields[key] == nil { ours.keys.append(key) }
        ours.fields[key, default: Shape()].merge(theirs.fields[key] ?? Shape())
        ours.presence[key, default: 0] += theirs.presence[key] ?? 0
      }
      object = ours
    }
  }

  private static func adding(_ number: JSONNumber, to numbers: Numbers) -> Numbers {
    var numbers = numbers
    numbers.count += 1
    let text = number.text
    if text.hasPrefix("-") { numbers.negative = true }
    // A point makes a double; an exponent alone does when the value is not a whole number in range (`1e3` is 1000).
    let hasPoint = text.contains(".")
    let hasExponent = text.contains(where: { $0 == "e" || $0 == "E" })
    if hasPoint || (hasExponent && number.int64 == nil && number.uint64 == nil) {
      numbers.fractional = true
    } else if number.int64 == nil {
      numbers.beyondInt64 = true
      if number.uint64 == nil { numbers.beyondUInt64 = true }
    }
    // A `Double` keeps the number when its shortest text has the same value.
    if let double = number.double, let back = JSONNumber(double) {
      if back != number { numbers.notKeptByDouble = true }
    } else {
      numbers.notKeptByDouble = true
    }
    return numbers
  }

  /// How many values were seen that are not `null`.
  var nonNull: Int { values - nulls }

  /// How many kinds of non-null value were seen.
  var kindCount: Int {
    [bools > 0, numbers != nil, strings != nil, arrays > 0, object != nil].filter { $0 }.count
  }
}

/// What a string's text reads as, by ModelKit's own rules.
enum TextKinds {
  /// A date in one of the forms ModelKit's table reads (digits alone are not dates).
  static func isDate(_ text: String) -> Bool {
    guard text.count >= 10, text.first?.isNumber == true || text.first?.isLetter == true else { return false }
    guard text.contains("-") || text.contains(":") else { return false }
    return DateText.parse(text) != nil
  }

  /// An absolute `http`, `https` or `ftp` URL with a host.
  static func isURL(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else { return false }
    return ["http", "https", "ftp"].contains(scheme) && text == url.absoluteString
  }

  /// A UUID's 36-character text.
  static func isUUID(_ text: String) -> Bool {
    text.count == 36 && UUID(uuidString: text) != nil
  }
}
