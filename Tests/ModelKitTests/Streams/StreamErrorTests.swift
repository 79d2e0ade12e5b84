import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A bad record ends the stream with an error that names it and its
/// place in the whole stream, or, with `skipsBadRecords`, is passed over
/// and listed in the report; each record's decode keeps its own leniency
/// and report, as when its text is decoded alone.
@Suite("Streams: bad records, limits and the report")
struct StreamErrorTests {
  @Test func aSyntaxErrorNamesItsRecordAndPlaceInTheStream() throws {
    // Line 2 is `{"id":`, which ends too soon: byte 15, the 7th column of line 2.
    let outcome = StreamOutcome { try StreamRow.records(in: "{\"id\":1}\n{\"id\":\n{\"id\":3}", framing: .jsonLines) }
    #expect(outcome == .failure(kind: .syntax, record: 1, line: 2, column: 7, offset: 15))
    // Columns count Unicode scalars, as a single text's errors do; offsets count bytes.
    let wide = StreamOutcome { try StreamRow.records(in: "{}\n {\"name\":\"é😀\",}", framing: .jsonLines) }
    #expect(wide == .failure(kind: .syntax, record: 1, line: 2, column: 15, offset: 21))
    // Inside a text of several lines (concatenated), lines go on counting.
    let spanning = StreamOutcome { try StreamRow.records(in: "{\"id\":1}\n{\n\"id\":\n  x}", framing: .concatenated) }
    #expect(spanning == .failure(kind: .syntax, record: 1, line: 4, column: 3, offset: 19))
  }

