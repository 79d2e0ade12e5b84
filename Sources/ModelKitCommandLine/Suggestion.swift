/// The valid word a mistyped one was probably meant to be.
enum Suggestion {
  /// The choice closest to `word` by edit distance, when it is close
  /// enough to be a typo (at most a third of the word, and at least one edit).
  static func closest(to word: String, among choices: [String]) -> String? {
    let limit = max(1, word.count / 3)
    let scored = choices.map { (choice: $0, distance: distance(word, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
    return best.choice
  }

  /// The Levenshtein distance between `a` and `b`.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
