import Foundation

/// The converters for concrete types ModelKit knows by name.
enum KnownConverters {
  private static let factories: [ObjectIdentifier: @Sendable () -> AnyConverter] = withWideIntegers([
    ObjectIdentifier(Int.self): { IntConverter() },
    ObjectIdentifier(Int8.self): { IntegerConverter<Int8>() },
    ObjectIdentifier(Int16.self): { IntegerConverter<Int16>() },
    ObjectIdentifier(Int32.self): { IntegerConverter<Int32>() },
    ObjectIdentifier(Int64.self): { IntegerConverter<Int64>() },
    ObjectIdentifier(UInt.self): { IntegerConverter<UInt>() },
    ObjectIdentifier(UInt8.self): { IntegerConverter<UInt8>() },
    ObjectIdentifier(UInt16.self): { IntegerConverter<UInt16>() },
    ObjectIdentifier(UInt32.self): { IntegerConverter<UInt32>() },
    ObjectIdentifier(UInt64.self): { IntegerConverter<UInt64>() },
    ObjectIdentifier(Double.self): { DoubleConverter() },
    ObjectIdentifier(Float.self): { FloatingConverter<Float>() },
    ObjectIdentifier(Bool.self): { BoolConverter() },
    ObjectIdentifier(String.self): { StringConverter() },
    ObjectIdentifier(Character.self): { CharacterConverter() },
    ObjectIdentifier(Date.self): { DateConverter() },
    ObjectIdentifier(URL.self): { url() },
    ObjectIdentifier(UUID.self): { TextConverter<UUID>(shape: .uuid, parse: UUID.init(uuidString:), format: \.uuidString) },
    ObjectIdentifier(Data.self): { data() },
    ObjectIdentifier(Decimal.self): { DecimalConverter() },
    ObjectIdentifier(JSONValue.self): { JSONValueConverter() },
    ObjectIdentifier(JSONObject.self): { JSONObjectConverter() },
    ObjectIdentifier(Any.self): { FoundationValueConverter() },
    ObjectIdentifier([String: Any].self): { FoundationDictionaryConverter() },
    ObjectIdentifier([Any].self): { FoundationArrayConverter() },
  ])

  /// `factories` with the 128-bit integers where the platform has them.
  private static func withWideIntegers(_ factories: [ObjectIdentifier: @Sendable () -> AnyConverter])
    -> [ObjectIdentifier: @Sendable () -> AnyConverter]
  {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return factories }
    return factories.merging([
      ObjectIdentifier(Int128.self): { IntegerConverter<Int128>() },
      ObjectIdentifier(UInt128.self): { IntegerConverter<UInt128>() },
    ]) { own, _ in own }
  }

  /// A new converter for `type`, or nil when it is not one of the known types.
  static func make(for type: any Any.Type) -> AnyConverter? {
    (factories[ObjectIdentifier(type)] ?? ReferenceConverters.factories[ObjectIdentifier(type)])?()
  }

  /// `URL`: trimmed text; an empty string is nil for `URL?`.
  static func url() -> TextConverter<URL> {
    TextConverter<URL>(shape: .url, parse: { URL(string: $0) }, format: \.absoluteString, emptyIsNull: true)
  }

  /// `Data`: base64 text, or as a coder's data strategy says.
  static func data() -> DataConverter { DataConverter() }
}
