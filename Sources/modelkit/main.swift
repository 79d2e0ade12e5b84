import Foundation
import ModelKit

/// `modelkit` — ModelKit's command-line tool.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "bench":
  do {
    try BenchCommand(arguments: Array(arguments.dropFirst())).run()
  } catch {
    print("modelkit bench failed: \(error)")
    exit(1)
  }
default:
  print(
    """
    usage: modelkit bench [--quick] [json] [models]

      bench    parse and write throughput (json) and YYModel's model benchmark
               (models) against Foundation, as ratios; both groups by default
               --quick: fewer repetitions (for CI smoke runs)
    """)
}
