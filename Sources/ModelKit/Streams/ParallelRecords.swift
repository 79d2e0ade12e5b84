import Dispatch
import Foundation

/// JSON Lines in a large buffer, decoded on every core. The buffer is cut
/// into parts at the line ends found after even cuts (nothing is scanned
/// beforehand), each part is read as a stream of its own, and the parts'
/// records, first error and report entries are put back in stream order,
/// with record indices, lines and offsets counted from the stream's start:
/// the same as one sequential read gives. (A report's handler is handed
/// the entries once every part is read.)
enum ParallelRecords {
  /// What reading one part gave. Written by the one worker that reads
  /// the part, read after all are done.
  private final class Part<Record>: @unchecked Sendable {
    let records = RecordBuffer<Record>()
    var failure: (any Error)?
    var recordCount = 0
    var lineCount = 0
    var entries: [DecodeReport.Entry] = []
  }

  /// Every record of `text`, JSON Lines, read in parts on every core; nil
  /// when the machine has one core or the text is small (`Parallelism`).
  static func all<Record>(in text: UnsafeRawBufferPointer, options: DecodingOptions, decoding: RecordDecoding<Record>)
    throws -> [Record]?
  {
    let cores = Parallelism.cores(forBytes: text.count)
    guard cores > 1 else { return nil }
    let ranges = parts(of: text, count: min(cores * 4, text.count / (Parallelism.threshold / 8)))
    let parts = ranges.map { _ in Part<Record>() }
    // Only read, and lent for the call: `concurrentPerform` returns when every part is read.
    nonisolated(unsafe) let shared = text
    DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
      read(UnsafeRawBufferPointer(rebasing: shared[ranges[index]]), into: parts[index], options: options, decoding: decoding)
    }
    var (recordBase, lineBase) = (0, 0)
    for (part, range) in zip(parts, ranges) {
      let entries = part.entries.map { $0.shifted(records: recordBase, lines: lineBase, bytes: range.lowerBound) }
      if let report = options.report, !entries.isEmpty {
        if report.hasHandler { entries.forEach(report.hand) } else { report.add(entries) }
      }
      if let failure = part.failure {
        guard let inner = decoding.modelError(failure) else { throw failure }
        throw decoding.rethrow(inner.shifted(records: recordBase, lines: lineBase, bytes: range.lowerBound))
      }
      recordBase += part.recordCount
      lineBase += part.lineCount
    }
    return RecordBuffer.recordsMoved(from: parts.map(\.records), concurrently: true)
  }

  /// About `count` ranges of `text` that together are all of it, each
  /// but the first starting after a line feed.
  private static func parts(of text: UnsafeRawBufferPointer, count: Int) -> [Range<Int>] {
    var starts = [0]
    for part in 1..<max(count, 1) {
      let cut = max(text.count / count * part, starts.last!)
      guard let newline = text[cut...].firstIndex(of: UInt8(ascii: "\n")) else { break }
      if newline + 1 < text.count && newline + 1 > starts.last! { starts.append(newline + 1) }
    }
    return zip(starts, starts.dropFirst() + [text.count]).map { $0..<$1 }
  }

  /// Reads one part as a stream of its own: its record indices, lines and
  /// offsets count from its start.
  private static func read<Record>(
    _ text: UnsafeRawBufferPointer, into part: Part<Record>, options: DecodingOptions, decoding: RecordDecoding<Record>
  ) {
    var options = options
    let report = options.report.map { _ in DecodeReport() }
    options.report = report
    var reader = RecordReader(framing: .jsonLines, options: options, decoding: decoding)
    do {
      try part.records.appendAll(from: &reader, in: text)
    } catch {
      part.failure = error
    }
    part.recordCount = reader.recordCount
    part.lineCount = reader.lineCount
    part.entries = report?.entries ?? []
  }
}

extension ModelError {
  /// This error in a stream of which its own was a part, after `records`
  /// records, `lines` lines and `bytes` bytes (a part starts a line).
  func shifted(records: Int, lines: Int, bytes: Int) -> ModelError {
    guard let place = streamPlace else { return self }
    return placed(in: place.recordIndex + records, at: place.offset + bytes, place.line + lines, place.column)
  }
}

extension DecodeReport.Entry {
  /// This entry in a stream of which its own was a part, after `records`
  /// records, `lines` lines and `bytes` bytes (a part starts a line).
  func shifted(records: Int, lines: Int, bytes: Int) -> DecodeReport.Entry {
    DecodeReport.Entry(
      path: path, kind: kind, found: found, excerpt: excerpt, target: target, note: note,
      recordIndex: recordIndex.map { $0 + records }, line: line.map { $0 + lines }, column: column,
      offset: offset.map { $0 + bytes })
  }
}
