import Foundation
import ModelKitJSON

extension Data {
  /// The text `writer` wrote, its memory handed to the `Data` instead of
  /// copied (a copy of the whole output per encode otherwise).
  init(taking writer: inout JSONWriter) {
    let bytes = writer.takeBytes()
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      bytes.deallocate()
      self.init()
      return
    }
    self.init(bytesNoCopy: base, count: bytes.count, deallocator: .custom { pointer, _ in pointer.deallocate() })
  }
}
