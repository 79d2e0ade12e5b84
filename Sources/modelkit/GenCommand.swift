import Foundation
import ModelKitCommandLine
import ModelKitGen

/// `modelkit gen`: reads the samples, writes the Swift file.
struct GenCommand {
  let generation: Invocation.Generation

  init(_ generation: Invocation.Generation) { self.generation = generation }

  func run() throws {
    var samples: [[UInt8]] = []
    for file in generation.files.isEmpty ? ["-"] : generation.files {
      if file == "-" {
        samples.append(Array(FileHandle.standardInput.readDataToEndOfFile()))
      } else {
        guard FileManager.default.fileExists(atPath: file) else { throw GenFailure("no such file: \(file)") }
        samples.append(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
      }
    }
    let options = ModelGenerator.Options(
      rootName: generation.name, classes: generation.classes, codable: generation.codable,
      isPublic: generation.isPublic, command: command)
    let swift = try ModelGenerator(options: options).swift(for: samples)
    if let output = generation.output {
      try Data(swift.utf8).write(to: URL(fileURLWithPath: output))
    } else {
      FileHandle.standardOutput.write(Data(swift.utf8))
    }
  }

  /// The command as the file's header names it: files by their names, so
  /// that the output does not depend on where they were.
  private var command: String {
    var words = ["modelkit", "gen"] + generation.files.map { URL(fileURLWithPath: $0).lastPathComponent }
    if generation.name != "Root" { words += ["--name", generation.name] }
    if generation.classes { words.append("--class") }
    if generation.codable { words.append("--codable") }
    if generation.isPublic { words += ["--access", "public"] }
    return words.joined(separator: " ")
  }
}

/// `modelkit gen` could not read its input.
struct GenFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
