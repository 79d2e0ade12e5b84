import Foundation

/// One item a coder keeps between its calls (a workspace, a cache): a call
/// takes it, or finds none when another call holds it (another thread's,
/// or one a value's own code makes) and makes its own; then gives it back.
final class Spare<Item: AnyObject>: Sendable {
  /// The item, which one call at a time holds: it is taken out while used.
  private let item = Locked<Item?>(nil)

  /// The kept item when there is one and `fits` accepts it.
  func take(where fits: (Item) -> Bool = { _ in true }) -> Item? {
    item.withLock { item in
      guard let kept = item, fits(kept) else { return nil }
      item = nil
      return kept
    }
  }

  /// Keeps `item` for the next call.
  func give(_ item: Item) {
    self.item.withLock { $0 = item }
  }
}
