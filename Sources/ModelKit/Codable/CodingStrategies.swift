public import Foundation

// The coders' strategies are Foundation's own types, so that code written
// for `JSONDecoder` and `JSONEncoder` (`.iso8601`, `.custom { … }`,
// `.convertFromSnakeCase`, a strategy kept in a variable of Foundation's
// type) works unchanged.

extension ModelDecoder {
  /// How `Date` values are read: `JSONDecoder`'s strategy.
  public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
  /// How `Data` values are read: `JSONDecoder`'s strategy.
  public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
  /// How JSON keys become coding keys: `JSONDecoder`'s strategy.
  public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
  /// Which strings stand for infinities and NaN: `JSONDecoder`'s strategy.
  public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy
}

extension ModelEncoder {
  /// How `Date` values are written: `JSONEncoder`'s strategy.
  public typealias DateEncodingStrategy = JSONEncoder.DateEncodingStrategy
  /// How `Data` values are written: `JSONEncoder`'s strategy.
  public typealias DataEncodingStrategy = JSONEncoder.DataEncodingStrategy
  /// How coding keys become JSON keys: `JSONEncoder`'s strategy.
  public typealias KeyEncodingStrategy = JSONEncoder.KeyEncodingStrategy
  /// How infinities and NaN are written: `JSONEncoder`'s strategy.
  public typealias NonConformingFloatEncodingStrategy = JSONEncoder.NonConformingFloatEncodingStrategy
  /// The layout of the output: `JSONEncoder`'s formatting options, the
  /// same as `options` (`JSONWriteOptions`) says.
  public typealias OutputFormatting = JSONEncoder.OutputFormatting
}
