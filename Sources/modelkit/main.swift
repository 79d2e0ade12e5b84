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
    usage: modelkit bench [--quick] [json] [models] [codable]

      bench    parse and write throughput (json), YYModel's model benchmark
               (models) and the Codable bridge (codable) against Foundation,
               as ratios; every group by default
               --quick: fewer repetitions (for CI smoke runs)
    """)
}
