import Foundation
import ModelKit
import ModelKitCommandLine
import ModelKitFixtures

/// The Codable bridge against Foundation's coders on the same plain Codable
/// types: ModelDecoder vs JSONDecoder, ModelEncoder vs JSONEncoder.
struct CodableBenchmark {
  let timing: Timing
  let chart: ChartCollector

  func run() throws {
    print("Codable bridge (ms per loop; lower is better)")
    try compare("PlainGithubUser × 1 000 (user.json)", "yymodel-benchmark", "user.json", PlainGithubUser.self, 1_000)
    try compare("PlainWeiboStatus × 100 (weibo.json)", "yymodel-benchmark", "weibo.json", PlainWeiboStatus.self, 100)
    try compare("TwitterFile (twitter.json)", "json-corpus", "twitter.json", TwitterFile.self, 1)
    try compare("CanadaFile (canada.json)", "json-corpus", "canada.json", CanadaFile.self, 1)
    print()
  }

  private func compare<Model: Codable>(
    _ title: String, _ folder: String, _ file: String, _ type: Model.Type, _ iterations: Int
  ) throws {
    let bytes = try TestData.bytes(folder, file)
    let data = Data(bytes)
    let value = try JSONDecoder().decode(Model.self, from: data)
    // One coder of each kind, made before timing and reused, on both sides.
    let modelDecoder = ModelDecoder()
    let modelEncoder = ModelEncoder()
    let foundationDecoder = JSONDecoder()
    let foundationEncoder = JSONEncoder()
    func loop(_ body: @escaping () throws -> Void) -> () throws -> Void {
      { for _ in 0..<iterations { try body() } }
    }
    let times = try timing.interleavedMedians("\(file): the Codable bridge and Foundation's coders", [
      loop { consume(try modelDecoder.decode(Model.self, from: data)) },
      loop { consume(try foundationDecoder.decode(Model.self, from: data)) },
      loop { consume(try modelEncoder.encode(value)) },
      loop { consume(try foundationEncoder.encode(value)) },
    ]).map { $0 * 1000 }
    chart.add("Codable: " + title, [
      .init(contender: "ModelDecoder / ModelEncoder", decode: times[0], encode: times[2]),
      .init(contender: "Foundation JSONDecoder / JSONEncoder", decode: times[1], encode: times[3]),
    ])
    printRow(title, ["decode", "encode"])
    printRow("  ModelDecoder / ModelEncoder", [formatted(times[0], digits: 2), formatted(times[2], digits: 2)])
    printRow("  Foundation JSONDecoder / JSONEncoder", [formatted(times[1], digits: 2), formatted(times[3], digits: 2)])
    printRow(
      "  Foundation / ModelKit (≥ 2.5x)", [ratioCell(times[1] / times[0], target: 2.5), ratioCell(times[3] / times[2], target: 2.5)])
  }
}
