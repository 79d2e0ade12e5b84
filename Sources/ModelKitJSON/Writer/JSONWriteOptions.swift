/// How JSON text is written.
///
/// ```swift
/// value.jsonString(options: [.prettyPrinted, .sortedKeys])
/// ```
public struct JSONWriteOptions: OptionSet, Sendable, Hashable {
  /// The options' bits.
  public let rawValue: Int

  /// Creates options from their bits.
  ///
  /// - Parameter rawValue: the bits of the options to set.
  public init(rawValue: Int) { self.rawValue = rawValue }

  // Computed and inlinable: a stored constant is read in other modules
  // through a call to its accessor (once per object the model writer writes).

  /// Line breaks and two-space indentation, `"key": value`.
  @inlinable public static var prettyPrinted: JSONWriteOptions { JSONWriteOptions(rawValue: 1 << 0) }
  /// Object keys in ascending order instead of insertion order.
  @inlinable public static var sortedKeys: JSONWriteOptions { JSONWriteOptions(rawValue: 1 << 1) }
  /// Writes `/` as is instead of `\/`.
  @inlinable public static var withoutEscapingSlashes: JSONWriteOptions { JSONWriteOptions(rawValue: 1 << 2) }
}
