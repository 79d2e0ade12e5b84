import Foundation
import ModelKit
import ModelKitAllocations
import ModelKitFixtures

/// Heap allocations per decode and encode (calls of `malloc` and its
/// relatives on the decoding thread, as swift-nio's allocation tests count
/// them), for ModelKit's two paths and Foundation's coders on the same
/// documents. The Codable rows are held to `AllocationBudget`: a count
/// above it fails the run, so CI's release benchmark guards the figures.
struct AllocationBenchmark {
  func run() throws {
    print("Allocations per call (malloc, calloc, realloc and aligned allocations; lower is better)")
    guard AllocationCounter.isActive else {
      print("  not counted: allocations are counted on Linux with glibc, outside sanitizers")
      print()
      return
    }
    let user = Data(try TestData.bytes("yymodel-benchmark", "user.json"))
    let twitter = Data(try TestData.bytes("json-corpus", "twitter.json"))
    let githubUser = try GithubUser(json: user)
    var overBudget: [String] = []
    overBudget += try compare(
      "user.json", user, PlainGithubUser.self, budget: (AllocationBudget.userDecode, AllocationBudget.userEncode),
      extraRows: [
        ("  GithubUser (JSONModel)",
         try AllocationCounter.perCall { consume(try GithubUser(json: user)) },
         try AllocationCounter.perCall { consume(try githubUser.jsonData()) })
      ])
    overBudget += try compare(
      "twitter.json", twitter, TwitterFile.self, budget: (AllocationBudget.twitterDecode, AllocationBudget.twitterEncode),
      extraRows: [])
    print()
    guard overBudget.isEmpty else {
      throw BenchError("more allocations than AllocationBudget allows: " + overBudget.joined(separator: ", "))
    }
  }

  private func compare<Model: Codable>(
    _ title: String, _ data: Data, _ type: Model.Type, budget: (decode: Double, encode: Double),
    extraRows: [(label: String, decode: Double, encode: Double)]
  ) throws -> [String] {
    let value = try JSONDecoder().decode(Model.self, from: data)
    let (modelDecoder, modelEncoder) = (ModelDecoder(), ModelEncoder())
    let (foundationDecoder, foundationEncoder) = (JSONDecoder(), JSONEncoder())
    let decode = try AllocationCounter.perCall { consume(try modelDecoder.decode(Model.self, from: data)) }
    let encode = try AllocationCounter.perCall { consume(try modelEncoder.encode(value)) }
    let foundationDecode = try AllocationCounter.perCall { consume(try foundationDecoder.decode(Model.self, from: data)) }
    let foundationEncode = try AllocationCounter.perCall { consume(try foundationEncoder.encode(value)) }
    printRow("\(title) (\(Model.self))", ["decode", "encode"])
    printRow("  ModelDecoder / ModelEncoder", [formatted(decode), formatted(encode)])
    printRow(
      "    budget (AllocationBudget)",
      [budgetCell(decode, budget.decode), budgetCell(encode, budget.encode)])
    for row in extraRows { printRow(row.label, [formatted(row.decode), formatted(row.encode)]) }
    printRow("  Foundation JSONDecoder / JSONEncoder", [formatted(foundationDecode), formatted(foundationEncode)])
    return [(decode, budget.decode, "decode"), (encode, budget.encode, "encode")]
      .filter { $0.0 > $0.1 }.map { "\(title) \($0.2) \(formatted($0.0)) > \(formatted($0.1, digits: 0))" }
  }

  private func budgetCell(_ count: Double, _ budget: Double) -> String {
    "≤ " + formatted(budget, digits: 0) + (count <= budget ? " ok" : " HIGH")
  }
}
