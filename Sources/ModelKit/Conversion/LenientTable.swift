import Foundation
import ModelKitJSON

/// The lenient conversion table for scalar targets (design section 4), the
/// one home of its rules: model fields, Codable containers and every
/// converter read scalars through these. Each checks the node's kind once;
/// only a mismatch takes the conversion path, and strict mode refuses
/// everything but the natural encodings.
extension ReadContext {
  /// An integer of type `T` as sign and magnitude: from a number (as
  /// `JSONDecoder` reads it, strictly and in a coder's call; by the table
  /// otherwise, fractions truncating toward zero), leniently from a Boolean
  /// or a numeric string; `true`/`yes` words are 1, `false`/`no` words 0.
  func integer<T: FixedWidthInteger>(_ node: JSONDocument.Node, as type: T.Type) -> Converted<(
    negative: Bool, magnitude: UInt64
  )> {
    switch document.kind(of: node) {
    case .number:
      let stored = document.storedInteger(node)
      if let int = stored.int { return .value((int < 0, int.magnitude)) }
      if let uint = stored.uint { return .value((false, uint)) }
      return document.withNumberText(node) { integer(fromText: $0, as: T.self) } ?? .failed(.mismatch)
    case .null:
      return .failed(.null)
    case .bool where !options.strict:
      return .value((false, document.bool(node) == true ? 1 : 0))
    case .string where !options.strict:
      // The common case, digits such as "640", without the general text rules.
      if let digits = document.withRawString(node, { raw, _ in NumberText.plainInteger(raw) }) ?? nil {
        return .value(digits)
      }
      switch LenientText.meaning(of: document.string(node) ?? "") {
      case .trueWord: return .value((false, 1))
      case .falseWord: return .value((false, 0))
      case .nullWord: return .failed(.null)
      case .number(let text):
        return text.withUnsafeBufferPointer { integer(fromText: $0, as: T.self) }
      case .other: return .failed(.unconvertible)
      }
    default:
      return .failed(.mismatch)
    }
  }

  private func integer<T: FixedWidthInteger>(fromText text: UnsafeBufferPointer<UInt8>, as type: T.Type)
    -> Converted<(negative: Bool, magnitude: UInt64)>
  {
    if options.strict || strategies != nil {
      // What `JSONDecoder` reads, a lenient coder reads to the same value.
      if let value = DecoderIntegers.value(text, as: T.self) {
        return .value((value < 0, UInt64(truncatingIfNeeded: value.magnitude)))
      }
      // A fraction, or a number the type cannot hold, as `JSONDecoder` says.
      if options.strict { return .failed(.outOfRange) }
    }
    if let exact = NumberText.integer(text) { return .value(exact) }
    if let truncated = NumberText.integer(text, truncating: true) { return .value(truncated) }
    return .failed(.outOfRange)
  }

  /// A finite `Double`: from a number, leniently from a Boolean or a numeric string.
  func double(_ node: JSONDocument.Node) -> Converted<Double> {
    switch document.kind(of: node) {
    case .number:
      guard let value = document.double(node), value != 0 || document.isZero(node) else { return .failed(.outOfRange) }
      return .value(value)
    case .null:
      return .failed(.null)
    case .bool where !options.strict:
      return .value(document.bool(node) == true ? 1 : 0)
    case .string where !options.strict:
      switch LenientText.meaning(of: document.string(node) ?? "") {
      case .trueWord: return .value(1)
      case .falseWord: return .value(0)
      case .nullWord: return .failed(.null)
      case .number(let text):
        guard let value = text.withUnsafeBufferPointer(NumberText.double) else { return .failed(.outOfRange) }
        return .value(value)
      case .other: return .failed(.unconvertible)
      }
    default:
      return .failed(.mismatch)
    }
  }

  /// A Boolean: from `true`/`false`, leniently from numbers (non-zero is
  /// true) and from strings (the yes/no words, or a number by its value).
  func bool(_ node: JSONDocument.Node) -> Converted<Bool> {
    switch document.kind(of: node) {
    case .bool:
      return .value(document.bool(node) == true)
    case .null:
      return .failed(.null)
    case .number where !options.strict:
      return .value(!document.isZero(node))
    case .string where !options.strict:
      switch LenientText.meaning(of: document.string(node) ?? "") {
      case .trueWord: return .value(true)
      case .falseWord: return .value(false)
      case .nullWord: return .failed(.null)
      case .number(let text):
        return .value(!JSONDocument.textIsZero(text))
      case .other: return .failed(.unconvertible)
      }
    default:
      return .failed(.mismatch)
    }
  }

