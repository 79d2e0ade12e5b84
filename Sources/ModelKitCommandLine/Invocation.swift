/// What a `modelkit` command line asks for, read from its arguments with
/// the conventions of Swift's own tools: `help` and `--help` for every
/// subcommand (help never runs anything), unknown subcommands, options and
/// values as errors with a suggestion.
public enum Invocation: Equatable, Sendable {
  /// Print help: the overview (nil) or one subcommand's.
  case help(Subcommand?)
  /// Run the benchmark: these groups (all when empty), `--quick` or not,
  /// and write a bar chart of the run to `chart` (an SVG file) if given.
  case bench(groups: [BenchGroup], quick: Bool, chart: String?)
  /// Generate Swift models from sample files (standard input when none).
  case gen(Generation)

  /// The subcommands.
  public enum Subcommand: String, CaseIterable, Sendable {
    case bench, gen, help
  }

  /// What `modelkit gen` was asked for.
  public struct Generation: Equatable, Sendable {
    /// The sample files; standard input when empty.
    public var files: [String] = []
    /// The root type's name.
    public var name = "Root"
    /// Classes instead of structs.
    public var classes = false
    /// Plain `Codable` types instead of `JSONModel` ones.
    public var codable = false
    /// `public` declarations.
    public var isPublic = false
    /// Where to write the Swift file; standard output when nil.
    public var output: String?

    /// Creates the defaults.
    public init() {}
  }

  /// The benchmark's groups.
  public enum BenchGroup: String, CaseIterable, Sendable {
    case json, models, codable, memory, allocations, streams, partial
  }

  /// Reads `arguments` (without the program's name).
  ///
  /// - Parameter arguments: the command line after `modelkit`.
  /// - Returns: what the command line asks for.
  /// - Throws: `UsageError` for an unknown subcommand, option or value.
  public init(arguments: [String]) throws(UsageError) {
    guard let first = arguments.first else {
      self = .help(nil)
      return
    }
    let rest = Array(arguments.dropFirst())
    if first == "--help" || first == "-h" {
      self = .help(nil)
      return
    }
    guard let subcommand = Subcommand(rawValue: first) else {
      throw UsageError.unknown(
        first.hasPrefix("-") ? "option" : "subcommand", first, among: first.hasPrefix("-") ? ["--help"] : Subcommand.allCases.map(\.rawValue),
        help: nil)
    }
    switch subcommand {
    case .help:
      guard let topic = rest.first else {
        self = .help(nil)
        return
      }
      guard rest.count == 1, let named = Subcommand(rawValue: topic) else {
        throw UsageError.unknown("subcommand", rest.count == 1 ? topic : rest.joined(separator: " "),
          among: Subcommand.allCases.map(\.rawValue), help: nil)
      }
      self = .help(named)
    case .bench:
      self = try Self.bench(rest)
    case .gen:
      self = try Self.gen(rest)
    }
  }

  private static func gen(_ arguments: [String]) throws(UsageError) -> Invocation {
    if arguments.contains("--help") || arguments.contains("-h") { return .help(.gen) }
    var generation = Generation()
    var remaining = arguments[...]
    func value(for option: String) throws(UsageError) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("-") else {
        throw UsageError(message: "missing value for '\(option)'", suggestion: nil, help: .gen)
      }
      return next
    }
    let options = ["--name", "--struct", "--class", "--codable", "--access", "-o", "--output", "--help"]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--name": generation.name = try value(for: argument)
      case "--struct": generation.classes = false
      case "--class": generation.classes = true
      case "--codable": generation.codable = true
      case "--access":
        let level = try value(for: argument)
        guard level == "public" || level == "internal" else {
          throw UsageError(
            message: "unknown access level '\(level)'", suggestion: Suggestion.closest(to: level, among: ["public", "internal"]),
            help: .gen)
        }
        generation.isPublic = level == "public"
      case "-o", "--output": generation.output = try value(for: argument)
      case "-": generation.files.append(argument)
      case _ where argument.hasPrefix("-"):
        throw UsageError.unknown("option", argument, among: options, help: .gen)
      default: generation.files.append(argument)
      }
    }
    return .gen(generation)
  }

  private static func bench(_ arguments: [String]) throws(UsageError) -> Invocation {
    // Help wins wherever it stands, so that asking for it never runs anything.
    if arguments.contains("--help") || arguments.contains("-h") { return .help(.bench) }
    var groups: [BenchGroup] = []
    var quick = false
    var chart: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--quick" {
        quick = true
      } else if argument == "--chart" {
        guard let file = remaining.popFirst(), !file.hasPrefix("-") else {
          throw UsageError(message: "missing value for '--chart'", suggestion: nil, help: .bench)
        }
        chart = file
      } else if argument.hasPrefix("-") {
        throw UsageError.unknown("option", argument, among: ["--quick", "--chart", "--help"], help: .bench)
      } else if let group = BenchGroup(rawValue: argument) {
        if !groups.contains(group) { groups.append(group) }
      } else {
        throw UsageError.unknown("benchmark group", argument, among: BenchGroup.allCases.map(\.rawValue), help: .bench)
      }
    }
    return .bench(groups: groups, quick: quick, chart: chart)
  }
}

/// A command line `modelkit` cannot read: its message names what was
/// wrong and, where one is close, what was probably meant.
public struct UsageError: Error, Equatable, Sendable {
  /// What was wrong, in a sentence.
  public let message: String
  /// The closest valid word, if one is close.
  public let suggestion: String?
  /// The subcommand whose help explains it (nil: the overview).
  public let help: Invocation.Subcommand?

  /// The exit status for a usage error, as Swift's tools use.
  public static let exitStatus: Int32 = 2

  /// The text to print on standard error.
  public var description: String {
    var text = "error: \(message)"
    if let suggestion { text += "\n  did you mean '\(suggestion)'?" }
    text += "\n  see 'modelkit help\(help.map { " \($0.rawValue)" } ?? "")'"
    return text
  }

  static func unknown(_ what: String, _ word: String, among choices: [String], help: Invocation.Subcommand?) -> UsageError {
    UsageError(message: "unknown \(what) '\(word)'", suggestion: Suggestion.closest(to: word, among: choices), help: help)
  }
}
