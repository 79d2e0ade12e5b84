import Foundation
import ModelKitJSON

/// The lenient conversion table for scalar targets (design section 4), the
/// one home of its rules: model fields, Codable containers and every
/// converter read scalars through these rows. Each row checks the node's
/// kind once and answers `.natural` for the kind the type is written as,
/// `.converted` for what one of its lenient rules made of another, or
/// `.failed`; strict mode refuses every lenient rule in one place, `lenient`.
extension ReadContext {
  /// The answer of one of the table's lenient rules: `rule`'s, or in
  /// strict mode, which takes none of them, `refusal`.
  @inline(__always)
  func lenient<Answer>(_ rule: () -> Answer, else refusal: @autoclosure () -> Answer) -> Answer {
    options.strict ? refusal() : rule()
  }

  /// `lenient(_:else:)` refusing a value of the wrong kind as a mismatch.
  @inline(__always)
  func lenient<Value>(_ rule: () -> Converted<Value>) -> Converted<Value> {
    lenient(rule, else: .failed(.mismatch))
  }

  /// An integer of type `T`, whose range is `range`: from a number (as
  /// `JSONDecoder` reads it, strictly and in a coder's call; by its digits
  /// otherwise, fractions truncating toward zero, leniently), leniently
  /// from a Boolean or a numeric string; `true`/`yes` words are 1,
  /// `false`/`no` words 0.
  @inline(__always)
  func integer<T: FixedWidthInteger>(_ node: JSONDocument.Node, as type: T.Type, in range: IntegerRange)
    -> Converted<T>
  {
    // Digits the reader stored as an integer, the common case, inline; the
    // rest apart, so that the types only it uses cost nothing here.
    let stored = document.storedInteger(node)
    if let int = stored.int { return range.fitted((int < 0, int.magnitude), as: T.self) }
    if let uint = stored.uint { return range.fitted((false, uint), as: T.self) }
    return integer(otherThanStored: node, as: T.self, in: range)
  }

  /// `integer(_:as:in:)` for every other value: numbers kept as text, and
  /// the other kinds.
  @inline(never)
  private func integer<T: FixedWidthInteger>(
    otherThanStored node: JSONDocument.Node, as type: T.Type, in range: IntegerRange
  ) -> Converted<T> {
    switch document.kind(of: node) {
    case .number:
      // A number without digits is JSON5's `Infinity` or `NaN`: beyond every integer.
      return document.withNumberText(node) { integer(fromNumber: $0, as: T.self, in: range) } ?? .failed(.outOfRange)
    case .null:
      return .failed(.null)
    case .bool:
      return lenient { .converted(document.bool(node) == true ? 1 : 0) }
    case .string:
      return lenient {
        // The common case, digits such as "640", without the general text rules.
        if let digits = document.withRawString(node, { raw, _ in NumberText.plainInteger(raw) }) ?? nil {
          return range.fitted(digits, as: T.self).asConversion
        }
        return fromString(node, true: 1, false: 0) { integer(fromNumber: $0, as: T.self, in: range) }
      }
    default:
      return .failed(.mismatch)
    }
  }

  /// An integer from a number's text: as `JSONDecoder` reads it, in strict
  /// mode and a coder's call; otherwise exactly (digits beyond 64 bits as
  /// `JSONDecoder` reads them), or (a lenient rule) a fraction truncated
  /// toward zero.
  private func integer<T: FixedWidthInteger>(
    fromNumber text: UnsafeBufferPointer<UInt8>, as type: T.Type, in range: IntegerRange
  ) -> Converted<T> {
    if options.strict || rules.integersAsJSONDecoder, let value = DecoderIntegers.value(text, as: T.self) {
      return .natural(value)
    }
    // A fraction, or a number the type cannot hold, is out of range for `JSONDecoder`.
    return lenient(
      {
        if let exact = NumberText.integer(text) { return range.fitted(exact, as: T.self) }
        if T.bitWidth > 64, let wide = DecoderIntegers.value(text, as: T.self) { return .natural(wide) }
        guard let truncated = NumberText.integer(text, truncating: true) else { return .failed(.outOfRange) }
        return range.fitted(truncated, as: T.self).asConversion
      }, else: .failed(.outOfRange))
  }

