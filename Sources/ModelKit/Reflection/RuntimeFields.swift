// The Swift runtime's field reflection, as the standard library's own
// `_forEachField` reaches it: three entry points exported by the runtime
// on every platform, declared here by their symbol names with the
// availability they have (the Swift 5.2 runtime: macOS 10.15.4, iOS 13.4),
// below the package's floor. No metadata layout is parsed by hand.

/// What the runtime reports of one stored field, laid out as the runtime's
/// `_FieldReflectionMetadata` (a name, the function that frees it, and two
/// flags). The flags are bytes, so that a flag the runtime leaves unwritten
/// keeps the value `RuntimeFieldRecord.unreported`.
struct RuntimeFieldRecord {
  var name: UnsafePointer<CChar>?
  var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
  /// 0 for `weak` and `unowned` references, 1 otherwise.
  var isStrong: UInt8
  /// 0 for `let` properties, 1 for `var`. Every runtime at the platform
  /// floor fills it (the standard library's `_forEachFieldWithKeyPath`,
  /// macOS 11.3 / iOS 14.5, reads it); an older one would leave it as it was.
  var isVar: UInt8

  /// A flag's value before the runtime writes it.
  static let unreported: UInt8 = 0xA5

  /// A record to be filled, both flags unreported.
  static var empty: RuntimeFieldRecord {
    RuntimeFieldRecord(name: nil, freeName: nil, isStrong: unreported, isVar: unreported)
  }
}

/// The number of stored fields of `type`, a struct's or a class's with its superclasses'.
@available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
@_silgen_name("swift_reflectionMirror_recursiveCount")
func runtimeFieldCount(_ type: Any.Type) -> Int

/// The type of field `index` of `type`; fills `record`.
@available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
func runtimeFieldType(_ type: Any.Type, index: Int, fieldMetadata record: UnsafeMutablePointer<RuntimeFieldRecord>)
  -> Any.Type

/// The byte offset of field `index` of `type`.
@available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

/// The kind of `type`'s metadata (struct, enum, tuple, …), as the runtime reports it.
@_silgen_name("swift_getMetadataKind")
func runtimeMetadataKind(_ type: Any.Type) -> UInt

/// The runtime's kind for structs (`MetadataKind::Struct`, a stable ABI value).
let runtimeStructKind: UInt = 0x200
