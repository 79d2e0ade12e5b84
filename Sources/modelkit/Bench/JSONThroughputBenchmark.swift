import Foundation
import ModelKit
import ModelKitFixtures

/// Parse and write throughput on the three corpus documents, against Foundation.
struct JSONThroughputBenchmark {
  let timing: Timing
  let files = ["twitter.json", "citm_catalog.json", "canada.json"]

  /// Megabytes per second for `body`, which handles `megabytes` of JSON per call.
  func throughput(_ what: String, _ megabytes: Double, _ body: () throws -> Void) throws -> Double {
    megabytes / (try timing.median(what, body))
  }

  func run() throws {
    let inputs = try files.map { name in (name, try TestData.bytes("json-corpus", name)) }
    var parse: [[Double]] = Array(repeating: [], count: 4)
    var write: [[Double]] = Array(repeating: [], count: 3)
    for (name, bytes) in inputs {
      let data = Data(bytes)
      let megabytes = Double(bytes.count) / 1_000_000
      parse[0].append(try throughput("\(name): parse into JSONDocument", megabytes) { consume(try JSONDocument(parsing: bytes)) })
      parse[1].append(try throughput("\(name): parse into JSONValue", megabytes) { consume(try JSONValue(json: bytes)) })
      parse[2].append(try throughput("\(name): JSONSerialization", megabytes) { consume(try JSONSerialization.jsonObject(with: data)) })
      parse[3].append(
        try throughput("\(name): JSONDecoder", megabytes) { consume(try JSONDecoder().decode(FoundationJSON.self, from: data)) })

      let value = try JSONValue(json: bytes)
      let graph = try JSONSerialization.jsonObject(with: data)
      let codable = try JSONDecoder().decode(FoundationJSON.self, from: data)
      let written = Double(value.jsonBytes().count) / 1_000_000
      write[0].append(try throughput("\(name): write JSONValue", written) { consume(value.jsonBytes()) })
      write[1].append(try throughput("\(name): JSONSerialization.data", written) { consume(try JSONSerialization.data(withJSONObject: graph)) })
      write[2].append(try throughput("\(name): JSONEncoder", written) { consume(try JSONEncoder().encode(codable)) })
    }

    let columns = inputs.map { $0.0.replacingOccurrences(of: ".json", with: "") }
    printRow("Parse (MB/s of input; higher is better)", columns)
    printRow("  ModelKit → JSONDocument", parse[0].map { formatted($0) })
    printRow("  ModelKit → JSONValue", parse[1].map { formatted($0) })
    printRow("  JSONSerialization.jsonObject", parse[2].map { formatted($0) })
    printRow("  JSONDecoder → Codable JSON enum", parse[3].map { formatted($0) })
    printRow("  JSONDocument / JSONSerialization (≥ 5x)", zip(parse[0], parse[2]).map { ratioCell($0 / $1, target: 5) })
    printRow("  JSONDocument / JSONDecoder (≥ 2x)", zip(parse[0], parse[3]).map { ratioCell($0 / $1, target: 2) })
    printRow("  JSONValue / JSONSerialization", zip(parse[1], parse[2]).map { ratioCell($0 / $1, target: nil) })
    printRow("  JSONValue / JSONDecoder", zip(parse[1], parse[3]).map { ratioCell($0 / $1, target: nil) })
    print()
    printRow("Write (MB/s of compact output; higher is better)", columns)
    printRow("  ModelKit JSONValue → bytes", write[0].map { formatted($0) })
    printRow("  JSONSerialization.data", write[1].map { formatted($0) })
    printRow("  JSONEncoder ← Codable JSON enum", write[2].map { formatted($0) })
    printRow("  ModelKit / JSONSerialization.data (≥ 5x)", zip(write[0], write[1]).map { ratioCell($0 / $1, target: 5) })
    printRow("  ModelKit / JSONEncoder", zip(write[0], write[2]).map { ratioCell($0 / $1, target: nil) })
    print()
  }
}
