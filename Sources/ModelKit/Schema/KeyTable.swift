import Foundation
import ModelKitJSON

/// JSON key → the fields it feeds, looked up from a key node's raw bytes
/// without creating a string (escaped or non-ASCII keys take a string path).
struct KeyTable: Sendable {
  /// The distinct keys, as UTF-8.
  private(set) var keys: [[UInt8]] = []
  /// The fields each key feeds, by key index.
  private(set) var fields: [[Int]] = []
  private var byString: [String: Int] = [:]
  /// Key indices by a hash of length, first and last byte.
  private var buckets: [[Int]] = Array(repeating: [], count: KeyTable.bucketCount)

  private static let bucketCount = 64

  /// Adds `field` under `key` (a key may feed several fields).
  mutating func add(_ key: String, field: Int) {
    if let existing = byString[key] {
      fields[existing].append(field)
      return
    }
    let bytes = Array(key.utf8)
    byString[key] = keys.count
    buckets[Self.bucket(bytes.count, bytes.first ?? 0, bytes.last ?? 0)].append(keys.count)
    keys.append(bytes)
    fields.append([field])
  }

  /// The key index for the key at `node`. `hint` is the index after the last
  /// match: JSON keys usually come in declaration order, so it is tried first.
  @inline(__always)
  func lookup(_ document: JSONDocument, _ node: JSONDocument.Node, hint: inout Int) -> Int? {
    let found: Int?? = document.withRawString(node) { raw, isPlainASCII -> Int? in
      guard isPlainASCII else { return byString[document.string(node) ?? ""] }
      if hint < keys.count, matches(hint, raw) { return hint }
      let candidates = buckets[Self.bucket(raw.count, raw.first ?? 0, raw.last ?? 0)]
      for index in candidates where matches(index, raw) { return index }
      return nil
    }
    guard let index = found ?? nil else { return nil }
    hint = index + 1
    return index
  }

  @inline(__always)
  private func matches(_ index: Int, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    keys[index].withUnsafeBufferPointer { key in
      key.count == raw.count && (key.isEmpty || memcmp(key.baseAddress!, raw.baseAddress!, key.count) == 0)
    }
  }

  @inline(__always)
  private static func bucket(_ count: Int, _ first: UInt8, _ last: UInt8) -> Int {
    (count &* 31 &+ Int(first) &* 7 &+ Int(last)) & (bucketCount - 1)
  }
}
