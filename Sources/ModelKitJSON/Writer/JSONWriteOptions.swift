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

  /// Line breaks and two-space indentation, `"key": value`.
  public static let prettyPrinted = JSONWriteOptions(rawValue: 1 << 0)
  /// Object keys in ascending order instead of insertion order.
  public static let sortedKeys = JSONWriteOptions(rawValue: 1 << 1)
  /// Writes `/` as is instead of `\/`.
  public static let withoutEscapingSlashes = JSONWriteOptions(rawValue: 1 << 2)
}
