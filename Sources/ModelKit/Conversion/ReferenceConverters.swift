import Foundation

/// A Foundation reference type (`NSString`, `NSDate`, `NSArray`, …) read
/// and written as its Swift counterpart, with that type's conversions.
final class BridgedConverter<Reference, Counterpart>: ValueConverter<Reference> {
  private let counterpart: ValueConverter<Counterpart>
  private let reference: (Counterpart) -> Reference
  private let value: (Reference) -> Counterpart

  init(
    _ counterpart: ValueConverter<Counterpart>, reference: @escaping (Counterpart) -> Reference,
    value: @escaping (Reference) -> Counterpart
  ) {
    self.counterpart = counterpart
    self.reference = reference
    self.value = value
  }

  override var readsModels: Bool { counterpart.readsModels }

  override var encodingCanFail: Bool { counterpart.encodingCanFail }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> Converted<Reference>
  {
    switch try counterpart.decode(node, &context) {
    case .value(let decoded): return .value(reference(decoded))
    case .failed(let failure): return .failed(failure)
    }
  }

  override func isConversion(_ node: JSONDocument.Node, _ context: ReadContext) -> Bool {
    counterpart.isConversion(node, context)
  }

  override func isOmitted(_ item: Reference) -> Bool { counterpart.isOmitted(value(item)) }

  override func encode(_ item: Reference, _ context: inout WriteContext) throws(ModelError) {
    try counterpart.encode(value(item), &context)
  }
}

/// `NSNumber`: JSON numbers and Booleans as `JSONSerialization` reads them;
/// leniently numeric strings and the true/false words.
final class NumberObjectConverter: ValueConverter<NSNumber> {
  override func isConversion(_ node: JSONDocument.Node, _ context: ReadContext) -> Bool {
    context.document.kind(of: node) == .string
  }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<NSNumber> {
    let document = context.document
    switch document.kind(of: node) {
    case .number, .bool:
      return (document.value(of: node).jsonObject() as? NSNumber).map(Converted.value) ?? .failed(.outOfRange)
    case .string where !context.options.strict:
      switch LenientText.meaning(of: document.string(node) ?? "") {
      case .number(let text):
        guard let number = JSONNumber(text: String(decoding: text, as: UTF8.self)),
          let object = JSONValue.number(number).jsonObject() as? NSNumber
        else { return .failed(.outOfRange) }
        return .value(object)
      case .trueWord: return .value(NSNumber(value: true))
      case .falseWord: return .value(NSNumber(value: false))
      case .nullWord: return .failed(.null)
      case .other: return .failed(.unconvertible)
      }
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  override func encode(_ value: NSNumber, _ context: inout WriteContext) {
    context.json.write(JSONValue(foundationNumber: value))
  }
}

/// `NSNull`: JSON `null`.
final class NullObjectConverter: ValueConverter<NSNull> {
  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<NSNull> {
    context.document.isNull(node) ? .value(NSNull()) : .failed(.mismatch)
  }

  override func encode(_ value: NSNull, _ context: inout WriteContext) {
    context.json.writeNull()
  }
}

/// The converters of Foundation's reference types, by their Swift counterparts'.
enum ReferenceConverters {
  static let factories: [ObjectIdentifier: @Sendable () -> AnyConverter] = [
    ObjectIdentifier(NSString.self): {
      BridgedConverter(StringConverter(), reference: { $0 as NSString }, value: { $0 as String })
    },
    ObjectIdentifier(NSMutableString.self): {
      BridgedConverter(StringConverter(), reference: { NSMutableString(string: $0) }, value: { $0 as String })
    },
    ObjectIdentifier(NSNumber.self): { NumberObjectConverter() },
    ObjectIdentifier(NSDecimalNumber.self): {
      BridgedConverter(DecimalConverter(), reference: { NSDecimalNumber(decimal: $0) }, value: { $0.decimalValue })
    },
    ObjectIdentifier(NSArray.self): {
      BridgedConverter(FoundationArrayConverter(), reference: { NSArray(array: $0) }, value: { Array($0) })
    },
    ObjectIdentifier(NSMutableArray.self): {
      BridgedConverter(FoundationArrayConverter(), reference: { NSMutableArray(array: $0) }, value: { Array($0) })
    },
    ObjectIdentifier(NSDictionary.self): {
      BridgedConverter(FoundationDictionaryConverter(), reference: { NSDictionary(dictionary: $0) }, value: dictionary)
    },
    ObjectIdentifier(NSMutableDictionary.self): {
      BridgedConverter(
        FoundationDictionaryConverter(), reference: { NSMutableDictionary(dictionary: $0) }, value: dictionary)
    },
    ObjectIdentifier(NSSet.self): {
      BridgedConverter(FoundationArrayConverter(), reference: { NSSet(array: $0) }, value: sortedElements)
    },
    ObjectIdentifier(NSMutableSet.self): {
      BridgedConverter(FoundationArrayConverter(), reference: { NSMutableSet(array: $0) }, value: sortedElements)
    },
    ObjectIdentifier(NSDate.self): {
      BridgedConverter(
        DateConverter(), reference: { $0 as NSDate }, value: { $0 as Date })
    },
    ObjectIdentifier(NSURL.self): {
      BridgedConverter(KnownConverters.url(), reference: { $0 as NSURL }, value: { $0 as URL })
    },
    ObjectIdentifier(NSData.self): {
      BridgedConverter(KnownConverters.data(), reference: { $0 as NSData }, value: { $0 as Data })
    },
    ObjectIdentifier(NSMutableData.self): {
      BridgedConverter(KnownConverters.data(), reference: { NSMutableData(data: $0) }, value: { Data(referencing: $0) })
    },
    ObjectIdentifier(NSNull.self): { NullObjectConverter() },
  ]

  @Sendable private static func dictionary(_ dictionary: NSDictionary) -> [String: Any] {
    var result: [String: Any] = [:]
    for (key, value) in dictionary { result[String(describing: key)] = value }
    return result
  }

  /// A set's elements in a stable order: by their description.
  @Sendable private static func sortedElements(_ set: NSSet) -> [Any] {
    set.allObjects.sorted { String(describing: $0) < String(describing: $1) }
  }
}
