/// The powers of ten below 2^64, which the number reader and writer share.
enum PowersOfTen {
  /// 10^0 to 10^19. A literal: a table computed by `map` is read through
  /// `swift_once` at every access.
  static let integers: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]
}
