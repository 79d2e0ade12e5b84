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

/// `URL`: a trimmed string; empty is nil (for `URL?`), invalid is unconvertible.
final class URLConverter: ValueConverter<URL> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<URL> {
    switch reader.trimmedString(node) {
    case .value(let text):
      if text.isEmpty { return .failed(.null) }
      return URL(string: text).map(Converted.value) ?? .failed(.unconvertible)
    case .failed(let failure):
      return .failed(failure)
    }
  }

  override func encode(_ value: URL, _ writer: inout ModelWriter) {
    writer.json.write(value.absoluteString)
  }
}

/// `UUID`: its string form; written in uppercase.
final class UUIDConverter: ValueConverter<UUID> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<UUID> {
    switch reader.trimmedString(node) {
    case .value(let text): return UUID(uuidString: text).map(Converted.value) ?? .failed(.unconvertible)
    case .failed(let failure): return .failed(failure)
    }
  }

  override func encode(_ value: UUID, _ writer: inout ModelWriter) {
    writer.json.write(value.uuidString)
  }
}

/// `Data`: a base64 string.
final class DataConverter: ValueConverter<Data> {
  override func decode(_ node: JSONDocument.Node, _ reader: inout ModelReader) -> Converted<Data> {
    switch reader.trimmedString(node) {
    case .value(let text): return Data(base64Encoded: text).map(Converted.value) ?? .failed(.unconvertible)
    case .failed(let failure): return .failed(failure)
    }
  }

  override func encode(_ value: Data, _ writer: inout ModelWriter) {
    writer.json.write(value.base64EncodedString())
  }
}

/// `Decimal`: from a number's exact digits (never through `Double`) or a
/// numeric string; written as its exact digits.
final class DecimalConverter: ValueConverter<Decimal> {
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
    guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite
    else { return .failed(.outOfRange) }
    return .value(decimal)
  }

  override func isOmitted(_ value: Decimal) -> Bool { !value.isFinite }

  override func encode(_ value: Decimal, _ writer: inout ModelWriter) {
    guard let number = JSONNumber(text: value.description) else { return writer.json.writeNull() }
    writer.json.write(number)
  }
}
