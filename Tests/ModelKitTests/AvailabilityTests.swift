import Foundation
import Testing

/// Every API newer than the platform floor (DESIGN section 8: macOS 12,
/// iOS 15, tvOS 15, watchOS 8, visionOS 1) is guarded where it is used,
/// in the sources and the tests alike: Linux has no availability, so
/// nothing else here would notice an unguarded use before a Mac build does.
@Suite struct AvailabilityTests {
  typealias Version = AvailabilityScanner.Version

  /// The floor, as `Package.swift` declares it.
  static let floor: [String: Version] = ["macOS": Version(12), "iOS": Version(15), "tvOS": Version(15), "watchOS": Version(8)]

  /// One kind of newer API: how its uses are found, and what guards them.
  struct Rule: CustomTestStringConvertible, Sendable {
    enum Finder: Sendable {
      /// The identifier, whole.
      case identifier(String)
      /// A fragment of code, such as `.firstRange(of:`.
      case fragment(String)
      /// `.name(…, label: …)`.
      case call(String, label: String)
      /// `.contains("…")` with a string, in a file that does not import Foundation.
      case substringContains
      /// A regex literal.
      case regexLiteral
    }
    enum Guard: Sendable, CustomStringConvertible {
      /// `@available` / `#available` with at least these versions.
      case versions([String: Version])
      /// An `#if` that leaves out macOS on x86_64 (where `Float16` does not exist).
      case notIntelMac

      var description: String {
        switch self {
        case .versions(let versions):
          "@available(" + AvailabilityScanner.platforms.compactMap { platform in versions[platform].map { "\(platform) \($0)" } }
            .joined(separator: ", ") + ", *)"
        case .notIntelMac: "an #if that leaves out macOS on x86_64"
        }
      }
    }
    let finder: Finder
    let guarding: Guard
    /// A line that uses the API, for the checks of the check.
    let sample: String

    var testDescription: String { "\(finder)" }
  }

  static let macOS13: [String: Version] = ["macOS": Version(13), "iOS": Version(16), "tvOS": Version(16), "watchOS": Version(9)]
  static let macOS14: [String: Version] = ["macOS": Version(14), "iOS": Version(17), "tvOS": Version(17), "watchOS": Version(10)]
  static let macOS15: [String: Version] = ["macOS": Version(15), "iOS": Version(18), "tvOS": Version(18), "watchOS": Version(11)]
  static let macOS26: [String: Version] = ["macOS": Version(26), "iOS": Version(26), "tvOS": Version(26), "watchOS": Version(26)]

