import Dispatch

/// Runs a closure repeatedly and reports the median time per run.
struct Timing {
  /// How many timed runs each measurement takes at least.
  let runs: Int
  /// The least total time spent on a measurement, in seconds.
  let minimumSeconds: Double
  /// After this many seconds a measurement stops once it has five runs.
  var budgetSeconds: Double = 3

  /// The median duration of one call of `body`, in seconds; `what` is
  /// named on standard error while it is measured.
  func median(_ what: String, _ body: () throws -> Void) rethrows -> Double {
    StandardError.write("  measuring \(what)…")
    try body()  // warm-up
    var samples: [Double] = []
    let start = now()
    while samples.count < runs || (now() - start) < minimumSeconds {
      let began = now()
      try body()
      samples.append((now() - began))
      let elapsed = (now() - start)
      if samples.count >= runs * 20 || (samples.count >= 5 && elapsed > budgetSeconds) { break }
    }
    return modelkit.median(of: samples)
  }

  /// The median duration of each body, timed in interleaved rounds (one
  /// call of each per round) so that bursts of machine noise hit every
  /// contender alike; ratios between them are then stable.
  func interleavedMedians(_ what: String, _ bodies: [() throws -> Void]) throws -> [Double] {
    StandardError.write("  measuring \(what)…")
    for body in bodies { try body() }  // warm-up
    var samples = Array(repeating: [Double](), count: bodies.count)
    let start = now()
    var rounds = 0
    while rounds < runs || (now() - start) < minimumSeconds {
      for (index, body) in bodies.enumerated() {
        let began = now()
        try body()
        samples[index].append((now() - began))
      }
      rounds += 1
      if rounds >= runs * 20 || (rounds >= 5 && (now() - start) > budgetSeconds * Double(bodies.count)) {
        break
      }
    }
    return samples.map { modelkit.median(of: $0) }
  }

  /// Seconds on a monotonic clock (available on every platform ModelKit supports).
  private func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) * 1e-9
  }
}

/// The middle value of `values` (the upper middle of an even count); not empty.
func median(of values: [Double]) -> Double {
  values.sorted()[values.count / 2]
}

/// Keeps results alive so the optimiser cannot drop the work.
@inline(never)
func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
