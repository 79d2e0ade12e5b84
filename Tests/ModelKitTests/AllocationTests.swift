import Foundation
import ModelKit
import ModelKitAllocations
import ModelKitFixtures
import Testing

// Heap allocations per decode stay within `AllocationBudget`: the figures
// `modelkit bench allocations` reports for a release build, plus what an
// unoptimised build adds. Counted on Linux with glibc, outside sanitizers.

@Suite("Allocations per decode", .serialized, .enabled(if: AllocationCounter.isActive && TestData.isAvailable))
struct AllocationTests {
  #if DEBUG
    static let allowance = AllocationBudget.unoptimisedDecodeAllowance
  #else
    static let allowance = 0.0
  #endif

  @Test func userJSONDecodesWithinItsBudget() throws {
    let user = Data(try TestData.bytes("yymodel-benchmark", "user.json"))
    let decoder = ModelDecoder()
    let count = try AllocationCounter.perCall { _ = try decoder.decode(PlainGithubUser.self, from: user) }
    #expect(count <= AllocationBudget.userDecode + Self.allowance, "user.json: \(count) allocations per decode")
  }

  @Test func twitterJSONDecodesWithinItsBudget() throws {
    let twitter = Data(try TestData.bytes("json-corpus", "twitter.json"))
    let decoder = ModelDecoder()
    let count = try AllocationCounter.perCall(10) { _ = try decoder.decode(TwitterFile.self, from: twitter) }
    #expect(count <= AllocationBudget.twitterDecode + Self.allowance, "twitter.json: \(count) allocations per decode")
  }

  /// The counter itself: a test that could not see an allocation would
  /// hold any budget.
  @Test func theCounterSeesEachAllocation() {
    let count = AllocationCounter.perCall(50) {
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
      buffer.deallocate()
      let aligned = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
      aligned.deallocate()
    }
    #expect(count == 2)
  }
}
