import Foundation  // String.contains(String): Foundation's reaches the platform floor, the standard library's needs macOS 13
import ModelKitCommandLine
import Testing

@Suite("modelkit's command line")
struct InvocationTests {
  private func read(_ line: String) throws(UsageError) -> Invocation {
    try Invocation(arguments: line.split(separator: " ").map(String.init))
  }

  /// The usage error `line` makes.
  private func error(_ line: String) -> UsageError? {
    do {
      _ = try read(line)
      return nil
    } catch {
      return error
    }
  }

  @Test func noArgumentsOrHelpPrintsTheOverview() throws {
    #expect(try read("") == .help(nil))
    #expect(try read("help") == .help(nil))
    #expect(try read("--help") == .help(nil))
    #expect(try read("-h") == .help(nil))
  }

  @Test func helpForASubcommandNeverRunsIt() throws {
    #expect(try read("help bench") == .help(.bench))
    #expect(try read("bench --help") == .help(.bench))
    #expect(try read("bench -h") == .help(.bench))
    // Wherever it stands, and whatever else the line holds.
    #expect(try read("bench codable --quick --help") == .help(.bench))
    #expect(try read("bench --quik --help") == .help(.bench))
  }

  @Test func benchReadsGroupsQuickAndChart() throws {
    #expect(try read("bench") == .bench(groups: [], quick: false, chart: nil))
    #expect(try read("bench --quick") == .bench(groups: [], quick: true, chart: nil))
    #expect(try read("bench codable json") == .bench(groups: [.codable, .json], quick: false, chart: nil))
    #expect(try read("bench models models --quick") == .bench(groups: [.models], quick: true, chart: nil))
    #expect(try read("bench memory") == .bench(groups: [.memory], quick: false, chart: nil))
    #expect(try read("bench --chart run.svg models") == .bench(groups: [.models], quick: false, chart: "run.svg"))
    #expect(error("bench --chart")?.message == "missing value for '--chart'")
    #expect(error("bench --chart --quick")?.message == "missing value for '--chart'")
    #expect(error("bench --chrt x.svg")?.suggestion == "--chart")
  }

  @Test func unknownSubcommandsAreErrorsWithASuggestion() {
    #expect(error("benh")?.message == "unknown subcommand 'benh'")
    #expect(error("benh")?.suggestion == "bench")
    #expect(error("frobnicate")?.suggestion == nil)
    #expect(error("--verbose")?.message == "unknown option '--verbose'")
    #expect(error("help bnch")?.suggestion == "bench")
  }

  @Test func unknownOptionsAndGroupsAreErrorsWithASuggestion() {
    #expect(error("bench --quik")?.message == "unknown option '--quik'")
    #expect(error("bench --quik")?.suggestion == "--quick")
    #expect(error("bench --quik")?.help == .bench)
    #expect(error("bench foo")?.message == "unknown benchmark group 'foo'")
    #expect(error("bench foo")?.suggestion == nil)
    #expect(error("bench codabel")?.suggestion == "codable")
    #expect(error("bench jsn")?.suggestion == "json")
  }

  @Test func genReadsFilesAndOptions() throws {
    #expect(try read("gen") == .gen(Invocation.Generation()))
    var expected = Invocation.Generation()
    expected.files = ["a.json", "b.json"]
    expected.name = "User"
    expected.classes = true
    expected.codable = true
    expected.isPublic = true
    expected.output = "Out.swift"
    #expect(try read("gen a.json --name User --class --codable --access public -o Out.swift b.json") == .gen(expected))
    #expect(try read("gen --help a.json") == .help(.gen))
    #expect(try read("help gen") == .help(.gen))
  }

  @Test func genRejectsWhatItCannotRead() {
    #expect(error("gen --nmae X")?.suggestion == "--name")
    #expect(error("gen --name")?.message == "missing value for '--name'")
    #expect(error("gen --access open")?.message == "unknown access level 'open'")
    #expect(error("gen --access publik")?.suggestion == "public")
    #expect(error("gen -o")?.help == .gen)
  }

  @Test func usageErrorsExitWithTwoAndPointToHelp() {
    #expect(UsageError.exitStatus == 2)
    let text = error("bench --quik")?.description ?? ""
    #expect(text == "error: unknown option '--quik'\n  did you mean '--quick'?\n  see 'modelkit help bench'")
  }

  @Test func everySubcommandHasHelpThatNamesItsOptions() {
    #expect(HelpText.text(for: nil).contains("bench"))
    #expect(HelpText.text(for: nil).contains("gen"))
    for word in ["--name", "--struct", "--class", "--codable", "--access", "-o", "standard input"] {
      #expect(HelpText.text(for: .gen).contains(word), "\(word)")
    }
    let bench = HelpText.text(for: .bench)
    for word in ["json", "models", "codable", "--quick", "--help", "MODELKIT_DATA", "-c release"] {
      #expect(bench.contains(word), "\(word)")
    }
  }
}
