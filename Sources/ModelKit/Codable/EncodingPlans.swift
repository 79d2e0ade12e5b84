/// How the Codable encoder writes a value of a type: decided once per type
/// for all calls (it depends on the type only), looked up for every value.
enum EncodingPlan {
  /// ModelKit's converter writes it.
  case converter(AnyConverter)
  /// Its `JSONKeyMapping` has key paths, which merge into shared
  /// objects: built as a tree, then written.
  case tree
  /// Its own `encode(to:)`; a `String`-keyed dictionary's keys meet no
  /// key strategy. (No mapping in this case: copying the plan, once per
  /// value, then retains and releases nothing.)
  case own(keysAsTheyAre: Bool)
  /// Its own `encode(to:)`, with its keys renamed by its `JSONKeyMapping`
  /// (one name each).
  case renamed(mapping: [String: [String]])
  /// An array of Codable elements, written as its `encode(to:)` writes it
  /// by the encoder's own loop (`ElementByElementEncodable`).
  case elements(any ElementByElementEncodable.Type)

  /// Whether a plan that runs the type's own `encode(to:)` writes its keys
  /// as they are, whatever the key strategy (`.own`'s say).
  var keysAsTheyAre: Bool {
    if case .own(let keysAsTheyAre) = self { keysAsTheyAre } else { false }
  }

  /// The plans of every type met so far, by any call.
  private static let shared = Locked<[ObjectIdentifier: EncodingPlan]>([:])

  /// The plan for `type`, made the first time any call asks.
  static func of<Value>(_ type: Value.Type, call: EncodeCall) throws(ModelError) -> EncodingPlan {
    let identifier = ObjectIdentifier(type)
    if let plan = shared.withLock({ $0[identifier] }) { return plan }
    let plan: EncodingPlan
    if let converter = try call.converters.converter(for: Value.self) {
      plan = .converter(converter)
    } else if let mapping = call.converters.outputMapping(for: Value.self) {
      plan = mapping.values.contains(where: { $0.count > 1 }) ? .tree : .renamed(mapping: mapping)
    } else {
      let traits = CodableTraits.shared.traits(of: Value.self)
      plan =
        traits.encodedElementByElement.map(EncodingPlan.elements) ?? .own(keysAsTheyAre: traits.isStringKeyedDictionary)
    }
    shared.withLock { $0[identifier] = plan }
    return plan
  }
}

/// The plan of an array container's elements when it is `.own` (types
/// written by their own `encode(to:)`), kept by the container for the
/// elements after the first (of one type, mostly), which then skip the
/// stream's lookup and its tests for scalars and compiled arrays: kept
/// only for a type that is neither. Only `.own`: its copies retain nothing.
struct ElementPlan {
  /// The elements' type.
  let type: ObjectIdentifier
  /// `.own`'s `keysAsTheyAre`.
  let keysAsTheyAre: Bool
}

/// The plans one encoding stream uses: those it asked for last, then all it
/// met, then the shared ones. A type whose containers a stream could not
/// follow is built as a tree for the rest of its calls (`replace`).
struct EncodingPlans {
  private var plans: [ObjectIdentifier: EncodingPlan] = [:]
  private var recent = RecentEntries<EncodingPlan>()

  /// The plan for `type` in `call`.
  mutating func plan<Value>(for type: Value.Type, call: EncodeCall) throws(ModelError) -> EncodingPlan {
    let identifier = ObjectIdentifier(type)
    if let plan = recent.entry(for: identifier) { return plan }
    let plan: EncodingPlan
    if let known = plans[identifier] {
      plan = known
    } else {
      plan = try EncodingPlan.of(Value.self, call: call)
      plans[identifier] = plan
    }
    recent.remember(plan, for: identifier)
    return plan
  }

  /// Makes `plan` this stream's plan for `type`.
  mutating func replace<Value>(_ type: Value.Type, with plan: EncodingPlan) {
    let identifier = ObjectIdentifier(type)
    plans[identifier] = plan
    recent.replace(plan, for: identifier)
  }
}
