import ModelKitJSON
import ModelKitFixtures
import Testing

/// JSONTestSuite's parsing corpus: `y_` accepted, `n_` rejected, `i_` as recorded below.
@Suite("JSONTestSuite parsing", .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
struct JSONTestSuiteTests {
  static let folder = "JSONTestSuite/test_parsing"

  @Test("accepts every y_ file", arguments: TestData.files(in: folder, prefix: "y_"))
  func acceptsValidDocument(_ file: String) throws {
    let bytes = try TestData.bytes(Self.folder, file)
    let value = try JSONValue(json: bytes)
    // What was read must survive writing and reading again.
    #expect(try JSONValue(json: value.jsonBytes()) == value)
  }

  @Test("rejects every n_ file with a positioned error", arguments: TestData.files(in: folder, prefix: "n_"))
  func rejectsInvalidDocument(_ file: String) throws {
    let bytes = try TestData.bytes(Self.folder, file)
    let error = #expect(throws: JSONError.self) { try JSONDocument(parsing: bytes) }
    #expect(error.map { $0.offset >= 0 && $0.offset <= bytes.count && $0.line >= 1 } == true)
  }

  /// What ModelKit does with each implementation-defined file, by default
  /// (strict RFC 8259, invalid Unicode rejected) and when replacing invalid Unicode.
  static let implementationDefined: [String: (strict: Bool, replacing: Bool)] = [
    // Numbers: all are grammatical, so all are kept exactly as text.
    "i_number_double_huge_neg_exp.json": (true, true),
    "i_number_huge_exp.json": (true, true),
    "i_number_neg_int_huge_exp.json": (true, true),
    "i_number_pos_double_huge_exp.json": (true, true),
    "i_number_real_neg_overflow.json": (true, true),
    "i_number_real_pos_overflow.json": (true, true),
    "i_number_real_underflow.json": (true, true),
    "i_number_too_big_neg_int.json": (true, true),
    "i_number_too_big_pos_int.json": (true, true),
    "i_number_very_big_negative_int.json": (true, true),
    // Lone or broken surrogate escapes: rejected, or read as U+FFFD.
    "i_object_key_lone_2nd_surrogate.json": (false, true),
    "i_string_1st_surrogate_but_2nd_missing.json": (false, true),
    "i_string_1st_valid_surrogate_2nd_invalid.json": (false, true),
    "i_string_incomplete_surrogate_and_escape_valid.json": (false, true),
    "i_string_incomplete_surrogate_pair.json": (false, true),
    "i_string_incomplete_surrogates_escape_valid.json": (false, true),
    "i_string_invalid_lonely_surrogate.json": (false, true),
    "i_string_invalid_surrogate.json": (false, true),
    "i_string_inverted_surrogates_U+1D11E.json": (false, true),
    "i_string_lone_second_surrogate.json": (false, true),
    // Ill-formed UTF-8 inside strings: rejected, or read as U+FFFD.
    "i_string_UTF-8_invalid_sequence.json": (false, true),
    "i_string_UTF8_surrogate_U+D800.json": (false, true),
    "i_string_invalid_utf-8.json": (false, true),
    "i_string_iso_latin_1.json": (false, true),
    "i_string_lone_utf8_continuation_byte.json": (false, true),
    "i_string_not_in_unicode_range.json": (false, true),
    "i_string_overlong_sequence_2_bytes.json": (false, true),
    "i_string_overlong_sequence_6_bytes.json": (false, true),
    "i_string_overlong_sequence_6_bytes_null.json": (false, true),
    "i_string_truncated-utf-8.json": (false, true),
    // UTF-16 text is not UTF-8 JSON: rejected in every mode.
    "i_string_UTF-16LE_with_BOM.json": (false, false),
    "i_string_utf16BE_no_BOM.json": (false, false),
    "i_string_utf16LE_no_BOM.json": (false, false),
    // 500 levels are within the default limit of 512.
    "i_structure_500_nested_arrays.json": (true, true),
    // A UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows it).
    "i_structure_UTF-8_BOM_empty_object.json": (true, true),
  ]

  @Test("handles every i_ file as recorded", arguments: TestData.files(in: folder, prefix: "i_"))
  func handlesImplementationDefinedDocument(_ file: String) throws {
    let expected = try #require(Self.implementationDefined[file], "no recorded behaviour for \(file)")
    let bytes = try TestData.bytes(Self.folder, file)
    let strict = Result { () throws(JSONError) in try JSONValue(json: bytes) }
    let replacing = Result { try JSONValue(json: bytes, options: JSONReadOptions(replacesInvalidUnicode: true)) }
    #expect(((try? strict.get()) != nil) == expected.strict)
    #expect(((try? replacing.get()) != nil) == expected.replacing)
    // What the replacing mode accepts, the strict mode rejects for its Unicode alone.
    if case .failure(let error) = strict, expected.replacing {
      #expect(error.kind == .invalidUnicode)
    }
  }

  @Test("every i_ file on disk has a recorded behaviour")
  func recordsEveryImplementationDefinedFile() {
    #expect(Set(TestData.files(in: Self.folder, prefix: "i_")) == Set(Self.implementationDefined.keys))
  }
}
