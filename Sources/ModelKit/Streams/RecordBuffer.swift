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
  func append(_ decode: (UnsafeMutablePointer<Record>) throws -> Bool) rethrows -> Bool {
    if count == capacity {
      capacity = max(capacity * 2, 256)
      let grown = UnsafeMutablePointer<Record>.allocate(capacity: capacity)
      if let records {
        grown.moveInitialize(from: records, count: count)
        records.deallocate()
      }
      records = grown
    }
    guard try decode(records! + count) else { return false }
    count += 1
    return true
  }

  /// The records of `buffers`, in order, moved into one array; the buffers keep none.
  static func recordsMoved(from buffers: [RecordBuffer]) -> [Record] {
    [Record](unsafeUninitializedCapacity: buffers.reduce(0) { $0 + $1.count }) { result, initialized in
      for buffer in buffers {
        if let records = buffer.records, buffer.count > 0 {
          (result.baseAddress! + initialized).moveInitialize(from: records, count: buffer.count)
        }
        initialized += buffer.count
        buffer.count = 0
      }
    }
  }

  deinit {
    records?.deinitialize(count: count)
    records?.deallocate()
  }
}
