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
        result = GraphPath.replacing(in: result, at: path[...]) { field.converter.graphValue($0, keys: keys) }
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

  /// `object` with the value at `path` (when there is one) changed by `change`.
  static func replacing(in object: [String: Any], at path: ArraySlice<String>, _ change: (Any) -> Any)
    -> [String: Any]
  {
    guard let first = path.first, let value = object[first] else { return object }
    var changed = object
    if path.count == 1 {
      changed[first] = change(value)
    } else if let inner = value as? [String: Any] {
      changed[first] = replacing(in: inner, at: path.dropFirst(), change)
    }
    return changed
  }
}
