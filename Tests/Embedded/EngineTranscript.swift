// A transcript of what the JSON engine makes of a text: compiled once for
// the host (64-bit `Int`) and once with the Embedded Swift standard
// library for i686 (32-bit `Int`), so that Scripts/check-embedded.sh can
// compare the two line by line. Everything printed is independent of the
// width of `Int`: a difference is a 32-bit bug in the engine.

/// Writes the transcript of one text: the value (re-written compactly) or
/// the error, every number's integer and floating-point readings, the
/// text read again from its own output, and the text read in small windows
/// when it is an array.
@_cdecl("modelkit_engine_transcript")
public func engineTranscript(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
  let text = UnsafeRawBufferPointer(start: bytes, count: count)
  let value: JSONValue
  do {
    value = try JSONValue(json: text)
  } catch {
    print("error \(error.offset) \(error.line):\(error.column) \(error.message)")
    return
  }
  let written = value.jsonString(options: .sortedKeys)
  print("value \(written)")
  printNumbers(in: value)
  let again = written.utf8.withContiguousStorageIfAvailable { try? JSONValue(json: UnsafeRawBufferPointer($0)) } ?? nil
  print(again == value ? "reread equal" : "reread differs")
  printWindows(text, whole: value)
}

/// Each number's text, what the engine reads from it, and how it writes those readings.
private func printNumbers(in value: JSONValue) {
  switch value {
  case .number(let number):
    let int64 = number.int64.map { "\($0)" } ?? "-"
    let uint64 = number.uint64.map { "\($0)" } ?? "-"
    let double = number.double.map { "0x" + String($0.bitPattern, radix: 16) } ?? "-"
    // And as the writer writes them back: the shortest decimal, the integer's digits.
    var doubleWriter = JSONWriter()
    if let value = number.double { doubleWriter.write(value) }
    var integerWriter = JSONWriter()
    if let value = number.int64 { integerWriter.write(value) } else if let value = number.uint64 { integerWriter.write(value) }
    let rewritten = String(decoding: doubleWriter.bytes + [UInt8(ascii: " ")] + integerWriter.bytes, as: UTF8.self)
    print("number \(number.text) \(int64) \(uint64) \(double) \(rewritten)")
  case .array(let elements):
    for element in elements { printNumbers(in: element) }
  case .object(let object):
    for key in object.keys { if let member = object[key] { printNumbers(in: member) } }
  default:
    break
  }
}

/// A top-level array read in windows of 7 bytes: the same elements, or the same error.
private func printWindows(_ text: UnsafeRawBufferPointer, whole: JSONValue) {
  guard var chunks = JSONArrayChunks(text, windowSize: 7) else { return }
  var elements: [JSONValue] = []
  do {
    while let chunk = try chunks.next() {
      for element in chunk.document.elements(of: chunk.document.root) {
        elements.append(chunk.document.value(of: element))
      }
    }
  } catch {
    print("windows error \(error.offset) \(error.message)")
    return
  }
  print(JSONValue.array(elements) == whole ? "windows equal \(elements.count)" : "windows differ")
}

/// Dates read and written by `UnixTimeText` (the model layer's calendar
/// arithmetic, which the embedded build compiles beside the engine): times
/// past 2038 and 2106, eleven-digit years, zones and fractions.
@_cdecl("modelkit_dates_transcript")
public func datesTranscript() {
  let texts = [
    "1970-01-01", "2038-01-19T03:14:07Z", "2038-01-19T03:14:08Z", "2106-02-07T06:28:16Z",
    "9999-12-31T23:59:59.999Z", "+10000-01-01", "-0001-12-31T00:00:00+01:00", "+99999999999-12-31T23:59:59Z",
    "-99999999999-01-01", "Sat Feb 01 12:00:00 +0000 2025", "Tue Jan 19 03:14:08 +0000 2038",
    "Sun Feb 07 06:28:16.250 -0800 2106", "2100-02-29", "2000-02-29 12:00:00.123456789 -0530",
    "1969-12-31T23:59:59.5Z", "2262-04-11T23:47:16.854775807Z",
  ]
  for text in texts {
    let seconds = UnixTimeText.seconds(parsing: text)
    let rfc3339 = UnixTimeText.seconds(parsingInternetDateTime: text)
    print("date \(text) \(bits(seconds)) \(bits(rfc3339)) \(written(seconds))")
  }
  let times: [Double] = [
    0, 2_147_483_647, 2_147_483_648, -2_147_483_649, 4_294_967_296.25, 253_402_300_799.999, 1e15, -1e16 + 0.5,
    1e17 - 16, -62_135_596_800.000_001, .nan, .infinity,
  ]
  for time in times { print("time \(bits(time)) \(written(time))") }
}

private func bits(_ value: Double?) -> String {
  value.map { "0x" + String($0.bitPattern, radix: 16) } ?? "-"
}

private func written(_ seconds: Double?) -> String {
  guard let seconds else { return "-" }
  let exact = UnixTimeText.iso8601(secondsSince1970: seconds, fractions: true) ?? "-"
  let whole = UnixTimeText.iso8601(secondsSince1970: seconds, fractions: false) ?? "-"
  return exact + " " + whole
}
