// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for ModelKit: the JSON reader, the model layer, the
// Codable bridge, the stream reader and partial decoding. Build them in debug with
// `swift build --disable-dead-strip --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`
// and run them as the README says: given two `--sanitize` options, SwiftPM
// hands the compiler only one of them, in no fixed order, so both go to
// the compiler together; dead stripping would drop the coverage counters
// of every module but the executable's. This
// is a separate package so that a plain `swift build` of ModelKit never
// needs the fuzzer runtime. ModelKit's own sources are linked in as this
// package's targets (Sources/ModelKit, ModelKitJSON, CModelKitPlatform point
// at ../Sources): SwiftPM instruments only a root package's targets for
// coverage, so a package dependency would be fuzzed blind.
let package = Package(
  name: "ModelKitFuzz",
  // The library's platform floor (see ../Package.swift).
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  targets: [
    .target(name: "ModelKitJSON"),
    .target(name: "CModelKitPlatform"),
    .target(name: "ModelKit", dependencies: ["ModelKitJSON", "CModelKitPlatform"]),
    .executableTarget(name: "JSONReaderFuzzer", dependencies: ["ModelKit"]),
    .executableTarget(name: "ModelFuzzer", dependencies: ["ModelKit"]),
    .executableTarget(name: "CodableFuzzer", dependencies: ["ModelKit"]),
    .executableTarget(name: "StreamFuzzer", dependencies: ["ModelKit"]),
    .executableTarget(name: "PartialFuzzer", dependencies: ["ModelKit"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.name != "CModelKitPlatform" {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
