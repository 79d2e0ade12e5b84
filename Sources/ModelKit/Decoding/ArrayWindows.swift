import Dispatch
import ModelKitJSON

/// Large top-level arrays decoded a window of text at a time
/// (`JSONArrayChunks`): the peak memory is then the input's and the
/// result's, without a copy of the text and a tape of its size besides.
enum ArrayWindows {
  /// Texts from this size on are read in windows; smaller ones whole, in one step.
  static let threshold = 256 << 10

  /// Calls `body` with each window's elements and the number of elements
  /// the whole array is expected to hold; false, calling nothing, when the
  /// text is smaller than `threshold` or holds no array at the top level.
  ///
  /// A syntax error anywhere in the text wins over an error `body` throws,
  /// as when the whole text is read before anything is decoded.
  ///
  /// - Throws: `ModelError` of kind `.syntax`, or what `body` throws.
  static func forEach(
    in text: UnsafeRawBufferPointer, options: DecodingOptions,
    _ body: (JSONArrayChunks.Chunk, _ expectedCount: Int) throws -> Void
  ) throws -> Bool {
    guard text.count >= threshold, var chunks = JSONArrayChunks(text, options: options.readOptions) else {
      return false
    }
    while true {
      let chunk: JSONArrayChunks.Chunk?
      do {
        chunk = try chunks.next()
      } catch {
        throw ModelError(error)
      }
      guard let chunk else { return true }
      do {
        try body(chunk, chunks.estimatedCount)
      } catch {
        do {
          try chunks.finish()
        } catch let syntax {
          throw ModelError(syntax)
        }
        throw error
      }
    }
  }

  /// The elements of a large top-level array: each window's elements are
  /// decoded by `decode`, which appends them to the array it is given and
  /// notes what leniency did in the recorder it is given. Nil, calling
  /// nothing, when the text is smaller than `threshold` or holds no array.
  ///
  /// A text large enough for every core (`Parallelism`) is read in rounds
  /// of windows, a round ahead of its decoding: while the cores decode one
  /// round's windows, each into an array and a recorder of its own, one of
  /// them reads the next round. The arrays are joined and the entries
  /// handed to `recorder` in order. The text is read once and in order
  /// (memory holds two rounds of windows), and the result, the report's
  /// entries and the error are the sequential read's: a syntax error
  /// anywhere wins, else the first window's error in order.
  ///
  /// - Throws: `ModelError` of kind `.syntax`, or what `decode` throws.
  static func elements<Element>(
    in text: UnsafeRawBufferPointer, options: DecodingOptions, recorder: ReportRecorder?,
    _ decode: (JSONArrayChunks.Chunk, inout [Element], ReportRecorder?) throws -> Void
  ) throws -> [Element]? {
    let cores = Parallelism.cores(forBytes: text.count)
    guard cores > 1 else {
      var result: [Element] = []
      let read = try forEach(in: text, options: options) { chunk, expected in
        reserve(&result, for: expected)
        try decode(chunk, &result, recorder)
      }
      return read ? result : nil
    }
    guard text.count >= threshold, let chunks = JSONArrayChunks(text, options: options.readOptions) else {
      return nil
    }
    // Rounds of several windows a core: reading a round ahead takes about
    // a third of decoding one, and it is started first, so that the cores
    // share the work evenly.
    let reader = WindowReader(chunks, batch: cores * 4)
    var result: [Element] = []
    var batch = try reader.nextBatch()
    while !batch.isEmpty {
      let parts = batch.map { _ in WindowPart<Element>(recording: recorder != nil) }
      nonisolated(unsafe) let decode = decode
      nonisolated(unsafe) let shared = batch
      DispatchQueue.concurrentPerform(iterations: shared.count + 1) { index in
        if index == 0 { return reader.readAhead() }
        parts[index - 1].read(shared[index - 1], decode)
      }
      for part in parts {
        if let recorder { part.entries.forEach(recorder.record) }
        if let failure = part.failure {
          try reader.finish()  // a syntax error later in the text wins
          throw failure
        }
        reserve(&result, for: reader.estimatedCount)
        result += part.elements
      }
      batch = try reader.nextBatch()
    }
    return result
  }

  /// Gives `array` room for `expected` elements and a little more when it
  /// has less, so that a large result is not copied as it grows.
  static func reserve<Element>(_ array: inout [Element], for expected: Int) {
    if expected > array.capacity { array.reserveCapacity(expected + expected / 16) }
  }
}

/// The windows of a large array, read a round ahead of their decoding: the
/// caller takes a round (`nextBatch`), and while it is decoded one worker
/// reads the next (`readAhead`). Used by one decode; `readAhead` runs
/// while no other method does.
private final class WindowReader: @unchecked Sendable {
  private var chunks: JSONArrayChunks
  private let batch: Int
  private var ahead: [JSONArrayChunks.Chunk] = []
  /// The syntax error met while reading ahead, thrown when its round is taken.
  private var failure: JSONError?
  private var isDone = false

  init(_ chunks: JSONArrayChunks, batch: Int) {
    self.chunks = chunks
    self.batch = batch
  }

  var estimatedCount: Int { chunks.estimatedCount }

  /// The windows read ahead, or the next round's when none were; empty after the last.
  func nextBatch() throws(ModelError) -> [JSONArrayChunks.Chunk] {
    if ahead.isEmpty && failure == nil { readAhead() }
    if let failure { throw ModelError(failure) }
    defer { ahead = [] }
    return ahead
  }

  /// Reads the next round's windows.
  func readAhead() {
    guard !isDone else { return }
    do {
      while ahead.count < batch, let chunk = try chunks.next() { ahead.append(chunk) }
      if ahead.count < batch { isDone = true }
    } catch {
      failure = error
      isDone = true
    }
  }

  /// Reads the rest of the text only to check it: a syntax error there is the text's first.
  func finish() throws(ModelError) {
    if let failure { throw ModelError(failure) }
    do {
      try chunks.finish()
    } catch {
      throw ModelError(error)
    }
  }
}

/// One window's decode in a parallel read: its elements, its report's
/// entries and its error, read after every window of the round is done.
private final class WindowPart<Element>: @unchecked Sendable {
  var elements: [Element] = []
  var entries: [DecodeReport.Entry] = []
  var failure: (any Error)?
  private let report: DecodeReport?

  init(recording: Bool) { report = recording ? DecodeReport() : nil }

  func read(_ chunk: JSONArrayChunks.Chunk, _ decode: (JSONArrayChunks.Chunk, inout [Element], ReportRecorder?) throws -> Void) {
    let recorder = report.map { ReportRecorder($0) }
    do {
      try decode(chunk, &elements, recorder)
    } catch {
      failure = error
    }
    recorder?.finish()
    entries = report?.entries ?? []
  }
}
