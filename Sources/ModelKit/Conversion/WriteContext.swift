import Foundation
import ModelKitJSON

/// What a converter writes with: the JSON writer, the options, where in the
/// output the value goes, and the class instances being written (a
/// reference cycle is an error, never endless output). The model writer
/// and the Codable encoder each hand one to the converters they call. Its
/// writer writes text, or, for a value wanted as a `JSONValue`, builds
/// that value (`buildsValue`): the same writing either way.
struct WriteContext {
  var json: JSONWriter
  let options: JSONWriteOptions
  let includesNulls: Bool
  /// Where the value being written goes.
  var path: CodingPath
  /// Class instances being written, outermost first.
  private(set) var active: Set<ObjectIdentifier> = []
  /// Writes nested models (the model writer).
  let models: any ModelWriting
  /// Writes the types only Codable handles (the Codable bridge).
  let codable: any CodableWriting
  /// The rules the call writes by (set aside for a `CodableModel`, which a
  /// coder's call writes by ModelKit's).
  var rules: WriteRules
  /// A coder's strategies; nil by ModelKit's rules.
  var strategies: EncodingStrategies? { rules.strategies }

  init(
    options: JSONWriteOptions, capacity: Int = 16_384, buildsValue: Bool = false, path: CodingPath = CodingPath(),
    active: Set<ObjectIdentifier> = [], rules: WriteRules = .modelKit, models: any ModelWriting,
    codable: any CodableWriting
  ) {
    json = buildsValue ? JSONWriter(buildingValueWith: options) : JSONWriter(options: options, capacity: capacity)
    self.options = options
    includesNulls = options.contains(.includeNulls)
    self.path = path
    self.active = active
    self.rules = rules
    self.models = models
    self.codable = codable
  }

  /// What `write` writes into a context of its own at this path, with
  /// this context's options (with `sorted`, keys sorted) and cycle guard,
  /// as a `JSONValue`.
  func detachedValue(sorted: Bool = false, _ write: (inout WriteContext) throws(ModelError) -> Void)
    throws(ModelError) -> JSONValue
  {
    var options = options.subtracting(.prettyPrinted)
    if sorted { options.insert(.sortedKeys) }
    var context = WriteContext(
      options: options, buildsValue: true, path: path, active: active, rules: rules, models: models,
      codable: codable)
    try write(&context)
    return try context.builtValue()
  }

  /// What a context that `buildsValue` was given: one whole value, nested
  /// no deeper than `JSONValue.maximumDepth`.
  func builtValue() throws(ModelError) -> JSONValue {
    if json.builtTooDeep { throw .tooDeep(at: path) }
    guard let value = json.value else { throw .unencodable("nothing was written", at: path) }
    return value
  }

  /// Runs `body` with `object` marked as being written; reaching it again
  /// inside is a reference cycle.
  mutating func writing<Result>(_ object: AnyObject, _ body: (inout WriteContext) throws(ModelError) -> Result)
    throws(ModelError) -> Result
  {
    let identifier = ObjectIdentifier(object)
    guard active.insert(identifier).inserted else { throw .cycle(reaching: type(of: object), at: path) }
    defer { active.remove(identifier) }
    return try body(&self)
  }

  /// Writes one element of a container at `step`: a value the model layer
  /// leaves out (nil, not finite) is `null`; a coder's call writes it as
  /// its strategies say.
  mutating func element<Value>(_ value: Value, at step: CodingPath.Step, with converter: ValueConverter<Value>)
    throws(ModelError)
  {
    guard rules.writesOmittedValues || !converter.isOmitted(value) else { return json.writeNull() }
    // Only a converter whose writing can fail reads the path (`encodingCanFail`).
    guard converter.encodingCanFail else { return try converter.encode(value, &self) }
    path.push(step)
    defer { path.pop() }
    try StackGuard.check(depth: path.depth, at: path)
    try converter.encode(value, &self)
  }

  /// Writes a number; a NaN or infinity as a coder's strategy says (an
  /// error, or its text), else as `null`.
  mutating func write<Floating: BinaryFloatingPoint & TextOutputStreamable>(_ value: Floating) throws(ModelError) {
    guard !value.isFinite, let strategies else {
      if Floating.self == Double.self { return json.write(unsafeBitCast(value, to: Double.self)) }
      if Floating.self == Float.self { return json.write(unsafeBitCast(value, to: Float.self)) }
      return json.write(Double(value))
    }
    json.write(try Self.nonConformingText(value, strategies: strategies, at: path))
  }

  /// The text a coder's non-conforming-float strategy writes for a NaN or
  /// infinity; throws for it at `path` when the strategy is `.throw`.
  static func nonConformingText(
    _ value: some BinaryFloatingPoint, strategies: EncodingStrategies?, at path: @autoclosure () -> CodingPath
  ) throws(ModelError) -> String {
    guard let names = strategies?.nonFiniteStrings else { throw .nonConforming(value, at: path()) }
    return value.isNaN ? names.nan : value < 0 ? names.negativeInfinity : names.positiveInfinity
  }
}
