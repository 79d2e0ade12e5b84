import Foundation
import ModelKit
import ModelKitCommandLine
import ModelKitFixtures

/// `modelkit bench`: every benchmark in one process, printed as a table with ratios.
struct BenchCommand {
  let timing: Timing
  /// The groups to run; all when empty.
  let groups: [Invocation.BenchGroup]

  /// Whether this is a smoke run: fewer samples, smaller memory inputs.
  let quick: Bool
  /// Where to write the run's bar chart, if anywhere.
  let chartFile: String?

  init(groups: [Invocation.BenchGroup], quick: Bool, chart: String?) {
    self.groups = groups
    self.quick = quick
    chartFile = chart
    timing = quick ? Timing(runs: 3, minimumSeconds: 0) : Timing(runs: 15, minimumSeconds: 0.5)
  }

  /// The data, or why there is none: a `MODELKIT_DATA` that names nothing is
  /// an error, not a reason to look elsewhere.
  private func dataDirectory() throws -> URL {
    if let explicit = ProcessInfo.processInfo.environment["MODELKIT_DATA"],
      !FileManager.default.fileExists(atPath: explicit)
    {
      throw BenchError("MODELKIT_DATA is set to '\(explicit)', which does not exist")
    }
    guard let directory = TestData.directory else {
      throw BenchError("no benchmark data: set MODELKIT_DATA or place the data at ../shared/data")
    }
    return directory
  }

  func run() throws {
    let directory = try dataDirectory()
    print("ModelKit benchmark")
    print("  \(Platform.description), \(Platform.swiftVersion), \(Platform.buildConfiguration) build")
    print("  data: \(directory.path)")
    print("  each figure is the median of at least \(timing.runs) runs after a warm-up (model and Codable contenders interleaved)")
    print("  a target in brackets, (≥ 5x) or (≤ 1.5x), is what the ratio must reach: ok, or LOW / HIGH when it misses")
    if Platform.isDebugBuild {
      StandardError.write(
        "modelkit bench: warning: this is a debug build; its numbers say nothing of ModelKit's speed. "
          + "Run: swift run -c release modelkit bench")
    }
    print()
    let chart = ChartCollector(
      BenchChart(
        title: "ModelKit benchmark",
        subtitle: "\(Platform.description), \(Platform.swiftVersion), \(Platform.buildConfiguration) build"))
    let all = groups.isEmpty ? Invocation.BenchGroup.allCases : groups
    for group in all {
      switch group {
      case .json: try JSONThroughputBenchmark(timing: timing).run()
      case .models: try ModelBenchmark(timing: timing, chart: chart).run()
      case .codable: try CodableBenchmark(timing: timing, chart: chart).run()
      case .memory: try MemoryBenchmark(quick: quick).run()
      case .allocations: try AllocationBenchmark().run()
      case .streams: try StreamBenchmark(megabytes: quick ? 4 : all == [.streams] ? 512 : 32).run()
      case .partial: try PartialBenchmark(timing: timing).run()
      }
    }
    if let chartFile {
      guard !chart.chart.panels.isEmpty else {
        throw BenchError("--chart draws the models and codable groups; this run has neither")
      }
      do {
        try chart.chart.svg.write(toFile: chartFile, atomically: true, encoding: .utf8)
      } catch {
        throw BenchError("cannot write the chart to '\(chartFile)': \(error.localizedDescription)")
      }
      StandardError.write("modelkit bench: chart written to \(chartFile)")
    }
  }
}

/// The run's chart, filled in by the benchmarks as they finish.
final class ChartCollector {
  private(set) var chart: BenchChart
  init(_ chart: BenchChart) { self.chart = chart }

  func add(_ title: String, _ bars: [BenchChart.Bar]) { chart.addPanel(title, bars) }
}

/// A benchmark that cannot run, and why.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
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