  /// A string that a coder's non-conforming-float strategy names (its
  /// text for an infinity or NaN), or JSON5's `Infinity` or `NaN`, as that
  /// value; nil otherwise.
  func nonConformingFloat(_ node: JSONDocument.Node) -> Double? {
    if let value = json5NonFinite(node) { return value }
    guard let strategy = strategies?.nonConformingFloats,
      case let .convertFromString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan) =
        strategy,
      let text = document.string(node)
    else { return nil }
    switch text {
    case positiveInfinity: return .infinity
    case negativeInfinity: return -.infinity
    case nan: return .nan
    default: return nil
    }
  }

  /// The infinity or NaN that JSON5's `Infinity` or `NaN` at `node` stands for; nil for any other value.
  func json5NonFinite(_ node: JSONDocument.Node) -> Double? {
    guard strategies?.readsJSON5 == true, let text = document.numberText(node) else { return nil }
    return DecodingStrategies.nonFiniteValue(text.utf8)
  }

  /// A string: JSON strings as they are; leniently a number's exact text and
  /// `"true"`/`"false"`. A null word is a string like any other here.
  func string(_ node: JSONDocument.Node) -> Converted<String> {
    switch document.kind(of: node) {
    case .string:
      return .value(document.string(node) ?? "")
    case .null:
      return .failed(.null)
    case .number where !options.strict:
      return .value(document.numberText(node) ?? "")
    case .bool where !options.strict:
      return .value(document.bool(node) == true ? "true" : "false")
    default:
      return .failed(.mismatch)
    }
  }

  /// A number's exact text for `Decimal`: from a number, or a numeric
  /// string (not in a coder's strict call: `JSONDecoder` takes numbers
  /// only); leniently a Boolean or a true/false word is 1 or 0.
  func decimalText(_ node: JSONDocument.Node) -> Converted<String> {
    switch document.kind(of: node) {
    case .number:
      return .value(document.numberText(node) ?? "")
    case .string where options.strict && strategies != nil:
      // `JSONDecoder` reads a `Decimal` from a number only.
      return .failed(.mismatch)
    case .string:
      switch LenientText.meaning(of: document.string(node) ?? "") {
      case .number(let digits): return .value(String(decoding: digits, as: UTF8.self))
      case .nullWord where !options.strict: return .failed(.null)
      case .trueWord where !options.strict: return .value("1")
      case .falseWord where !options.strict: return .value("0")
      default: return .failed(.unconvertible)
      }
    case .bool where !options.strict:
      return .value(document.bool(node) == true ? "1" : "0")
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  /// The text of a string node, trimmed; `.null` for JSON null and (leniently) null words.
  func trimmedString(_ node: JSONDocument.Node) -> Converted<String> {
    switch document.kind(of: node) {
    case .string:
      let text = String(decoding: LenientText.trimmedUTF8(document.string(node) ?? ""), as: UTF8.self)
      if !options.strict && LenientText.isNullWord(text) { return .failed(.null) }
      return .value(text)
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  /// A string holding a JSON object or array (`kind`), leniently: a reader
  /// of the document it holds, at this path; nil in strict mode, for any
  /// other string, and for text that is not JSON of that kind.
  func embeddedJSON(_ node: JSONDocument.Node, kind: JSONKind, target: @autoclosure () -> String) -> ReadContext? {
    guard !options.strict, let text = document.string(node) else { return nil }
    let opening: UInt8 = kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")
    guard text.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == opening,
      let inner = try? JSONDocument(parsing: text, options: options.readOptions), inner.kind(of: inner.root) == kind
    else { return nil }
    note(.converted, node, target: target())
    return reading(inner)
  }
}

extension JSONDocument {
  /// Whether the number at `node` is zero by its text (so a `Double` of 0
  /// from a non-zero text is an underflow).
  func isZero(_ node: Node) -> Bool {
    if let int = storedInteger(node).int { return int == 0 }
    if storedInteger(node).uint != nil { return false }
    return withNumberText(node) { Self.textIsZero(Array($0)) } ?? false
  }

  /// Whether number text has no non-zero digit in its mantissa.
  static func textIsZero(_ text: [UInt8]) -> Bool {
    for byte in text {
      if byte | 0x20 == UInt8(ascii: "e") { break }
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
    }
    return true
  }
}
