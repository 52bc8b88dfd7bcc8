import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

/// `tweetalyze QUERY --csv` and `--tweets --csv`, read back by the
/// project's CSV reader (``CSVText/table(_:)``) and cross-checked with
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
    let rows = try CSVText.table(csv.stdout)
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
    XCTAssertEqual(row["scaled_score"].flatMap(Double.init), row["score"].flatMap(Double.init))
    // Earlier columns keep their places; the per-100 estimate comes last.
    XCTAssertTrue(
      AnalyzeReport.csvHeader.hasPrefix(
        "query,emoji,band,score,estimate,interval_low,interval_high,estimator,scaled_score,count,"
          + "count_score,negative,neutral,positive,"))
    XCTAssertEqual(
      row["scaled_estimate"].flatMap(Double.init), object["scaled_estimate"] as? Double)
    let interval = try XCTUnwrap(object["interval"] as? [Double])
    XCTAssertEqual(row["interval_low"].flatMap(Double.init), interval.first)
    XCTAssertEqual(row["interval_high"].flatMap(Double.init), interval.last)
    let scaled = try XCTUnwrap(object["scaled_interval"] as? [Double])
    XCTAssertEqual(row["scaled_low"].flatMap(Double.init), scaled.first)
    XCTAssertEqual(row["scaled_high"].flatMap(Double.init), scaled.last)
    // The CSV's score is the printed one: the estimate per 100 posts.
    let text = try BinaryRunner.run(arguments)
    XCTAssertEqual(text.stdout, "\(row["emoji"] ?? "") \(row["score"] ?? "")\n")
  }

  /// Several queries: one header, a row per query in order; a failing query
  /// reports its error on stderr, the others keep their rows, and the status
  /// is the failing one's.
  func testSeveralQueriesAreOneTable() throws {
    let run = try BinaryRunner.run(
      ["--fixtures", "Fixtures/tweets", "@nobody", "@Apple", "#WWDC", "--csv"])
    XCTAssertEqual(run.status, 66, run.stderr)
    XCTAssertTrue(run.stdout.hasPrefix(AnalyzeReport.csvHeader), run.stdout)
    let rows = try CSVText.table(run.stdout)
    XCTAssertEqual(rows.map { $0["query"] }, ["@Apple", "#WWDC"])
    XCTAssertEqual(run.stderrLines.count, 1)
    XCTAssertTrue(run.stderrLines.first?.hasPrefix("Error: @nobody: ") ?? false, run.stderr)
    for query in ["@Apple", "#WWDC"] {
      let alone = try BinaryRunner.run(["--fixtures", "Fixtures/tweets", query, "--csv"])
      XCTAssertEqual(try CSVText.table(alone.stdout), rows.filter { $0["query"] == query })
    }
    let tweets = try BinaryRunner.run(
      ["--fixtures", "Fixtures/tweets", "@Apple", "#WWDC", "--csv", "--tweets"])
    XCTAssertEqual(tweets.status, 0, tweets.stderr)
    XCTAssertEqual(tweets.stdout.components(separatedBy: AnalyzeReport.tweetCSVHeader).count, 2)
    let queries = try CSVText.table(tweets.stdout).map { $0["query"] ?? "" }
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
    let rows = try CSVText.table(csv.stdout)
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

  /// `--trend --csv`: a row per day, the figures of `--json`'s buckets;
  /// the verdict, slope and change on every row.
  func testTrendCSVIsTheJSONTrendAsRows() throws {
    let arguments = ["--fixtures", "Fixtures/tweets", "#WWDC", "--trend"]
    let csv = try BinaryRunner.run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "", "CSV has the intervals: no note")
    XCTAssertTrue(csv.stdout.hasPrefix(AnalyzeReport.trendCSVHeader), csv.stdout)
    XCTAssertEqual(
      AnalyzeReport.trendCSVHeader,
      "query,unit,start,count,emoji,band,score,estimate,interval_low,interval_high,"
        + "scaled_score,scaled_estimate,scaled_low,scaled_high,estimator,used,count_score,"
        + "negative,neutral,positive,verdict,slope,slope_low,slope_high,change,change_low,"
        + "change_high\n")
    let json = try BinaryRunner.run(arguments + ["--json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let trend = try XCTUnwrap(object["trend"] as? [String: Any])
    let buckets = try XCTUnwrap(trend["buckets"] as? [[String: Any]])
    let rows = try CSVText.table(csv.stdout)
    XCTAssertEqual(rows.count, 3)
    XCTAssertEqual(rows.count, buckets.count)
    for (row, bucket) in zip(rows, buckets) {
      XCTAssertEqual(row["query"], "#WWDC")
      XCTAssertEqual(row["unit"], "day")
      XCTAssertEqual(row["start"], bucket["start"] as? String)
      XCTAssertEqual(row["emoji"], bucket["emoji"] as? String)
      XCTAssertEqual(row["estimator"], "count")
      for key in ["count", "score", "count_score", "negative", "neutral", "positive"] {
        XCTAssertEqual(row[key].flatMap { Int($0) }, bucket[key] as? Int, key)
      }
      XCTAssertEqual(row["estimate"].flatMap(Double.init), bucket["estimate"] as? Double)
      XCTAssertEqual(
        row["scaled_estimate"].flatMap(Double.init), bucket["scaled_estimate"] as? Double)
      let interval = try XCTUnwrap(bucket["interval"] as? [Double])
      XCTAssertEqual(row["interval_low"].flatMap(Double.init), interval.first)
      XCTAssertEqual(row["interval_high"].flatMap(Double.init), interval.last)
      let scaled = try XCTUnwrap(bucket["scaled_interval"] as? [Double])
      XCTAssertEqual(row["scaled_low"].flatMap(Double.init), scaled.first)
      XCTAssertEqual(row["scaled_high"].flatMap(Double.init), scaled.last)
      XCTAssertEqual(row["used"], (bucket["used"] as? Bool).map { $0 ? "true" : "false" })
      // 8, 9 and 15 posts on 3 days: above the floor, every day in the slope.
      XCTAssertEqual(row["verdict"], trend["verdict"] as? String)
      let slope = try XCTUnwrap(trend["slope"] as? Double)
      XCTAssertEqual(row["slope"].flatMap(Double.init), slope)
      // The change from the first day to the last, as --json's.
      let change = try XCTUnwrap(trend["change"] as? [String: Any])
      XCTAssertEqual(row["change"].flatMap(Double.init), change["difference"] as? Double)
      let changeInterval = try XCTUnwrap(change["interval"] as? [Double])
      XCTAssertEqual(row["change_low"].flatMap(Double.init), changeInterval.first)
      XCTAssertEqual(row["change_high"].flatMap(Double.init), changeInterval.last)
    }
    XCTAssertEqual(rows.map { $0["used"] }, ["true", "true", "true"])
  }

  /// `--mentions --csv`: a row per name, users then hashtags, the figures
  /// of `--json`'s mentions.
  func testMentionsCSVIsTheJSONMentionsAsRows() throws {
    let arguments = ["--fixtures", "Fixtures/tweets", "@Apple", "--mentions", "3"]
    let csv = try BinaryRunner.run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertTrue(csv.stdout.hasPrefix(AnalyzeReport.mentionsCSVHeader), csv.stdout)
    let json = try BinaryRunner.run(arguments + ["--json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let mentions = try XCTUnwrap(object["mentions"] as? [String: [[String: Any]]])
    let all =
      (mentions["users"] ?? []).map { ("user", $0) }
      + (mentions["hashtags"] ?? []).map {
        ("hashtag", $0)
      }
    let rows = try CSVText.table(csv.stdout)
    XCTAssertFalse(rows.isEmpty)
    XCTAssertEqual(rows.count, all.count)
    for (row, (kind, mention)) in zip(rows, all) {
      XCTAssertEqual(row["kind"], kind)
      XCTAssertEqual(row["name"], mention["name"] as? String)
      XCTAssertEqual(row["count"].flatMap { Int($0) }, mention["tweets"] as? Int)
      XCTAssertEqual(row["score"].flatMap { Int($0) }, mention["score"] as? Int)
      XCTAssertEqual(row["estimate"].flatMap(Double.init), mention["estimate"] as? Double)
      XCTAssertEqual(
        row["scaled_estimate"].flatMap(Double.init), mention["scaled_estimate"] as? Double)
      let interval = try XCTUnwrap(mention["interval"] as? [Double])
      XCTAssertEqual(row["interval_low"].flatMap(Double.init), interval.first)
      XCTAssertEqual(row["interval_high"].flatMap(Double.init), interval.last)
    }
  }

  func testSeveralQueriesTrendsAreOneTable() throws {
    let run = try BinaryRunner.run(
      ["--fixtures", "Fixtures/tweets", "#WWDC", "@Apple", "--csv", "--trend"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout.components(separatedBy: AnalyzeReport.trendCSVHeader).count, 2)
    let rows = try CSVText.table(run.stdout)
    XCTAssertEqual(rows.filter { $0["query"] == "#WWDC" }.count, 3)
    XCTAssertEqual(rows.filter { $0["query"] == "@Apple" }.map { $0["unit"] }.first, "12h")
  }

  func testMoreThanOneTableIsAUsageError() throws {
    for extra in [
      ["--trend", "--mentions"], ["--tweets", "--trend"], ["--tweets", "--mentions"],
      ["--why", "--trend"],
    ] {
      let run = try BinaryRunner.run(
        ["@Apple", "--fixtures", "Fixtures/tweets", "--csv"] + extra)
      XCTAssertEqual(run.status, 64, "\(extra)")
      XCTAssertEqual(run.stdout, "")
      XCTAssertEqual(
        run.stderrLines.first,
        "Error: --csv prints one table: give one of --tweets, --trend, --mentions and --why with "
          + "it (or --json for several)")
    }
  }
}
