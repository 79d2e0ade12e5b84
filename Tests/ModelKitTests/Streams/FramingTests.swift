import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite("Streams: each framing's records")
struct FramingTests {
  private func ids(_ rows: [StreamRow]) -> [Int] { rows.map(\.id) }

  @Test func jsonLinesSkipBlankLinesAndTakeCRLF() throws {
    let text = "{\"id\":1}\n\n   \r\n{\"id\":2,\"name\":\"b\"}\r\n\t\n{\"id\":3}"
    #expect(ids(try StreamRow.records(in: text, framing: .jsonLines)) == [1, 2, 3])
    #expect(try StreamRow.records(in: Data(text.utf8), framing: .jsonLines)[1].name == "b")
    #expect(ids(try StreamRow.records(in: Array(text.utf8), framing: .jsonLines)) == [1, 2, 3])
    #expect(try StreamRow.records(in: "", framing: .jsonLines).isEmpty)
    #expect(try StreamRow.records(in: "\n\n", framing: .jsonLines).isEmpty)
  }

  @Test func jsonLinesMatchEachLineDecodedAlone() throws {
    // The reference: split by hand, each line through `init(json:)`.
    var generator = SeededGenerator(seed: 0x11E5)
    var lines: [String] = []
    for index in 0..<300 {
      let name = String(repeating: "é✓\\u00e9\\n", count: Int.random(in: 0...3, using: &generator))
      let padding = String(repeating: " ", count: Int.random(in: 0...2, using: &generator))
      lines.append("\(padding){\"id\":\(index),\"name\":\"\(name)\",\"extra\":[1,{\"a\":null}]}\(padding)")
    }
    let expected = try lines.map { try StreamRow(json: $0) }
    #expect(try StreamRow.records(in: lines.joined(separator: "\n"), framing: .jsonLines) == expected)
    #expect(try StreamRow.records(in: lines.joined(separator: "\r\n") + "\r\n", framing: .jsonLines) == expected)
  }

  @Test func concatenatedTextsEndThemselves() throws {
    let text = "{\"id\":1}{\"id\":2} {\"id\":3}\n\n{\"id\":4,\"name\":\"}{\\\"\"}"
    let rows = try StreamRow.records(in: text, framing: .concatenated)
    #expect(ids(rows) == [1, 2, 3, 4])
    #expect(rows[3].name == "}{\"")
    let decoder = ModelDecoder()
    #expect(try decoder.records(of: Int.self, in: "1 2\n-3.0e0\t44", framing: .concatenated) == [1, 2, -3, 44])
    #expect(try decoder.records(of: String.self, in: "\"a\"\"b\" \"c\"", framing: .concatenated) == ["a", "b", "c"])
    #expect(try decoder.records(of: [Int].self, in: "[1][2,3] []", framing: .concatenated) == [[1], [2, 3], []])
    #expect(try decoder.records(of: Bool.self, in: "true false\ntrue", framing: .concatenated) == [true, false, true])
  }

