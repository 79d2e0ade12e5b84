import Foundation

/// `Date`. With a `ModelDecoder`'s or `ModelEncoder`'s strategy, as
/// Foundation's coders read and write it (leniently, the table's date
/// strings too); otherwise by the table: strings in the listed formats,
/// numbers as Unix seconds (or milliseconds, per options), written as ISO
/// 8601 in UTC (or as Unix seconds or milliseconds, per write options).
final class DateConverter: ValueConverter<Date> {
  override var shape: ValueShape { .date }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError) -> Converted<Date> {
    guard let strategy = context.strategies?.dates else { return byTable(node, context, numbers: true) }
    let read = try byStrategy(strategy, node, &context)
    guard case .failed(let failure) = read, failure != .null else { return read }
    // Leniently, what the strategy rejects: the table's date strings, and
    // numbers where the strategy reads none.
    return context.lenient(
      {
        let table = byTable(node, context, numbers: !strategy.readsNumbers)
        if case .failed = table { return read }
        return table.asConversion
      }, else: read)
  }

  /// `decode`'s answer stored as it is compiled for `Date`: the inherited
  /// form looks up `Converted`'s metadata on every call.
  override func decode(
    _ node: JSONDocument.Node, into target: UnsafeMutablePointer<Date>, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Void> {
    store(try decode(node, &context), into: target)
  }

  /// The strategy's reading of `node`, as `JSONDecoder` reads it.
  private func byStrategy(
    _ strategy: DateReading, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Converted<Date> {
    func number(_ make: (Double) -> Date) -> Converted<Date> {
      context.double(node).mapped(make)
    }
    switch strategy {
    case .deferredToDate: return number(Date.init(timeIntervalSinceReferenceDate:))
    case .secondsSince1970: return number(Date.init(timeIntervalSince1970:))
    case .millisecondsSince1970: return number { Date(timeIntervalSince1970: $0 / 1000) }
    case .iso8601:
      guard context.document.kind(of: node) == .string else { return context.document.isNull(node) ? .failed(.null) : .failed(.mismatch) }
      return .natural(DateText.parseInternetDateTime(context.document.string(node) ?? ""), orElse: .unconvertible)
    case .custom(let read):
      return try context.codable.decode(at: node, in: &context, by: read)
    }
  }

  /// The table's reading; `numbers: false` reads strings only.
  private func byTable(_ node: JSONDocument.Node, _ context: ReadContext, numbers: Bool) -> Converted<Date> {
    let dates = context.options.dateDecoding
    switch context.document.kind(of: node) {
    case .number:
      guard numbers else { return .failed(.mismatch) }
      guard let number = context.document.double(node) else { return .failed(.outOfRange) }
      switch dates.numbers {
      case .secondsSince1970: return .natural(Date(timeIntervalSince1970: number))
      case .millisecondsSince1970: return .natural(Date(timeIntervalSince1970: number / 1000))
      case .none: return .failed(.mismatch)
      }
    case .string:
      switch context.trimmedString(node) {
      case .natural(let text), .converted(let text):
        guard dates.parsesStrings else { return .failed(.mismatch) }
        guard let date = DateText.parse(text) else { return .failed(.unconvertible) }
        // A date's own form strictly (design section 5), which leniently
        // the report still notes as read from text.
        return context.lenient({ .converted(date) }, else: .natural(date))
      case .failed(let failure):
        return .failed(failure)
      }
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  /// What `Date(from:)` makes of nothing: the reference date.
  override var emptyValue: Date? { Date(timeIntervalSinceReferenceDate: 0) }

  /// NaN and infinite dates have no JSON form: left out, as non-finite
  /// numbers are (a strategy decides for itself).
  override func isOmitted(_ value: Date) -> Bool { !value.timeIntervalSince1970.isFinite }

  override var encodingCanFail: Bool { true }

  override func encode(_ value: Date, _ context: inout WriteContext) throws(ModelError) {
    if let strategy = context.strategies?.dates { return try encode(value, by: strategy, &context) }
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

  /// Writes `value` as `JSONEncoder` does with `strategy`.
  private func encode(_ value: Date, by strategy: DateWriting, _ context: inout WriteContext)
    throws(ModelError)
  {
    switch strategy {
    case .deferredToDate: try context.write(value.timeIntervalSinceReferenceDate)
    case .secondsSince1970: try context.write(value.timeIntervalSince1970)
    case .millisecondsSince1970: try context.write(1000 * value.timeIntervalSince1970)
    case .iso8601:
      guard let text = DateText.internetDateTime(value) else { return try context.write(value.timeIntervalSince1970) }
      context.json.write(text)
    case .custom(let write):
      try context.codable.encode(in: &context) { try write(value, $0) }
    }
  }
}

/// `Data`: base64 text (trimmed, except under a strict coder, as
/// `JSONDecoder` reads it), or as a coder's data strategy says.
final class DataConverter: ValueConverter<Data> {
  override var shape: ValueShape { .data }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError) -> Converted<Data> {
    switch context.strategies?.data {
    case nil, .base64?:
      let text: Converted<String>
      if context.rules.exactBase64WhenStrict && context.options.strict, let exact = context.document.string(node) {
        text = .natural(exact)
      } else {
        text = context.trimmedString(node)
      }
      return text.mapped { Data(base64Encoded: $0) }
    case .deferredToData?:
      return try context.codable.decode(at: node, in: &context) { try Data(from: $0) }
    case .custom(let read)?:
      return try context.codable.decode(at: node, in: &context, by: read)
    }
  }

  override var encodingCanFail: Bool { true }

  /// As `NSData` describes it (shortened).
  override func describe(_ value: Data, level: Int, _ context: inout WriteContext) -> String {
    ValueDescription.data(value)
  }

  override func encode(_ value: Data, _ context: inout WriteContext) throws(ModelError) {
    switch context.strategies?.data {
    case nil, .base64?:
      context.json.write(value.base64EncodedString())
    case .deferredToData?:
      context.json.beginArray()
      for byte in value { context.json.write(Int(byte)) }
      context.json.endArray()
    case .custom(let write)?:
      try context.codable.encode(in: &context) { try write(value, $0) }
    }
  }
}

/// Types written as text: `URL` (absolute string), `UUID` (uppercase),
/// `Data` (base64). Decoding trims the string and parses it; what does not
/// parse is unconvertible. For `URL`, an empty string is nil (for `URL?`),
/// except in strict mode, where it is unconvertible.
final class TextConverter<Value>: ValueConverter<Value> {
  private let parse: (String) -> Value?
  private let format: (Value) -> String
  private let emptyIsNull: Bool
  private let textShape: ValueShape

  init(
    shape: ValueShape, parse: @escaping (String) -> Value?, format: @escaping (Value) -> String,
    emptyIsNull: Bool = false
  ) {
    textShape = shape
    self.parse = parse
    self.format = format
    self.emptyIsNull = emptyIsNull
  }

  override var shape: ValueShape { textShape }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Value> {
    let text = context.trimmedString(node)
    if emptyIsNull, case .natural("") = text { return context.lenient({ .failed(.null) }, else: .failed(.unconvertible)) }
    return text.mapped(parse)
  }

  override func encode(_ value: Value, _ context: inout WriteContext) {
    context.json.write(format(value))
  }

  /// The value's text, quoted.
  override func describe(_ value: Value, level: Int, _ context: inout WriteContext) -> String {
    "\"\(format(value))\""
  }
}

/// `Decimal`: from a number's exact digits (never through `Double`) or a
/// numeric string; written as its exact digits.
final class DecimalConverter: ValueConverter<Decimal> {
  override var shape: ValueShape { .decimal }

  private static let posix = Locale(identifier: "en_US_POSIX")

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Decimal> {
    // JSON5's `Infinity` and `NaN`, which `JSONDecoder` reads as `Decimal.nan`.
    if context.document.nonFiniteNumber(node) != nil { return .natural(.nan) }
    return context.decimalText(node).mapped(failing: .outOfRange) { text in
      Decimal(string: text, locale: Self.posix).flatMap { $0.isFinite ? $0 : nil }
    }
  }

  override var emptyValue: Decimal? { 0 }

  override func isOmitted(_ value: Decimal) -> Bool { !value.isFinite }

  override func encode(_ value: Decimal, _ context: inout WriteContext) {
    guard let number = JSONNumber(text: value.description) else { return context.json.writeNull() }
    context.json.write(number)
  }
}
