#if canImport(Glibc)
  import Glibc
#endif
import Foundation

/// The process's resident memory and its peak, as Linux reports them in
/// `/proc/self/status`; the peak can be reset, so one process measures
/// several decodes apart. Elsewhere nothing is measured (nil).
enum PeakMemory {
  /// Whether this platform lets the benchmark measure peaks.
  static var isAvailable: Bool {
    #if os(Linux)
      return resident != nil
    #else
      return false
    #endif
  }

  /// Bytes resident now.
  static var resident: Int? { status("VmRSS:") }

  /// The most bytes resident since the last `reset()`.
  static var peak: Int? { status("VmHWM:") }

  /// Gives freed memory back to the system, then starts a new peak at what is resident now.
  static func reset() {
    #if os(Linux)
      _ = trimHeap?(0)
      try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    #endif
  }

  #if os(Linux)
    /// glibc's `malloc_trim`, which its Swift module does not declare.
    private static let trimHeap: (@convention(c) (Int) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
      .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }
  #endif

  private static func status(_ field: String) -> Int? {
    #if os(Linux)
      guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
      for line in text.split(separator: "\n") where line.hasPrefix(field) {
        let kilobytes = line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
      }
    #endif
    return nil
  }
}
