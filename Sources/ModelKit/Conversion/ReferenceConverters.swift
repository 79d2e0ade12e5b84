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

  override var encodingCanFail: Bool { counterpart.encodingCanFail }

  override var shape: ValueShape { counterpart.shape }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) throws(ModelError)
    -> Converted<Reference>
  {
    // Spelled out rather than `mapped`: a `Reference?` per value would cost
    // its generic metadata.
    switch try counterpart.decode(node, &context) {
    case .natural(let value): .natural(reference(value))
    case .converted(let value): .converted(reference(value))
    case .failed(let failure): .failed(failure)
    }
  }

  override func isOmitted(_ item: Reference) -> Bool { counterpart.isOmitted(value(item)) }

  override func graphValue(_ value: Any, keys: DecodingOptions.KeyDecoding) -> Any {
    counterpart.graphValue(value, keys: keys)
  }

  override func encode(_ item: Reference, _ context: inout WriteContext) throws(ModelError) {
    try counterpart.encode(value(item), &context)
  }
}

/// `NSNumber`: JSON numbers and Booleans as `JSONSerialization` reads them;
/// leniently numeric strings and the true/false words.
final class NumberObjectConverter: ValueConverter<NSNumber> {
  override var shape: ValueShape { .numberObject }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<NSNumber> {
    let document = context.document
    switch document.kind(of: node) {
    case .number, .bool:
      return .natural(document.value(of: node).jsonObject() as? NSNumber, orElse: .outOfRange)
    case .string:
      return context.lenient {
        context.fromString(node, true: NSNumber(value: true), false: NSNumber(value: false)) { text in
          let number = JSONNumber(text: String(decoding: text, as: UTF8.self)).flatMap {
            JSONValue.number($0).jsonObject() as? NSNumber
          }
          return .natural(number, orElse: .outOfRange)
        }
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

/// `NSNull`: JSON `null` (an `NSNull?` holds `NSNull()` for it, as YYModel set it).
final class NullObjectConverter: ValueConverter<NSNull> {
  override var shape: ValueShape { .null }

  override var readsNull: Bool { true }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<NSNull> {
    context.document.isNull(node) ? .natural(NSNull()) : .failed(.mismatch)
  }

  override func encode(_ value: NSNull, _ context: inout WriteContext) {
    context.json.writeNull()
  }
}

/// `NSData` and `NSMutableData` as YYModel read them: a string gives its
/// UTF-8 bytes (a Swift `Data` reads base64); an array of byte values
/// gives those bytes. Written so as to read back the same: as UTF-8 text
/// when the bytes are that, else as the array of byte values.
final class DataObjectConverter<Reference: NSData>: ValueConverter<Reference> {
  private let reference: (Data) -> Reference

  init(reference: @escaping (Data) -> Reference) { self.reference = reference }

  override var shape: ValueShape { .byteText }

  override func decode(_ node: JSONDocument.Node, _ context: inout ReadContext) -> Converted<Reference> {
    let document = context.document
    switch document.kind(of: node) {
    case .string:
      return .natural(reference(Data((document.string(node) ?? "").utf8)))
    case .array:
      var bytes: [UInt8] = []
      for element in document.elements(of: node) {
        guard let byte = document.storedInteger(element).int.flatMap(UInt8.init(exactly:)) else {
          return .failed(.unconvertible)
        }
        bytes.append(byte)
      }
      return .natural(reference(Data(bytes)))
    case .null:
      return .failed(.null)
    default:
      return .failed(.mismatch)
    }
  }

  /// `Data` in a graph gives its bytes, in the form `decode` reads them.
  override func graphValue(_ value: Any, keys: DecodingOptions.KeyDecoding) -> Any {
    guard let data = FoundationData.bytes(of: value) else { return value }
    return FoundationData.text(of: data) ?? data.map { Int($0) }
  }

  override func encode(_ value: Reference, _ context: inout WriteContext) {
    let data = Data(referencing: value)
    if let text = FoundationData.text(of: data) { return context.json.write(text) }
    context.json.beginArray()
    for byte in data { context.json.write(Int(byte)) }
    context.json.endArray()
  }

  override func describe(_ value: Reference, level: Int, _ context: inout WriteContext) -> String {
    ValueDescription.data(Data(referencing: value))
  }
}

/// `Data` or `NSData`, as a Foundation graph or an `NSData` property holds it.
enum FoundationData {
  /// The bytes `value` holds when it is `Data` or `NSData`.
  static func bytes(of value: Any) -> Data? {
    if let data = value as? Data { return data }
    return (value as? NSData).map { Data(referencing: $0) }
  }

  /// The UTF-8 text `value` holds when it is `Data` or `NSData` of valid UTF-8.
  static func text(of value: Any) -> String? {
    bytes(of: value).flatMap { String(bytes: $0, encoding: .utf8) }
  }
}

/// The converters of Foundation's reference types, by their Swift counterparts'
/// (each made for its own class: a mutable type's converter makes mutable values).
enum ReferenceConverters {
  static let factories: [ObjectIdentifier: @Sendable () -> AnyConverter] = [
    ObjectIdentifier(NSString.self): {
      BridgedConverter<NSString, String>(StringConverter(), reference: { $0 as NSString }, value: { $0 as String })
    },
    ObjectIdentifier(NSMutableString.self): {
      BridgedConverter<NSMutableString, String>(
        StringConverter(), reference: { NSMutableString(string: $0) }, value: { $0 as String })
    },
    ObjectIdentifier(NSNumber.self): { NumberObjectConverter() },
    ObjectIdentifier(NSDecimalNumber.self): {
      BridgedConverter<NSDecimalNumber, Decimal>(
        DecimalConverter(), reference: { NSDecimalNumber(decimal: $0) }, value: { $0.decimalValue })
    },
    ObjectIdentifier(NSArray.self): {
      BridgedConverter<NSArray, [Any]>(FoundationArrayConverter(), reference: { NSArray(array: $0) }, value: { Array($0) })
    },
    ObjectIdentifier(NSMutableArray.self): {
      BridgedConverter<NSMutableArray, [Any]>(
        FoundationArrayConverter(), reference: { NSMutableArray(array: $0) }, value: { Array($0) })
    },
    ObjectIdentifier(NSDictionary.self): {
      BridgedConverter<NSDictionary, [String: Any]>(
        FoundationDictionaryConverter(), reference: { NSDictionary(dictionary: $0) }, value: { dictionary($0) })
    },
    ObjectIdentifier(NSMutableDictionary.self): {
      BridgedConverter<NSMutableDictionary, [String: Any]>(
        FoundationDictionaryConverter(), reference: { NSMutableDictionary(dictionary: $0) }, value: { dictionary($0) })
    },
    ObjectIdentifier(NSSet.self): {
      BridgedConverter<NSSet, [Any]>(FoundationArrayConverter(), reference: { NSSet(array: $0) }, value: { sortedElements($0) })
    },
    ObjectIdentifier(NSMutableSet.self): {
      BridgedConverter<NSMutableSet, [Any]>(
        FoundationArrayConverter(), reference: { NSMutableSet(array: $0) }, value: { sortedElements($0) })
    },
    ObjectIdentifier(NSDate.self): {
      BridgedConverter<NSDate, Date>(DateConverter(), reference: { $0 as NSDate }, value: { $0 as Date })
    },
    ObjectIdentifier(NSURL.self): {
      BridgedConverter<NSURL, URL>(KnownConverters.url(), reference: { $0 as NSURL }, value: { $0 as URL })
    },
    ObjectIdentifier(NSData.self): { DataObjectConverter<NSData> { $0 as NSData } },
    ObjectIdentifier(NSMutableData.self): { DataObjectConverter<NSMutableData> { NSMutableData(data: $0) } },
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
