import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A large JSON Lines buffer is read in parts on every core: the records,
/// their order, the first error (record, line, column, offset) and the
/// report's entries are those of a sequential read (the asynchronous one,
/// over the same bytes).
@Suite("Streams: large JSON Lines on every core")
struct ParallelRecordsTests {
  /// About 1.5 MB of lines, with `bad` lines made bad and blank lines, CRLFs and strings to convert among them.
  private func lines(bad: Set<Int>) -> String {
    var generator = SeededGenerator(seed: 0xB16)
    var text = ""
    for index in 0..<24_000 {
      if bad.contains(index) {
        text += "{\"id\":\(index),\"name\":\"é\" oops}\n"
        continue
      }
      let id = index.isMultiple(of: 97) ? "\"\(index)\"" : "\(index)"
      text += "{\"id\":\(id),\"name\":\"row \(index) é✓\",\"pad\":\(Int.random(in: 0...1_000_000, using: &generator))}"
      text += index.isMultiple(of: 5) ? "\r\n" : index.isMultiple(of: 7) ? "\n\n" : "\n"
    }
    return text
  }

  private func sequential(_ text: String, _ options: DecodingOptions) async -> StreamOutcome<StreamRow> {
    await StreamOutcome.of(StreamRow.records(from: ChunkSource(chunks: [Array(text.utf8)]), framing: .jsonLines, options: options))
  }

  @Test func recordsComeInStreamOrder() async throws {
    let text = lines(bad: [])
    #expect(text.utf8.count > 1 << 20)
    let parallel = StreamOutcome { try StreamRow.records(in: text, framing: .jsonLines) }
    #expect(parallel == (await sequential(text, DecodingOptions())))
    guard case .records(let rows) = parallel else { return }
    #expect(rows.map(\.id) == Array(0..<24_000))
    let decoder = ModelDecoder()
    #expect(try decoder.records(of: StreamEntry.self, in: text, framing: .jsonLines).map(\.id) == Array(0..<24_000))
  }

  /// The buffer of records makes room by the size of the first 256: a
  /// stream whose first records are much smaller or much larger than the
  /// rest is read whole all the same, in parts (over 1 MiB) or not.
  @Test(arguments: [(true, 60_000), (false, 60_000), (true, 3_000), (false, 3_000)])
  func recordsUnlikeTheFirstOnesAreAllRead(smallFirst: Bool, count: Int) async throws {
    var text = ""
    for index in 0..<count {
      let isSmall = (index < 300) == smallFirst
      let name = isSmall ? "" : String(repeating: "x", count: 40 + index % 17)
      text += "{\"id\":\(index),\"name\":\"\(name)\"}\n"
    }
    #expect((text.utf8.count > 1 << 20) == (count == 60_000))
    let records = StreamOutcome { try StreamRow.records(in: text, framing: .jsonLines) }
    #expect(records == (await sequential(text, DecodingOptions())))
    guard case .records(let rows) = records else {
      Issue.record("no records")
      return
    }
    #expect(rows.map(\.id) == Array(0..<count))
  }

  @Test(arguments: [[3], [23_990], [11_111, 17_000], [40, 12_000, 23_999]])
  func theFirstErrorIsTheSequentialOne(_ bad: [Int]) async throws {
    let text = lines(bad: Set(bad))
    let parallel = StreamOutcome { try StreamRow.records(in: text, framing: .jsonLines) }
    #expect(parallel == (await sequential(text, DecodingOptions())))
    guard case .failure(_, let record, _, _, _) = parallel else {
      Issue.record("no error")
      return
    }
    #expect(record == bad.min())
    let decoder = ModelDecoder()
    let codable = StreamOutcome { try decoder.records(of: StreamEntry.self, in: text, framing: .jsonLines) }
    let codableSequential = await StreamOutcome.of(
      decoder.records(of: StreamEntry.self, from: ChunkSource(chunks: [Array(text.utf8)]), framing: .jsonLines))
    #expect(codable == codableSequential)
    #expect(codable.isFailure)
  }

  @Test func skippedRecordsAndReportEntriesAreTheSequentialOnes() async throws {
    let text = lines(bad: [5, 9_000, 9_001, 20_000])
    let parallelReport = DecodeReport()
    let parallel = StreamOutcome {
      try StreamRow.records(in: text, framing: .jsonLines, options: DecodingOptions(report: parallelReport, skipsBadRecords: true))
    }
    let sequentialReport = DecodeReport()
    #expect(parallel == (await sequential(text, DecodingOptions(report: sequentialReport, skipsBadRecords: true))))
    #expect(parallelReport.entries == sequentialReport.entries)
    #expect(parallelReport.entries.filter { $0.kind == .droppedRecord }.map(\.recordIndex) == [5, 9_000, 9_001, 20_000])
    #expect(parallelReport.entries.contains { $0.kind == .converted && $0.recordIndex == 97 * 200 })
  }
}
