import CModelKitPlatform
import ModelKitJSON

/// The JSON names of a coding key enum's cases, by case index: what a
/// keyed decoding container finds an object's members by, read in order
/// (`DocumentDecoder.member(_:named:)`), and what a keyed encoding
/// container writes, read from the key's bytes without its `stringValue`
/// (a call, a string made and let go of, for every member). Made once per
/// key type and kept for the process (Internals.md §2), so readers hold it
/// unretained; each thread's last lookup answers again without the lock.
///
/// Only for enums of at most two bytes without payloads, whose bytes are
/// their case's index (Internals.md §9), each case named by calling its
/// `stringValue` once: a key's name is taken to depend on its value alone,
/// as the coding key's own `init(stringValue:)` assumes. Only plain ASCII
/// names are kept (compared byte for byte with keys written without
/// escapes); a case with any other name has none here (`name(of:)` is nil)
/// and is compared as a `String` by the container's search.
final class KeyNames: @unchecked Sendable {
  // Immutable once made: read by any thread.

  /// A kept name: its bytes, their `KeyHash.quick`, what writing it needs
  /// escaped, and its first eight bytes as `KeyHash.firstWord` reads them
  /// (`head`).
  struct Name {
    let utf8: UnsafeBufferPointer<UInt8>
    let hash: Int
    let escapes: KeyEscapes
    let head: UInt64

    /// The name as a string.
    var text: String { String(decoding: utf8, as: UTF8.self) }
  }

  /// How many bytes hold a key: 0, 1 or 2.
  private let width: Int
  /// The names by case index, nil where a case's name is not kept.
  private let names: UnsafeMutableBufferPointer<Name?>
  /// The kept names' bytes, one after the other, which `names` point into.
  private let bytes: UnsafeMutableBufferPointer<UInt8>

  private static let made = Locked<[ObjectIdentifier: KeyNames]>([:])

  /// The names of `type`'s cases, unretained (kept for the process), made
  /// at the first call for it; nil for a key type that is not an enum
  /// without payloads of at most two bytes. The thread's last lookup
  /// answers again without the lock, for a container made for each object.
  static func of<Key: CodingKey>(_ type: Key.Type) -> Unmanaged<KeyNames>? {
    let last = modelkit_thread_key_names_slot()!
    let identifier = UInt(bitPattern: ObjectIdentifier(type))
    if last.pointee.type == identifier, let names = last.pointee.names {
      return Unmanaged<KeyNames>.fromOpaque(names)
    }
    guard let names = made(for: type) else { return nil }
    let unretained = Unmanaged.passUnretained(names)
    last.pointee = modelkit_key_names_slot(type: identifier, names: unretained.toOpaque())
    return unretained
  }

  /// `of(_:)` from the process's names, made when they are not there.
  private static func made<Key: CodingKey>(for type: Key.Type) -> KeyNames? {
    guard let width = payloadFreeEnumWidth(of: type) else { return nil }
    let identifier = ObjectIdentifier(type)
    if let known = made.withLock({ $0[identifier] }) { return known }
    // Outside the lock: `stringValue` is the type's own code.
    let names = KeyNames(payloadFreeEnumCases(of: type) ?? [], width: width)
    return made.withLock { made in
      if let first = made[identifier] { return first }
      made[identifier] = names
      return names
    }
  }

  private init<Key: CodingKey>(_ cases: [Key], width: Int) {
    self.width = width
    let spelled = cases.map { Array($0.stringValue.utf8) }
    let kept = spelled.map { $0.allSatisfy { $0 < 0x80 } }
    bytes = .allocate(capacity: zip(spelled, kept).reduce(0) { $0 + ($1.1 ? $1.0.count : 0) })
    names = .allocate(capacity: cases.count)
    var start = 0
    for (index, spelling) in spelled.enumerated() {
      guard kept[index] else {
        names.initializeElement(at: index, to: nil)
        continue
      }
      let room = UnsafeMutableBufferPointer(rebasing: bytes[start..<start + spelling.count])
      _ = room.initialize(from: spelling)
      let utf8 = UnsafeBufferPointer(room)
      let name = Name(utf8: utf8, hash: KeyHash.quick(utf8), escapes: KeyEscapes(utf8), head: KeyHash.firstWord(utf8))
      names.initializeElement(at: index, to: name)
      start += spelling.count
    }
  }

  deinit {
    names.deallocate()
    bytes.deallocate()
  }

  /// The name of `key`, a case of the enum these names were made for; nil
  /// when it is not kept.
  @inline(__always)
  func name<Key>(of key: Key) -> Name? {
    let index: Int
    switch width {
    case 0: index = 0
    case 1: index = Int(unsafeBitCast(key, to: UInt8.self))
    default: index = Int(unsafeBitCast(key, to: UInt16.self))
    }
    return index < names.count ? names[index] : nil
  }
}
