// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for ModelKit: the JSON reader, the model layer and the
// Codable bridge. Build them in debug with
// `swift build --sanitize=fuzzer --sanitize=address` and run them as the
// README says (the release build is not instrumented for coverage); this
// is a separate package so that a plain `swift build` of ModelKit never
// needs the fuzzer runtime. The sanitizers apply to ModelKit's own sources,
// which come from the package one folder up.
let package = Package(
  name: "ModelKitFuzz",
  dependencies: [.package(name: "swift-modelkit", path: "..")],
  targets: [
    .executableTarget(
      name: "JSONReaderFuzzer", dependencies: [.product(name: "ModelKit", package: "swift-modelkit")]),
    .executableTarget(name: "ModelFuzzer", dependencies: [.product(name: "ModelKit", package: "swift-modelkit")]),
    .executableTarget(name: "CodableFuzzer", dependencies: [.product(name: "ModelKit", package: "swift-modelkit")]),
  ],
  swiftLanguageModes: [.v6]
)
