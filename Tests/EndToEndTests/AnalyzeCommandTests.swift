import Foundation
import TestSupport
import XCTest

/// `tweetalyze QUERY...` end to end: several queries, a failing one among
/// them, the warning for a fixture file that does not fit the query, and
/// degenerate sets of tweets for every estimator.
final class AnalyzeCommandTests: XCTestCase {
  let fixtures = BinaryRunner.packageRoot.appendingPathComponent("Fixtures/tweets").path

  func run(_ arguments: [String]) throws -> BinaryRun {
    let run = try BinaryRunner.run(arguments)
    XCTAssertFalse(run.timedOut, "\(arguments)")
    return run
  }

  func testSeveralQueriesPrintALineEachNamingTheQuery() throws {
    let apple = try run(["@Apple", "--fixtures", fixtures])
    let wwdc = try run(["#WWDC", "--fixtures", fixtures])
    XCTAssertEqual(apple.status, 0, apple.stderr)
    XCTAssertNotNil(
      apple.stdout.range(of: #"^\S+ -?[0-9]+\n$"#, options: .regularExpression),
      "one query: exactly 'EMOJI SCORE': \(apple.stdout)")
    let both = try run(["@Apple", "#WWDC", "--fixtures", fixtures])
    XCTAssertEqual(both.status, 0, both.stderr)
    // Each score's doubt, once, naming its query.
    XCTAssertEqual(
      both.stderr,
      FixtureNote.named(FixtureNote.apple, "@Apple") + FixtureNote.named(FixtureNote.wwdc, "#WWDC"))
    let quiet = try run(["@Apple", "#WWDC", "--fixtures", fixtures, "-q"])
    XCTAssertEqual(quiet.stderr, "")
    XCTAssertEqual(quiet.stdout, both.stdout)
    XCTAssertEqual(
      both.stdout,
      String(apple.stdout.dropLast()) + " @Apple\n" + String(wwdc.stdout.dropLast()) + " #WWDC\n",
      "each query's own score, in order, named")
  }

  func testAFailingQueryReportsItsErrorAndTheOthersStillPrint() throws {
    let apple: String = try run(["@Apple", "--fixtures", fixtures]).stdout.dropLast() + " @Apple\n"
    let wwdc: String = try run(["#WWDC", "--fixtures", fixtures]).stdout.dropLast() + " #WWDC\n"
    let run = try self.run(["@Apple", "@nobody", "#WWDC", "--fixtures", fixtures])
    XCTAssertEqual(run.status, 66, "the failing query's status")
    XCTAssertEqual(run.stdout, apple + wwdc)
    XCTAssertEqual(run.stderrLines.count, 3, run.stderr)
    XCTAssertEqual(run.stderrLines[0] + "\n", FixtureNote.named(FixtureNote.apple, "@Apple"))
    XCTAssertTrue(
      run.stderrLines[1].hasPrefix("Error: @nobody: no fixture for @nobody"), run.stderr)
    XCTAssertEqual(run.stderrLines[2] + "\n", FixtureNote.named(FixtureNote.wwdc, "#WWDC"))

    let json = try self.run(["@Apple", "@nobody", "#WWDC", "--fixtures", fixtures, "--json"])
    XCTAssertEqual(json.status, 66)
    let objects = try json.stdout.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.map { $0["query"] as? String }, ["@Apple", "#WWDC"])
    XCTAssertEqual(json.stderrLines.count, 2, json.stderr)
    let error = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: Data((json.stderrLines.last ?? "").utf8))
        as? [String: Any])?["error"] as? [String: Any])
    XCTAssertEqual(error["code"] as? Int, 66)
    XCTAssertEqual(error["query"] as? String, "@nobody")
  }

  func testTheFirstFailingQuerySetsTheStatus() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    try Data(#"{"meta":{"result_count":0}}"#.utf8).write(
      to: directory.appendingPathComponent("at-empty.json"))
    try Data("not json".utf8).write(to: directory.appendingPathComponent("at-broken.json"))
    let run = try self.run(["@empty", "@broken", "--fixtures", directory.path])
    XCTAssertEqual(run.status, 3, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderrLines.count, 2, run.stderr)
    XCTAssertTrue(run.stderrLines[0].hasPrefix("Error: @empty: no tweets found"), run.stderr)
    XCTAssertTrue(run.stderrLines[1].hasPrefix("Error: @broken: "), run.stderr)
    XCTAssertEqual(try self.run(["@broken", "@empty", "--fixtures", directory.path]).status, 65)
  }

  func testSectionsComeInABlockPerQuery() throws {
    let options = ["--fixtures", fixtures, "--details", "--tweets"]
    let apple = try run(["@Apple"] + options).stdout
    let wwdc = try run(["#WWDC"] + options).stdout
    let both = try run(["@Apple", "#WWDC"] + options)
    XCTAssertEqual(both.status, 0, both.stderr)
    // The score line, 'EMOJI SCORE', gains its query; the rest is as it was.
    let named = { (block: String, query: String) in
      block.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.wholeMatch(of: /\S+ -?[0-9]+/) != nil ? line + " " + query : String(line)
      }.joined(separator: "\n")
    }
    XCTAssertEqual(both.stdout, named(apple, "@Apple") + "\n" + named(wwdc, "#WWDC"))
  }

  /// Issue 45 §3: one rule for a query over recorded posts. A file named
  /// by --fixtures keeps the posts that match the query, as --input does
  /// (it scored all 32 #WWDC posts for "@Apple"); none is exit 3, saying
  /// which file; a directory's file is the query's recorded answer, whole.
  func testAQueryOverAFixtureFileKeepsThePostsThatMatchIt() throws {
    let file = fixtures + "/at-apple.json"
    let fits = try run(["@Apple", "--fixtures", file])
    XCTAssertEqual(fits.status, 0)
    XCTAssertEqual(fits.stderr, FixtureNote.apple, "its tweets mention @Apple: no warning")
    XCTAssertEqual(fits.stdout, try run(["@Apple", "--fixtures", fixtures]).stdout)
    let wrong = try run(["#WWDC", "--fixtures", file])
    XCTAssertEqual(wrong.status, 3)
    XCTAssertEqual(wrong.stdout, "")
    XCTAssertEqual(
      wrong.stderr,
      "Error: no posts that match #WWDC among the 100 in \(file); is it the file for this "
        + "query? (--fixtures DIR reads each query's own file)\n")
    let wwdc = fixtures + "/hashtag-wwdc.jsonl"
    for arguments in [["--fixtures", wwdc, "@Apple"], ["--input", wwdc, "@Apple"]] {
      let kept = try run(arguments + ["--json"])
      XCTAssertEqual(kept.status, 0, kept.stderr)
      XCTAssertTrue(kept.stdout.contains("\"count\":2,"), "\(arguments): \(kept.stdout)")
    }
    XCTAssertEqual(
      try run(["--fixtures", wwdc, "@Apple"]).stdout, try run(["--input", wwdc, "@Apple"]).stdout)
    XCTAssertEqual(
      try run(["#WWDC", "--fixtures", fixtures]).stderr, FixtureNote.wwdc, "a directory fits")
  }

  /// Issue 45 §4: `--since`/`--until` on recorded posts keep those dated in
  /// the window (the `#WWDC` fixture: 8, 9 and 15 posts on June 8, 9, 10);
  /// undated posts are left out with a warning; none is exit 3.
  func testSinceAndUntilKeepThePostsDatedInTheWindow() throws {
    let count = { (arguments: [String]) throws -> Int? in
      let run = try self.run(["#WWDC", "--fixtures", self.fixtures, "--json", "-q"] + arguments)
      XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
      let object = try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any]
      return object?["count"] as? Int
    }
    XCTAssertEqual(try count([]), 32)
    XCTAssertEqual(try count(["--since", "2026-06-09"]), 24)
    XCTAssertEqual(try count(["--until", "2026-06-09"]), 8)
    XCTAssertEqual(try count(["--since", "2026-06-09", "--until", "2026-06-10"]), 9)
    let none = try run(["#WWDC", "--fixtures", fixtures, "--since", "2026-07-01"])
    XCTAssertEqual(none.status, 3)
    XCTAssertEqual(
      none.stderr,
      "Error: no posts from 2026-07-01T00:00:00Z on among the 32 in \(fixtures)\n")
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let undated = directory.appendingPathComponent("undated.txt")
    try Data("I love it\nI hate it\n".utf8).write(to: undated)
    let input = try run(["--input", undated.path, "--until", "2026-01-01"])
    XCTAssertEqual(input.status, 3)
    XCTAssertEqual(
      input.stderrLines,
      [
        "Warning: 2 undated posts left out: --since and --until keep the posts whose date is in "
          + "the window",
        "Error: no posts before 2026-01-01T00:00:00Z in \(undated.path); there is no score "
          + "without posts",
      ])
  }

  /// Writes a fixture file `at-NAME.json` of `texts` (distinct ids).
  func writeFixture(_ name: String, _ texts: [String], in directory: URL) throws {
    let tweets = texts.enumerated().map { index, text in
      ["id": String(2_000_000_000 + index), "text": text]
    }
    let body: [String: Any] = ["data": tweets, "meta": ["result_count": tweets.count]]
    try JSONSerialization.data(withJSONObject: body).write(
      to: directory.appendingPathComponent("at-\(name).json"))
  }

  /// One tweet, tweets that all say the same thing, and 10,000 identical
  /// tweets, with each `--estimator`: exit 0, and in `--json --details` an
  /// estimate and an interval within [-count, count], the interval holding
  /// the estimate, a score per 100 posts within [-100, 100] that is the
  /// estimate scaled, and the printed band among the interval's bands. `em` skips the 10,000 (its bootstrap repeats EM 200
  /// times, tens of seconds in a debug build; `ScoreEstimateTests` gives it
  /// 10,000 identical tweets through the library).
  func testDegenerateSetsGiveFiniteScoresForEveryEstimator() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    try writeFixture("one", ["I love it, best day ever"], in: directory)
    try writeFixture(
      "glowing", [String](repeating: "love love love, great, wonderful :)", count: 30),
      in: directory)
    try writeFixture(
      "identical", [String](repeating: "the update is out today", count: 10_000), in: directory)
    let sets = [("@one", 1), ("@glowing", 30), ("@identical", 10_000)]
    for estimator in ["count", "probabilities", "adjusted", "em"] {
      for (query, count) in sets where estimator != "em" || count < 10_000 {
        let name = "\(query) --estimator \(estimator)"
        let run = try self.run([
          query, "--fixtures", directory.path, "--estimator", estimator, "--count", "10000",
          "--json", "--details",
        ])
        XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
        XCTAssertEqual(run.stderr, "", name)
        let object = try XCTUnwrap(
          JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any], name)
        XCTAssertEqual(object["count"] as? Int, count, name)
        let score = try XCTUnwrap(object["score"] as? Int, name)
        let estimate = try XCTUnwrap(object["estimate"] as? Double, name)
        let interval = try XCTUnwrap(object["interval"] as? [Double], name)
        let limit = Double(count)
        XCTAssertLessThanOrEqual(abs(score), 100, name)
        XCTAssertEqual(interval.count, 2, name)
        // The JSON rounds to 2 decimals.
        XCTAssertTrue(
          -limit <= interval[0] && interval[0] <= estimate + 0.005
            && estimate <= interval[1] + 0.005 && interval[1] <= limit,
          "\(name): \(estimate) in \(interval)")
        let details = try XCTUnwrap(object["details"] as? [String: Any], name)
        let bands = try XCTUnwrap(details["interval_bands"] as? [String], name)
        let band = try XCTUnwrap(object["band"] as? String, name)
        XCTAssertTrue(bands.contains(band), "\(name): \(band) not in \(bands)")
        let scaled = try XCTUnwrap(object["scaled_estimate"] as? Double, name)
        XCTAssertLessThanOrEqual(abs(scaled), 100, name)
        // Scaled from the unrounded estimate; the JSON rounds both to 2 decimals.
        XCTAssertEqual(scaled, estimate * 100 / limit, accuracy: 0.005 + 0.005 * 100 / limit, name)
        XCTAssertLessThanOrEqual(abs(Double(score) - scaled), 0.5 + 0.005, name)
      }
    }
  }
}
