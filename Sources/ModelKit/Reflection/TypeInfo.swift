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
  /// with stored properties, its module was built without reflection
  /// metadata or without reflection names (Xcode's
  /// `SWIFT_REFLECTION_METADATA_LEVEL` set to `none` or `without-names`:
  /// the fields would silently be missing or unnamed), or the runtime does
  /// not say which fields are `let`. Nil when all is well. Building a model
  /// schema from such a type, and so its first decode or encode, throws
  /// this as a `ModelError` of kind `.unsupportedType`.
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
    guard isClass || Self.isStruct(type) else {
      fields = []
      problem = "\(type) is not a struct or class whose fields can be reflected"
      return
    }
    switch Self.fields(from: Self.reportedFields(of: type), of: type, isClass: isClass, size: Self.size(of: type)) {
    case .success(let found):
      fields = found
      problem = nil
    case .failure(let reason):
      fields = []
      problem = reason.message
    }
  }

  /// One stored field as the runtime reported it, before it is trusted.
  package struct ReportedField {
    var name: String?
    var offset: Int
    var type: any Any.Type
    /// 1 for a strong reference or a value, 0 for `weak` and `unowned`.
    var isStrong: UInt8
    /// 1 for `var`, 0 for `let`.
    var isVar: UInt8

    package init(name: String?, offset: Int, type: any Any.Type, isStrong: UInt8, isVar: UInt8) {
      (self.name, self.offset, self.type, self.isStrong, self.isVar) = (name, offset, type, isStrong, isVar)
    }
  }

  /// Why a type's reported fields cannot be trusted.
  package struct Unreflectable: Error {
    package let message: String
  }

  /// Every stored field the runtime reports, superclass fields first.
  private static func reportedFields(of type: any Any.Type) -> [ReportedField] {
    let count = runtimeFieldCount(type)
    var fields: [ReportedField] = []
    fields.reserveCapacity(count)
    for index in 0..<count {
      var record = RuntimeFieldRecord.empty
      let fieldType = runtimeFieldType(type, index: index, fieldMetadata: &record)
      defer { record.freeName?(record.name) }
      fields.append(
        ReportedField(
          name: record.name.map { String(cString: $0) }, offset: runtimeFieldOffset(type, index: index),
          type: fieldType, isStrong: record.isStrong, isVar: record.isVar))
    }
    return fields
  }

  /// The fields of `type` (a class, or a struct of `size` bytes) from what
  /// the runtime reported, or why they cannot be used: a module built
  /// without reflection metadata reports no fields, one built without
  /// reflection names reports fields without names, and a runtime that does
  /// not fill the flags cannot tell a `let` or a weak reference from a `var`.
  /// Each would otherwise be a model that silently maps nothing (or writes
  /// what it must not).
  package static func fields(from reported: [ReportedField], of type: any Any.Type, isClass: Bool, size: Int)
    -> Result<[Field], Unreflectable>
  {
    if reported.isEmpty && (isClass || size > 0) {
      return .failure(
        Unreflectable(
          message: "\(type) reports no stored fields: it is not a struct or class with stored properties, "
            + "or its module was built without reflection metadata "
            + "(SWIFT_REFLECTION_METADATA_LEVEL = none, -disable-reflection-metadata)"))
    }
    var fields: [Field] = []
    fields.reserveCapacity(reported.count)
    for (index, field) in reported.enumerated() {
      guard let name = field.name, !name.isEmpty else {
        return .failure(
          Unreflectable(
            message: "\(type)'s stored field \(index) (of type \(field.type)) has no name: its module was built "
              + "without reflection names (SWIFT_REFLECTION_METADATA_LEVEL = without-names, "
              + "-disable-reflection-names), so no key can be matched to it"))
      }
      guard field.isStrong <= 1, field.isVar <= 1 else {
        return .failure(
          Unreflectable(
            message: "the Swift runtime does not say whether \(type).\(name) is a 'let' or a weak reference "
              + "(it predates macOS 11.3 / iOS 14.5), so it cannot be written safely"))
      }
      fields.append(
        Field(
          name: name, offset: field.offset, type: field.type, isVariable: field.isVar == 1,
          isStrong: field.isStrong == 1))
    }
    return .success(fields)
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
final class TypeInfoCache: Sendable {
  static let shared = TypeInfoCache()
  private let entries = Locked<[ObjectIdentifier: TypeInfo]>([:])

  func value(for type: any Any.Type) -> TypeInfo? {
    entries.withLock { $0[ObjectIdentifier(type)] }
  }

  func store(_ info: TypeInfo, for type: any Any.Type) {
    entries.withLock { $0[ObjectIdentifier(type)] = info }
  }
}
