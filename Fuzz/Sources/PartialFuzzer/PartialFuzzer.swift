import Foundation
import ModelKit
import ModelKitJSON

// Partial decoding (design section 13): a text fed in chunks cut anywhere
// must give snapshots that only grow, whose closed text is valid JSON, and
// a last snapshot equal to the whole decode (value, JSON and, for a model
// and a Codable type, the typed value); a text the whole read refuses must
// be refused, at the same byte; nothing crashes or hangs.

final class Ticket: JSONModel, @unchecked Sendable {
  var id = 0
  var title = ""
  var done = false
  var score: Double?
  var tags: [String] = []
  var parts: [Part] = []
  var extra: [String: Int] = [:]
  var raw: JSONValue?
  var link: URL?
  static var keyMapping: [String: JSONKey] { ["title": ["title", "name"], "score": "stats.score"] }
  required init() {}
  func didDecode(from json: JSONObject) throws {
    if id < 0 { throw NegativeID() }
  }
}

struct NegativeID: Error {}

struct Part: JSONModel, Codable, Equatable {
  var name = ""
  var size = 0
}

struct CodableTicket: Codable, Equatable {
  var id: Int
  var title: String
  var tags: [String]
  var parts: [Part]
  var score: Double?
}

/// The first byte picks the options and the cuts; the rest is the text.
/// One input in sixteen is preceded by white space, appended in one chunk,
/// that brings it to the end of the reader's first storage (4,096 bytes),
/// so that its bytes are appended where there is no room left.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartial(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count >= 1 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  var text = Array(input[1...])
  var options = DecodingOptions()
  options.strict = input[0] & 0x80 != 0
  options.maxDepth = 32
  var cuts = cuts(of: text.count, seed: input[0])
  if input[0] & 0x3C == 0x3C {
    let padding = 4096 - 1 - Int(input[0] & 0x03)
    text = [UInt8](repeating: 0x20, count: padding) + text
    cuts = [padding] + cuts.map { $0 + padding }
  }

  checkText(text, cuts: cuts, options: options)
  checkTyped(text, cuts: cuts, options: options)
  return 0
}

/// Chunk ends from a seed: sizes 1 to 8, cycling.
func cuts(of count: Int, seed: UInt8) -> [Int] {
  var cuts: [Int] = []
  var position = 0
  var state = UInt32(seed) | 1
  while position < count {
    state = state &* 1_103_515_245 &+ 12_345
    position = min(count, position + Int(state >> 16) % (seed & 0x40 != 0 ? 2 : 9) + 1)
    cuts.append(position)
  }
  return cuts
}

/// The JSON level: snapshots grow, their closed texts are valid JSON, the
/// whole text's value or error is the whole read's.
func checkText(_ text: [UInt8], cuts: [Int], options: DecodingOptions) {
  var readOptions = JSONReadOptions(maxDepth: options.maxDepth)
  readOptions.skipsByteOrderMark = true
  let whole = Result { () throws(JSONError) in try JSONValue(json: text, options: readOptions) }
  var reader = PartialJSONReader(maxDepth: options.maxDepth)
  var previous: JSONValue?
  var failure: JSONError?
  var start = 0
  for (index, end) in cuts.enumerated() {
    do {
      try text[start..<end].withUnsafeBytes { try reader.append($0) }
    } catch {
      failure = error as? JSONError
      break
    }
    start = end
    guard isChecked(index, of: cuts.count) else { continue }
    let snapshot = reader.snapshot
    guard snapshot.hasValue else { continue }
    guard let shown = try? JSONValue(json: snapshot.closedText, options: JSONReadOptions(maxDepth: 10_000)) else {
      fatalError("a snapshot's closed text is not JSON: \(String(decoding: snapshot.closedText, as: UTF8.self))")
    }
    // (A repeated key replaces its earlier value, as in the whole read.)
    if let previous, !grows(from: previous, to: shown), !repeatsAKey(snapshot.closedText) {
      fatalError("a snapshot lost what the one before showed")
    }
    previous = shown
  }
  if failure == nil {
    do throws(JSONError) { try reader.finish() } catch { failure = error }
  }
  switch whole {
  case .success(let value):
    if let failure { fatalError("a valid text refused at byte \(failure.offset): \(failure)") }
    var reader = reader
    guard let last = try? JSONValue(json: reader.snapshot.closedText, options: JSONReadOptions(maxDepth: 10_000)),
      last == value
    else { fatalError("the last snapshot is not the whole text") }
  case .failure(let error):
    guard let failure else { fatalError("an invalid text accepted: \(error)") }
    // The first byte that can never be valid: where the whole read stops,
    // or after it where that read names the start of the token (a number's
    // leading zero is the error of the digit after it).
    if failure.offset < error.offset || failure.offset > text.count {
      fatalError("refused at byte \(failure.offset) (\(failure.message)), the whole read at \(error.offset) (\(error.message))")
    }
  }
}

