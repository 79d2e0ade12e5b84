// swift-tools-version:6.0
import PackageDescription

// The libFuzzer target for ModelKit's JSON reader. Build it in debug with
// `swift build --sanitize=fuzzer --sanitize=address` and run it as the
// README says (the release build is not instrumented for coverage); it is
// a separate package so that a plain `swift build` of ModelKit never needs
// the fuzzer runtime.
let package = Package(
  name: "ModelKitFuzz",
  targets: [
    // A link to ../Sources/ModelKitJSON: the floor is fuzzed from its own sources.
    .target(name: "ModelKitJSON"),
    .executableTarget(name: "JSONReaderFuzzer", dependencies: ["ModelKitJSON"]),
  ],
  swiftLanguageModes: [.v6]
)
