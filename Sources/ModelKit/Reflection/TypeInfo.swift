import Foundation

/// The stored fields of a Swift type, found with the Swift runtime's field
/// reflection: ModelKit's counterpart of YYModel's `YYClassInfo`.
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
    /// Whether the field is declared `var` (false for `let`).
    public let isVariable: Bool
    /// Whether the field holds a strong reference or a value (false for
    /// `weak` and `unowned` references).
    public let isStrong: Bool
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
  ///
  /// - Parameter type: any type; only structs and classes have fields.
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
    guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else {
      fields = []
      problem = "field reflection needs macOS 10.15.4 / iOS 13.4 or later"
      return
    }
    guard isClass || Self.isStruct(type) else {
      fields = []
      problem = "\(type) is not a struct or class whose fields can be reflected"
      return
    }
    let found = Self.reflectedFields(of: type)
    if found.isEmpty && (isClass || Self.size(of: type) > 0) {
      fields = []
      problem =
        "\(type) reports no stored fields: it is not a struct or class with stored properties, "
        + "or its module was built without reflection metadata "
        + "(-disable-reflection-metadata, SWIFT_REFLECTION_METADATA_LEVEL=none)"
    } else {
      fields = found
      problem = nil
    }
  }

  /// Every stored field the runtime reports, superclass fields first.
  @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
  private static func reflectedFields(of type: any Any.Type) -> [Field] {
    let count = runtimeFieldCount(type)
    var fields: [Field] = []
    fields.reserveCapacity(count)
    for index in 0..<count {
      // Both flags start true: a runtime that does not report one leaves the
      // field writable, as before the flag existed.
      var record = RuntimeFieldRecord(name: nil, freeName: nil, isStrong: true, isVar: true)
      let fieldType = runtimeFieldType(type, index: index, fieldMetadata: &record)
      defer { record.freeName?(record.name) }
      fields.append(
        Field(
          name: record.name.map { String(cString: $0) } ?? "", offset: runtimeFieldOffset(type, index: index),
          type: fieldType, isVariable: record.isVar, isStrong: record.isStrong))
    }
    return fields
  }

  /// Whether `type` is a struct: only structs and classes have fields to
  /// reflect (an enum's, a tuple's or an existential's would be misread).
  private static func isStruct(_ type: any Any.Type) -> Bool {
    runtimeMetadataKind(type) == runtimeStructKind
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