/// The typed level: reading every snapshot's value never crashes, and the
/// last one is the whole decode's, for a model and a Codable type.
func checkTyped(_ text: [UInt8], cuts: [Int], options: DecodingOptions) {
  let model = PartialDecoder<Ticket>(options: options)
  let codable = PartialDecoder<CodableTicket>(options: options)
  var start = 0
  var refused = false
  for (index, end) in cuts.enumerated() {
    do {
      try model.append(Array(text[start..<end]))
      try codable.append(Array(text[start..<end]))
    } catch {
      refused = true
      break
    }
    start = end
    guard isChecked(index, of: cuts.count) else { continue }
    let snapshot = model.snapshot
    _ = snapshot.value.parts.count
    _ = snapshot.state(of: \.title)
    _ = snapshot.state(at: "parts[0].name")
    _ = codable.snapshot.value
  }
  let whole = Result { try Ticket(json: text, options: options) }
  let wholeCodable = Result { try ModelDecoder(options: options).decode(CodableTicket.self, from: text) }
  guard !refused, let last = try? model.finish() else {
    if case .success = whole { fatalError("a model the whole decode reads was refused") }
    return
  }
  guard case .success(let value) = whole else { fatalError("a model the whole decode refuses was read") }
  if (try? last.value.jsonValue()) != (try? value.jsonValue()) { fatalError("the last snapshot is not the whole decode") }
  switch (wholeCodable, Result { try codable.finish().value }) {
  case (.success(let expected), .success(let shown)):
    if expected != shown { fatalError("the last Codable snapshot is not the whole decode") }
  case (.failure, .failure): break
  default: fatalError("the Codable snapshot and the whole decode disagree on the text's validity")
  }
}

/// Whether the snapshot after chunk `index` of `count` is checked: every
/// one up to 256 chunks, else 256 spread evenly (each check reads the text
/// so far, so checking all of a large text's 1-byte chunks is quadratic:
/// 44 seconds for a 21 KB input under AddressSanitizer).
func isChecked(_ index: Int, of count: Int) -> Bool {
  count <= 256 || index % (count / 256 + 1) == 0
}

/// Whether `later` keeps all of `earlier`: strings only grow, arrays and
/// objects only gain (their last value growing), scalars stay.
func grows(from earlier: JSONValue, to later: JSONValue) -> Bool {
  switch (earlier, later) {
  case (.string(let old), .string(let new)): return new.unicodeScalars.starts(with: old.unicodeScalars)
  case (.array(let old), .array(let new)):
    return old.count <= new.count && zip(old, new).allSatisfy { grows(from: $0, to: $1) }
  case (.object(let old), .object(let new)):
    return old.count <= new.count && zip(old, new).allSatisfy { $0.key == $1.key && grows(from: $0.value, to: $1.value) }
  default: return earlier == later
  }
}

/// Whether an object in `text` (valid JSON) has a key twice.
func repeatsAKey(_ text: [UInt8]) -> Bool {
  guard let document = try? JSONDocument(parsing: text, options: JSONReadOptions(maxDepth: 10_000)) else { return false }
  func repeats(_ node: JSONDocument.Node) -> Bool {
    switch document.kind(of: node) {
    case .object:
      var keys = Set<String>()
      for (key, value) in document.members(of: node) {
        if !keys.insert(document.string(key) ?? "").inserted || repeats(value) { return true }
      }
      return false
    case .array: return document.elements(of: node).contains(where: repeats)
    default: return false
    }
  }
  return repeats(document.root)
}