  /// A finite `Double`: from a number, leniently from a Boolean or a numeric string.
  func double(_ node: JSONDocument.Node) -> Converted<Double> {
    switch document.kind(of: node) {
    case .number:
      return .natural(document.naturalDouble(node), orElse: .outOfRange)
    case .null:
      return .failed(.null)
    case .bool:
      return lenient { .converted(document.bool(node) == true ? 1 : 0) }
    case .string:
      return lenient {
        fromString(node, true: 1, false: 0) { .natural(NumberText.double($0), orElse: .outOfRange) }
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
      return .natural(document.bool(node) == true)
    case .null:
      return .failed(.null)
    case .number:
      return lenient { .converted(!document.isZero(node)) }
    case .string:
      return lenient { fromString(node, true: true, false: false) { .natural(!JSONDocument.textIsZero($0)) } }
    default:
      return .failed(.mismatch)
    }
  }

  /// What the string at `node` means to a number or Boolean (a lenient
  /// rule whatever it reads): a true or false word gives `true` or `false`,
  /// a null word null, a number `number`'s reading of its text.
  func fromString<Value>(
    _ node: JSONDocument.Node, true yes: Value, false no: Value,
    number: (UnsafeBufferPointer<UInt8>) -> Converted<Value>
  ) -> Converted<Value> {
    LenientText.withMeaning(ofStringAt: node, in: document) { meaning in
      switch meaning {
      case .trueWord: return .converted(yes)
      case .falseWord: return .converted(no)
      case .nullWord: return .failed(.null)
      case .number(let text): return number(text).asConversion
      case .other: return .failed(.unconvertible)
      }
    }
  }

  /// A string that a coder's non-conforming-float strategy names (its
  /// text for an infinity or NaN), or JSON5's `Infinity` or `NaN`, as that
  /// value; nil otherwise.
  func nonConformingFloat(_ node: JSONDocument.Node) -> Double? {
    if let value = document.nonFiniteNumber(node) { return value }
    guard let names = strategies?.nonFiniteStrings, let text = document.string(node) else { return nil }
    switch text {
    case names.positiveInfinity: return .infinity
    case names.negativeInfinity: return -.infinity
    case names.nan: return .nan
    default: return nil
    }
  }

  /// A string: JSON strings as they are; leniently a number's exact text and
  /// `"true"`/`"false"`. A null word is a string like any other here.
  func string(_ node: JSONDocument.Node) -> Converted<String> {
    switch document.kind(of: node) {
    case .string:
      return .natural(document.string(node) ?? "")
    case .null:
      return .failed(.null)
    case .number:
      return lenient { .converted(document.numberText(node) ?? "") }
    case .bool:
      return lenient { .converted(document.bool(node) == true ? "true" : "false") }
    default:
      return .failed(.mismatch)
    }
  }

  /// A number's exact text for `Decimal`: from a number, or a numeric
  /// string (which ModelKit reads as a `Decimal`'s own form, strictly too,
  /// and a coder's call as a lenient rule: `JSONDecoder` takes numbers
  /// only); leniently a Boolean or a true/false word is 1 or 0.
  func decimalText(_ node: JSONDocument.Node) -> Converted<String> {
    switch document.kind(of: node) {
    case .number:
      return .natural(document.numberText(node) ?? "")
    case .string:
      return LenientText.withMeaning(ofStringAt: node, in: document) { meaning in
        if case .number(let digits) = meaning, rules.decimalsFromStrings {
          return .natural(String(decoding: digits, as: UTF8.self))
        }
        return lenient(
          {
            switch meaning {
            case .number(let digits): return .converted(String(decoding: digits, as: UTF8.self))
            case .nullWord: return .failed(.null)
            case .trueWord: return .converted("1")
            case .falseWord: return .converted("0")
            case .other: return .failed(.unconvertible)
            }
          }, else: .failed(rules.decimalsFromStrings ? .unconvertible : .mismatch))
      }
    case .bool:
      return lenient { .converted(document.bool(node) == true ? "1" : "0") }
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  /// The text of a string node, trimmed; `.null` for JSON null and (a
  /// lenient rule) null words.
  func trimmedString(_ node: JSONDocument.Node) -> Converted<String> {
    switch document.kind(of: node) {
    case .string:
      var text = document.string(node) ?? ""
      let (retrimmed, isNullWord): (String?, Bool) = text.withUTF8 { utf8 in
        let trimmed = LenientText.trimmed(utf8)
        // Nothing to trim (the common case): the text as it is, not made again.
        let made = trimmed.count == utf8.count ? nil : String(decoding: trimmed, as: UTF8.self)
        return (made, LenientText.isNullWord(trimmed))
      }
      let trimmed = retrimmed ?? text
      guard isNullWord else { return .natural(trimmed) }
      return lenient({ .failed(.null) }, else: .natural(trimmed))
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  /// A string holding a JSON object or array (`kind`), a lenient rule: a
  /// reader of the document it holds, at this path; nil in strict mode, for
  /// any other string, and for text that is not JSON of that kind.
  func embeddedJSON(_ node: JSONDocument.Node, kind: JSONKind) -> ReadContext? {
    lenient(
      {
        guard let text = document.string(node) else { return nil }
        let opening: UInt8 = kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")
        // The text in the string is JSON, whatever the dialect and form of the text around it.
        var json = options.readOptions
        json.allowsJSON5 = false
        json.readsMembersWithoutBraces = false
        guard text.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == opening,
          let inner = try? JSONDocument(parsing: text, options: json), inner.kind(of: inner.root) == kind
        else { return nil }
        return reading(inner)
      }, else: nil)
  }
}

/// The values of an integer type, as far as 64 bits reach, found once per
/// converter: fitting a value to a type by them costs no generic call that
/// a `T(exactly:)` does, nor the metadata of a `T?`, where `T` is not known
/// at compile time (every integer type but `Int`).
struct IntegerRange: Sendable {
  /// The smallest value, clamped to `Int64`.
  let minimum: Int64
  /// The largest value, clamped to `UInt64`.
  let maximum: UInt64

  init<T: FixedWidthInteger>(_ type: T.Type) {
    minimum = Int64(clamping: T.min)
    maximum = UInt64(clamping: T.max)
  }

  /// A sign and magnitude as `T`; out of range where `T` cannot hold it
  /// (never wrapped or clamped).
  @inline(__always)
  func fitted<T: FixedWidthInteger>(_ integer: (negative: Bool, magnitude: UInt64), as type: T.Type) -> Converted<T> {
    if integer.negative {
      guard integer.magnitude <= minimum.magnitude else { return .failed(.outOfRange) }
      return .natural(T(truncatingIfNeeded: Int64(bitPattern: 0 &- integer.magnitude)))
    }
    guard integer.magnitude <= maximum else { return .failed(.outOfRange) }
    return .natural(T(truncatingIfNeeded: integer.magnitude))
  }
}

extension JSONDocument {
  /// Whether the number at `node` is zero by its text (so a `Double` of 0
  /// from a non-zero text is an underflow).
  func isZero(_ node: Node) -> Bool {
    if let int = storedInteger(node).int { return int == 0 }
    if storedInteger(node).uint != nil { return false }
    return withNumberText(node) { Self.textIsZero($0) } ?? false
  }

  /// Whether number text has no non-zero digit in its mantissa.
  static func textIsZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in text {
      if byte | 0x20 == UInt8(ascii: "e") { break }
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
    }
    return true
  }
}
