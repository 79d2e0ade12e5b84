import Foundation
import ModelKitJSON

/// What a `Decodable` type's `init(from:)` asks for, learned by running it
/// against a decoder that records each question and answers with a
/// placeholder (0, "", an empty array, a type's first case, a nested type
/// probed the same way): the keys it reads, required (`decode`) or not
/// (`decodeIfPresent`, or after `contains`), and the types it reads them as.
/// A type that branches on what it reads is described along the branch
/// the placeholders take.
indirect enum ProbedShape {
  /// A keyed container's members, in the order asked.
  case keyed([ProbedMember])
  /// An unkeyed container's elements, in the order asked.
  case unkeyed([ProbedValue])
  /// A single value.
  case single(ProbedValue)
  /// No container asked for: any value.
  case anything
}

/// One member a keyed container was asked for.
struct ProbedMember {
  let key: String
  var value: ProbedValue
  /// Read with `decode` (a missing key is an error), not `decodeIfPresent`.
  var isRequired: Bool
  /// Whether `null` was asked about (`decodeNil`) or read as nil.
  var isNullable: Bool
}

/// What a value was read as.
enum ProbedValue {
  /// A value of a type with a converter of its own.
  case shape(ValueShape)
  /// A nested container.
  case nested(ProbedShape)
}

/// The probes of one schema, by type: each type's `init(from:)` runs once.
final class DecodableProbes {
  private var done: [ObjectIdentifier: ProbedShape] = [:]
  private var running: Set<ObjectIdentifier> = []
  private var placeholders: [ObjectIdentifier: Any] = [:]
  /// Questions asked so far: a type whose `init(from:)` asks without end
  /// (reads an array with no regard for its end) is stopped at `limit`.
  private var questions = 0
  static let limit = 10_000
  let userInfo: [CodingUserInfoKey: any Sendable]

  init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) { self.userInfo = userInfo }

  /// What `type`'s `init(from:)` asks for. A type that throws on the
  /// placeholders is described by what it asked before throwing.
  func shape(of type: any Decodable.Type) -> ProbedShape {
    let identifier = ObjectIdentifier(type)
    if let known = done[identifier] { return known }
    let recorder = ProbeRecorder()
    running.insert(identifier)
    defer { running.remove(identifier) }
    if let value = try? type.init(from: ProbeDecoder(recorder: recorder, probes: self, codingPath: [])) {
      placeholders[identifier] = value
    }
    let shape = recorder.shape
    done[identifier] = shape
    return shape
  }

  /// Counts one question; past the limit, an error that ends the probe.
  func ask(at codingPath: [any CodingKey]) throws {
    questions += 1
    guard questions <= Self.limit else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath, debugDescription: "init(from:) asked more than \(Self.limit) questions"))
    }
  }

  /// The shapes of the types asked for, found once per type.
  private var shapes: [ObjectIdentifier: ValueShape] = [:]

  /// What a value of `type` is: its converter's shape, or what its own
  /// `init(from:)` asks for.
  func shape<Value: Decodable>(ofValue type: Value.Type) -> ValueShape {
    if let known = shapes[ObjectIdentifier(type)] { return known }
    let shape = (try? SchemaCache.shared.converter(for: type))?.shape ?? .codable(type)
    shapes[ObjectIdentifier(type)] = shape
    return shape
  }

  /// A value of `type` for a probed `init(from:)` to go on with, made once per type.
  func placeholder<Value: Decodable>(of type: Value.Type, at codingPath: [any CodingKey]) throws -> Value {
    if let known = placeholders[ObjectIdentifier(type)] as? Value { return known }
    let value = try makePlaceholder(of: type, at: codingPath)
    placeholders[ObjectIdentifier(type)] = value
    return value
  }

  private func makePlaceholder<Value: Decodable>(of type: Value.Type, at codingPath: [any CodingKey]) throws -> Value {
    if let converter = try? SchemaCache.shared.converter(for: type), let converted = converter as? ValueConverter<Value>,
      let empty = converted.emptyValue
    {
      return empty
    }
    if let value = Self.foundationPlaceholders[ObjectIdentifier(type)] as? Value { return value }
    if let dictionary = type as? any DictionaryShaped.Type, let empty = dictionary.empty as? Value { return empty }
    if let model = type as? any JSONModel.Type, let value = model.init() as? Value { return value }
    if let first = payloadFreeEnumCases(of: type)?.first { return first }
    if let iterable = type as? any CaseIterable.Type, let first = Self.firstCase(of: iterable) as? Value { return first }
    guard !running.contains(ObjectIdentifier(type)) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath, debugDescription: "\(type) contains itself with no end"))
    }
    _ = shape(of: type)
    if let value = placeholders[ObjectIdentifier(type)] as? Value { return value }
    throw DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: codingPath, debugDescription: "no placeholder of \(type)"))
  }

  private static func firstCase<Cases: CaseIterable>(of type: Cases.Type) -> Any? { Cases.allCases.first }

  /// Values of the Foundation types whose `init(from:)` rejects an empty string.
  private static let foundationPlaceholders: [ObjectIdentifier: any Sendable] = [
    ObjectIdentifier(URL.self): URL(fileURLWithPath: "/"),
    ObjectIdentifier(UUID.self): UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    ObjectIdentifier(Data.self): Data(),
  ]
}

