import Foundation
import ModelKit
import ModelKitTestSupport

/// A record of the stream tests: a model and its Codable twin.
struct StreamRow: JSONModel, Equatable, Sendable {
  var id = 0
  var name = ""
}

struct StreamEntry: Codable, Equatable, Sendable {
  var id: Int
  var name: String?
}

/// An asynchronous source that hands out fixed chunks, as a network
/// response or a file read in pieces would.
struct ChunkSource<Chunk: Sendable>: AsyncSequence, Sendable {
  let chunks: [Chunk]

  func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

  struct Iterator: AsyncIteratorProtocol {
    var chunks: [Chunk]
    var index = 0

    mutating func next() async throws -> Chunk? {
      guard index < chunks.count else { return nil }
      defer { index += 1 }
      return chunks[index]
    }
  }
}

/// A source that counts the elements taken from it.
struct CountingSource<Element: Sendable>: AsyncSequence, Sendable {
  let elements: [Element]
  let taken: Locked<Int>

  func makeAsyncIterator() -> Iterator { Iterator(elements: elements, taken: taken) }

  struct Iterator: AsyncIteratorProtocol {
    let elements: [Element]
    let taken: Locked<Int>
    var index = 0

    mutating func next() async throws -> Element? {
      guard index < elements.count else { return nil }
      defer { index += 1 }
      taken.withLock { $0 += 1 }
      return elements[index]
    }
  }
}

/// `bytes` cut into pieces of `size` bytes (the last may be shorter).
func pieces(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
  stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
}

/// `bytes` cut at `cuts` (offsets, in order).
func cut(_ bytes: [UInt8], at cuts: [Int]) -> [[UInt8]] {
  var pieces: [[UInt8]] = []
  var start = 0
  for end in cuts + [bytes.count] where end >= start {
    pieces.append(Array(bytes[start..<end]))
    start = end
  }
  return pieces
}

/// What reading a stream gave: its records, or its error's kind, record and place.
enum StreamOutcome<Record: Equatable>: Equatable {
  case records([Record])
  case failure(kind: ModelError.Kind, record: Int?, line: Int?, column: Int?, offset: Int?)

  init(_ read: () throws -> [Record]) {
    do {
      self = .records(try read())
    } catch {
      self = StreamOutcome(error, partial: [])
    }
  }

  init(_ error: any Error, partial: [Record]) {
    let model = underlyingModelError(error)
    self = .failure(
      kind: model?.kind ?? .unsupportedType, record: model?.recordIndex, line: model?.line, column: model?.column,
      offset: model?.offset)
  }

  /// What iterating `sequence` gives (its records up to an error are dropped: an error is the outcome).
  static func of<S: AsyncSequence>(_ sequence: S) async -> StreamOutcome where S.Element == Record {
    var records: [Record] = []
    do {
      for try await record in sequence { records.append(record) }
      return .records(records)
    } catch {
      return StreamOutcome(error, partial: records)
    }
  }
}
