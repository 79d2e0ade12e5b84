import Foundation

/// The shared data: `$MODELKIT_DATA`, else `../shared/data` beside the package
/// (from the working directory or from this source file).
public enum TestData {
  /// The data directory, or nil when it is absent.
  public static let directory: URL? = {
    var candidates: [URL] = []
    if let explicit = ProcessInfo.processInfo.environment["MODELKIT_DATA"] {
      candidates.append(URL(fileURLWithPath: explicit))
    }
    let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    candidates.append(workingDirectory.appendingPathComponent("../shared/data"))
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent("../shared/data"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }?.standardized
  }()

  /// Whether the data directory was found.
  public static var isAvailable: Bool { directory != nil }

  /// Why data-driven tests are skipped.
  public static let missingReason =
    "shared test data not found: set MODELKIT_DATA or place it at ../shared/data"

  /// The names of the files in `folder` whose names start with `prefix`, sorted.
  public static func files(in folder: String, prefix: String = "") -> [String] {
    guard let directory,
      let names = try? FileManager.default.contentsOfDirectory(
        atPath: directory.appendingPathComponent(folder).path)
    else { return [] }
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  /// The bytes of `folder/name`.
  ///
  /// - Throws: the error reading the file.
  public static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
    guard let directory else { throw MissingData(path: "\(folder)/\(name)") }
    let url = directory.appendingPathComponent(folder).appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { throw MissingData(path: url.path) }
    return [UInt8](try Data(contentsOf: url))
  }

  /// A data file that is not there.
  public struct MissingData: Error, CustomStringConvertible {
    let path: String
    public var description: String { "missing data file \(path)" }
  }
}
