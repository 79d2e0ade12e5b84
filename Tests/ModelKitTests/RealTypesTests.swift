import Foundation
import ModelKit
import Testing

// The model layer on the types users write: hooks that validate or count,
// weak and let properties of classes, nested models with defaults.

/// A value behind a lock, for counting calls from any thread.
final class Locked<Value>: @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// Counts its `didDecode` calls and keeps the object it was given.
private final class RealCounted: JSONModel {
  static let calls = Locked(0)
  static let seen = Locked<[JSONObject]>([])
  var id = 0
  required init() {}
  func didDecode(from json: JSONObject) throws {
    Self.calls.withLock { $0 += 1 }
    Self.seen.withLock { $0.append(json) }
  }
}

/// Validates with `didDecode` alone (no `willDecode`).
private struct RealStamped: JSONModel {
  var stamp = ""
  struct Unstamped: Error {}
  mutating func didDecode(from json: JSONObject) throws {
    guard json["stamp"]?.string?.isEmpty == false else { throw Unstamped() }
  }
}

/// The issue's example: a hook that crashes when it runs on anything but real, decoded input.
private final class RealEvent: JSONModel {
  var createdAt: Date!
  required init() {}
  func didEncode(into json: inout JSONObject) throws {
    json["ts"] = JSONValue(createdAt.timeIntervalSince1970)
  }
}

/// Crashes if `init()`-fresh instances get their hooks called.
private struct RealFussy: JSONModel {
  var name: String?
  static let modelTypeCalls = Locked(0)
  static func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
    precondition(json["name"] != nil, "modelType(for:) ran on made-up input")
    modelTypeCalls.withLock { $0 += 1 }
    return nil
  }
  mutating func willDecode(from json: JSONObject) throws -> JSONObject? {
    precondition(!json.isEmpty, "willDecode ran on made-up input")
    return nil
  }
}

private final class RealAnchor: Sendable {
  static let shared = RealAnchor()
}

/// The issue's example, with an unowned reference and a `let` too.
private final class RealNode: JSONModel {
  weak var parent: RealNode?
  unowned var owner = RealAnchor.shared
  var name = ""
  let kind = "node"
  init() {}
}

private struct RealHolder: JSONModel {
  weak var link: RealNode?
  let fixed = 7
  var count = 0
}

private final class RealSettings: JSONModel {
  var theme = "light"
  var fontSize = 12
  required init() {}
}

private struct RealLimits: JSONModel {
  var low = 1
  var high = 9
  var checked = false
  mutating func didDecode(from json: JSONObject) throws { checked = true }
}

private struct RealProfile: JSONModel {
  var name = ""
  var settings = RealSettings()
  var limits = RealLimits()
  var optionalSettings: RealSettings?
}

@Suite("Real types")
struct RealTypesTests {
  @Test func didDecodeSeesTheObjectWithoutWillDecode() throws {
    let stamped = try [RealStamped](json: #"[{"stamp": "a"}, {"stamp": ""}, {"stamp": "c"}]"#)
    #expect(stamped.map(\.stamp) == ["a", "c"])
    let counted = try RealCounted(json: #"{"id": 4}"#)
    #expect(counted.id == 4)
    #expect(RealCounted.seen.withLock { $0.last?["id"] } == 4)
  }

  @Test func hooksRunOnceOnRealInputOnly() throws {
    let before = RealCounted.calls.withLock { $0 }
    _ = try [RealCounted](json: #"[{"id": 1}, {"id": 2}, {"id": 3}]"#)
    #expect(RealCounted.calls.withLock { $0 } - before == 3)

    let event = try RealEvent(json: #"{"createdAt": 100}"#)
    #expect(try event.jsonValue()["ts"] == 100)

    let fussy = try RealFussy(json: #"{"name": "x"}"#)
    #expect(fussy.name == "x")
    #expect(RealFussy.modelTypeCalls.withLock { $0 } >= 1)
    _ = try fussy.jsonData()
    _ = try ModelSchema.of(RealFussy.self)
  }

  @Test func weakUnownedAndLetPropertiesOfClassesAreLeftAlone() throws {
    let node = try RealNode(json: #"{"name": "c", "parent": {"name": "p"}, "owner": {"name": "o"}, "kind": "k"}"#)
    #expect(node.name == "c")
    #expect(node.parent == nil)
    #expect(node.owner === RealAnchor.shared)
    #expect(node.kind == "node")
    #expect(try node.jsonString(options: [.sortedKeys]) == #"{"name":"c"}"#)
    #expect(node.modelDescription.contains("name"))
    #expect(!node.modelDescription.contains("parent"))
    let copy = node.modelCopy()
    #expect(copy.name == "c")
    let diagnostics = try ModelSchema.of(RealNode.self).diagnostics
    #expect(diagnostics.contains { $0.contains("'parent'") && $0.contains("weak") })
    #expect(diagnostics.contains { $0.contains("'owner'") && $0.contains("weak or unowned") })
    #expect(diagnostics.contains { $0.contains("'kind'") && $0.contains("let") })

    let holder = try RealHolder(json: #"{"link": {"name": "l"}, "fixed": 1, "count": 2}"#)
    #expect(holder.link == nil && holder.fixed == 7 && holder.count == 2)
  }

  @Test func reflectionReportsVarAndStrongPerField() {
    let fields = TypeInfo(of: RealNode.self).fields
    #expect(fields.map(\.name) == ["parent", "owner", "name", "kind"])
    #expect(fields.map(\.isVariable) == [true, true, true, false])
    #expect(fields.map(\.isStrong) == [false, false, true, true])
  }

  @Test func nestedModelsAreFilledNotReplaced() throws {
    let profile = try RealProfile(json: #"{"name": "n", "settings": {"fontSize": 14}, "limits": {"high": 5}}"#)
    #expect(profile.settings.theme == "light" && profile.settings.fontSize == 14)
    #expect(profile.limits.low == 1 && profile.limits.high == 5 && profile.limits.checked)

    var updated = profile
    let settings = updated.settings
    try updated.update(json: #"{"settings": {"theme": "dark"}, "limits": {"low": 2}}"#)
    #expect(updated.settings === settings)
    #expect(updated.settings.theme == "dark" && updated.settings.fontSize == 14)
    #expect(updated.limits.low == 2 && updated.limits.high == 5)
    #expect(updated.name == "n")

    var withOptional = RealProfile()
    withOptional.optionalSettings = RealSettings()
    withOptional.optionalSettings?.fontSize = 20
    let kept = withOptional.optionalSettings
    try withOptional.update(json: #"{"optionalSettings": {"theme": "dark"}}"#)
    #expect(withOptional.optionalSettings === kept)
    #expect(withOptional.optionalSettings?.fontSize == 20 && withOptional.optionalSettings?.theme == "dark")
    try withOptional.update(json: #"{"optionalSettings": null}"#)
    #expect(withOptional.optionalSettings == nil)
  }

  @Test func theSourcesUseNoPrivateInterface() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    #expect(files.count > 50)
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(!text.contains("@_spi"), "\(file.lastPathComponent) imports a private interface")
    }
  }
}
