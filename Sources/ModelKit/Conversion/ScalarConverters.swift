/// Integers of every width: exact when integral and in range, fractions
/// truncate toward zero, out of range is never wrapped or clamped.
class IntegerConverter<Integer: FixedWidthInteger & Sendable>: ValueConverter<Integer> {
  private let minimum = Int64(clamping: Integer.min)
  private let maximum = UInt64(clamping: Integer.max)

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Integer> {
    integer(node, &context)
  }

  /// `decode`'s body, inlined into `IntConverter`'s (unspecialised, a
  /// result of `Converted<Integer>` costs a metadata lookup per value).
  @inline(__always)
  final func integer(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Integer> {
    switch context.integer(node, as: Integer.self) {
    case .value(let (negative, magnitude)):
      if negative {
        guard magnitude <= minimum.magnitude else { return .failed(.outOfRange) }
        return .value(Integer(truncatingIfNeeded: Int64(bitPattern: 0 &- magnitude)))
      }
      guard magnitude <= maximum else { return .failed(.outOfRange) }
      return .value(Integer(truncatingIfNeeded: magnitude))
    case .failed(let failure):
      return .failed(failure)
    }
  }

  /// Anything but a number, and numbers that are not exact integers (truncated fractions).
  override func isConversion(_ node: JSONDocument.Node, _ context: ReadContext) -> Bool {
    let document = context.document
    guard document.kind(of: node) == .number else { return true }
    let stored = document.storedInteger(node)
    if stored.int != nil || stored.uint != nil { return false }
    return document.withNumberText(node) { NumberText.integer($0) == nil } ?? true
  }

  override func encode(_ value: Integer, _ context: inout WriteContext) {
    if Integer.isSigned {
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
    integer(node, &context)
  }
}

/// `Double` and `Float`: the nearest value (a number beyond the type's
/// range, or one that underflows to zero, is out of range, as in
/// `JSONDecoder`); non-finite values are left out on output, unless a
/// coder's non-conforming-float strategy says how to read or write them.
final class FloatingConverter<Floating: BinaryFloatingPoint & TextOutputStreamable & Sendable>: ValueConverter<Floating> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Floating> {
    switch context.double(node) {
    case .value(let double):
      // Double first: the generic conversion costs a metadata lookup per value.
      let value = Floating.self == Double.self ? unsafeBitCast(double, to: Floating.self) : Floating(double)
      guard value.isFinite, value != 0 || double == 0 else { return .failed(.outOfRange) }
      return .value(value)
    case .failed(let failure):
      if let named = context.nonConformingFloat(node) { return .value(Floating(named)) }
      return .failed(failure)
    }
  }

  /// Anything but a number, or a string a non-conforming-float strategy names.
  override func isConversion(_ node: JSONDocument.Node, _ context: ReadContext) -> Bool {
    context.document.kind(of: node) != .number && context.nonConformingFloat(node) == nil
  }

  override func isOmitted(_ value: Floating) -> Bool { !value.isFinite }

  override var encodingCanFail: Bool { true }

  override func encode(_ value: Floating, _ context: inout WriteContext) throws(ModelError) {
    try context.write(value)
  }
}

/// `Bool`: JSON Booleans; leniently non-zero numbers and the yes/no words.
final class BoolConverter: ValueConverter<Bool> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Bool> {
    context.bool(node)
  }

  override func isConversion(_ node: JSONDocument.Node, _ context: ReadContext) -> Bool {
    context.document.kind(of: node) != .bool
  }

  override func encode(_ value: Bool, _ context: inout WriteContext) {
    context.json.write(value)
  }
}

/// `String`: JSON strings; leniently a number's text and `"true"`/`"false"`.
final class StringConverter: ValueConverter<String> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<String> {
    context.string(node)
  }

  override func isConversion(_ node: JSONDocument.Node, _ context: ReadContext) -> Bool {
    context.document.kind(of: node) != .string
  }

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
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Character> {
    switch context.string(node) {
    case .value(let text):
      guard text.count == 1, let character = text.first else { return .failed(.unconvertible) }
      return .value(character)
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func encode(_ value: Character, _ context: inout WriteContext) {
    context.json.write(String(value))
  }
}
