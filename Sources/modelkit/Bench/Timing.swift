/// Runs a closure repeatedly and reports the median time per run.
struct Timing {
  /// How many timed runs each measurement takes at least.
  let runs: Int
  /// The least total time spent on a measurement, in seconds.
  let minimumSeconds: Double
  /// After this many seconds a measurement stops once it has five runs.
  var budgetSeconds: Double = 3

  /// The median duration of one call of `body`, in seconds.
  func median(_ body: () throws -> Void) rethrows -> Double {
    try body()  // warm-up
    var samples: [Double] = []
    let clock = ContinuousClock()
    let start = clock.now
    while samples.count < runs || seconds(clock.now - start) < minimumSeconds {
      let began = clock.now
      try body()
      samples.append(seconds(clock.now - began))
      let elapsed = seconds(clock.now - start)
      if samples.count >= runs * 20 || (samples.count >= 5 && elapsed > budgetSeconds) { break }
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// The median duration of each body, timed in interleaved rounds (one
  /// call of each per round) so that bursts of machine noise hit every
  /// contender alike; ratios between them are then stable.
  func interleavedMedians(_ bodies: [() throws -> Void]) throws -> [Double] {
    for body in bodies { try body() }  // warm-up
    var samples = Array(repeating: [Double](), count: bodies.count)
    let clock = ContinuousClock()
    let start = clock.now
    var rounds = 0
    while rounds < runs || seconds(clock.now - start) < minimumSeconds {
      for (index, body) in bodies.enumerated() {
        let began = clock.now
        try body()
        samples[index].append(seconds(clock.now - began))
      }
      rounds += 1
      if rounds >= runs * 20 || (rounds >= 5 && seconds(clock.now - start) > budgetSeconds * Double(bodies.count)) {
        break
      }
    }
    return samples.map { $0.sorted()[$0.count / 2] }
  }

  private func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) * 1e-18
  }
}

/// Keeps results alive so the optimiser cannot drop the work.
@inline(never)
func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
