#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Heap bytes that grow without a copy where the platform allows: the C
/// library's `malloc`, `realloc` and `free` where there is one (`realloc`
/// extends a block in place when the memory after it is free, and remaps a
/// large one), the standard library's allocation, a copy per growth, where
/// there is none (Embedded Swift).
///
/// Memory from `allocate` or `reallocate` is released by `release`, and by
/// nothing else (not `deallocate()`): the two need not share a heap.
package enum HeapBytes {
  /// Room for `capacity` bytes, uninitialised.
  static func allocate(capacity: Int) -> UnsafeMutablePointer<UInt8> {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
      guard let raw = malloc(capacity) else { fatalError("out of memory allocating \(capacity) bytes") }
      return raw.bindMemory(to: UInt8.self, capacity: capacity)
    #else
      return .allocate(capacity: capacity)
    #endif
  }

  /// `bytes` (from `allocate` or `reallocate`) with room for `capacity`
  /// bytes, its first `count` kept; `bytes` is not to be used again.
  static func reallocate(_ bytes: UnsafeMutablePointer<UInt8>, keeping count: Int, capacity: Int)
    -> UnsafeMutablePointer<UInt8>
  {
    precondition(count <= capacity, "shrinking below the contents")
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
      guard let raw = realloc(bytes, capacity) else { fatalError("out of memory allocating \(capacity) bytes") }
      return raw.bindMemory(to: UInt8.self, capacity: capacity)
    #else
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      larger.moveInitialize(from: bytes, count: count)
      bytes.deallocate()
      return larger
    #endif
  }

  /// Releases memory from `allocate` or `reallocate`.
  package static func release(_ bytes: UnsafeMutablePointer<UInt8>) {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
      free(bytes)
    #else
      bytes.deallocate()
    #endif
  }
}
