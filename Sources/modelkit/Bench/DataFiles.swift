import Foundation

/// Finds the shared benchmark data: `$MODELKIT_DATA`, else `../shared/data`
/// next to the package (from the working directory or this source file).
enum DataFiles {
  static let directory: URL? = {
    var candidates: [URL] = []
    if let explicit = ProcessInfo.processInfo.environment["MODELKIT_DATA"] {
      candidates.append(URL(fileURLWithPath: explicit))
    }
    let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    candidates.append(workingDirectory.appendingPathComponent("../shared/data"))
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent("../shared/data"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }?.standardized
  }()

  /// The bytes of `name` under the data directory, or nil with a reason printed.
  static func load(_ relativePath: String) -> [UInt8]? {
    guard let directory else { return nil }
    guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(relativePath).path)
    else { return nil }
    return [UInt8](data)
  }
}
