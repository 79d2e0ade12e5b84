import ModelKit

/// Swift models from sample JSON: `modelkit gen`'s engine. Every sample,
/// and every element of every array, adds to one inferred shape; the
/// output is one Swift file that compiles and decodes every sample.
///
/// ```swift
/// let swift = try ModelGenerator(options: .init(rootName: "User")).swift(for: [sample])
/// ```
public struct ModelGenerator: Sendable {
  /// What to generate.
  public struct Options: Sendable, Equatable {
    /// The root type's name (for a top-level array: its elements' type).
    public var rootName: String
    /// Classes (`final class`) instead of structs.
    public var classes: Bool
    /// Plain `Codable` types with `CodingKeys` (which `JSONDecoder` reads)
    /// instead of `JSONModel` types.
    public var codable: Bool
    /// `public` declarations instead of internal ones.
    public var isPublic: Bool
    /// The command that made the file, for its header.
    public var command: String

    /// Creates options; every parameter has its default.
    public init(
      rootName: String = "Root", classes: Bool = false, codable: Bool = false, isPublic: Bool = false,
      command: String = "modelkit gen"
    ) {
      self.rootName = rootName
      self.classes = classes
      self.codable = codable
      self.isPublic = isPublic
      self.command = command
    }
  }

  /// The options in effect.
  public let options: Options

  /// Creates a generator.
  public init(options: Options = Options()) { self.options = options }

  /// The Swift source for `samples`.
  ///
  /// - Parameter samples: the sample documents, each JSON or JSON lines.
  /// - Returns: one Swift file, formatted with two-space indentation.
  /// - Throws: `GenerationError` for no samples, a sample that is not
  ///   JSON, or a top level that is not an object or array in every sample.
  public func swift(for samples: [[UInt8]]) throws(GenerationError) -> String {
    var shape = Shape()
    var count = 0
    for sample in samples {
      for value in try Self.values(in: sample) {
        shape.add(value)
        count += 1
      }
    }
    guard count > 0 else { throw GenerationError.noSamples }
    var plan = TypePlan(forCodable: options.codable)
    let root = try plan.plan(shape, rootName: SwiftNames.type(options.rootName))
    return SwiftWriter(options: options).file(plan.models, root: root)
  }

  /// The documents in `sample`: one JSON value, or one per line (JSON lines).
  static func values(in sample: [UInt8]) throws(GenerationError) -> [JSONValue] {
    do {
      return [try JSONValue(json: sample)]
    } catch {
      let lines = sample.split(separator: UInt8(ascii: "\n")).filter { line in
        line.contains { ![0x20, 0x09, 0x0D].contains($0) }
      }
      guard lines.count > 1 else { throw GenerationError.invalidSample(error.description) }
      var values: [JSONValue] = []
      for (number, line) in lines.enumerated() {
        do {
          values.append(try JSONValue(json: Array(line)))
        } catch {
          throw GenerationError.invalidSample("line \(number + 1): \(error.description)")
        }
      }
      return values
    }
  }
}
