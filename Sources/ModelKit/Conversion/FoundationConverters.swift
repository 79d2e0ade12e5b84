import Foundation

/// `Date`: strings in the listed formats; numbers as Unix seconds (or
/// milliseconds, per options). Written as ISO 8601 in UTC (or as Unix
/// seconds or milliseconds, per write options).
final class DateConverter: ValueConverter<Date> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Date> {
    let dates = context.options.dateDecoding
    switch context.document.kind(of: node) {
    case .number:
      guard let number = context.document.double(node) else { return .failed(.outOfRange) }
      switch dates.numbers {
      case .secondsSince1970: return .value(Date(timeIntervalSince1970: number))
      case .millisecondsSince1970: return .value(Date(timeIntervalSince1970: number / 1000))
      case .none: return .failed(.mismatch)
      }
    case .string:
      switch context.trimmedString(node) {
      case .value(let text):
        guard dates.parsesStrings else { return .failed(.mismatch) }
        return DateText.parse(text).map(Converted.value) ?? .failed(.unconvertible)
      case .failed(let failure):
        return .failed(failure)
      }
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  /// NaN and infinite dates have no JSON form: left out, as non-finite numbers are.
  override func isOmitted(_ value: Date) -> Bool { !value.timeIntervalSince1970.isFinite }

  override func encode(_ value: Date, _ context: inout WriteContext) {
    let seconds = value.timeIntervalSince1970
    if context.options.contains(.datesAsMillisecondsSince1970) {
      context.json.write((seconds * 1000).rounded())
    } else if context.options.contains(.datesAsSecondsSince1970) {
      context.json.write(seconds)
    } else {
      // Text while it can hold the date exactly; Unix seconds beyond.
      if let text = DateText.iso8601(value) { context.json.write(text) } else { context.json.write(seconds) }
    }
  }
}

/// Types written as text: `URL` (absolute string), `UUID` (uppercase),
/// `Data` (base64). Decoding trims the string and parses it; what does not
/// parse is unconvertible. For `URL`, an empty string is nil (for `URL?`).
final class TextConverter<Value>: ValueConverter<Value> {
  private let parse: (String) -> Value?
  private let format: (Value) -> String
  private let emptyIsNull: Bool

  init(parse: @escaping (String) -> Value?, format: @escaping (Value) -> String, emptyIsNull: Bool = false) {
    self.parse = parse
    self.format = format
    self.emptyIsNull = emptyIsNull
  }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Value> {
    switch context.trimmedString(node) {
    case .value(let text):
      if emptyIsNull && text.isEmpty { return .failed(.null) }
      return parse(text).map(Converted.value) ?? .failed(.unconvertible)
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func encode(_ value: Value, _ context: inout WriteContext) {
    context.json.write(format(value))
  }

  /// `Data` as `NSData` describes it (shortened); others as their text.
  override func describe(_ value: Value, level: Int, _ context: inout WriteContext) -> String {
    if let data = value as? Data { return ValueDescription.data(data) }
    return "\"\(format(value))\""
  }
}

/// `Decimal`: from a number's exact digits (never through `Double`) or a
/// numeric string; written as its exact digits.
final class DecimalConverter: ValueConverter<Decimal> {
  private static let posix = Locale(identifier: "en_US_POSIX")

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Decimal> {
    switch context.decimalText(node) {
    case .value(let text):
      guard let decimal = Decimal(string: text, locale: Self.posix), decimal.isFinite else { return .failed(.outOfRange) }
      return .value(decimal)
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func isOmitted(_ value: Decimal) -> Bool { !value.isFinite }

  override func encode(_ value: Decimal, _ context: inout WriteContext) {
    guard let number = JSONNumber(text: value.description) else { return context.json.writeNull() }
    context.json.write(number)
  }
}
