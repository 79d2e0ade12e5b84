/// What `body` returns in each of `count` tasks run at once (task 0 to
/// `count - 1`), for tests that share one coder between threads.
func resultsOfConcurrentTasks<Result: Sendable>(
  _ count: Int, _ body: @escaping @Sendable (Int) throws -> Result
) async throws -> [Result] {
  try await withThrowingTaskGroup(of: Result.self) { group in
    for task in 0..<count { group.addTask { try body(task) } }
    return try await group.reduce(into: []) { $0.append($1) }
  }
}
