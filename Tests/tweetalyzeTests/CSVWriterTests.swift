import Foundation
import SentimentCore
import XCTest

@testable import tweetalyze

/// The CSV writer and `--csv` of analyze, `--tweets`, classify and eval: RFC
/// 4180 quoting, and every output read back by the project's own reader.
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

  // MARK: analyze --csv

  func testAnalyzeCSVIsTheJSONSummaryAsOneRow() throws {
    let arguments = ["--fixtures", "Fixtures/tweets", "@Apple"]
    let csv = try BinaryRunner.run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "")
    XCTAssertTrue(csv.stdout.hasPrefix(AnalyzeReport.csvHeader), csv.stdout)
    let json = try BinaryRunner.run(arguments + ["--json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let rows = try Self.table(csv.stdout)
    XCTAssertEqual(rows.count, 1)
    let row = try XCTUnwrap(rows.first)
    XCTAssertEqual(row["query"], "@Apple")
    XCTAssertEqual(row["emoji"], object["emoji"] as? String)
    XCTAssertEqual(row["band"], object["band"] as? String)
    XCTAssertEqual(row["estimator"], object["estimator"] as? String)
    for key in ["score", "count", "count_score", "negative", "neutral", "positive"] {
      XCTAssertEqual(row[key].flatMap { Int($0) }, object[key] as? Int, key)
    }
    XCTAssertEqual(row["estimate"].flatMap(Double.init), object["estimate"] as? Double)
    XCTAssertEqual(row["scaled_score"].flatMap(Double.init), object["scaled_score"] as? Double)
    let interval = try XCTUnwrap(object["interval"] as? [Double])
    XCTAssertEqual(row["interval_low"].flatMap(Double.init), interval.first)
    XCTAssertEqual(row["interval_high"].flatMap(Double.init), interval.last)
  }

  /// A fixture whose texts hold quotes, commas, CRLF, ESC and NUL.
  func awkwardFixture() throws -> URL {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let tweets: [[String: String]] = [
      [
        "id": "1", "text": "Say \"hi\", to all\r\nsecond line \u{1B}[31m red \u{0} nul",
        "created_at": "2026-03-01T09:00:00.000Z",
      ],
      ["id": "2", "text": "commas, only, here", "created_at": "2026-03-02T09:00:00.000Z"],
      ["id": "3", "text": "no date\nbut two lines"],
    ]
    let response: [String: Any] = ["data": tweets, "meta": ["result_count": tweets.count]]
    try JSONSerialization.data(withJSONObject: response).write(
      to: directory.appendingPathComponent("at-acme.json"))
    return directory
  }

  func testTweetsCSVRoundTripsAwkwardTexts() throws {
    let fixtures = try awkwardFixture().path
    let csv = try BinaryRunner.run(["@acme", "--fixtures", fixtures, "--tweets", "--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "")
    XCTAssertTrue(csv.stdout.hasPrefix(AnalyzeReport.tweetCSVHeader), csv.stdout)
    let rows = try Self.table(csv.stdout)
    XCTAssertEqual(rows.map { $0["id"] }, ["1", "2", "3"])
    XCTAssertEqual(
      rows.map { $0["text"] },
      [
        "Say \"hi\", to all\r\nsecond line \\u{1B}[31m red \\u{0} nul", "commas, only, here",
        "no date\nbut two lines",
      ])
    XCTAssertEqual(
      rows.map { $0["created_at"] }, ["2026-03-01T09:00:00Z", "2026-03-02T09:00:00Z", ""])
    XCTAssertFalse(csv.stdout.contains("\u{1B}"), "no raw ESC reaches the terminal")
    // Labels and probabilities are those of --json --tweets.
    let json = try BinaryRunner.run(["@acme", "--fixtures", fixtures, "--tweets", "--json"])
    let objects = try json.stdout.split(separator: "\n").dropLast().map { line in
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    XCTAssertEqual(rows.map { $0["label"] }, objects.map { $0["label"] as? String })
    XCTAssertEqual(
      rows.map { $0["probability"].flatMap(Double.init) },
      objects.map { $0["probability"] as? Double })
    XCTAssertTrue(rows.allSatisfy { $0["query"] == "@acme" })
  }

  // MARK: eval --csv

  func testEvalCSVIsTheJSONClassTableAndConfusion() throws {
    let arguments = ["eval", "Fixtures/train/insight.csv", "--folds", "3"]
    let csv = try BinaryRunner.run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "")
    let json = try BinaryRunner.run(arguments + ["--json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let classes = try XCTUnwrap(object["classes"] as? [String: [String: Any]])
    let confusion = try XCTUnwrap(object["confusion"] as? [String: [String: Int]])
    let rows = try Self.table(csv.stdout)
    XCTAssertEqual(rows.map { $0["class"] }, ["negative", "neutral", "positive"])
    for row in rows {
      let name = try XCTUnwrap(row["class"])
      for key in ["precision", "recall", "f1"] {
        XCTAssertEqual(
          row[key].flatMap(Double.init), classes[name]?[key] as? Double, "\(name) \(key)")
      }
      XCTAssertEqual(row["support"].flatMap { Int($0) }, classes[name]?["support"] as? Int)
      for predicted in ["negative", "neutral", "positive"] {
        XCTAssertEqual(
          row["predicted_\(predicted)"].flatMap { Int($0) }, confusion[name]?[predicted],
          "\(name) → \(predicted)")
      }
    }
  }

  // MARK: Usage errors

  func testCSVAndJSONTogetherAreAUsageError() throws {
    for arguments in [
      ["@Apple", "--fixtures", "Fixtures/tweets", "--csv", "--json"],
      ["classify", "--json", "--csv"],
      ["eval", "Fixtures/train/insight.csv", "--csv", "--json"],
    ] {
      let run = try BinaryRunner.run(arguments)
      XCTAssertEqual(run.status, 64, "\(arguments)")
      XCTAssertEqual(run.stdout, "")
      XCTAssertEqual(run.stderrLines.first, "Error: Give --csv or --json, not both")
    }
  }

  func testSectionsWithoutACSVFormAreAUsageErrorUnlessPlotted() throws {
    let run = try BinaryRunner.run(["@Apple", "--fixtures", "Fixtures/tweets", "--csv", "--trend"])
    XCTAssertEqual(run.status, 64)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderrLines.first,
      "Error: --trend has no CSV form: use --json, or draw it with --plot FILE.svg")
  }
}
