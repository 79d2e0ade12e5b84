import Foundation
import ModelKitJSON

/// JSON key → the fields it feeds, looked up from a key node's raw bytes
/// without creating a string (escaped or non-ASCII keys take a string path).
///
/// Built with `add`, then frozen into flat buffers: the decode loop reads
/// them without reference counting or exclusivity checks.
final class KeyTable: @unchecked Sendable {
  // Safe to share: only `add` mutates, and only before `freeze()` while the
  // schema is being built; afterwards everything is read-only.

  private var pendingKeys: [[UInt8]] = []
  private var pendingFields: [[Int]] = []
  private var byString: [String: Int] = [:]

  /// Key bytes, all keys back to back; key `i` is `keyStart[i]..<keyStart[i + 1]`.
  private var keyBytes = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
  private var keyStart = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
  /// Field indices, all lists back to back; key `i` feeds `fieldStart[i]..<fieldStart[i + 1]`.
  private var fieldList = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
  private var fieldStart = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
  /// Open-addressed slots holding key index + 1 (0 = empty).
  private var slots = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
  private var slotMask = 0

  /// The number of distinct keys.
  var count: Int { pendingKeys.count }

  deinit {
    keyBytes.deallocate()
    keyStart.deallocate()
    fieldList.deallocate()
    fieldStart.deallocate()
    slots.deallocate()
  }

  /// Adds `field` under `key` (a key may feed several fields).
  func add(_ key: String, field: Int) {
    if let existing = byString[key] {
      pendingFields[existing].append(field)
      return
    }
    byString[key] = pendingKeys.count
    pendingKeys.append(Array(key.utf8))
    pendingFields.append([field])
  }

  /// Builds the flat buffers; call once, after the last `add`.
  func freeze() {
    keyBytes = .allocate(capacity: max(1, pendingKeys.reduce(0) { $0 + $1.count }))
    keyStart = .allocate(capacity: pendingKeys.count + 1)
    fieldList = .allocate(capacity: max(1, pendingFields.reduce(0) { $0 + $1.count }))
    fieldStart = .allocate(capacity: pendingFields.count + 1)
    var bytePosition = 0
    var fieldPosition = 0
    for (index, key) in pendingKeys.enumerated() {
      keyStart[index] = bytePosition
      for byte in key {
        keyBytes[bytePosition] = byte
        bytePosition += 1
      }
      fieldStart[index] = fieldPosition
      for field in pendingFields[index] {
        fieldList[fieldPosition] = field
        fieldPosition += 1
      }
    }
    keyStart[pendingKeys.count] = bytePosition
    fieldStart[pendingFields.count] = fieldPosition
    var size = 8
    while size < pendingKeys.count * 2 { size *= 2 }
    slots = .allocate(capacity: size)
    slots.initialize(repeating: 0)
    slotMask = size - 1
    for (index, key) in pendingKeys.enumerated() {
      var slot = key.withUnsafeBufferPointer { KeyHash.fnv1a($0) } & slotMask
      while slots[slot] != 0 { slot = (slot + 1) & slotMask }
      slots[slot] = index + 1
    }
  }

  /// The key index for the key at `node`. `hint` is the index after the last
  /// match: JSON keys usually come in declaration order, so it is tried first.
  @inline(__always)
  func lookup(_ document: JSONDocument, _ node: JSONDocument.Node, hint: inout Int) -> Int? {
    let found: Int?? = document.withRawString(node) { raw, isPlainASCII -> Int? in
      guard isPlainASCII else { return byString[document.string(node) ?? ""] }
      if hint < count, matches(hint, raw) { return hint }
      var slot = KeyHash.fnv1a(raw) & slotMask
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if matches(entry - 1, raw) { return entry - 1 }
        slot = (slot + 1) & slotMask
      }
    }
    guard let index = found ?? nil else { return nil }
    hint = index + 1
    return index
  }

  /// The fields key `index` feeds.
  @inline(__always)
  func fields(of index: Int) -> UnsafeMutableBufferPointer<Int>.SubSequence {
    fieldList[fieldStart[index]..<fieldStart[index + 1]]
  }

  @inline(__always)
  private func matches(_ index: Int, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = keyStart[index]
    let length = keyStart[index + 1] - start
    guard length == raw.count else { return false }
    return length == 0 || memcmp(keyBytes.baseAddress! + start, raw.baseAddress!, length) == 0
  }
}

/// The hash of a key's UTF-8 for ModelKit's open-addressed key tables.
enum KeyHash {
  /// FNV-1a, folded so that low bits depend on every byte.
  @inline(__always)
  static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }
}
