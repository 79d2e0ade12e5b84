import Foundation
import ModelKitJSON

extension Data {
  /// The text `writer` wrote, its memory handed to the `Data` instead of
  /// copied (a copy of the whole output per encode otherwise).
  init(taking writer: inout JSONWriter) {
    let bytes = writer.takeBytes()
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      if let base = bytes.baseAddress { HeapBytes.release(base) }
      self.init()
      return
    }
    self.init(
      bytesNoCopy: base, count: bytes.count,
      deallocator: .custom { pointer, _ in HeapBytes.release(pointer.assumingMemoryBound(to: UInt8.self)) })
  }
}
