import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

/// The CSV writer (RFC 4180 quoting, control characters, invalid UTF-8),
/// read back by the project's own reader, and `classify --csv` end to end.
final class CSVWriterTests: XCTestCase {

  // MARK: The writer

  func testFieldsAreQuotedOnlyWhenTheyMustBe() {
    XCTAssertEqual(CSVWriter.field("plain text"), "plain text")
    XCTAssertEqual(CSVWriter.field(""), "")
    XCTAssertEqual(CSVWriter.field("a,b"), "\"a,b\"")
    XCTAssertEqual(CSVWriter.field("say \"hi\""), "\"say \"\"hi\"\"\"")
    XCTAssertEqual(CSVWriter.field("two\nlines"), "\"two\nlines\"")
    XCTAssertEqual(CSVWriter.field("cr\rhere"), "\"cr\rhere\"")
    XCTAssertEqual(CSVWriter.field(" spaces "), " spaces ")
    XCTAssertEqual(CSVWriter.record(["a", "b,c", ""]), "a,\"b,c\",\n")
  }

  func testTextFromOutsideKeepsLineBreaksAndEscapesOtherControls() {
    XCTAssertEqual(CSVWriter.text("a\tb\r\nc"), "a\tb\r\nc")
    XCTAssertEqual(CSVWriter.text("\u{1B}[31mred\u{7}"), "\\u{1B}[31mred\\u{7}")
    XCTAssertEqual(CSVWriter.text("nul\u{0}"), "nul\\u{0}")
    XCTAssertEqual(CSVWriter.text("c1\u{85} ls\u{2028}"), "c1\\u{85} ls\\u{2028}")
    XCTAssertEqual(CSVWriter.text("😄 émoji"), "😄 émoji")
    XCTAssertEqual(
      CSVWriter.text("\u{202E}rtl\u{202C} \u{2066}i\u{2069} \u{200E}\u{61C}"),
      "\\u{202E}rtl\\u{202C} \\u{2066}i\\u{2069} \\u{200E}\\u{61C}")
    let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0x62, 0xC3]
    XCTAssertEqual(CSVWriter.text(bytes: bytes.span), "a\u{FFFD}\u{FFFD}b\u{FFFD}")
  }

  func testRecordsRoundTripThroughTheProjectsReader() throws {
    let rows = [
      ["id", "text", "n"],
      ["1", "plain", "0.5"],
      ["2", "a,b", ""],
      ["3", "say \"hi\", \"\"", "x"],
      ["4", "two\nlines", "y"],
      ["5", "crlf\r\nin a field", "z"],
      ["6", "bare\rcr", "w"],
      ["7", "\"", ","],
      ["8", "😄 ünïcödé, \"quoted\"\n", " lead"],
      ["", "", ""],
    ]
    let text = rows.map(CSVWriter.record).joined()
    XCTAssertEqual(try CSVText.records(text), rows)
    // Records end in LF; line breaks inside fields are only in quoted ones.
    XCTAssertTrue(text.hasSuffix(",,\n"))
  }

  func testAFieldStartingWithAByteOrderMarkIsQuoted() throws {
    // Found by the `csv-writer` fuzz target: a reader drops a byte order mark
    // at the start of a file, so an unquoted first field lost it.
    XCTAssertEqual(CSVWriter.field("\u{FEFF}a"), "\"\u{FEFF}a\"")
    XCTAssertEqual(CSVWriter.field("a\u{FEFF}"), "a\u{FEFF}")
    let rows = [["\u{FEFF}", "x"], ["\u{FEFF}b", "\u{FEFF}"]]
    XCTAssertEqual(try CSVText.records(rows.map(CSVWriter.record).joined()), rows)
  }

  func testAQuoteBeforeACombiningMarkIsDoubled() throws {
    // Found by the `csv-writer` fuzz target: a quote and the combining mark
    // after it are one Character, which a Character-wise replace of `"`
    // left alone, so the field ended early and the reader refused the row.
    XCTAssertEqual(CSVWriter.field("\"\u{301}"), "\"\"\"\u{301}\"")
    let rows = [["a \"\u{301}b\"\u{0F8F}", "\"\u{20DD},"], ["x", "y"]]
    XCTAssertEqual(try CSVText.records(rows.map(CSVWriter.record).joined()), rows)
  }

  func testInvalidUTF8RoundTripsAsReplacementCharacters() throws {
    let bytes: [UInt8] = Array("bad ".utf8) + [0xFF, 0xC0, 0x80] + Array(", \"q\"\n".utf8)
    let field = CSVWriter.text(bytes: bytes.span)
    let text = CSVWriter.record(["x", field])
    XCTAssertNotNil(String(validatingUTF8: text), "the output is valid UTF-8")
    XCTAssertEqual(try CSVText.records(text), [["x", field]])
    XCTAssertEqual(field, "bad \u{FFFD}\u{FFFD}\u{FFFD}, \"q\"\n")
  }

  // MARK: classify --csv

}