  static let rules: [Rule] = [
    // The standard library's 128-bit integers, Synchronization, Observation.
    Rule(finder: .identifier("Int128"), guarding: .versions(macOS15), sample: "let x: Int128 = 1"),
    Rule(finder: .identifier("UInt128"), guarding: .versions(macOS15), sample: "let x = UInt128.max"),
    Rule(finder: .identifier("Atomic"), guarding: .versions(macOS15), sample: "let x = Atomic<Int>(0)"),
    Rule(finder: .identifier("Mutex"), guarding: .versions(macOS15), sample: "let x = Mutex(0)"),
    Rule(finder: .identifier("Observable"), guarding: .versions(macOS14), sample: "@Observable final class A {}"),
    Rule(finder: .identifier("ObservationRegistrar"), guarding: .versions(macOS14), sample: "let r = ObservationRegistrar()"),
    Rule(finder: .identifier("withObservationTracking"), guarding: .versions(macOS14), sample: "withObservationTracking {} onChange: {}"),
    Rule(finder: .identifier("withDiscardingTaskGroup"), guarding: .versions(macOS14), sample: "await withDiscardingTaskGroup { _ in }"),
    Rule(finder: .identifier("InlineArray"), guarding: .versions(macOS26), sample: "let x: InlineArray<2, Int> = [1, 2]"),
    Rule(finder: .identifier("UTF8Span"), guarding: .versions(macOS26), sample: "let s = String(copying: UTF8Span(unchecked: b.span))"),
    Rule(finder: .fragment("String(validating:"), guarding: .versions(macOS15), sample: "let s = String(validating: b, as: UTF8.self)"),
    Rule(finder: .fragment("AsyncSequence<"), guarding: .versions(macOS15), sample: "func f(_ s: some AsyncSequence<UInt8, Never>) {}"),
    Rule(finder: .fragment("next(isolation:"), guarding: .versions(macOS15), sample: "let x = try await i.next(isolation: nil)"),
    // Clocks, string processing.
    Rule(finder: .identifier("Duration"), guarding: .versions(macOS13), sample: "let d = Duration.seconds(1)"),
    Rule(finder: .identifier("ContinuousClock"), guarding: .versions(macOS13), sample: "let c = ContinuousClock()"),
    Rule(finder: .identifier("SuspendingClock"), guarding: .versions(macOS13), sample: "let c = SuspendingClock()"),
    Rule(finder: .fragment("Task.sleep(for:"), guarding: .versions(macOS13), sample: "try await Task.sleep(for: .seconds(1))"),
    Rule(finder: .identifier("Regex"), guarding: .versions(macOS13), sample: "let r = try Regex(\"a\")"),
    Rule(finder: .regexLiteral, guarding: .versions(macOS13), sample: "let r = /a+b/"),
    Rule(finder: .fragment(".matches(of:"), guarding: .versions(macOS13), sample: "let m = s.matches(of: r)"),
    Rule(finder: .fragment(".firstMatch(of:"), guarding: .versions(macOS13), sample: "let m = s.firstMatch(of: r)"),
    Rule(finder: .fragment(".wholeMatch(of:"), guarding: .versions(macOS13), sample: "let m = s.wholeMatch(of: r)"),
    Rule(finder: .fragment(".firstRange(of:"), guarding: .versions(macOS13), sample: "let m = s.firstRange(of: \"ab\")"),
    Rule(finder: .fragment(".ranges(of:"), guarding: .versions(macOS13), sample: "let m = s.ranges(of: \"ab\")"),
    Rule(finder: .call("replacing", label: "with"), guarding: .versions(macOS13), sample: "let m = s.replacing(\"a\", with: \"b\")"),
    Rule(finder: .fragment(".trimmingPrefix("), guarding: .versions(macOS13), sample: "let m = s.trimmingPrefix(\"a\")"),
    Rule(finder: .substringContains, guarding: .versions(macOS13), sample: "let m = s.contains(\"ab\")"),
    // Foundation.
    Rule(finder: .fragment("URL(filePath:"), guarding: .versions(macOS13), sample: "let u = URL(filePath: \"/\")"),
    Rule(finder: .fragment(".appending(path:"), guarding: .versions(macOS13), sample: "let u = base.appending(path: \"a\")"),
    Rule(finder: .fragment(".appending(component:"), guarding: .versions(macOS13), sample: "let u = base.appending(component: \"a\")"),
    Rule(finder: .fragment(".path(percentEncoded:"), guarding: .versions(macOS13), sample: "let p = u.path(percentEncoded: false)"),
    Rule(finder: .fragment("URL.temporaryDirectory"), guarding: .versions(macOS13), sample: "let u = URL.temporaryDirectory"),
    Rule(finder: .call("encode", label: "configuration"), guarding: .versions(macOS14), sample: "let d = try e.encode(v, configuration: 1)"),
    Rule(finder: .call("decode", label: "configuration"), guarding: .versions(macOS14), sample: "let v = try d.decode(T.self, from: x, configuration: 1)"),
    // Not on Intel Macs at all.
    Rule(finder: .identifier("Float16"), guarding: .notIntelMac, sample: "let h: Float16 = 1"),
  ]

  /// The unguarded uses of `rule` in `scanner`'s source.
  static func violations(of rule: Rule, in scanner: AvailabilityScanner) -> [AvailabilityScanner.Use] {
    let offsets: [Int]
    switch rule.finder {
    case .identifier(let name): offsets = scanner.identifierUses(name)
    case .fragment(let fragment): offsets = scanner.fragmentUses(fragment)
    case .call(let name, let label): offsets = scanner.callsWithArgument(name, label: label)
    case .substringContains: offsets = scanner.importsFoundation ? [] : scanner.substringContainsUses()
    case .regexLiteral: offsets = scanner.regexLiterals
    }
    return offsets.map(scanner.use(at:)).filter { use in
      switch rule.guarding {
      case .versions(let required): !use.promise.satisfies(required, floor: floor)
      case .notIntelMac: !use.conditions.contains(where: excludesIntelMacs)
      }
    }
  }

