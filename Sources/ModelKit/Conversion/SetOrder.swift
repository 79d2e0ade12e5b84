/// The order the model layer writes a set's elements in, wherever it
/// writes one (converters, Codable values inside models, Foundation graphs):
/// by their compact JSON text with sorted keys, so equal sets always give
/// the same bytes. `ModelEncoder` writes a set in its own order, as
/// `JSONEncoder` does.
enum SetOrder {
  /// `elements` in set order; `text` gives an element's compact, key-sorted JSON.
  static func sorted<Element>(_ elements: [Element], text: (Element) -> [UInt8]) -> [Element] {
    elements.map { ($0, text($0)) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
  }

  /// JSON values in set order; `options` (with `.sortedKeys`) may keep
  /// slashes unescaped, which the order then follows.
  static func sorted(_ values: [JSONValue], writtenWith options: JSONWriteOptions = .sortedKeys) -> [JSONValue] {
    sorted(values) { $0.jsonBytes(options: options) }
  }
}
