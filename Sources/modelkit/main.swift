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
    usage: modelkit bench [--quick]

      bench    parse and write throughput against Foundation, as ratios
               --quick: fewer repetitions (for CI smoke runs)
    """)
}
