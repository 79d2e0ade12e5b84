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
/// chain from the direct superclass up. Results are cached per type. A type
/// whose fields cannot be reflected has no fields and a `problem` saying
/// why; building a model schema from it throws that as a `ModelError`.
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
  /// Why the fields could not be reflected: `type` is not a struct or class
  /// with stored properties, or its module was built without reflection
  /// metadata (the fields would silently be missing). Nil when all is well.
  public let problem: String?

  /// The fields of `type`, from the cache after the first call.
  public init(of type: any Any.Type) {
    if let cached = TypeInfoCache.shared.value(for: type) {
      self = cached
      return
    }
    let info = TypeInfo(reflecting: type)
    TypeInfoCache.shared.store(info, for: type)
    self = info
  }

  /// The fields of `type`, or the `.unsupportedType` error that says why there are none.
  static func reflecting(_ type: any Any.Type) throws(ModelError) -> TypeInfo {
    let info = TypeInfo(of: type)
    if let problem = info.problem { throw .unsupported(problem) }
    return info
  }

  private init(reflecting type: any Any.Type) {
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
      self.fields = []
      problem = "field reflection needs macOS 10.15.4 / iOS 13.4 or later"
      return
    }
    // `.classType` is spelled by its raw value: the static property is not
    // concurrency-safe in Swift 6 mode.
    let options = isClass ? _EachFieldOptions(rawValue: 1) : []
    let walked = _forEachField(of: type, options: options) { name, offset, fieldType, _ in
      fields.append(Field(name: String(cString: name), offset: offset, type: fieldType))
      return true
    }
    if !walked {
      self.fields = []
      problem = "\(type) is not a struct or class whose fields can be reflected"
    } else if fields.isEmpty && (isClass || Self.size(of: type) > 0) {
      self.fields = []
      problem =
        "\(type) reports no stored fields: it is not a struct or class with stored properties, "
        + "or its module was built without reflection metadata "
        + "(-disable-reflection-metadata, SWIFT_REFLECTION_METADATA_LEVEL=none)"
    } else {
      self.fields = fields
      problem = nil
    }
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
