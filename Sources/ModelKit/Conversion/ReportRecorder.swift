import ModelKitJSON

/// One decode's entries for its `DecodeReport`: handed on at once to a
/// report with a handler, else kept and added to the report together when
/// the decode is over (`finish`, or when the last context holding the
/// recorder is gone). Used by one decode, on one thread.
final class ReportRecorder {
  private let report: DecodeReport
  private let handsOn: Bool
  private var entries: [DecodeReport.Entry] = []
  /// Whether the decode is over: a value that kept its decoder may still
  /// note entries, which go straight on.
  private var isOver = false

  /// The record of a stream whose decode this is (its entries say so), or nil.
  private let recordIndex: Int?

  /// A recorder for `report`; `holding` keeps even a handler's entries
  /// until the decode is over, for a pass whose entries may be discarded.
  /// `recordIndex` names the record of a stream being decoded, if any.
  init(_ report: DecodeReport, holding: Bool = false, recordIndex: Int? = nil) {
    self.report = report
    handsOn = report.hasHandler && !holding
    self.recordIndex = recordIndex
  }

  /// Runs `body`, a decode, with a recorder for the report of `options`
  /// (nil without one), whose entries reach the report when `body` is
  /// over, whatever still holds the recorder (a value that kept its decoder).
  @inline(__always)
  static func recording<Result, Failure: Error>(
    _ options: DecodingOptions, _ body: (ReportRecorder?) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let recorder = options.report.map { ReportRecorder($0, recordIndex: options.recordIndex) }
    defer { recorder?.finish() }
    return try body(recorder)
  }

  func record(_ entry: DecodeReport.Entry) {
    let entry = recordIndex.map(entry.inRecord) ?? entry
    if handsOn { report.hand(entry) } else if isOver { handOn([entry]) } else { entries.append(entry) }
  }

  /// Forgets the entries kept so far: their pass's result is not used.
  func discard() { entries.removeAll() }

  /// Hands the entries kept so far to the report: the decode is over.
  func finish() {
    isOver = true
    handOn(entries)
    entries = []
  }

  private func handOn(_ entries: [DecodeReport.Entry]) {
    if report.hasHandler { entries.forEach(report.hand) } else if !entries.isEmpty { report.add(entries) }
  }

  deinit { handOn(entries) }
}

extension ReadContext {
  /// Notes in the decode's report, when it has one, what leniency did with
  /// the value at `node` (nil: missing) here, or one `step` further down.
  @inline(__always)
  func note(
    _ kind: DecodeReport.Entry.Kind, _ node: JSONDocument.Node?, target: @autoclosure () -> String,
    step: CodingPath.Step? = nil, note: String? = nil
  ) {
    guard let recorder else { return }
    recorder.record(entry(kind, node, target: target(), step: step, note: note))
  }

  /// Notes a value leniency did not take, as what it left: a property kept
  /// its value (`null` or a value that does not convert); a rejected model
  /// is noted where its hook rejected it.
  @inline(__always)
  func noteFailure(_ failure: ConversionFailure, _ node: JSONDocument.Node, target: @autoclosure () -> String) {
    guard recorder != nil, failure != .rejected else { return }
    note(failure == .null ? .nullForNonOptional : .ignored, node, target: target())
  }

  /// The entry for `note`, made only when a report is on.
  private func entry(
    _ kind: DecodeReport.Entry.Kind, _ node: JSONDocument.Node?, target: String, step: CodingPath.Step?, note: String?
  ) -> DecodeReport.Entry {
    let place = step.map { path.appending($0) } ?? path
    guard let node else {
      return DecodeReport.Entry(path: place.text, kind: kind, found: "missing", excerpt: "", target: target, note: note)
    }
    let found: String
    let excerpt: String
    switch document.kind(of: node) {
    case .null: (found, excerpt) = ("null", "")
    case .bool: (found, excerpt) = ("bool", document.bool(node) == true ? "true" : "false")
    case .number: (found, excerpt) = ("number", FoundValue.excerpt(document.numberText(node) ?? ""))
    case .string: (found, excerpt) = ("string", "\"" + FoundValue.excerpt(document.string(node) ?? "") + "\"")
    case .array: (found, excerpt) = ("array", "[…]")
    case .object: (found, excerpt) = ("object", "{…}")
    }
    return DecodeReport.Entry(path: place.text, kind: kind, found: found, excerpt: excerpt, target: target, note: note)
  }
}
