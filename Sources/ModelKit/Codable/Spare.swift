import CModelKitPlatform

/// One item a coder keeps between its calls (a workspace, a cache): a call
/// takes it, or finds none when another call holds it (another thread's,
/// or one a value's own code makes) and makes its own; then gives it back.
///
/// Unchecked: the item is reached only through atomic exchanges of `slot`,
/// so one call at a time holds it, and what a call did to it is seen by
/// the next that takes it (acquire-release). Without a lock: a lock and an
/// unlock for each of a call's take and give cost about a hundred
/// instructions, a tenth of a small document's call overhead.
final class Spare<Item: AnyObject>: @unchecked Sendable {
  /// The item, retained, while no call holds it; nil otherwise.
  private let slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  init() {
    slot = .allocate(capacity: 1)
    slot.initialize(to: nil)
  }

  deinit {
    if let kept = slot.pointee { Unmanaged<Item>.fromOpaque(kept).release() }
    slot.deallocate()
  }

  /// The item, taken out; nil when a call holds it, or it does not fit
  /// (then it stays).
  func take(where fits: (Item) -> Bool = { _ in true }) -> Item? {
    guard let kept = modelkit_atomic_exchange_pointer(slot, nil) else { return nil }
    let item = Unmanaged<Item>.fromOpaque(kept).takeRetainedValue()
    guard fits(item) else {
      give(item)
      return nil
    }
    return item
  }

  /// Gives `item` back (in place of one another call gave meanwhile).
  func give(_ item: Item) {
    let replaced = modelkit_atomic_exchange_pointer(slot, Unmanaged.passRetained(item).toOpaque())
    if let replaced { Unmanaged<Item>.fromOpaque(replaced).release() }
  }
}
