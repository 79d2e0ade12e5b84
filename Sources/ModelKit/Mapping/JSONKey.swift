/// Where a property's value lives in the JSON: a key, a key path, or a list
/// of candidates tried in order.
///
/// ```swift
/// static var keyMapping: [String: JSONKey] {
///   [
///     "name": "n",                          // key
///     "desc": "ext.desc",                   // key path: {"ext": {"desc": …}}
///     "bookID": ["id", "ID", "book_id"],    // first present, non-null candidate wins
///     "dotted": .key("a.b"),                // a key that contains a dot
///   ]
/// }
/// ```
///
/// A string literal with dots is a key path; empty segments are dropped
/// (`"a..b"` is `"a.b"`). Encoding writes the first candidate of a list.
public enum JSONKey: Sendable, Hashable {
  /// One key, used literally (dots included).
  case key(String)
  /// Nested keys: every step but the last must be an object.
  case path([String])
  /// Candidates tried in order; the first that is present and not `null` wins.
  case fallbacks([JSONKey])

  /// The key paths this key stands for, in order of preference; a plain key
  /// is a path of one segment. Empty when nothing can be addressed.
  var candidates: [[String]] {
    switch self {
    case .key(let key): [[key]]
    case .path(let segments): segments.isEmpty ? [] : [segments]
    case .fallbacks(let keys): keys.flatMap(\.candidates)
    }
  }
}

extension JSONKey: ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
  /// `"n"` is a key; `"a.b"` a key path with empty segments dropped.
  ///
  /// - Parameter value: a key, or a key path with `.` between its segments.
  public init(stringLiteral value: String) {
    guard value.contains(".") else {
      self = .key(value)
      return
    }
    let segments = value.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
    self = segments.count == 1 ? .key(segments[0]) : .path(segments)
  }

  /// A list of candidates: `["id", "ID", "ext.id"]`.
  ///
  /// - Parameter elements: the candidates, the first present one wins.
  public init(arrayLiteral elements: JSONKey...) {
    self = .fallbacks(elements)
  }
}

extension JSONKey: CustomStringConvertible {
  /// The key as it would be written in a mapping.
  public var description: String {
    switch self {
    case .key(let key): "\"\(key)\""
    case .path(let segments): "\"\(segments.joined(separator: "."))\""
    case .fallbacks(let keys): "[" + keys.map(\.description).joined(separator: ", ") + "]"
    }
  }
}
