import Foundation
import SentimentCore
import XCTest

@testable import tweetalyze

/// The CSV writer (RFC 4180 quoting, control characters, invalid UTF-8),
/// read back by the project's own reader, and `classify --csv` end to end.
final class CSVWriterTests: XCTestCase {
  /// The records of `text` as read by `CSVReader`.
  static func records(_ text: String) throws -> [[String]] {
    var reader = CSVReader(source: MemorySource(text))
    var rows: [[String]] = []
    try reader.forEachRecord { record in
      rows.append((0..<record.count).map(record.string(at:)))
    }
    return rows
  }

  /// The rows of a CSV output as dictionaries by header name.
  static func table(_ text: String) throws -> [[String: String]] {
    let rows = try records(text)
    guard let header = rows.first else { return [] }
    return rows.dropFirst().map { row in
      XCTAssertEqual(row.count, header.count, "a row of \(row.count) fields: \(row)")
      return Dictionary(uniqueKeysWithValues: zip(header, row))
    }
  }

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
    XCTAssertEqual(try Self.records(text), rows)
    // Records end in LF; line breaks inside fields are only in quoted ones.
    XCTAssertTrue(text.hasSuffix(",,\n"))
  }

  func testAFieldStartingWithAByteOrderMarkIsQuoted() throws {
    // Found by the `csv-writer` fuzz target: a reader drops a byte order mark
    // at the start of a file, so an unquoted first field lost it.
    XCTAssertEqual(CSVWriter.field("\u{FEFF}a"), "\"\u{FEFF}a\"")
    XCTAssertEqual(CSVWriter.field("a\u{FEFF}"), "a\u{FEFF}")
    let rows = [["\u{FEFF}", "x"], ["\u{FEFF}b", "\u{FEFF}"]]
    XCTAssertEqual(try Self.records(rows.map(CSVWriter.record).joined()), rows)
  }

  func testAQuoteBeforeACombiningMarkIsDoubled() throws {
    // Found by the `csv-writer` fuzz target: a quote and the combining mark
    // after it are one Character, which a Character-wise replace of `"`
    // left alone, so the field ended early and the reader refused the row.
    XCTAssertEqual(CSVWriter.field("\"\u{301}"), "\"\"\"\u{301}\"")
    let rows = [["a \"\u{301}b\"\u{0F8F}", "\"\u{20DD},"], ["x", "y"]]
    XCTAssertEqual(try Self.records(rows.map(CSVWriter.record).joined()), rows)
  }

  func testInvalidUTF8RoundTripsAsReplacementCharacters() throws {
    let bytes: [UInt8] = Array("bad ".utf8) + [0xFF, 0xC0, 0x80] + Array(", \"q\"\n".utf8)
    let field = CSVWriter.text(bytes: bytes.span)
    let text = CSVWriter.record(["x", field])
    XCTAssertNotNil(String(validatingUTF8: text), "the output is valid UTF-8")
    XCTAssertEqual(try Self.records(text), [["x", field]])
    XCTAssertEqual(field, "bad \u{FFFD}\u{FFFD}\u{FFFD}, \"q\"\n")
  }

  // MARK: classify --csv

  func testClassifyCSVMatchesTheTabSeparatedLinesAndRoundTrips() throws {
    var input = Data("I love it, \"really\"\nplain words\n".utf8)
    input.append(contentsOf: [0x62, 0x61, 0x64, 0x20, 0xFF, 0xFE, 0x0A])
    input.append(Data("esc \u{1B}[2J here\n".utf8))
    let csv = try BinaryRunner.run(["classify", "--csv", "--jobs", "1"], stdin: input)
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "")
    // Several threads write the same bytes.
    let parallel = try BinaryRunner.run(["classify", "--csv", "--jobs", "3"], stdin: input)
    XCTAssertEqual(parallel.status, 0, parallel.stderr)
    XCTAssertEqual(parallel.stdoutData, csv.stdoutData)
    XCTAssertTrue(csv.stdout.hasPrefix("label,probability,text\n"), csv.stdout)
    let tsv = try BinaryRunner.run(["classify"], stdin: input)
    XCTAssertEqual(tsv.status, 0, tsv.stderr)
    let lines = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    let rows = try Self.table(csv.stdout)
    XCTAssertEqual(rows.count, 4)
    XCTAssertEqual(rows.map { [$0["label"] ?? "", $0["probability"] ?? ""] }, lines)
    XCTAssertEqual(
      rows.map { $0["text"] ?? "" },
      ["I love it, \"really\"", "plain words", "bad \u{FFFD}\u{FFFD}", "esc \\u{1B}[2J here"])
  }
}
