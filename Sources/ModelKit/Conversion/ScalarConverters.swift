/// Integers of every width: exact when integral and in range, fractions
/// truncate toward zero, out of range is never wrapped or clamped.
final class IntegerConverter<Integer: FixedWidthInteger & Sendable>: ValueConverter<Integer> {
  private let minimum = Int64(clamping: Integer.min)
  private let maximum = UInt64(clamping: Integer.max)

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Integer> {
    switch context.integer(node) {
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

  override func encode(_ value: Integer, _ context: inout WriteContext) {
    if Integer.isSigned {
      context.json.write(Int64(truncatingIfNeeded: value))
    } else {
      context.json.write(UInt64(truncatingIfNeeded: value))
    }
  }
}

/// `Double` and `Float`: the nearest value; non-finite values are left out on output.
final class FloatingConverter<Floating: BinaryFloatingPoint & Sendable>: ValueConverter<Floating> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Floating> {
    switch context.double(node) {
    case .value(let double):
      // Double first: the generic conversion costs a metadata lookup per value.
      let value = Floating.self == Double.self ? unsafeBitCast(double, to: Floating.self) : Floating(double)
      return value.isFinite ? .value(value) : .failed(.outOfRange)
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func isOmitted(_ value: Floating) -> Bool { !value.isFinite }

  override func encode(_ value: Floating, _ context: inout WriteContext) {
    if Floating.self == Double.self {
      context.json.write(unsafeBitCast(value, to: Double.self))
    } else if Floating.self == Float.self {
      context.json.write(unsafeBitCast(value, to: Float.self))
    } else {
      context.json.write(Double(value))
    }
  }
}

/// `Bool`: JSON Booleans; leniently non-zero numbers and the yes/no words.
final class BoolConverter: ValueConverter<Bool> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Bool> {
    context.bool(node)
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