  /// Whether an `#if` condition leaves out macOS (and Catalyst) on x86_64.
  static func excludesIntelMacs(_ condition: String) -> Bool {
    let compact = condition.filter { $0 != " " }
    return compact.contains("arch(arm64)")
      || compact.hasPrefix("!((os(macOS)||targetEnvironment(macCatalyst))&&arch(x86_64))")
      || compact.hasPrefix("!(os(macOS)&&arch(x86_64))")
  }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every Swift file of the sources, the tests and the fuzz targets (the
  /// fuzz package's links to the sources left out, as they are the sources).
  static func swiftFiles() -> [URL] {
    var files: [URL] = []
    for folder in ["Sources", "Tests", "Fuzz/Sources"] {
      let root = packageRoot.appendingPathComponent(folder)
      let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey])
      while let url = enumerator?.nextObject() as? URL {
        if (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) == true || url.lastPathComponent == ".build" {
          enumerator?.skipDescendants()
          continue
        }
        if url.pathExtension == "swift" { files.append(url) }
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// Rules for the package's own types declared with an `@available`
  /// (a name declared more than once, guarded or not, is left out).
  static func rules(forTypesGuardedIn scanners: [AvailabilityScanner]) -> [Rule] {
    var declarations: [String: Int] = [:]
    for scanner in scanners {
      for name in scanner.declaredTypes { declarations[name, default: 0] += 1 }
    }
    return scanners.flatMap(\.guardedTypes).filter { declarations[$0.name] == 1 }.map { type in
      Rule(finder: .identifier(type.name), guarding: .versions(type.promise.versions), sample: "_ = \(type.name).self")
    }
  }

  @Test func everyNewerAPIIsGuardedWhereItIsUsed() throws {
    let files = Self.swiftFiles()
    #expect(files.count > 150, "the sources were not found at \(Self.packageRoot.path)")
    let scanners = try files.map { AvailabilityScanner(try String(contentsOf: $0, encoding: .utf8)) }
    let ownTypes = Self.rules(forTypesGuardedIn: scanners)
    #expect(!ownTypes.isEmpty, "no type of the package's own declared with @available was found")
    var found: [String] = []
    for (file, scanner) in zip(files, scanners) {
      let relative = file.path.dropFirst(Self.packageRoot.path.count + 1)
      for rule in Self.rules + ownTypes {
        for use in Self.violations(of: rule, in: scanner) {
          found.append("\(relative):\(use.line): \(rule.finder) is not guarded: it needs \(rule.guarding)")
        }
      }
    }
    #expect(found.isEmpty, "uses newer than the platform floor, unguarded:\n\(found.joined(separator: "\n"))")
  }

  /// What a guard for `rule` looks like in each of its forms.
  static func guardedForms(of rule: Rule) -> [String] {
    switch rule.guarding {
    case .notIntelMac:
      return [
        "#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))\nfunc f() {\n  \(rule.sample)\n}\n#endif",
        "#if (os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64)\n#else\nfunc f() {\n  \(rule.sample)\n}\n#endif",
        "#if arch(arm64)\n\(rule.sample)\n#endif",
      ]
    case .versions(let required):
      let versions = ["macOS", "iOS", "tvOS", "watchOS"].map { "\($0) \(required[$0]!)" }.joined(separator: ", ")
      return [
        "@available(\(versions), *)\nfunc f() {\n  \(rule.sample)\n}",
        "@available(\(versions), *)\nstruct S {\n  func f() {\n    \(rule.sample)\n  }\n}",
        "@available(\(versions), *)\nextension S {\n  func f() {\n    \(rule.sample)\n  }\n}",
        "func f() {\n  if #available(\(versions), *) {\n    \(rule.sample)\n  }\n}",
        "func f() {\n  guard #available(\(versions), *) else { return }\n  let a = 1\n  \(rule.sample)\n}",
        "struct S {\n  var x = 1\n\n  @available(\(versions), *)\n  @Test func f() throws {\n    \(rule.sample)\n  }\n}",
      ]
    }
  }

  /// What does not guard `rule`'s use: nothing, a guard too low or for
  /// another block, the `else` of a guard, a guard's own `else` body.
  static func unguardedForms(of rule: Rule) -> [String] {
    var forms = [
      "func f() {\n  \(rule.sample)\n}",
      "struct S {\n  @available(macOS 99, *) typealias T = Int\n  func f() {\n    \(rule.sample)\n  }\n}",
    ]
    if case .versions(let required) = rule.guarding {
      let low = ["macOS", "iOS", "tvOS", "watchOS"].map { "\($0) \(required[$0]!.major - 1)" }.joined(separator: ", ")
      let enough = ["macOS", "iOS", "tvOS", "watchOS"].map { "\($0) \(required[$0]!)" }.joined(separator: ", ")
      forms += [
        "@available(\(low), *)\nfunc f() {\n  \(rule.sample)\n}",
        "@available(macOS \(required["macOS"]!), *)\nfunc f() {\n  \(rule.sample)\n}",
        "func f() {\n  if #available(\(enough), *) {\n  } else {\n    \(rule.sample)\n  }\n}",
        "func f() {\n  guard #available(\(enough), *) else {\n    \(rule.sample)\n    return\n  }\n}",
        "func f() {\n  if #available(\(enough), *) {}\n}\nfunc g() {\n  \(rule.sample)\n}",
      ]
    }
    return forms
  }

  @Test(arguments: rules) func theCheckFindsUnguardedUsesAndOnlyThose(_ rule: Rule) {
    for form in Self.unguardedForms(of: rule) {
      #expect(Self.violations(of: rule, in: AvailabilityScanner(form)).count == 1, "not found in:\n\(form)")
    }
    for form in Self.guardedForms(of: rule) {
      #expect(Self.violations(of: rule, in: AvailabilityScanner(form)).isEmpty, "wrongly found in:\n\(form)")
    }
    // Named in a comment or a string, the API is not used.
    let mentioned = "// \(rule.sample)\n/* \(rule.sample) */\nlet text = \"\"\"\n\(rule.sample)\n\"\"\"\n"
    #expect(Self.violations(of: rule, in: AvailabilityScanner(mentioned)).isEmpty, "found in a comment or string")
  }

  @Test func thePackagesOwnGuardedTypesAreHeldToTheirAvailability() {
    let declaring = AvailabilityScanner("@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)\nstruct Newer {\n  func copy() -> Newer { self }\n}\n")
    let using = AvailabilityScanner("func f() {\n  _ = Newer()\n}\nextension Newer {}\n")
    let guarded = AvailabilityScanner(
      "@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)\nfunc f() {\n  _ = Newer()\n}\n"
        + "func g() {\n  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {\n    _ = Newer()\n  }\n}\n")
    let twice = AvailabilityScanner("struct Newer {}")
    let rules = Self.rules(forTypesGuardedIn: [declaring, using, guarded])
    #expect(rules.count == 1)
    #expect(Self.violations(of: rules[0], in: using).count == 2)
    #expect(Self.violations(of: rules[0], in: guarded).isEmpty)
    #expect(Self.violations(of: rules[0], in: declaring).isEmpty)
    // A name declared twice may be either declaration: it is left to the compiler.
    #expect(Self.rules(forTypesGuardedIn: [declaring, using, twice]).isEmpty)
  }

  @Test func substringSearchIsGuardedByImportingFoundation() {
    let rule = Self.rules.first { if case .substringContains = $0.finder { true } else { false } }!
    #expect(Self.violations(of: rule, in: AvailabilityScanner("import Foundation\nlet m = s.contains(\"ab\")")).isEmpty)
    // A character, or an escape that is one, is `Sequence.contains`, at every floor.
    #expect(Self.violations(of: rule, in: AvailabilityScanner("let m = s.contains(\"a\")")).isEmpty)
    #expect(Self.violations(of: rule, in: AvailabilityScanner("let m = s.contains(\"\\n\")")).isEmpty)
  }

  @Test func interpolationsAndRawStringsAreReadAsCode() {
    let rule = Self.rules[0]  // Int128
    #expect(Self.violations(of: rule, in: AvailabilityScanner("let a = \"\\(Int128.max)\"")).count == 1)
    #expect(Self.violations(of: rule, in: AvailabilityScanner("let a = #\"\\(Int128.max)\"#")).isEmpty)
    #expect(Self.violations(of: rule, in: AvailabilityScanner("let a = #\"\\#(Int128.max) \"\"#")).count == 1)
  }

  /// The floor this check assumes is the one every package here declares.
  @Test func thePackagesDeclareTheFloor() throws {
    let declared = ".macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)"
    for manifest in ["Package.swift", "Fuzz/Package.swift", "Tests/StrippedReflection/Package.swift"] {
      let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(manifest), encoding: .utf8)
      #expect(text.contains("platforms: [\(declared)]"), "\(manifest) does not declare the floor")
    }
  }
}