  @Test func aDecodingErrorNamesItsRecordAndWhereItStarts() throws {
    let text = "{\"id\":1}\n  {\"id\":\"x\"}\n"
    let strict = DecodingOptions(strict: true)
    #expect(
      StreamOutcome { try StreamRow.records(in: text, framing: .jsonLines, options: strict) }
        == .failure(kind: .typeMismatch, record: 1, line: 2, column: 1, offset: 9))
    do {
      _ = try StreamRow.records(in: text, framing: .jsonLines, options: strict)
      Issue.record("no error")
    } catch let error as ModelError {
      #expect(error.codingPath == "$.id")
      #expect(error.description.hasPrefix("record 1 at line 2, column 1 (byte 9): "))
    }
  }

  @Test func codableRecordsThrowDecodingErrorAroundTheModelError() throws {
    let decoder = ModelDecoder()
    decoder.options.strict = true
    do {
      _ = try decoder.records(of: StreamEntry.self, in: "{\"id\":1}\n{\"id\":true}", framing: .jsonLines)
      Issue.record("no error")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["id"])
      let inner = try #require(context.underlyingError as? ModelError)
      #expect(inner.recordIndex == 1 && inner.line == 2 && inner.offset == 9)
    }
    do {
      _ = try decoder.records(of: StreamEntry.self, in: "{\"id\":1}\n{\"id\":", framing: .jsonLines)
      Issue.record("no error")
    } catch DecodingError.dataCorrupted(let context) {
      let inner = try #require(context.underlyingError as? ModelError)
      #expect(inner.kind == .syntax && inner.recordIndex == 1 && inner.column == 7)
    }
  }

  @Test func badRecordsAreSkippedAndListed() throws {
    let report = DecodeReport()
    let options = DecodingOptions(strict: true, report: report, skipsBadRecords: true)
    let text = "{\"id\":1}\n{\"id\":\n{\"id\":\"3\"}\n[1]\n{\"id\":5}\n"
    let rows = try StreamRow.records(in: text, framing: .jsonLines, options: options)
    #expect(rows.map(\.id) == [1, 5])
    let entries = report.entries
    #expect(entries.map(\.kind) == [.droppedRecord, .droppedRecord, .droppedRecord])
    #expect(entries.map(\.recordIndex) == [1, 2, 3])
    #expect(entries.map(\.line) == [2, 3, 4])
    #expect(entries.map(\.column) == [7, 1, 1])
    #expect(entries.map(\.offset) == [15, 16, 27])
    #expect(entries.map(\.target) == ["StreamRow", "StreamRow", "StreamRow"])
    #expect(entries[2].excerpt == "[1]")
    #expect(entries[0].description.hasPrefix("record 1, $: droppedRecord"))
    // A report with a handler is handed the same entries.
    let handed = Locked<[DecodeReport.Entry]>([])
    let handler = DecodeReport { entry in handed.withLock { $0.append(entry) } }
    _ = try StreamRow.records(
      in: text, framing: .jsonLines, options: DecodingOptions(strict: true, report: handler, skipsBadRecords: true))
    #expect(handed.withLock { $0 } == entries)
  }

  @Test func eachRecordsLeniencyIsReportedWithItsIndex() throws {
    let report = DecodeReport()
    let rows = try StreamRow.records(
      in: "{\"id\":1}\n{\"id\":\"2\",\"other\":0}", framing: .jsonLines, options: DecodingOptions(report: report))
    #expect(rows.map(\.id) == [1, 2])
    #expect(report.entries.map(\.kind) == [.converted, .unknownKey])
    #expect(report.entries.map(\.recordIndex) == [1, 1])
    #expect(report.entries.map(\.path) == ["$.id", "$.other"])
    // What a text decoded alone reports, less the record index.
    let alone = DecodeReport()
    _ = try StreamRow(json: "{\"id\":\"2\",\"other\":0}", options: DecodingOptions(report: alone))
    #expect(alone.entries.map(\.path) == report.entries.map(\.path))
    #expect(alone.entries.allSatisfy { $0.recordIndex == nil })
  }

  @Test(arguments: [JSONFraming.jsonLines, .concatenated, .jsonSequence, .array, .serverSentEvents()])
  func aRecordBeyondTheLimitIsBad(_ framing: JSONFraming) async throws {
    let small = "{\"id\":1}"
    let large = "{\"id\":2,\"name\":\"" + String(repeating: "x", count: 300) + "\"}"
    let records = [small, large, small]
    let text: String
    switch framing {
    case .jsonLines, .concatenated: text = records.joined(separator: "\n")
    case .jsonSequence: text = records.map { "\u{1E}\($0)\n" }.joined()
    case .array: text = "[" + records.joined(separator: ",") + "]"
    default: text = records.map { "data: \($0)\n\n" }.joined()
    }
    let limited = DecodingOptions(maxRecordBytes: 100)
    let outcome = StreamOutcome { try StreamRow.records(in: text, framing: framing, options: limited) }
    guard case .failure(let kind, let record, _, _, _) = outcome else {
      Issue.record("read as \(outcome)")
      return
    }
    #expect(kind == .syntax && record == 1)
    let skipping = DecodingOptions(skipsBadRecords: true, maxRecordBytes: 100)
    #expect(try StreamRow.records(in: text, framing: framing, options: skipping).map(\.id) == [1, 1])
    // Read in small chunks, the window never holds the large record whole.
    for size in 1...9 {
      let chunked = await StreamOutcome.of(
        StreamRow.records(from: ChunkSource(chunks: pieces(Array(text.utf8), size: size)), framing: framing, options: skipping))
      #expect(chunked == .records([StreamRow(id: 1), StreamRow(id: 1)]), "chunks of \(size)")
    }
    #expect(try StreamRow.records(in: text, framing: framing).map(\.id) == [1, 2, 1])
  }

  /// The limit counts white space too: a read that has not seen a text's
  /// end cannot know it holds nothing else, and a whole read agrees.
  /// (Found by StreamFuzzer: RFC 7464 texts of white space alone.)
  @Test func whiteSpaceCountsTowardsTheLimit() async throws {
    let text = "\u{1E}\u{1E}" + String(repeating: "\t", count: 40) + "\u{1E}{\"id\":1}\n"
    let limited = DecodingOptions(maxRecordBytes: 24)
    let whole = StreamOutcome { try StreamRow.records(in: text, framing: .jsonSequence, options: limited) }
    #expect(whole == .failure(kind: .syntax, record: 0, line: 1, column: 3, offset: 2))
    for size in 1...8 {
      let chunked = await StreamOutcome.of(
        StreamRow.records(from: ChunkSource(chunks: pieces(Array(text.utf8), size: size)), framing: .jsonSequence, options: limited))
      #expect(chunked == whole, "chunks of \(size)")
    }
    let skipping = DecodingOptions(skipsBadRecords: true, maxRecordBytes: 24)
    #expect(try StreamRow.records(in: text, framing: .jsonSequence, options: skipping) == [StreamRow(id: 1)])
  }

  @Test func aSourcesErrorEndsTheRecords() async {
    struct Broken: Error {}
    struct Failing: AsyncSequence, Sendable {
      struct Iterator: AsyncIteratorProtocol {
        var sent = false
        mutating func next() async throws -> [UInt8]? {
          if sent { throw Broken() }
          sent = true
          return Array("{\"id\":1}\n{\"id\"".utf8)
        }
      }
      func makeAsyncIterator() -> Iterator { Iterator() }
    }
    var read: [Int] = []
    do {
      for try await row in StreamRow.records(from: Failing(), framing: .jsonLines) { read.append(row.id) }
      Issue.record("no error")
    } catch {
      #expect(error is Broken)
    }
    #expect(read == [1])
  }

  /// A stream reads every record with the settings the decoder had when
  /// the stream was made; a change afterwards is for the next stream.
  @Test func aStreamKeepsTheSettingsOfItsStart() async throws {
    let text = Data(#"{"id": "1", "name": "a"}"#.utf8 + [UInt8(ascii: "\n")])
    let decoder = ModelDecoder()
    let lenient = decoder.records(of: StreamEntry.self, from: ChunkSource(chunks: [text]), framing: .jsonLines)
    decoder.options.strict = true
    var read: [StreamEntry] = []
    for try await entry in lenient { read.append(entry) }
    #expect(read == [StreamEntry(id: 1, name: "a")])
    let strict = decoder.records(of: StreamEntry.self, from: ChunkSource(chunks: [text]), framing: .jsonLines)
    await #expect(throws: DecodingError.self) {
      for try await _ in strict {}
    }
    #expect(throws: DecodingError.self) { try decoder.records(of: StreamEntry.self, in: text, framing: .jsonLines) }
  }
}
