// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "swift-modelkit",
  // The platform floor. Everything newer (Observation, Int128,
  // Synchronization, …) is guarded where it is used; AvailabilityTests
  // fails on an unguarded use.
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  products: [
    .library(name: "ModelKit", targets: ["ModelKit"]),
    .executable(name: "modelkit", targets: ["modelkit"]),
  ],
  targets: [
    // The JSON floor: reader, document, writer, JSONValue. No Foundation, no models.
    .target(name: "ModelKitJSON"),
    // What Swift cannot ask the platform for at the floor: the calling
    // thread's stack bounds (a GNU extension on Linux), so that deep values
    // end in an error instead of a stack overflow, and atomic bytes.
    .target(name: "CModelKitPlatform"),
    // Heap allocations counted by replacing `malloc` in the process that
    // links them, and the budgets they are held to: the benchmark's and the
    // allocation tests' figures. Never a dependency of the library, nor of
    // what the cross-language harness builds (ModelKit and the fixtures).
    .target(name: "CModelKitAllocationCounter"),
    .target(name: "ModelKitAllocations", dependencies: ["CModelKitAllocationCounter"]),
    // The model layer; re-exports the floor so `import ModelKit` is enough.
    .target(name: "ModelKit", dependencies: ["ModelKitJSON", "CModelKitPlatform"]),
    // The command-line tool: `modelkit bench`.
    .executableTarget(
      name: "modelkit",
      dependencies: ["ModelKit", "ModelKitFixtures", "ModelKitCommandLine", "ModelKitGen", "ModelKitAllocations"]),
    // How `modelkit` reads its arguments and what its help says, apart from
    // what it runs, so that both can be tested.
    .target(name: "ModelKitCommandLine"),
    // `modelkit gen`: Swift models inferred from sample JSON.
    .target(name: "ModelKitGen", dependencies: ["ModelKit"]),
    // The shared data's location and Codable models of its documents, for
    // the tests and the benchmark; not part of any product.
    .target(name: "ModelKitFixtures"),
    // What the test targets share: the seeded generator, a lock box, and
    // Swift source read for the layering and availability checks.
    .target(name: "ModelKitTestSupport", dependencies: ["ModelKitJSON"], path: "Tests/ModelKitTestSupport"),
    .testTarget(name: "ModelKitJSONTests", dependencies: ["ModelKitJSON", "ModelKitFixtures", "ModelKitTestSupport"]),
    .testTarget(
      name: "ModelKitTests", dependencies: ["ModelKit", "ModelKitFixtures", "ModelKitTestSupport", "ModelKitAllocations"]),
    .testTarget(name: "ModelKitCommandLineTests", dependencies: ["ModelKitCommandLine"]),
    // `modelkit gen`'s inference rules, and its golden files: models the
    // generator wrote for the shared data, compiled here and read back.
    .testTarget(name: "ModelKitGenTests", dependencies: ["ModelKitGen", "ModelKit"]),
    .testTarget(name: "ModelKitGeneratedModels", dependencies: ["ModelKit", "ModelKitGen", "ModelKitFixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

// `MODELKIT_INTERNAL_CHECKS=1 swift test` runs the checks of the package's
// invariants (Documentation/Internals.md), which release builds leave out.
let internalChecks: [SwiftSetting] =
  Context.environment["MODELKIT_INTERNAL_CHECKS"].map { $0 == "1" } == true ? [.define("MODELKIT_INTERNAL_CHECKS")] : []

for target in package.targets where !["CModelKitPlatform", "CModelKitAllocationCounter"].contains(target.name) {
  target.swiftSettings = (target.swiftSettings ?? []) + internalChecks + [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
