#!/usr/bin/env bash
# What a Mac runs to verify ModelKit on Apple platforms.
#
# NOT RUN: no machine this project is built on can build for Apple
# platforms (there is no Apple SDK on Linux), so nothing below has been run
# yet. Run it on a Mac with Xcode 26 or later (Swift 6.3) and the
# simulators and SDKs of every platform installed, from the package root,
# with ../shared beside it for the data-driven tests.
#
# It checks what the Linux runs cannot see:
# 1. The library builds for every Apple platform at the floor the package
#    declares (macOS 12, iOS 15, tvOS 15, watchOS 8, visionOS 1), device and
#    simulator, watchOS's arm64_32 (32-bit Int) and Intel Macs (no Float16)
#    included: every newer API must be guarded.
# 2. The whole suite passes on macOS, where Foundation is Apple's: the
#    `.formatted(DateFormatter)` strategies are enum cases there (both
#    coders handle them), `JSONDecoder` is swift-foundation's on macOS 14
#    and later, and the runtime's reflection entry points are Apple's.
# 3. Models from modules built without reflection names or metadata are
#    errors that say so (Tests/StrippedReflection).
# 4. The fuzz package's copy of the library builds at the floor.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { echo "check-apple: $1"; }

# 1. Build for every platform. SwiftPM packages build with xcodebuild
#    directly; the scheme of a library product is its name.
destinations=(
  "generic/platform=macOS"
  "generic/platform=macOS,variant=Mac Catalyst"
  "generic/platform=iOS"
  "generic/platform=iOS Simulator"
  "generic/platform=tvOS"
  "generic/platform=tvOS Simulator"
  "generic/platform=watchOS"
  "generic/platform=watchOS Simulator"
  "generic/platform=visionOS"
  "generic/platform=visionOS Simulator"
)
for destination in "${destinations[@]}"; do
  step "build ModelKit for $destination"
  xcodebuild build -quiet -scheme ModelKit -destination "$destination" -configuration Release \
    -derivedDataPath .build/apple
done
step "build ModelKit for watchOS arm64_32 (32-bit Int)"
xcodebuild build -quiet -scheme ModelKit -destination "generic/platform=watchOS" -configuration Release \
  -derivedDataPath .build/apple ARCHS=arm64_32 ONLY_ACTIVE_ARCH=NO
step "build ModelKit for Intel Macs (no Float16)"
xcodebuild build -quiet -scheme ModelKit -destination "generic/platform=macOS" -configuration Release \
  -derivedDataPath .build/apple ARCHS=x86_64 ONLY_ACTIVE_ARCH=NO
step "build the command-line tool and the tests for macOS 12"
swift build --build-tests

# 2. The suite on macOS, natively, and on Intel through Rosetta when it is there.
step "swift test on macOS"
swift test
if /usr/bin/arch -x86_64 /usr/bin/true 2>/dev/null; then
  step "swift test on macOS x86_64"
  swift test --arch x86_64
fi
step "the suite on the oldest iOS simulator installed (the shared data is absent there: those tests skip)"
oldest_ios="$(xcrun simctl list devices available -j | /usr/bin/python3 -c '
import json, sys
devices = json.load(sys.stdin)["devices"]
ios = sorted((k, d["name"]) for k, v in devices.items() if "iOS" in k for d in v)
print(ios[0][1] if ios else "")')"
if [[ -n "$oldest_ios" ]]; then
  xcodebuild test -quiet -scheme swift-modelkit-Package -destination "platform=iOS Simulator,name=$oldest_ios" \
    -derivedDataPath .build/apple
fi

# 3. Stripped reflection, built as Xcode builds such modules.
step "models without reflection names or metadata"
swift test --package-path Tests/StrippedReflection

# 4. The fuzz package's library targets, at its own floor (its executables
#    need libFuzzer's main, which Apple's toolchain does not ship).
step "the fuzz package's ModelKit builds"
(cd Fuzz && swift build --target ModelKit)

step "done"