/// Collects the questions one `init(from:)` asks.
final class ProbeRecorder {
  private(set) var shape: ProbedShape = .anything

  func record(_ shape: ProbedShape) { self.shape = shape }
}

/// The recording decoder.
struct ProbeDecoder: Decoder {
  let recorder: ProbeRecorder
  let probes: DecodableProbes
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { probes.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    let members = MemberRecorder()
    recorder.record(.keyed([]))
    members.changed = { [recorder] in recorder.record(.keyed($0)) }
    return KeyedDecodingContainer(ProbeKeyedContainer<Key>(members: members, probes: probes, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedDecodingContainer {
    let elements = ElementRecorder()
    recorder.record(.unkeyed([]))
    elements.changed = { [recorder] in recorder.record(.unkeyed($0)) }
    return ProbeUnkeyedContainer(elements: elements, probes: probes, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueDecodingContainer {
    ProbeSingleValueContainer(recorder: recorder, probes: probes, codingPath: codingPath)
  }

  /// What a value of `type` at `codingPath` is read as, recorded by
  /// `record` before its placeholder is made (which may fail: a type that
  /// contains itself has none, and is described all the same).
  static func value<Value: Decodable>(
    _ type: Value.Type, probes: DecodableProbes, at codingPath: [any CodingKey], record: (ProbedValue) -> Void
  ) throws -> Value {
    try probes.ask(at: codingPath)
    record(.shape(probes.shape(ofValue: type)))
    return try probes.placeholder(of: type, at: codingPath)
  }
}

/// A keyed container's members as asked, shared by the container's copies.
final class MemberRecorder {
  private(set) var members: [ProbedMember] = []
  var changed: ([ProbedMember]) -> Void = { _ in }
  /// Keys asked about with `contains`: present only sometimes.
  var optionalKeys: Set<String> = []
  /// Keys asked about with `decodeNil`: `null` is read there.
  var nullableKeys: Set<String> = []

  func record(_ key: String, _ value: ProbedValue, required: Bool, nullable: Bool = false) {
    let required = required && !optionalKeys.contains(key)
    let nullable = nullable || nullableKeys.contains(key)
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = value
      members[index].isRequired = members[index].isRequired && required
      members[index].isNullable = members[index].isNullable || nullable
    } else {
      members.append(ProbedMember(key: key, value: value, isRequired: required, isNullable: nullable))
    }
    changed(members)
  }

  func markNullable(_ key: String) {
    nullableKeys.insert(key)
    guard let index = members.firstIndex(where: { $0.key == key }) else { return }
    members[index].isNullable = true
    members[index].isRequired = false
    changed(members)
  }
}

struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: MemberRecorder
  let probes: DecodableProbes
  let codingPath: [any CodingKey]
  var allKeys: [Key] { [] }

  /// Present, so that what follows is asked too (the key is then
  /// optional); absent once the questions run out, which ends a loop.
  func contains(_ key: Key) -> Bool {
    members.optionalKeys.insert(key.stringValue)
    return (try? probes.ask(at: codingPath + [key])) != nil
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try probes.ask(at: codingPath + [key])
    members.markNullable(key.stringValue)
    return false
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try ProbeDecoder.value(type, probes: probes, at: codingPath + [key]) {
      members.record(key.stringValue, $0, required: true)
    }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try probes.ask(at: codingPath + [key])
    members.record(key.stringValue, .shape(probes.shape(ofValue: type)), required: false, nullable: true)
    return nil
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try probes.ask(at: codingPath + [key])
    let nested = MemberRecorder()
    members.record(key.stringValue, .nested(.keyed([])), required: true)
    nested.changed = { [members] in members.record(key.stringValue, .nested(.keyed($0)), required: true) }
    return KeyedDecodingContainer(
      ProbeKeyedContainer<NestedKey>(members: nested, probes: probes, codingPath: codingPath + [key]))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try probes.ask(at: codingPath + [key])
    let elements = ElementRecorder()
    members.record(key.stringValue, .nested(.unkeyed([])), required: true)
    elements.changed = { [members] in members.record(key.stringValue, .nested(.unkeyed($0)), required: true) }
    return ProbeUnkeyedContainer(elements: elements, probes: probes, codingPath: codingPath + [key])
  }

  func superDecoder() -> any Decoder { superDecoder(named: "super") }

  func superDecoder(forKey key: Key) -> any Decoder { superDecoder(named: key.stringValue) }

  private func superDecoder(named name: String) -> any Decoder {
    let recorder = ProbeRecorder()
    members.record(name, .nested(.anything), required: true)
    let probe = ProbeDecoder(recorder: recorder, probes: probes, codingPath: codingPath)
    return RecordingSuperDecoder(base: probe) { [members] in members.record(name, .nested(recorder.shape), required: true) }
  }
}

/// A super decoder that reports each container it hands out.
struct RecordingSuperDecoder: Decoder {
  let base: ProbeDecoder
  let done: () -> Void
  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    defer { done() }
    return base.container(keyedBy: type)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    defer { done() }
    return base.unkeyedContainer()
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    defer { done() }
    return base.singleValueContainer()
  }
}

/// An unkeyed container's elements as asked: the first `kept` of them
/// (what further ones are read as is asked all the same, and counted).
final class ElementRecorder {
  private(set) var elements: [ProbedValue] = []
  private(set) var count = 0
  static let kept = 16
  var changed: ([ProbedValue]) -> Void = { _ in }

  func record(_ value: ProbedValue) {
    count += 1
    guard elements.count < Self.kept else { return }
    elements.append(value)
    changed(elements)
  }
}

struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
  let elements: ElementRecorder
  let probes: DecodableProbes
  let codingPath: [any CodingKey]
  var count: Int? { nil }
  /// One element is read, then the array ends: a loop over it asks once.
  var isAtEnd: Bool { elements.count > 0 }
  var currentIndex: Int { elements.count }

  mutating func decodeNil() throws -> Bool {
    try probes.ask(at: codingPath)
    return false
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try ProbeDecoder.value(type, probes: probes, at: codingPath + [AnyKey(index: currentIndex)]) { elements.record($0) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try probes.ask(at: codingPath)
    let nested = MemberRecorder()
    let index = currentIndex
    elements.record(.nested(.keyed([])))
    nested.changed = { [elements] in elements.replace(index, with: .nested(.keyed($0))) }
    return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(members: nested, probes: probes, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try probes.ask(at: codingPath)
    let nested = ElementRecorder()
    let index = currentIndex
    elements.record(.nested(.unkeyed([])))
    nested.changed = { [elements] in elements.replace(index, with: .nested(.unkeyed($0))) }
    return ProbeUnkeyedContainer(elements: nested, probes: probes, codingPath: codingPath)
  }

  mutating func superDecoder() -> any Decoder {
    let recorder = ProbeRecorder()
    let index = currentIndex
    elements.record(.nested(.anything))
    let probe = ProbeDecoder(recorder: recorder, probes: probes, codingPath: codingPath)
    return RecordingSuperDecoder(base: probe) { [elements] in elements.replace(index, with: .nested(recorder.shape)) }
  }
}

extension ElementRecorder {
  func replace(_ index: Int, with value: ProbedValue) {
    guard index < elements.count else { return }
    var updated = elements
    updated[index] = value
    elements = updated
    changed(elements)
  }
}

struct ProbeSingleValueContainer: SingleValueDecodingContainer {
  let recorder: ProbeRecorder
  let probes: DecodableProbes
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try ProbeDecoder.value(type, probes: probes, at: codingPath) { recorder.record(.single($0)) }
  }
}
