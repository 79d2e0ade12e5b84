import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Reading a stream as it arrives gives what reading it whole gives —
/// records, errors with their places, report entries — however the bytes
/// are cut: into chunks of every size down to one byte, at every single
/// point (inside UTF-8 sequences, escapes, numbers, separators and line
/// ends), and one byte at a time from a byte sequence.
@Suite("Streams: any chunking reads alike")
struct StreamChunkingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let framing: JSONFraming
    var options = DecodingOptions()
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "JSON Lines",
      text: "{\"id\":1,\"name\":\"é✓😀\"}\r\n\n  {\"id\":2,\"name\":\"a\\\"b\\u00e9\\ud83d\\ude00\"}\n\t\n{\"id\":-3e0}\n{\"id\":4}",
      framing: .jsonLines),
    Case(name: "JSON Lines, a bad line", text: "{\"id\":1}\n{\"id\":2,\"name\":\"é\" x}\n{\"id\":3}\n", framing: .jsonLines),
    Case(
      name: "JSON Lines, bad lines skipped", text: "{\"id\":1}\n{\"id\":\n{\"id\":\"3\"}\nnull\n{\"id\":5}",
      framing: .jsonLines, options: DecodingOptions(skipsBadRecords: true)),
    Case(
      name: "concatenated", text: "{\"id\":1,\"name\":\"}{\\\\\"}{\"id\":2}\n\n {\"id\":3,\"name\":\"[é]\"}{\"id\":4}",
      framing: .concatenated),
    Case(name: "concatenated, cut at the end", text: "{\"id\":1} {\"id\":2,\"name\":\"ab", framing: .concatenated),
    Case(
      name: "RFC 7464", text: "\u{1E}{\"id\":1}\n\u{1E}\u{1E}{\"id\":2,\"name\":\"é\"\n\u{1E} {\"id\":3}\n\u{1E}{\"id\":4}",
      framing: .jsonSequence),
    Case(
      name: "array", text: " [{\"id\":1}, {\"id\":\"2\"} ,\n{\"id\":3,\"name\":\"],[\"}, 4 ,{\"id\":5}]\n ",
      framing: .array),
    Case(name: "array, broken", text: "[{\"id\":1}, {\"id\":2} {\"id\":3}]", framing: .array),
    Case(
      name: "server-sent events",
      text: "\u{FEFF}:hi\r\ndata: {\"id\":1}\r\n\r\nevent: x\rdata:{\"id\":\rdata: 2}\r\rid: 4\n\ndata: {\"id\":3,\n"
        + "data: \"name\":\"é\"}\n\ndata: {\"id\":5,\r\ndata: \"name\":\"z\"}\r\n\r\ndata: [DONE]\n\ndata: {\"id\":9}\n\n",
      framing: .serverSentEvents()),
    Case(
      name: "server-sent events, an event cut by the end", text: "data: {\"id\":1}\n\ndata: {\"id\":2}\n",
      framing: .serverSentEvents()),
  ]

  /// A whole read's outcome and report, to compare with.
  private func whole(_ test: Case) -> (StreamOutcome<StreamRow>, [DecodeReport.Entry]) {
    let report = DecodeReport()
    var options = test.options
    options.report = report
    return (StreamOutcome { try StreamRow.records(in: test.text, framing: test.framing, options: options) }, report.entries)
  }

  /// An asynchronous read of `chunks`' outcome and report.
  private func chunked(_ test: Case, _ chunks: [[UInt8]]) async -> (StreamOutcome<StreamRow>, [DecodeReport.Entry]) {
    let report = DecodeReport()
    var options = test.options
    options.report = report
    let outcome = await StreamOutcome.of(
      StreamRow.records(from: ChunkSource(chunks: chunks), framing: test.framing, options: options))
    return (outcome, report.entries)
  }

  @Test(arguments: cases)
  func everyChunkSizeReadsAsTheWhole(_ test: Case) async {
    let expected = whole(test)
    let bytes = Array(test.text.utf8)
    for size in 1...bytes.count {
      let read = await chunked(test, pieces(bytes, size: size))
      #expect(read.0 == expected.0, "chunks of \(size)")
      #expect(read.1 == expected.1, "chunks of \(size)")
    }
  }

  @Test(arguments: cases)
  func everyCutReadsAsTheWhole(_ test: Case) async {
    let expected = whole(test)
    let bytes = Array(test.text.utf8)
    for point in 0...bytes.count {
      let read = await chunked(test, cut(bytes, at: [point]))
      #expect(read.0 == expected.0, "cut at \(point)")
      #expect(read.1 == expected.1, "cut at \(point)")
    }
    // Random cuts, several at once, with empty chunks among them.
    var generator = SeededGenerator(seed: UInt64(bytes.count))
    for _ in 0..<200 {
      let cuts = (0..<Int.random(in: 1...8, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
      let read = await chunked(test, cut(bytes, at: cuts.sorted()))
      #expect(read.0 == expected.0, "cuts at \(cuts.sorted())")
    }
  }

  @Test(arguments: cases)
  func byteSequencesAndDataChunksReadAsTheWhole(_ test: Case) async {
    let expected = whole(test).0
    let bytes = Array(test.text.utf8)
    let byteByByte = await StreamOutcome.of(
      StreamRow.records(from: ChunkSource(chunks: bytes), framing: test.framing, options: test.options))
    #expect(byteByByte == expected)
    let data = await StreamOutcome.of(
      StreamRow.records(from: ChunkSource(chunks: pieces(bytes, size: 3).map { Data($0) }), framing: test.framing, options: test.options))
    #expect(data == expected)
    // And the Codable path, with the decoder's options.
    let decoder = ModelDecoder()
    decoder.options = test.options
    let codableWhole = StreamOutcome { try decoder.records(of: StreamEntry.self, in: test.text, framing: test.framing) }
    let codableChunked = await StreamOutcome.of(
      decoder.records(of: StreamEntry.self, from: ChunkSource(chunks: pieces(bytes, size: 2)), framing: test.framing))
    #expect(codableChunked == codableWhole)
  }

  /// How many of the source's elements had been taken when each record
  /// (or the error) came out of `records`.
  private func yieldPoints<S: AsyncSequence>(_ records: S, _ taken: Locked<Int>) async -> [Int] {
    var points: [Int] = []
    do {
      for try await _ in records { points.append(taken.withLock { $0 }) }
    } catch {
      points.append(-taken.withLock { $0 })
    }
    return points
  }

  /// A byte source is shown to the framer only after bytes that can end a
  /// record: each record still comes out at the same byte as when the
  /// framer looks after every byte (one-byte chunks).
  @Test(arguments: cases)
  func aByteSourceYieldsEachRecordAtItsLastByte(_ test: Case) async {
    let bytes = Array(test.text.utf8)
    let everyByte = Locked(0)
    let expected = await yieldPoints(
      StreamRow.records(from: CountingSource(elements: bytes.map { [$0] }, taken: everyByte), framing: test.framing, options: test.options),
      everyByte)
    let bytesTaken = Locked(0)
    let read = await yieldPoints(
      StreamRow.records(from: CountingSource(elements: bytes, taken: bytesTaken), framing: test.framing, options: test.options),
      bytesTaken)
    #expect(read == expected)
    #expect(!expected.isEmpty)
  }

  @Test func aRecordIsYieldedBeforeTheNextArrives() async throws {
    // The producer sends the second record only after a long wait, unless
    // the first has been read by then: reading the first must not wait for it.
    var captured: AsyncStream<[UInt8]>.Continuation?
    let stream = AsyncStream<[UInt8]> { captured = $0 }
    let continuation = try #require(captured)
    let sentSecond = Locked(false)
    continuation.yield(Array("{\"id\":1}\n{\"i".utf8))
    let watchdog = Task {
      guard (try? await Task.sleep(nanoseconds: 20_000_000_000)) != nil else { return }
      sentSecond.withLock { $0 = true }
      continuation.yield(Array("d\":2}\n".utf8))
      continuation.finish()
    }
    var records = StreamRow.records(from: stream, framing: .jsonLines).makeAsyncIterator()
    let first = try await records.next()
    #expect(first?.id == 1)
    #expect(sentSecond.withLock { $0 } == false, "the first record waited for the second")
    watchdog.cancel()
    if !sentSecond.withLock({ $0 }) {
      continuation.yield(Array("d\":2}\n".utf8))
      continuation.finish()
    }
    #expect(try await records.next()?.id == 2)
    #expect(try await records.next() == nil)
  }

  @Test func oneSharedDecoderReadsFromManyTasks() async throws {
    enum Shared { static let decoder = ModelDecoder() }
    let text = (0..<200).map { "{\"id\":\($0),\"name\":\"n\($0)\"}" }.joined(separator: "\n")
    let expected = try Shared.decoder.records(of: StreamEntry.self, in: text, framing: .jsonLines)
    let bytes = Array(text.utf8)
    let results = await withTaskGroup(of: [StreamEntry]?.self) { group in
      for size in 1...16 {
        group.addTask {
          var read: [StreamEntry] = []
          do {
            for try await entry in Shared.decoder.records(of: StreamEntry.self, from: ChunkSource(chunks: pieces(bytes, size: size * 7)), framing: .jsonLines) {
              read.append(entry)
            }
          } catch {
            return nil
          }
          return read
        }
      }
      var all: [[StreamEntry]?] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 16)
    #expect(results.allSatisfy { $0 == expected })
  }
}
