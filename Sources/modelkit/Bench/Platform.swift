import Foundation

/// What the numbers were measured on, printed above the tables.
enum Platform {
  /// The operating system, its version and the processor architecture.
  static var description: String {
    let version = ProcessInfo.processInfo.operatingSystemVersion
    #if os(Linux)
      let system = "Linux"
    #elseif os(macOS)
      let system = "macOS"
    #elseif os(iOS)
      let system = "iOS"
    #else
      let system = "an unlisted system"
    #endif
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "an unlisted architecture"
    #endif
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return "\(system) \(version.majorVersion).\(version.minorVersion) on \(architecture), \(cores) cores"
  }

  /// The compiler the benchmark was built with.
  static var swiftVersion: String {
    #if compiler(>=6.4)
      "Swift 6.4 or later"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #elseif compiler(>=6.2)
      "Swift 6.2"
    #else
      "Swift before 6.2"
    #endif
  }

  /// Whether this is a debug build, whose numbers mean nothing.
  static var isDebugBuild: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  /// "debug" or "release".
  static var buildConfiguration: String { isDebugBuild ? "debug" : "release" }
}
