import Foundation
import ModelKit
import ModelKitFixtures

/// `modelkit bench`: every benchmark in one process, printed as a table with ratios.
struct BenchCommand {
  let timing: Timing
  /// The groups to run: `json`, `models`; all when empty.
  let groups: Set<String>

  init(arguments: [String]) {
    groups = Set(arguments.filter { !$0.hasPrefix("--") })
    timing =
      arguments.contains("--quick")
      ? Timing(runs: 3, minimumSeconds: 0) : Timing(runs: 15, minimumSeconds: 0.5)
  }

  func run() throws {
    guard let directory = TestData.directory else {
      print("modelkit bench: no benchmark data; set MODELKIT_DATA or place it at ../shared/data")
      return
    }
    print("ModelKit benchmark — data: \(directory.path)")
    print("median of at least \(timing.runs) runs after a warm-up; higher MB/s is better\n")
    if groups.isEmpty || groups.contains("json") { try JSONThroughputBenchmark(timing: timing).run() }
    if groups.isEmpty || groups.contains("models") { try ModelBenchmark(timing: timing).run() }
    if groups.isEmpty || groups.contains("codable") { try CodableBenchmark(timing: timing).run() }
  }
}

/// Prints one table row: a label then one right-aligned cell per column.
func printRow(_ label: String, _ cells: [String], labelWidth: Int = 46, cellWidth: Int = 14) {
  let padded = label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
  let right = cells.map { String(repeating: " ", count: max(0, cellWidth - $0.count)) + $0 }
  print(padded + right.joined())
}

/// Formats a number with `digits` decimals.
func formatted(_ value: Double, digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}

/// Formats a ratio with a check against its target: at least `target`, or at most `atMost`.
func ratioCell(_ ratio: Double, target: Double?, atMost: Double? = nil) -> String {
  let text = formatted(ratio, digits: 2) + "x"
  if let target { return text + (ratio >= target ? " ok" : " LOW") }
  if let atMost { return text + (ratio <= atMost ? " ok" : " HIGH") }
  return text
}