  @Test func concatenatedTextCutByTheEndIsAnError() {
    #expect(
      StreamOutcome { try StreamRow.records(in: "{\"id\":1}{\"id\":", framing: .concatenated) }
        == .failure(kind: .syntax, record: 1, line: 1, column: 15, offset: 14))
  }

  @Test func jsonSequencesFollowRFC7464() throws {
    let rs = "\u{1E}"
    let text = "\(rs){\"id\":1}\n\(rs)\(rs)\n\(rs) {\"id\":2}\n\(rs){\"id\":3}"
    #expect(ids(try StreamRow.records(in: text, framing: .jsonSequence)) == [1, 2, 3])

    // A text cut short by the next separator is dropped, and reported.
    let report = DecodeReport()
    let cut = "\(rs){\"id\":1\n\(rs){\"id\":2}\n"
    #expect(ids(try StreamRow.records(in: cut, framing: .jsonSequence, options: DecodingOptions(report: report))) == [2])
    #expect(report.entries.map(\.kind) == [.droppedRecord])
    #expect(report.entries.first?.recordIndex == 0)
    #expect(report.entries.first?.line == 1 && report.entries.first?.offset == 1)

    // Numbers and literals not followed by white space may be cut: dropped.
    let numbers = ModelDecoder()
    let numberReport = DecodeReport()
    numbers.options.report = numberReport
    #expect(try numbers.records(of: Int.self, in: "\(rs)123\(rs)456\n\(rs)true\(rs)7 ", framing: .jsonSequence) == [456, 7])
    #expect(numberReport.entries.map(\.recordIndex) == [0, 2])
    #expect(try numbers.records(of: Bool.self, in: "\(rs)true\n", framing: .jsonSequence) == [true])
    #expect(try numbers.records(of: String.self, in: "\(rs)\"a\"\(rs)\"b\"", framing: .jsonSequence) == ["a", "b"])
  }

  @Test func jsonSequenceTextBeforeTheFirstSeparatorIsABadRecord() throws {
    let text = "{\"id\":0}\n\u{1E}{\"id\":1}\n"
    #expect(
      StreamOutcome { try StreamRow.records(in: text, framing: .jsonSequence) }
        == .failure(kind: .syntax, record: 0, line: 1, column: 1, offset: 0))
    let report = DecodeReport()
    let rows = try StreamRow.records(
      in: text, framing: .jsonSequence, options: DecodingOptions(report: report, skipsBadRecords: true))
    #expect(ids(rows) == [1])
    #expect(report.entries.map(\.kind) == [.droppedRecord])
  }

  @Test func arrayElementsAreRecordsAsAnArrayReadsThem() throws {
    let text = " [ {\"id\":1} ,{\"id\":2}\n, 5, {\"id\":\"4\"}, null ] \n"
    // Leniently, as `[StreamRow](json:)`: what does not convert is dropped and reported.
    let report = DecodeReport()
    let rows = try StreamRow.records(in: text, framing: .array, options: DecodingOptions(report: report))
    let wholeReport = DecodeReport()
    #expect(rows == (try [StreamRow](json: text, options: DecodingOptions(report: wholeReport))))
    #expect(ids(rows) == [1, 2, 4])
    #expect(report.entries.map(\.path) == wholeReport.entries.map(\.path))
    #expect(report.entries.map(\.kind) == wholeReport.entries.map(\.kind))
    #expect(report.entries.map(\.recordIndex) == [2, 3, 4])
    // Strictly, the first element that does not convert is an error naming it.
    let strict = StreamOutcome { try StreamRow.records(in: text, framing: .array, options: DecodingOptions(strict: true)) }
    #expect(strict == .failure(kind: .typeMismatch, record: 2, line: 2, column: 3, offset: 24))
    #expect(try StreamRow.records(in: "[]", framing: .array).isEmpty)
    #expect(try ModelDecoder().records(of: Int.self, in: "[1,2 ,3]", framing: .array) == [1, 2, 3])
  }

  @Test func arrayFramingChecksWhatSurroundsTheElements() {
    for (text, column) in [
      ("{\"id\":1}", 1), ("[{\"id\":1} {\"id\":2}]", 11), ("[{\"id\":1},]", 11), ("[{\"id\":1}] x", 12), ("[,]", 2),
    ] {
      let outcome = StreamOutcome { try StreamRow.records(in: text, framing: .array) }
      guard case .failure(let kind, _, let line, let found, _) = outcome else {
        Issue.record("\(text) read as \(outcome)")
        continue
      }
      #expect(kind == .syntax && line == 1 && found == column, "\(text)")
    }
    let open = StreamOutcome { try StreamRow.records(in: "[{\"id\":1},", framing: .array) }
    #expect(open == .failure(kind: .syntax, record: 1, line: 1, column: 11, offset: 10))
  }

  @Test func serverSentEventsFollowTheWHATWGRules() throws {
    let stream = """
      \u{FEFF}: a comment
      retry: 1000
      event: message
      id: 7
      data: {"id":1}

      event: ping

      data:{"id":
      data: 2,
      data:  "name": " x"}

      data

      data: [DONE]

      data: {"id":9}


      """
    // A `data` line without a colon makes an event whose data is empty:
    // dispatched, and a bad record (no JSON), named where its data starts.
    #expect(
      StreamOutcome { try StreamRow.records(in: stream, framing: .serverSentEvents()) }
        == .failure(kind: .syntax, record: 2, line: 13, column: 5, offset: 124))
    let rows = try StreamRow.records(in: stream, framing: .serverSentEvents(), options: DecodingOptions(skipsBadRecords: true))
    // The event after `[DONE]` is not read.
    #expect(ids(rows) == [1, 2])
    #expect(rows[1].name == " x")
  }

  @Test func serverSentEventsTakeEveryLineEnding() throws {
    for end in ["\n", "\r", "\r\n"] {
      let stream = "data: {\"id\":1}\(end)\(end)data: {\"id\":\(end)data: 2}\(end)\(end)data: {\"id\":3}\(end)"
      // The last event has no empty line after it: it is discarded.
      #expect(ids(try StreamRow.records(in: stream, framing: .serverSentEvents())) == [1, 2], "\(Array(end.utf8))")
    }
    let noMarker = "data: [DONE]\n\ndata: {\"id\":4}\n\n"
    #expect(StreamOutcome { try StreamRow.records(in: noMarker, framing: .serverSentEvents(endMarker: nil)) }.isFailure)
    #expect(ids(try StreamRow.records(in: noMarker, framing: .serverSentEvents())).isEmpty)
    #expect(ids(try StreamRow.records(in: noMarker, framing: .serverSentEvents(endMarker: "END"), options: DecodingOptions(skipsBadRecords: true))) == [4])
  }

  @Test func codableRecordsUseTheDecodersSettings() throws {
    let decoder = ModelDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    struct Snake: Codable, Equatable { var userName: String }
    let rows = try decoder.records(of: Snake.self, in: "{\"user_name\":\"a\"}\n{\"user_name\":\"b\"}", framing: .jsonLines)
    #expect(rows.map(\.userName) == ["a", "b"])
    let lenient = try ModelDecoder().records(of: StreamEntry.self, in: "{\"id\":\"7\"}", framing: .jsonLines)
    #expect(lenient == [StreamEntry(id: 7, name: nil)])
  }
}

extension StreamOutcome {
  var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
