/// The most heap allocations one decode or encode of the benchmark's
/// documents may make, as `AllocationCounter` counts them in a release
/// build (`modelkit bench allocations`, which fails above them, as CI's
/// release benchmark run does). AllocationTests holds the decodes to them in
/// the test build too. Lower a figure when a change lowers the count, so
/// that it cannot creep back.
public enum AllocationBudget {
  /// `user.json` into `PlainGithubUser` with `ModelDecoder`.
  public static let userDecode = 10.0
  /// `PlainGithubUser` to bytes with `ModelEncoder`.
  public static let userEncode = 2.0
  /// `twitter.json` into `TwitterFile` with `ModelDecoder`.
  public static let twitterDecode = 1378.0
  /// `TwitterFile` to bytes with `ModelEncoder`.
  public static let twitterEncode = 111.0
  /// What an unoptimised (debug) build adds to each decode: one allocation
  /// the optimiser keeps on the stack.
  public static let unoptimisedDecodeAllowance = 1.0
}
