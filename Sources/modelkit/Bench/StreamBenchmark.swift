import Dispatch
import Foundation
import ModelKit

/// Streams of JSON texts: a generated JSON Lines file (written to a
/// temporary folder, deleted after) decoded into models, against what a
/// user has today, `JSONDecoder` on each line after splitting; on one core,
/// on every core, and read from the file as it arrives, with its peak
/// memory. Each contender reads the whole file, once per round, the
/// contenders interleaved, so that a noisy neighbour slows them alike.
struct StreamBenchmark {
  /// The file's size in MiB.
  let megabytes: Int
  /// The width of the table's first column.
  private static let labelWidth = 52

  func run() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-stream-\(getpid()).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    StandardError.write("  writing \(megabytes) MiB of JSON Lines to \(file.path)…")
    let records = try StreamInput.write(megabytes: megabytes, to: file)
    let data = try Data(contentsOf: file)
    let rounds = megabytes >= 256 ? 3 : 5
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let chunks = stride(from: 0, to: data.count, by: 1 << 20).map { data[$0..<min($0 + (1 << 20), data.count)] }
    print("Streams: \(formatted(Double(data.count) / 1_048_576)) MiB of JSON Lines, \(records) records (models with strings, numbers, nested objects)")
    print("  median of \(rounds) rounds, the contenders interleaved in each; a ratio is the median of the rounds' ratios")
    printRow("", ["records/s", "MB/s", "ratio"], labelWidth: Self.labelWidth)

    let contenders: [(label: String, read: () throws -> Int)] = [
      ("  JSONDecoder, each line after splitting", {
        let decoder = JSONDecoder()
        var count = 0
        for line in data.split(separator: UInt8(ascii: "\n")) {
          consume(try decoder.decode(StreamEventCodable.self, from: line))
          count += 1
        }
        return count
      }),
      ("  ModelKit, one core, record by record (≥ 6x)", {
        // The sequential reader: the asynchronous form, over the file's bytes in 1 MiB chunks.
        try waitFor { try await count(StreamEvent.records(from: ChunkSequence(chunks: chunks), framing: .jsonLines)) }
      }),
      ("  ModelKit, records(in:), one core", { try StreamEvent.recordsOnOneThread(in: data, framing: .jsonLines).count }),
      ("  ModelKit, records(in:), \(cores) cores (≥ 1.7x)", { try StreamEvent.records(in: data, framing: .jsonLines).count }),
    ]
    var seconds = Array(repeating: [Double](), count: contenders.count)
    for round in 0..<rounds {
      for (index, contender) in contenders.enumerated() {
        StandardError.write("  round \(round + 1) of \(rounds): \(contender.label.trimmingCharacters(in: .whitespaces))…")
        let start = DispatchTime.now().uptimeNanoseconds
        let read = try contender.read()
        seconds[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        guard read == records else { throw BenchError("\(contender.label) read \(read) of \(records) records") }
      }
    }
    /// The median of the rounds' ratios of contender `slower`'s time to `faster`'s.
    func ratio(_ slower: Int, _ faster: Int) -> Double { median(of: zip(seconds[slower], seconds[faster]).map { $0 / $1 }) }
    let ratios = ["", ratioCell(ratio(0, 1), target: 6), "", ratioCell(ratio(2, 3), target: 1.7)]
    for (index, contender) in contenders.enumerated() {
      let time = median(of: seconds[index])
      printRow(
        contender.label, [formatted(Double(records) / time, digits: 0), formatted(Double(data.count) / time / 1e6), ratios[index]],
        labelWidth: Self.labelWidth)
    }

    // Memory holds a window and the record being decoded, not the stream:
    // record by record from the buffer already in memory (the baseline
    // holds it), and from the file as it arrives.
    guard PeakMemory.isAvailable else {
      print("  peak memory not measured: it is read from /proc, on Linux only")
      print()
      return
    }
    let sources: [(label: String, read: @Sendable () async throws -> Int)] = [
      ("  ModelKit, one core, record by record", { [chunks] in
        try await count(StreamEvent.records(from: ChunkSequence(chunks: chunks), framing: .jsonLines))
      }),
      ("  ModelKit, from the file in 64 KiB chunks", {
        try await count(StreamEvent.records(from: FileChunks(url: file, size: 64 << 10), framing: .jsonLines))
      }),
    ]
    for source in sources {
      PeakMemory.reset()
      let baseline = PeakMemory.resident ?? 0
      let start = DispatchTime.now().uptimeNanoseconds
      let read = try waitFor(source.read)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let peak = Double((PeakMemory.peak ?? 0) - baseline) / 1_048_576
      printRow(
        source.label, [formatted(Double(read) / seconds, digits: 0), formatted(Double(data.count) / seconds / 1e6), ""],
        labelWidth: Self.labelWidth)
      printRow(
        "    its peak memory above the baseline (< 64 MiB)", ["", "", formatted(peak) + " MiB " + (peak < 64 ? "ok" : "HIGH")],
        labelWidth: Self.labelWidth)
    }
    print("  simdjson's iterate_many: not measured (the package builds no C++; the anchors harness has simdjson)")
    print()
  }
}

