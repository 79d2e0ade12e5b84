import Foundation
import ModelKitJSON

/// What a lenient decode did that the input did not say exactly: values
/// converted across kinds, values ignored, nulls for non-optional
/// properties, dropped elements, substituted empty values, models a hook
/// rejected, keys no property reads, fallback keys used. Strict mode
/// rejects all of these but unknown and fallback keys; a report lists them
/// and lets the decode go on.
///
/// Give one to a decode through its options and read it afterwards:
///
/// ```swift
/// let report = DecodeReport()
/// let user = try User(json: data, options: DecodingOptions(report: report))
/// if !report.isEmpty { print(report) }
/// ```
///
/// or have each entry handed to a handler as it happens, for logging in
/// production (a handler's report keeps nothing):
///
/// ```swift
/// let decoder = ModelDecoder()
/// decoder.options.report = DecodeReport { entry in log.warning("\(entry)") }
/// ```
///
/// A report is `Sendable`: one report may serve many decodes on many
/// threads (a shared decoder's), and each decode adds its entries in one
/// step when it ends, so they stay together. Without a report, decoding
/// does no work for one.
public final class DecodeReport: Sendable, Codable, CustomStringConvertible {
  /// One thing the input did not say exactly.
  public struct Entry: Sendable, Codable, Hashable, CustomStringConvertible {
    /// What leniency did.
    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
      /// A value was read from another kind: `"12"` as `Int`, `1` as
      /// `Bool`, a number as `String`, a date string as `Date`, a fraction
      /// truncated to an integer, JSON held in a string.
      case converted
      /// A value that does not convert was ignored: the property kept its value.
      case ignored
      /// `null` (or a null word such as `"<null>"`) for a property that
      /// cannot be nil: the property kept its value.
      case nullForNonOptional
      /// A collection element that does not convert was left out.
      case dropped
      /// A Codable property's key was missing or its value did not
      /// convert, and the type's empty value (0, "", false, []) was used.
      case emptySubstituted
      /// A nested model's hook (`willDecode`, `didDecode`) rejected it.
      case rejectedByHook
      /// A key of the input that no property reads.
      case unknownKey
      /// A fallback key was used: the property's first key was absent.
      case fallbackKey
      /// A record of a stream that does not parse or decode was passed
      /// over (`DecodingOptions.skipsBadRecords`), or a JSON text sequence's
      /// text cut short was dropped (RFC 7464).
      case droppedRecord
    }

    /// Where, in the input: `$.users[3].id`.
    public let path: String
    /// What leniency did.
    public let kind: Kind
    /// The kind of JSON value found (`string`, `number`, `null`, …), or
    /// `missing` for a key that was not there.
    public let found: String
    /// The start of the value's JSON text, at most 40 characters
    /// (containers by their kind: `{…}`, `[…]`).
    public let excerpt: String
    /// The type the value was read as (the model's, for an unknown key).
    public let target: String
    /// More about the entry: the key a fallback used, the hook that rejected.
    public let note: String?
    /// In a stream of records, the record the entry is about, counted from 0.
    public let recordIndex: Int?
    /// For `droppedRecord`, the 1-based line of the failing byte in the stream.
    public let line: Int?
    /// For `droppedRecord`, the 1-based column (in Unicode scalars) of the failing byte.
    public let column: Int?
    /// For `droppedRecord`, the 0-based byte offset of the failing byte in the stream.
    public let offset: Int?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - path: where, from the root (`$.users[3].id`).
    ///   - kind: what leniency did.
    ///   - found: the kind of JSON value found, or `missing`.
    ///   - excerpt: the start of the value's JSON text.
    ///   - target: the type the value was read as.
    ///   - note: more about the entry, or nil.
    ///   - recordIndex: the record of a stream the entry is about, or nil.
    ///   - line: the line of a dropped record's failing byte, or nil.
    ///   - column: the column of a dropped record's failing byte, or nil.
    ///   - offset: the byte offset of a dropped record's failing byte, or nil.
    public init(
      path: String, kind: Kind, found: String, excerpt: String, target: String, note: String? = nil,
      recordIndex: Int? = nil, line: Int? = nil, column: Int? = nil, offset: Int? = nil
    ) {
      self.path = path
      self.kind = kind
      self.found = found
      self.excerpt = excerpt
      self.target = target
      self.note = note
      self.recordIndex = recordIndex
      self.line = line
      self.column = column
      self.offset = offset
    }

    /// This entry, about record `index` of a stream.
    func inRecord(_ index: Int) -> Entry {
      Entry(
        path: path, kind: kind, found: found, excerpt: excerpt, target: target, note: note, recordIndex: index,
        line: line, column: column, offset: offset)
    }

