// The Swift runtime's field reflection, as the standard library's own
// `_forEachField` reaches it: three entry points exported by the runtime
// on every platform, declared here by their symbol names. No metadata
// layout is parsed by hand.

/// What the runtime reports of one stored field, laid out as the runtime's
/// `_FieldReflectionMetadata` (a name, the function that frees it, and two flags).
struct RuntimeFieldRecord {
  var name: UnsafePointer<CChar>?
  var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
  /// False for `weak` and `unowned` references.
  var isStrong: Bool
  /// False for `let` properties.
  var isVar: Bool
}

/// The number of stored fields of `type`, a struct's or a class's with its superclasses'.
@_silgen_name("swift_reflectionMirror_recursiveCount")
func runtimeFieldCount(_ type: Any.Type) -> Int

/// The type of field `index` of `type`; fills `record`.
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
func runtimeFieldType(_ type: Any.Type, index: Int, fieldMetadata record: UnsafeMutablePointer<RuntimeFieldRecord>)
  -> Any.Type

/// The byte offset of field `index` of `type`.
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

/// The kind of `type`'s metadata (struct, enum, tuple, …), as the runtime reports it.
@_silgen_name("swift_getMetadataKind")
func runtimeMetadataKind(_ type: Any.Type) -> UInt

/// The runtime's kind for structs (`MetadataKind::Struct`, a stable ABI value).
let runtimeStructKind: UInt = 0x200
