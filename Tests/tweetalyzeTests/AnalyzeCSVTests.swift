import Foundation
import SentimentCore
import XCTest

@testable import tweetalyze

/// `tweetalyze QUERY --csv` and `--tweets --csv`, read back by the
/// project's CSV reader (``CSVWriterTests/table(_:)``) and cross-checked with
/// `--json`; and the usage errors of `--csv`.
final class AnalyzeCSVTests: XCTestCase {
  func testAnalyzeCSVIsTheJSONSummaryAsOneRow() throws {
    let arguments = ["--fixtures", "Fixtures/tweets", "@Apple"]
    let csv = try BinaryRunner.run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "")
    XCTAssertTrue(csv.stdout.hasPrefix(AnalyzeReport.csvHeader), csv.stdout)
    let json = try BinaryRunner.run(arguments + ["--json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let rows = try CSVWriterTests.table(csv.stdout)
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

  /// Several queries: one header, a row per query in order; a failing query
  /// reports its error on stderr, the others keep their rows, and the status
  /// is the failing one's.
  func testSeveralQueriesAreOneTable() throws {
    let run = try BinaryRunner.run(
      ["--fixtures", "Fixtures/tweets", "@nobody", "@Apple", "#WWDC", "--csv"])
    XCTAssertEqual(run.status, 66, run.stderr)
    XCTAssertTrue(run.stdout.hasPrefix(AnalyzeReport.csvHeader), run.stdout)
    let rows = try CSVWriterTests.table(run.stdout)
    XCTAssertEqual(rows.map { $0["query"] }, ["@Apple", "#WWDC"])
    XCTAssertEqual(run.stderrLines.count, 1)
    XCTAssertTrue(run.stderrLines.first?.hasPrefix("Error: @nobody: ") ?? false, run.stderr)
    for query in ["@Apple", "#WWDC"] {
      let alone = try BinaryRunner.run(["--fixtures", "Fixtures/tweets", query, "--csv"])
      XCTAssertEqual(try CSVWriterTests.table(alone.stdout), rows.filter { $0["query"] == query })
    }
    let tweets = try BinaryRunner.run(
      ["--fixtures", "Fixtures/tweets", "@Apple", "#WWDC", "--csv", "--tweets"])
    XCTAssertEqual(tweets.status, 0, tweets.stderr)
    XCTAssertEqual(tweets.stdout.components(separatedBy: AnalyzeReport.tweetCSVHeader).count, 2)
    let queries = try CSVWriterTests.table(tweets.stdout).map { $0["query"] ?? "" }
    XCTAssertEqual(
      queries, Array(repeating: "@Apple", count: 100) + Array(repeating: "#WWDC", count: 32))
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
    let rows = try CSVWriterTests.table(csv.stdout)
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
