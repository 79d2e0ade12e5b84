/// How a stream of bytes holds many JSON texts, one record each.
///
/// ```swift
/// let users = try User.records(in: data, framing: .jsonLines)
/// for try await event in Event.records(from: response, framing: .serverSentEvents()) { … }
/// ```
public struct JSONFraming: Sendable, Equatable {
  enum Form: Sendable, Equatable {
    case jsonLines
    case concatenated
    case jsonSequence
    case array
    case serverSentEvents(endMarker: String?)
  }

  let form: Form

  /// One text per line (JSON Lines, NDJSON): lines end with LF, a CR
  /// before it is white space, and blank lines are skipped.
  public static let jsonLines = JSONFraming(form: .jsonLines)

  /// Texts one after another, white space between them optional
  /// (`{"a":1}{"a":2} 3`): an object, array or string ends itself, a
  /// number or literal ends at white space or at the start of the next text.
  public static let concatenated = JSONFraming(form: .concatenated)

  /// RFC 7464 JSON text sequences: each text follows a record separator
  /// (0x1E) and usually ends with a line feed. A text cut short by the next
  /// separator (one that does not parse to its end, or a number or literal
  /// not followed by white space) is dropped, as the RFC says.
  public static let jsonSequence = JSONFraming(form: .jsonSequence)

  /// The elements of one top-level array, each a record.
  public static let array = JSONFraming(form: .array)

  /// A `text/event-stream` (server-sent events, as the WHATWG HTML
  /// standard parses them): each event's `data:` lines, joined with line
  /// feeds, are one text; comments, `event:`, `id:` and `retry:` fields and
  /// events without data are read and left out; lines end with CR, LF or
  /// CRLF. An event whose data equals `endMarker` ends the stream (nil: none).
  ///
  /// - Parameter endMarker: the data that ends the stream, as OpenAI-style
  ///   APIs send `[DONE]`; nil for none.
  /// - Returns: the framing.
  public static func serverSentEvents(endMarker: String? = "[DONE]") -> JSONFraming {
    JSONFraming(form: .serverSentEvents(endMarker: endMarker))
  }
}
