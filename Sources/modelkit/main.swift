import Foundation
import ModelKitCommandLine

/// `modelkit` — ModelKit's command-line tool. Output for people goes to
/// standard output, diagnostics to standard error; the exit status is 0
/// only on success, 2 for a command line it cannot read.
let invocation: Invocation
do {
  invocation = try Invocation(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  StandardError.write("modelkit: \(error.description)")
  exit(UsageError.exitStatus)
}

switch invocation {
case .help(let subcommand):
  print(HelpText.text(for: subcommand))
case .gen(let generation):
  do {
    try GenCommand(generation).run()
  } catch {
    StandardError.write("modelkit gen: error: \(error)")
    exit(1)
  }
case .bench(let groups, let quick, let chart):
  do {
    try BenchCommand(groups: groups, quick: quick, chart: chart).run()
  } catch {
    StandardError.write("modelkit bench: error: \(error)")
    exit(1)
  }
}
