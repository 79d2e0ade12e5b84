import Foundation

/// Diagnostics and progress, kept off standard output.
enum StandardError {
  /// Writes `line` and a line break to standard error.
  static func write(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
