@_spi(Reflection) import Swift
import Foundation

/// The stored fields of a Swift type, found with the standard library's
/// field reflection: ModelKit's counterpart of YYModel's `YYClassInfo`.
///
/// ```swift
/// let info = try TypeInfo(of: User.self)
/// info.fields.map(\.name)   // ["uid", "name", "created"]
/// ```
///
/// For classes, inherited fields come first and `superclasses` lists the
/// chain from the direct superclass up. Results are cached per type.
public struct TypeInfo: Sendable {
  /// One stored field.
  public struct Field: Sendable {
    /// The field's name as declared (`_x` for a property wrapper's storage,
    /// `$__lazy_storage_$_x` for a `lazy var`).
    public let name: String
    /// The byte offset of the field: from the start of a struct value, from
    /// the object pointer for a class instance.
    public let offset: Int
    /// The field's declared type.
    public let type: any Any.Type
  }

  /// The reflected type.
  public let type: any Any.Type
  /// Stored fields in declaration order, inherited ones first.
  public let fields: [Field]
  /// Whether the type is a class.
  public let isClass: Bool
  /// The superclasses of a class, nearest first (empty for other types).
  public let superclasses: [AnyClass]

  /// The fields of `type`, from the cache after the first call.
  ///
  /// - Throws: `ModelError` of kind `.unsupportedType` when `type` is not a
  ///   struct or class, or when its module was built without reflection
  ///   metadata (the fields would silently be missing).
  public init(of type: any Any.Type) throws(ModelError) {
    if let cached = TypeInfoCache.shared.value(for: type) {
      self = cached
      return
    }
    let info = try TypeInfo(reflecting: type)
    TypeInfoCache.shared.store(info, for: type)
    self = info
  }

  private init(reflecting type: any Any.Type) throws(ModelError) {
    self.type = type
    let isClass = type is AnyClass
    self.isClass = isClass
    var chain: [AnyClass] = []
    if let someClass = type as? AnyClass {
      var next: AnyClass? = _getSuperclass(someClass)
      while let current = next {
        chain.append(current)
        next = _getSuperclass(current)
      }
    }
    superclasses = chain
    var fields: [Field] = []
    guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else {
      throw ModelError(
        kind: .unsupportedType, message: "field reflection needs macOS 10.15.4 / iOS 13.4 or later")
    }
    // `.classType` is spelled by its raw value: the static property is not
    // concurrency-safe in Swift 6 mode.
    let options = isClass ? _EachFieldOptions(rawValue: 1) : []
    let walked = _forEachField(of: type, options: options) { name, offset, fieldType, _ in
      fields.append(Field(name: String(cString: name), offset: offset, type: fieldType))
      return true
    }
    guard walked else {
      throw ModelError(
        kind: .unsupportedType, message: "\(type) is not a struct or class whose fields can be reflected")
    }
    if fields.isEmpty && (isClass || Self.size(of: type) > 0) {
      throw ModelError(
        kind: .unsupportedType,
        message:
          "\(type) reports no stored fields: it is not a struct or class with stored properties, "
          + "or its module was built without reflection metadata "
          + "(-disable-reflection-metadata, SWIFT_REFLECTION_METADATA_LEVEL=none)")
    }
    self.fields = fields
  }

  private static func size(of type: any Any.Type) -> Int {
    func measure<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: measure)
  }
}

/// The process-wide cache of reflected types.
final class TypeInfoCache: @unchecked Sendable {
  // Safe: every access to `entries` holds `lock`.
  static let shared = TypeInfoCache()
  private let lock = NSLock()
  private var entries: [ObjectIdentifier: TypeInfo] = [:]

  func value(for type: any Any.Type) -> TypeInfo? {
    lock.withLock { entries[ObjectIdentifier(type)] }
  }

  func store(_ info: TypeInfo, for type: any Any.Type) {
    lock.withLock { entries[ObjectIdentifier(type)] = info }
  }
}
