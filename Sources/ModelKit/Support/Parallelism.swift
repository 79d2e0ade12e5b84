import Foundation

/// When one decode is spread over the machine's cores: a large buffer of
/// JSON Lines (`ParallelRecords`) or a large top-level array (`ArrayWindows`).
enum Parallelism {
  /// Texts from this size on are decoded on every core.
  static let threshold = 1 << 20

  /// The cores a decode of a text of `count` bytes uses: 1 below the
  /// threshold or on a machine with one.
  static func cores(forBytes count: Int) -> Int {
    count < threshold ? 1 : max(ProcessInfo.processInfo.activeProcessorCount, 1)
  }
}
