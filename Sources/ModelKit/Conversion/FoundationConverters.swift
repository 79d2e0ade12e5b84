import Foundation

/// `Date`: strings in the listed formats; numbers as Unix seconds (or
/// milliseconds, per options). Written as ISO 8601 in UTC (or as Unix
/// seconds or milliseconds, per write options).
final class DateConverter: ValueConverter<Date> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<Date> {
    let dates = reader.options.dateDecoding
    switch reader.document.kind(of: node) {
    case .number:
      guard let number = reader.document.double(node) else { return .failed(.outOfRange) }
      switch dates.numbers {
      case .secondsSince1970: return .value(Date(timeIntervalSince1970: number))
      case .millisecondsSince1970: return .value(Date(timeIntervalSince1970: number / 1000))
      case .none: return .failed(.mismatch)
      }
    case .string:
      switch reader.trimmedString(node) {
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

  override func encode(_ value: Date, _ writer: inout ModelWriter) {
    let seconds = value.timeIntervalSince1970
    if writer.options.contains(.datesAsMillisecondsSince1970) {
      writer.json.write((seconds * 1000).rounded())
    } else if writer.options.contains(.datesAsSecondsSince1970) {
      writer.json.write(seconds)
    } else {
      writer.json.write(DateText.iso8601(value))
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

  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<Value> {
    switch reader.trimmedString(node) {
    case .value(let text):
      if emptyIsNull && text.isEmpty { return .failed(.null) }
      return parse(text).map(Converted.value) ?? .failed(.unconvertible)
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func encode(_ value: Value, _ writer: inout ModelWriter) {
    writer.json.write(format(value))
  }
}

/// `Decimal`: from a number's exact digits (never through `Double`) or a
/// numeric string; written as its exact digits.
final class DecimalConverter: ValueConverter<Decimal> {
  private static let posix = Locale(identifier: "en_US_POSIX")

  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<Decimal> {
    let document = reader.document
    let text: String
    switch document.kind(of: node) {
    case .number:
      text = document.numberText(node) ?? ""
    case .string:
      switch LenientText.meaning(of: document.string(node) ?? "") {
      case .number(let digits): text = String(decoding: digits, as: UTF8.self)
      case .nullWord where !reader.options.strict: return .failed(.null)
      case .trueWord where !reader.options.strict: return .value(1)
      case .falseWord where !reader.options.strict: return .value(0)
      default: return .failed(.unconvertible)
      }
    case .bool where !reader.options.strict:
      return .value(document.bool(node) == true ? 1 : 0)
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
    guard let decimal = Decimal(string: text, locale: Self.posix), decimal.isFinite
    else { return .failed(.outOfRange) }
    return .value(decimal)
  }

  override func isOmitted(_ value: Decimal) -> Bool { !value.isFinite }

  override func encode(_ value: Decimal, _ writer: inout ModelWriter) {
    guard let number = JSONNumber(text: value.description) else { return writer.json.writeNull() }
    writer.json.write(number)
  }
}
