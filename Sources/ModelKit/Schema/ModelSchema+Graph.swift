import Foundation

/// A Foundation graph read for a model: each property's value there as
/// the property's converter reads it (`AnyConverter.graphValue`), before
/// the graph is read as JSON.
extension ModelSchema {
  /// `object` with the value at each property's keys as its converter reads it.
  func graphValue(_ object: [String: Any], keys: DecodingOptions.KeyDecoding) -> [String: Any] {
    var result = object
    for field in fields {
      for path in field.candidates(keys) where !path.isEmpty {
        GraphPath.replace(in: &result, at: path[...]) { field.converter.graphValue($0, keys: keys) }
      }
    }
    return result
  }
}

/// Key paths in the dictionaries of a Foundation graph.
enum GraphPath {
  /// The value at `path` in `object`, nil when it leads nowhere or to `NSNull`.
  static func value(in object: [String: Any], at path: ArraySlice<String>) -> Any? {
    guard let first = path.first, let value = object[first], !(value is NSNull) else { return nil }
    if path.count == 1 { return value }
    return (value as? [String: Any]).flatMap { Self.value(in: $0, at: path.dropFirst()) }
  }

  /// Changes the value at `path` in `object` (when there is one) by
  /// `change`, in place: a model's fields change one graph one after the
  /// other, which copies of it for each would make quadratic.
  static func replace(in object: inout [String: Any], at path: ArraySlice<String>, _ change: (Any) -> Any) {
    guard let first = path.first, let index = object.index(forKey: first) else { return }
    if path.count == 1 {
      object.values[index] = change(object.values[index])
    } else if var inner = object.values[index] as? [String: Any] {
      // Released from `object` while it changes, so that it changes in place.
      object.values[index] = ()
      replace(in: &inner, at: path.dropFirst(), change)
      object.values[index] = inner
    }
  }
}
