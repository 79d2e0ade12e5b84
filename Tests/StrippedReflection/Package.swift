// swift-tools-version:6.0
import PackageDescription

// ModelKit with model types from modules built as Xcode builds them when
// SWIFT_REFLECTION_METADATA_LEVEL is `without-names` (-disable-reflection-names)
// or `none` (-disable-reflection-metadata): such types must be an error
// that says why, never a model that silently maps nothing. A package of its
// own, because these flags are unsafe flags, which only a root package may
// use; CI runs `swift test --package-path Tests/StrippedReflection`.
let package = Package(
  name: "StrippedReflection",
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  dependencies: [.package(name: "swift-modelkit", path: "../..")],
  targets: [
    .target(
      name: "NamelessModels", dependencies: [.product(name: "ModelKit", package: "swift-modelkit")],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-names"])]),
    .target(
      name: "UnreflectedModels", dependencies: [.product(name: "ModelKit", package: "swift-modelkit")],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]),
    .testTarget(
      name: "StrippedReflectionTests",
      dependencies: ["NamelessModels", "UnreflectedModels", .product(name: "ModelKit", package: "swift-modelkit")]),
  ],
  swiftLanguageModes: [.v6]
)
