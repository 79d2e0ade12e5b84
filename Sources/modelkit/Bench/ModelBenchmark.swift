import Foundation
import ModelKit
import ModelKitCommandLine
import ModelKitFixtures

/// YYModel's own benchmark: `user.json` 10 000 times and `weibo.json` 1 000
/// times, decoded from bytes and encoded to bytes, against Foundation's
/// coders on the same (Codable) types. The speed ModelKit answers to is
/// other languages' typed decoders: `../shared/anchors` measures it.
struct ModelBenchmark {
  let timing: Timing
  let chart: ChartCollector

  func run() throws {
    let user = try TestData.bytes("yymodel-benchmark", "user.json")
    let weibo = try TestData.bytes("yymodel-benchmark", "weibo.json")
    print("Models (ms per loop; lower is better)")
    try compare(
      title: "GithubUser × 10 000 (user.json)", bytes: user, iterations: 10_000,
      GithubUser.self,
      extraDecodeRows: [("  ModelKit, same fields with no-op hooks", nil, { data in consume(try HookedGithubUser(json: data)) })])
    try compare(
      title: "WeiboStatus × 1 000 (weibo.json)", bytes: weibo, iterations: 1_000,
      WeiboStatus.self,
      extraDecodeRows: [
        ("  ModelKit, collecting a decode report", 2, { data in
          let report = DecodeReport()
          consume(try WeiboStatus(json: data, options: DecodingOptions(report: report)))
          consume(report.entries.count)
        })
      ])
  }

  private func compare<Model: JSONModel & Codable>(
    title: String, bytes: [UInt8], iterations: Int, _ type: Model.Type,
    extraDecodeRows: [(label: String, atMost: Double?, decode: (Data) throws -> Void)]
  ) throws {
    let data = Data(bytes)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .formatted(Self.weiboFormatter)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601

    let model = try Model(json: data)
    let codable = try decoder.decode(Model.self, from: data)

    func loop(_ body: @escaping () throws -> Void) -> () throws -> Void {
      { for _ in 0..<iterations { try body() } }
    }
    var contenders: [() throws -> Void] = [
      loop { consume(try Model(json: data)) },
      loop { consume(try decoder.decode(Model.self, from: data)) },
      loop { consume(try model.jsonData()) },
      loop { consume(try encoder.encode(codable)) },
    ]
    for (_, _, body) in extraDecodeRows { contenders.append(loop { try body(data) }) }
    let times = try timing.interleavedMedians("\(title): ModelKit and Foundation", contenders).map { $0 * 1000 }
    let (decodeModelKit, decodeFoundation) = (times[0], times[1])
    let (encodeModelKit, encodeFoundation) = (times[2], times[3])
    let extra = zip(extraDecodeRows, times.dropFirst(4)).map { ($0.label, $0.atMost, $1) }

    chart.add(title, [
      .init(contender: "ModelKit", decode: decodeModelKit, encode: encodeModelKit),
      .init(contender: "Foundation JSONDecoder / JSONEncoder", decode: decodeFoundation, encode: encodeFoundation),
    ])
    printRow(title, ["decode", "encode"])
    printRow("  ModelKit", [formatted(decodeModelKit, digits: 2), formatted(encodeModelKit, digits: 2)])
    for (label, atMost, time) in extra {
      printRow(label, [formatted(time, digits: 2), ""])
      if let atMost {
        printRow("    that / ModelKit (≤ \(formatted(atMost, digits: 0))x)", [ratioCell(time / decodeModelKit, target: nil, atMost: atMost), ""])
      }
    }
    printRow("  Foundation JSONDecoder / JSONEncoder", [formatted(decodeFoundation, digits: 2), formatted(encodeFoundation, digits: 2)])
    printRow(
      "  Foundation / ModelKit (≥ 5x)",
      [ratioCell(decodeFoundation / decodeModelKit, target: 5), ratioCell(encodeFoundation / encodeModelKit, target: 5)])
    print()
  }

  /// How Foundation users parse Weibo dates.
  static let weiboFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    return formatter
  }()
}

/// GithubUser with no-op hooks: what hooks cost a type that has them, and
/// so what a type without them saves.
struct HookedGithubUser: JSONModel {
  var login: String?
  var userID: UInt64 = 0
  var avatarURL: String?
  var gravatarID: String?
  var url: String?
  var htmlURL: String?
  var followersURL: String?
  var followingURL: String?
  var gistsURL: String?
  var starredURL: String?
  var subscriptionsURL: String?
  var organizationsURL: String?
  var reposURL: String?
  var eventsURL: String?
  var receivedEventsURL: String?
  var type: String?
  var siteAdmin = false
  var name: String?
  var company: String?
  var blog: String?
  var location: String?
  var email: String?
  var hireable: String?
  var bio: String?
  var publicRepos: UInt32 = 0
  var publicGists: UInt32 = 0
  var followers: UInt32 = 0
  var following: UInt32 = 0
  var createdAt: Date?
  var updatedAt: Date?
  var test: String?

  static var keyMapping: [String: JSONKey] { GithubUser.keyMapping }
  mutating func willDecode(from json: JSONObject) throws -> JSONObject? { nil }
  mutating func didDecode(from json: JSONObject) throws {}
}
