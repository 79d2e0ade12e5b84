import Dispatch
import Foundation
import ModelKit

// The stream reader (design section 12): every framing, read whole and
// read as it arrives in chunks cut anywhere, must give the same records
// or the same error (kind, record, line, column, offset); JSON Lines must
// give what decoding each line alone gives; nothing crashes or hangs.

struct Item: JSONModel, Equatable, Sendable {
  var id = 0
  var name = ""
  var tags: [String] = []
  var score: Double?
}

/// Records, or an error's kind, record and place.
enum Outcome: Equatable {
  case records([Item])
  case failure(ModelError.Kind, Int?, Int?, Int?, Int?)

  init(_ error: any Error) {
    guard let error = error as? ModelError else { fatalError("not a ModelError: \(error)") }
    self = .failure(error.kind, error.recordIndex, error.line, error.column, error.offset)
  }
}

/// Fixed chunks of a stream.
struct Chunks: AsyncSequence, Sendable {
  let chunks: [[UInt8]]
  func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }
  struct Iterator: AsyncIteratorProtocol {
    var chunks: [[UInt8]]
    var index = 0
    mutating func next() async throws -> [UInt8]? {
      guard index < chunks.count else { return nil }
      defer { index += 1 }
      return chunks[index]
    }
  }
}

let framings: [JSONFraming] = [.jsonLines, .concatenated, .jsonSequence, .array, .serverSentEvents(), .serverSentEvents(endMarker: nil)]

/// The first byte picks the framing and options, the second the cuts; the rest is the stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreams(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count >= 2 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  let framing = framings[Int(input[0]) % framings.count]
  let options = DecodingOptions(
    strict: input[0] & 0x40 != 0, skipsBadRecords: input[0] & 0x80 != 0, maxRecordBytes: input[0] & 0x20 != 0 ? 24 : 64 << 20)
  let stream = Array(input[2...])

  let whole: Outcome
  do {
    whole = .records(try Item.records(in: stream, framing: framing, options: options))
  } catch {
    whole = Outcome(error)
  }
  var state = UInt64(input[1]) &+ 1
  func random(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(truncatingIfNeeded: state >> 33) % max(bound, 1)
  }
  for round in 0..<3 {
    var chunks: [[UInt8]] = []
    var index = 0
    while index < stream.count {
      let size = round == 0 ? 1 : 1 + random(round == 1 ? 8 : 64)
      chunks.append(Array(stream[index..<min(index + size, stream.count)]))
      index += size
    }
    let chunked = read(Item.records(from: Chunks(chunks: chunks), framing: framing, options: options))
    if chunked != whole { fatalError("chunked read \(chunked) differs from the whole read \(whole)") }
  }
  // A byte at a time, as URLSession's bytes come: the framer is shown only
  // the bytes that can end a record.
  let byteByByte = read(Item.records(from: Bytes(bytes: stream), framing: framing, options: options))
  if byteByByte != whole { fatalError("a read byte by byte \(byteByByte) differs from the whole read \(whole)") }
  if framing == .jsonLines, case .records(let records) = whole, !options.skipsBadRecords {
    // Each line decoded alone.
    var alone: [Item] = []
    for line in stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      var text = Array(line)
      if text.last == UInt8(ascii: "\r") { text.removeLast() }
      if text.allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }) { continue }
      guard let item = try? Item(json: text, options: options) else { fatalError("a line the stream read fails alone") }
      alone.append(item)
    }
    if alone != records { fatalError("the lines decoded alone differ from the stream's records") }
  }
  return 0
}

/// A stream's bytes, one at a time.
struct Bytes: AsyncSequence, Sendable {
  let bytes: [UInt8]
  func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }
  struct Iterator: AsyncIteratorProtocol {
    let bytes: [UInt8]
    var index = 0
    mutating func next() async throws -> UInt8? {
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return bytes[index]
    }
  }
}

/// What iterating `records` gives, waited for here.
func read<Source>(_ records: AsyncJSONRecords<Source, Item>) -> Outcome {
  let done = DispatchSemaphore(value: 0)
  let result = ResultBox()
  Task {
    var items: [Item] = []
    do {
      for try await item in records { items.append(item) }
      result.outcome = .records(items)
    } catch {
      result.outcome = Outcome(error)
    }
    done.signal()
  }
  done.wait()
  return result.outcome!
}

/// The outcome of a task, read once the task has signalled.
final class ResultBox: @unchecked Sendable {
  var outcome: Outcome?
}
