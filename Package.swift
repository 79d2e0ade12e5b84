// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "swift-modelkit",
  products: [
    .library(name: "ModelKit", targets: ["ModelKit"]),
    .executable(name: "modelkit", targets: ["modelkit"]),
  ],
  targets: [
    // The JSON floor: reader, document, writer, JSONValue. No Foundation, no models.
    .target(name: "ModelKitJSON"),
    // The model layer; re-exports the floor so `import ModelKit` is enough.
    .target(name: "ModelKit", dependencies: ["ModelKitJSON"]),
    // The command-line tool: `modelkit bench`.
    .executableTarget(name: "modelkit", dependencies: ["ModelKit", "ModelKitFixtures"]),
    // The shared data's location and Codable models of its documents, for
    // the tests and the benchmark; not part of any product.
    .target(name: "ModelKitFixtures"),
    .testTarget(name: "ModelKitJSONTests", dependencies: ["ModelKitJSON", "ModelKitFixtures"]),
    .testTarget(name: "ModelKitTests", dependencies: ["ModelKit", "ModelKitFixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
