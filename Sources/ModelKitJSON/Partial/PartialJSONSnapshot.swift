/// What a `PartialJSONReader` had read at one moment: the text so far,
/// closed where it is cut. Taking one costs O(depth); its document is made
/// when asked for.
///
/// The closed text is the bytes up to `cut`, a quote when the text ends
/// inside a string value (cut after its last whole scalar), and a bracket
/// for each open container, innermost first (`closers` holds them
/// outermost first). Everything between
/// the last complete value and the cut that cannot show yet (a key being
/// read, a number or literal whose next byte has not arrived, a comma)
/// is left out.
package struct PartialJSONSnapshot: @unchecked Sendable {
  // Unchecked: `text` is read only below `length`, which its writer never
  // writes again (`PartialText`).
  let text: PartialText
  let cut: Int
  let closers: [UInt8]
  /// How many containers were open: the root and, inside each, its last
  /// value, down the chain that ends at the cut.
  package let openContainers: Int
  /// Whether the text ends inside a string value (the last value of the
  /// innermost open container, or the top-level value).
  package let endsInString: Bool
  /// Whether a whole JSON value has arrived.
  package let isComplete: Bool
  /// Whether anything shows: a value has begun and shows in the closed text.
  package let hasValue: Bool
  /// The key (quotes included, a range of the text) of the innermost
  /// object's member whose value has begun but does not show yet (a number
  /// or literal not ended), if any.
  let hiddenMember: Range<Int>?
  /// Whether the innermost array has an element that has begun but does not show yet.
  package let hiddenElement: Bool

  /// The text so far, closed where it is cut; empty when nothing shows.
  package var closedText: [UInt8] {
    guard hasValue else { return [] }
    return [UInt8](unsafeUninitializedCapacity: closedCount) { buffer, count in
      writeClosedText(to: buffer.baseAddress!)
      count = closedCount
    }
  }

  private var closedCount: Int { cut + (endsInString ? 1 : 0) + closers.count }

  private func writeClosedText(to target: UnsafeMutablePointer<UInt8>) {
    target.initialize(from: text.bytes, count: cut)
    var end = cut
    if endsInString {
      (target + end).initialize(to: UInt8(ascii: "\""))
      end += 1
    }
    for (offset, closer) in closers.reversed().enumerated() { (target + end + offset).initialize(to: closer) }
  }

  /// The key of the member that has begun but does not show, decoded.
  package var hiddenMemberKey: String? {
    guard let hiddenMember else { return nil }
    let key = UnsafeRawBufferPointer(start: text.bytes + hiddenMember.lowerBound, count: hiddenMember.count)
    return (try? JSONValue(json: key))?.string
  }

  /// The closed text's document, and the nodes in it that are not
  /// complete: the open containers, from the root down, and the string
  /// being read. Nil when nothing shows.
  package func document(options: JSONReadOptions) throws(JSONError) -> (
    document: JSONDocument, incomplete: [JSONDocument.Node]
  )? {
    guard hasValue else { return nil }
    // The partial reader took a byte order mark at the start, if any.
    var options = options
    options.skipsByteOrderMark = true
    // The closed text written straight into the reader's padded input.
    let input = DocumentStorage.paddedRoom(count: closedCount)
    writeClosedText(to: input)
    let document = JSONDocument(storage: try JSONReader.read(input, count: closedCount, options: options))
    let count = openContainers + (endsInString ? 1 : 0)
    var incomplete: [JSONDocument.Node] = []
    incomplete.reserveCapacity(count)
    var node = document.root
    while incomplete.count < count {
      incomplete.append(node)
      guard incomplete.count < count else { break }
      // The last value inside it: the next open one, or the string.
      if document.kind(of: node) == .object {
        for (_, value) in document.members(of: node) { node = value }
      } else {
        for element in document.elements(of: node) { node = element }
      }
    }
    return (document, incomplete)
  }
}

extension PartialJSONSnapshot {
  /// Whether this snapshot shows what `other` shows: the same closed text,
  /// the same parts begun and complete.
  package func showsTheSame(as other: PartialJSONSnapshot) -> Bool {
    cut == other.cut && closers == other.closers && endsInString == other.endsInString && isComplete == other.isComplete
      && hiddenMember == other.hiddenMember && hiddenElement == other.hiddenElement
  }
}