    /// One line: `$.users[3].id: converted string "12" → Int`, after
    /// `record 7, ` in a stream of records.
    public var description: String {
      let record = recordIndex.map { "record \($0), " } ?? ""
      return "\(record)\(path): \(kind.rawValue) \(DecodeReport.phrase(kind, found: found, excerpt: excerpt, target: target, note: note))"
    }
  }

  private let storage: Storage

  private enum Storage: Sendable {
    case collecting(Collected)
    case handing(@Sendable (Entry) -> Void)
  }

  /// The entries of a collecting report, behind a lock.
  private final class Collected: Sendable {
    private let entries = Locked<[Entry]>([])
    var all: [Entry] { entries.withLock { $0 } }
    func append(_ more: [Entry]) { entries.withLock { $0 += more } }
    func removeAll() { entries.withLock { $0.removeAll() } }
  }

  /// A report that collects the entries of every decode it is given to.
  public init() {
    storage = .collecting(Collected())
  }

  /// A report that hands each entry to `handler` as the decode meets it,
  /// and keeps none.
  ///
  /// - Parameter handler: called on the decoding thread, once per entry.
  public init(handler: @escaping @Sendable (Entry) -> Void) {
    storage = .handing(handler)
  }

  /// A report holding `entries`, as `entries` encodes it.
  ///
  /// - Parameter decoder: the decoder holding a list of entries.
  /// - Throws: `DecodingError` when the input is not a list of entries.
  public convenience init(from decoder: any Decoder) throws {
    self.init()
    add(try [Entry](from: decoder))
  }

  /// Encodes the entries as a list.
  ///
  /// - Parameter encoder: the encoder to write to.
  /// - Throws: what the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    try entries.encode(to: encoder)
  }

  /// The entries collected so far, in the order the decodes met them
  /// (always empty for a report with a handler).
  public var entries: [Entry] {
    guard case .collecting(let collected) = storage else { return [] }
    return collected.all
  }

  /// Whether nothing has been collected.
  public var isEmpty: Bool { entries.isEmpty }

  /// Forgets the entries collected so far.
  public func removeAll() {
    if case .collecting(let collected) = storage { collected.removeAll() }
  }

  /// Entries that differ only in their array indices, as one: the path
  /// with `[*]` for each index, and how many entries it stands for.
  public struct Group: Sendable, Hashable {
    /// The entry, or for several the first with `[*]` for every index in
    /// its path (and no excerpt: the elements' values differ).
    public let entry: Entry
    /// How many entries the group stands for.
    public let count: Int
  }

  /// The entries, those differing only in array indices grouped, in the
  /// order their first entries were met.
  public var groups: [Group] {
    var order: [Entry] = []
    var firsts: [Entry: Entry] = [:]
    var counts: [Entry: Int] = [:]
    for entry in entries {
      // Elements' values differ: a group shows what was found, not each excerpt.
      let pattern = Entry(
        path: Self.pattern(of: entry.path), kind: entry.kind, found: entry.found,
        excerpt: entry.path.contains("[") ? "" : entry.excerpt, target: entry.target, note: entry.note)
      if counts[pattern] == nil {
        order.append(pattern)
        firsts[pattern] = entry
      }
      counts[pattern, default: 0] += 1
    }
    return order.map { pattern in
      let count = counts[pattern]!
      return Group(entry: count == 1 ? firsts[pattern]! : pattern, count: count)
    }
  }

  /// The groups as an aligned table, one line each:
  ///
  /// ```
  /// $.items[*].price  converted  string → Double  ×1 000
  /// $.user.id         converted  string "12" → Int
  /// ```
  public var description: String {
    let groups = groups
    guard !groups.isEmpty else { return "no entries" }
    let rows = groups.map { group -> [String] in
      let entry = group.entry
      let what = Self.phrase(entry.kind, found: entry.found, excerpt: entry.excerpt, target: entry.target, note: entry.note)
      return [entry.path, entry.kind.rawValue, what, group.count > 1 ? "×\(Self.grouped(group.count))" : ""]
    }
    let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      let cells = (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) } + [row[3]]
      return cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n")
  }

  /// Adds one decode's entries, together.
  func add(_ more: [Entry]) {
    guard !more.isEmpty, case .collecting(let collected) = storage else { return }
    collected.append(more)
  }

  /// Hands one entry to the handler, if the report has one.
  func hand(_ entry: Entry) {
    if case .handing(let handler) = storage { handler(entry) }
  }

  /// Whether entries go to a handler as they happen.
  var hasHandler: Bool {
    if case .handing = storage { return true }
    return false
  }

  /// What an entry says after its kind: `string "12" → Int`, `null for
  /// Double`, `number 7, read by no property of User`, …
  static func phrase(_ kind: Entry.Kind, found: String, excerpt: String, target: String, note: String?) -> String {
    let value = excerpt.isEmpty ? found : "\(found) \(excerpt)"
    switch kind {
    case .converted: return "\(value) → \(target)"
    case .ignored, .dropped: return "\(value) is no \(target)"
    case .nullForNonOptional: return "\(value) for \(target)"
    case .emptySubstituted: return "\(value), empty \(target) used"
    case .rejectedByHook: return "\(target) rejected by \(note ?? "a hook")"
    case .unknownKey: return "\(value), read by no property of \(target)"
    case .fallbackKey: return "\(target) read from fallback key \(note ?? "")"
    case .droppedRecord: return "\(value) is no \(target): \(note ?? "passed over")"
    }
  }

  /// `$.items[*].price` for `$.items[12].price`.
  static func pattern(of path: String) -> String {
    var result = ""
    var inIndex = false
    for character in path {
      if inIndex {
        if character == "]" {
          result += "*]"
          inIndex = false
        } else if !character.isNumber {
          result += String(character)  // not an index after all
        }
        continue
      }
      result.append(character)
      if character == "[" { inIndex = true }
    }
    return result
  }

  /// `1 000` for 1000.
  private static func grouped(_ count: Int) -> String {
    let digits = Array(String(count))
    var text = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { text += " " }
      text.append(digit)
    }
    return text
  }
}

extension DecodeReport: Hashable {
  /// Reports are the same only when they are one report.
  ///
  /// - Parameters:
  ///   - lhs: a report.
  ///   - rhs: another report.
  /// - Returns: whether they are the same object.
  public static func == (lhs: DecodeReport, rhs: DecodeReport) -> Bool { lhs === rhs }

  /// Hashes the report's identity.
  ///
  /// - Parameter hasher: the hasher to feed.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
