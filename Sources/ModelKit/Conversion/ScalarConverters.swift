/// Integers of every width: exact when integral and in range, fractions
/// truncate toward zero, out of range is never wrapped or clamped.
class IntegerConverter<Integer: FixedWidthInteger & Sendable>: ValueConverter<Integer> {
  /// The type's values, found once.
  let range = IntegerRange(Integer.self)

  override var shape: ValueShape { .integer(minimum: JSONNumber(Integer.min), maximum: JSONNumber(Integer.max)) }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Integer> {
    context.integer(node, as: Integer.self, in: range)
  }

  override var emptyValue: Integer? { 0 }

  /// Digits; wider than 64 bits, as their text (as Foundation's coders write them).
  override func encode(_ value: Integer, _ context: inout WriteContext) {
    if Integer.bitWidth > 64 {
      context.json.write(JSONNumber(value))
    } else if Integer.isSigned {
      context.json.write(Int64(truncatingIfNeeded: value))
    } else {
      context.json.write(UInt64(truncatingIfNeeded: value))
    }
  }
}

/// `Int`, the integer most values are: `IntegerConverter` with its
/// `decode` compiled for `Int`.
final class IntConverter: IntegerConverter<Int> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Int> {
    context.integer(node, as: Int.self, in: range)
  }

  /// `decode`'s answer stored as it is compiled for `Int`: the inherited
  /// form looks up `Converted`'s metadata on every call.
  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<Int>, _ context: inout ReadContext
  ) -> Converted<Void> {
    store(decode(node, &context), into: target)
  }
}

/// `Double` and `Float`: the nearest value (a number beyond the type's
/// range, or one that underflows to zero, is out of range, as in
/// `JSONDecoder`); non-finite values are left out on output, unless a
/// coder's non-conforming-float strategy says how to read or write them.
class FloatingConverter<Floating: BinaryFloatingPoint & TextOutputStreamable & Sendable>: ValueConverter<Floating> {
  override var shape: ValueShape {
    Floating.self == Double.self ? .floating(magnitude: nil) : .floating(magnitude: JSONNumber(Double(Floating.greatestFiniteMagnitude)))
  }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Floating> {
    floating(node, &context)
  }

  /// `decode`'s body, inlined into `DoubleConverter`'s (unspecialised,
  /// every value costs metadata lookups and generic calls). No optionals
  /// of `Floating` here: each would cost a metadata lookup per value.
  @inline(__always)
  final func floating(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Floating> {
    switch context.double(node) {
    case .natural(let double):
      let value = Self.floating(double)
      return Self.fits(value, double) ? .natural(value) : .failed(.outOfRange)
    case .converted(let double):
      let value = Self.floating(double)
      return Self.fits(value, double) ? .converted(value) : .failed(.outOfRange)
    case .failed(let failure):
      // A string a non-conforming-float strategy names is the value's own form.
      guard let named = context.nonConformingFloat(node) else { return .failed(failure) }
      return .natural(Floating(named))
    }
  }

  /// The nearest `Floating` to `double` (Double first: the generic
  /// conversion costs a metadata lookup per value).
  @inline(__always)
  private static func floating(_ double: Double) -> Floating {
    Floating.self == Double.self ? unsafeBitCast(double, to: Floating.self) : Floating(double)
  }

  /// Whether `value`, made from `double`, is within range (finite, and not
  /// zero from a non-zero value).
  @inline(__always)
  private static func fits(_ value: Floating, _ double: Double) -> Bool {
    value.isFinite && (value != 0 || double == 0)
  }

  override var emptyValue: Floating? { 0 }

  override func isOmitted(_ value: Floating) -> Bool { !value.isFinite }

  override var encodingCanFail: Bool { true }

  override func encode(_ value: Floating, _ context: inout WriteContext) throws(ModelError) {
    try context.write(value)
  }
}

/// `Double`, the floating-point type most values are: `FloatingConverter`
/// with its `decode` compiled for `Double`.
final class DoubleConverter: FloatingConverter<Double> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Double> {
    floating(node, &context)
  }

  /// `decode`'s answer stored as it is compiled for `Double`: the inherited
  /// form looks up `Converted`'s metadata on every call.
  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<Double>, _ context: inout ReadContext
  ) -> Converted<Void> {
    store(decode(node, &context), into: target)
  }
}

/// `Bool`: JSON Booleans; leniently non-zero numbers and the yes/no words.
final class BoolConverter: ValueConverter<Bool> {
  override var shape: ValueShape { .bool }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Bool> {
    context.bool(node)
  }

  /// `decode`'s answer stored as it is compiled for `Bool`: the inherited
  /// form looks up `Converted`'s metadata on every call.
  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<Bool>, _ context: inout ReadContext
  ) -> Converted<Void> {
    store(decode(node, &context), into: target)
  }

  override var emptyValue: Bool? { false }

  override func encode(_ value: Bool, _ context: inout WriteContext) {
    context.json.write(value)
  }
}

/// `String`: JSON strings; leniently a number's text and `"true"`/`"false"`.
final class StringConverter: ValueConverter<String> {
  override var shape: ValueShape { .string }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<String> {
    context.string(node)
  }

  /// `decode`'s answer stored as it is compiled for `String`: the inherited
  /// form looks up `Converted`'s metadata on every call.
  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<String>, _ context: inout ReadContext
  ) -> Converted<Void> {
    store(decode(node, &context), into: target)
  }

  override var emptyValue: String? { "" }

  /// `Data` holding UTF-8 text gives that text, as YYModel read it.
  override func graphValue(_ value: Any, keys: DecodingOptions.KeyDecoding) -> Any {
    FoundationData.text(of: value) ?? value
  }

  override func encode(_ value: String, _ context: inout WriteContext) {
    context.json.write(value)
  }
}

/// `Character`: a string of exactly one character.
final class CharacterConverter: ValueConverter<Character> {
  override var shape: ValueShape { .character }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Character> {
    context.string(node).mapped { text in text.count == 1 ? text.first : nil }
  }

  override func encode(_ value: Character, _ context: inout WriteContext) {
    context.json.write(String(value))
  }
}