/// How many records `records` yields, none kept.
private func count<S: AsyncSequence>(_ records: S) async throws -> Int {
  var count = 0
  for try await record in records {
    consume(record)
    count += 1
  }
  return count
}

/// The result of `body`, run as a task and waited for on this thread.
private func waitFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  let done = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var result: Result<T, any Error>?
  Task {
    do {
      result = .success(try await body())
    } catch {
      result = .failure(error)
    }
    done.signal()
  }
  done.wait()
  return try result!.get()
}

/// Chunks already in memory, handed out one by one.
private struct ChunkSequence: AsyncSequence, Sendable {
  let chunks: [Data]
  func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }
  struct Iterator: AsyncIteratorProtocol {
    var chunks: [Data]
    var index = 0
    mutating func next() async throws -> Data? {
      guard index < chunks.count else { return nil }
      defer { index += 1 }
      return chunks[index]
    }
  }
}

/// A file's bytes in chunks, read as they are asked for.
private struct FileChunks: AsyncSequence, Sendable {
  let url: URL
  let size: Int
  func makeAsyncIterator() -> Iterator { Iterator(handle: try? FileHandle(forReadingFrom: url), size: size) }
  struct Iterator: AsyncIteratorProtocol {
    let handle: FileHandle?
    let size: Int
    mutating func next() async throws -> Data? {
      guard let handle, let chunk = try handle.read(upToCount: size), !chunk.isEmpty else { return nil }
      return chunk
    }
  }
}

/// One record of the stream benchmark, as a model.
struct StreamEvent: JSONModel {
  var id = 0
  var user = StreamUser()
  var text = ""
  var score = 0.0
  var tags: [String] = []
  var replies = 0
  var created = ""
}

struct StreamUser: JSONModel {
  var name = ""
  var followers = 0
  var verified = false
}

/// The same record as a plain Codable struct, for `JSONDecoder`.
struct StreamEventCodable: Codable {
  struct User: Codable {
    var name: String
    var followers: Int
    var verified: Bool
  }
  var id: Int
  var user: User
  var text: String
  var score: Double
  var tags: [String]
  var replies: Int
  var created: String
}

/// The benchmark's JSON Lines, generated (deterministically).
enum StreamInput {
  /// Writes about `megabytes` MiB of records to `url`; returns how many.
  static func write(megabytes: Int, to url: URL) throws -> Int {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw BenchError("cannot write \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let target = megabytes << 20
    var written = 0
    var count = 0
    var batch = ""
    batch.reserveCapacity(1 << 20)
    while written < target {
      batch.removeAll(keepingCapacity: true)
      while batch.utf8.count < 1 << 20 {
        let line =
          #"{"id":\#(count),"user":{"name":"user \#(count % 9973)","followers":\#(count % 100_000),"verified":\#(count % 7 == 0)},"#
          + #""text":"Status \#(count): streams of JSON texts, decoded as they arrive \u00e9","score":\#(count % 1000).\#(count % 89),"#
          + #""tags":["news","swift","json"],"replies":\#(count % 321),"created":"2026-12-03T10:\#(count % 60):00Z"}"#
        batch += line
        batch += "\n"
        count += 1
      }
      try handle.write(contentsOf: Data(batch.utf8))
      written += batch.utf8.count
    }
    return count
  }
}
