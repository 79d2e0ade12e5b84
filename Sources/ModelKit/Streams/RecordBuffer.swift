import Dispatch

/// Records kept where a result array can take them by moving their bytes.
///
/// A copy into the result would retain (and the source's end release)
/// every object of every record, touching memory long out of the caches;
/// and appending to an `Array` of a type the library is not specialised
/// for looks the array's metadata up for every record (330 instructions),
/// where a method of this class finds its type in the instance.
///
/// Invariant: `records[0..<count]` is initialised and the rest of its
/// `capacity` is not; `records` is nil while `capacity` is 0.
final class RecordBuffer<Record> {
  private var records: UnsafeMutablePointer<Record>?
  private(set) var count = 0
  private var capacity = 0

  /// Appends the record `decode` initialises in the memory it is given,
  /// when it returns true (the record decoded in place, not moved there
  /// from a `Record?`: see `RecordDecoding`); whether it did.
  private func append(_ decode: (UnsafeMutablePointer<Record>) throws -> Bool) rethrows -> Bool {
    if count == capacity { grow(to: max(capacity * 2, 256)) }
    guard try decode(records! + count) else { return false }
    count += 1
    return true
  }

  /// Appends every record `reader` finds in `text` (the whole of a
  /// stream or of a part of one). Once the first 256 are in, there is
  /// room for as many more as the rest of the text holds at their average
  /// size (a stream's records are mostly alike), so that the records are
  /// seldom moved as the buffer grows; at most four times the text's size
  /// is set aside so (a text whose first records are its smallest).
  func appendAll(from reader: inout RecordReader<Record>, in text: UnsafeRawBufferPointer) throws {
    while try append({ try reader.next(in: text, isEnd: true, into: $0) }) {
      guard count == 256, reader.consumed > 0 else { continue }
      let expected = count + (text.count - reader.consumed) / max(reader.consumed / count, 1) * 17 / 16
      let limit = 4 * text.count / max(MemoryLayout<Record>.stride, 1)
      if min(expected, limit) > capacity { grow(to: min(expected, limit)) }
    }
  }

  /// Moves the records to storage for `newCapacity` (at least `count`).
  private func grow(to newCapacity: Int) {
    capacity = newCapacity
    let grown = UnsafeMutablePointer<Record>.allocate(capacity: capacity)
    if let records {
      grown.moveInitialize(from: records, count: count)
      records.deallocate()
    }
    records = grown
  }

  /// The records of `buffers`, in order, moved into one array; the
  /// buffers keep none. `concurrently` moves each buffer's records on a
  /// thread of its own (the buffers of a read on every core, whose move
  /// would otherwise be a serial tail after the parallel read).
  static func recordsMoved(from buffers: [RecordBuffer], concurrently: Bool = false) -> [Record] {
    var starts: [Int] = []
    starts.reserveCapacity(buffers.count)
    let total = buffers.reduce(0) { total, buffer in
      starts.append(total)
      return total + buffer.count
    }
    return [Record](unsafeUninitializedCapacity: total) { result, initialized in
      guard let base = result.baseAddress else { return }
      // Unchecked: each call touches its own buffer and its own range.
      nonisolated(unsafe) let (target, buffers) = (base, buffers)
      let starts = starts
      let move: @Sendable (Int) -> Void = { index in
        let buffer = buffers[index]
        if let records = buffer.records, buffer.count > 0 {
          (target + starts[index]).moveInitialize(from: records, count: buffer.count)
        }
        buffer.count = 0
      }
      if concurrently {
        DispatchQueue.concurrentPerform(iterations: buffers.count, execute: move)
      } else {
        (0..<buffers.count).forEach(move)
      }
      initialized = total
    }
  }

  deinit {
    records?.deinitialize(count: count)
    records?.deallocate()
  }
}
