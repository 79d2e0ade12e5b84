/// The last few values a call looked up by type, searched before its
/// dictionary: a value's few types take turns (an array asks for one many
/// times in a row), and a short search costs less than hashing.
struct RecentEntries<Entry> {
  private var entries: [(type: ObjectIdentifier, entry: Entry)] = []
  /// The slot the next new entry takes once all are used (the oldest).
  private var next = 0
  private static var capacity: Int { 8 }

  /// The entry for `type`, if it is a recent one.
  @inline(__always)
  func entry(for type: ObjectIdentifier) -> Entry? {
    for index in entries.indices where entries[index].type == type { return entries[index].entry }
    return nil
  }

  /// Makes `entry` the recent one for `type`, in place of the oldest.
  mutating func remember(_ entry: Entry, for type: ObjectIdentifier) {
    if entries.count < Self.capacity {
      entries.append((type, entry))
    } else {
      entries[next] = (type, entry)
      next = (next + 1) % Self.capacity
    }
  }

  /// Replaces the entry for `type`, if it is a recent one.
  mutating func replace(_ entry: Entry, for type: ObjectIdentifier) {
    for index in entries.indices where entries[index].type == type { entries[index].entry = entry }
  }
}
