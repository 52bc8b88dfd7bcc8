import Foundation
import TestSupport
import XCTest

/// `--history FILE` end to end: the change since the latest earlier run of
/// the same query is what `compare` says of the two sets; a line cut short
/// is skipped with one warning; a run by another model says so.
final class HistoryEndToEndTests: XCTestCase {
  var directory: URL!

  /// Sixty posts, thirty happy then thirty angry: the first run reads
  /// posts 0–39, the second 20–59, so twenty posts are in both.
  override func setUpWithError() throws {
    directory = try BinaryRunner.temporaryDirectory(for: self)
    let texts =
      (0..<30).map { "this flight was great, the crew was kind and I love the day \($0)" }
      + (0..<30).map { "this flight was awful, the crew was rude and I hate the delay \($0)" }
    for (name, range) in [("first.csv", 0..<40), ("second.csv", 20..<60)] {
      let rows = range.map { "\($0),\"\(texts[$0])\"" }
      try write("id,text\n" + rows.joined(separator: "\n") + "\n", to: name)
    }
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
  }

  func read(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  func run(_ arguments: [String]) throws -> BinaryRun {
    let run = try BinaryRunner.run(arguments, directory: directory)
    XCTAssertFalse(run.timedOut, "\(arguments)")
    return run
  }

  /// Runs one query (`posts.csv`) on the first set, then on the second.
  func runTwice(_ extra: [String] = []) throws -> (BinaryRun, BinaryRun) {
    try write(try read("first.csv"), to: "posts.csv")
    let first = try run(["--input", "posts.csv", "--history", "runs.jsonl"] + extra)
    try write(try read("second.csv"), to: "posts.csv")
    let second = try run(["--input", "posts.csv", "--history", "runs.jsonl"] + extra)
    return (first, second)
  }

  /// The first run prints its score alone; the second the change since it,
  /// with the numbers `compare` prints for the same two sets (posts in both
  /// counted once in both).
  func testTheChangeIsWhatCompareSays() throws {
    let (first, second) = try runTwice()
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertEqual(first.stdout.split(separator: "\n").count, 1, first.stdout)
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertEqual(second.stderr, "")
    let lines = second.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2, second.stdout)
    let compare = try run(["compare", "--input", "first.csv", "--input", "second.csv"])
    XCTAssertEqual(compare.status, 0, compare.stderr)
    let verdict = try XCTUnwrap(compare.stdout.split(separator: "\n").last)
    // "second.csv reads unhappier than first.csv: -100 per 100 (90 %: …)"
    let figures = try XCTUnwrap(verdict.split(separator: ": ", maxSplits: 1).last)
    XCTAssertTrue(lines[1].hasPrefix("since 20"), lines[1])
    XCTAssertTrue(lines[1].hasSuffix(" UTC: \(figures), lower"), lines[1] + " / " + verdict)
    let history = try read("runs.jsonl").split(separator: "\n")
    XCTAssertEqual(history.count, 2)
    let record = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(history[1].utf8)) as? [String: Any])
    XCTAssertEqual(record["query"] as? String, "posts.csv")
    XCTAssertEqual(record["posts"] as? Int, 40)
    XCTAssertEqual(record["source"] as? String, "input")
  }

  /// `--json` adds `change` with the numbers the text prints; `compare
  /// --history` gives each set's change.
  func testJSONChangeAndCompareHistory() throws {
    let (_, second) = try runTwice(["--json"])
    XCTAssertEqual(second.status, 0, second.stderr)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: second.stdoutData) as? [String: Any])
    let change = try XCTUnwrap(object["change"] as? [String: Any])
    let compare = try run(
      ["compare", "--input", "first.csv", "--input", "second.csv", "--json"])
    let compared = try XCTUnwrap(
      JSONSerialization.jsonObject(with: compare.stdoutData) as? [String: Any])
    XCTAssertEqual(change["difference"] as? Int, compared["difference"] as? Int)
    XCTAssertEqual(change["interval"] as? [Double], compared["interval"] as? [Double])
    XCTAssertEqual(change["verdict"] as? String, "lower")
    XCTAssertNotNil(
      (change["since"] as? String)?.range(
        of: #"^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression))

    let again = try run(
      ["compare", "--input", "first.csv", "--input", "second.csv", "--history", "sets.jsonl"])
    XCTAssertEqual(again.stdout.split(separator: "\n").count, 3, again.stdout)
    let repeated = try run(
      ["compare", "--input", "first.csv", "--input", "second.csv", "--history", "sets.jsonl"])
    let lines = repeated.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 5, repeated.stdout)
    XCTAssertTrue(lines[3].hasPrefix("first.csv since "), lines[3])
    XCTAssertTrue(lines[4].hasSuffix(": 0 per 100 (90 %: 0 to 0), unclear"), lines[4])
  }

  /// A line cut short (a run killed mid-write) costs only that line: the
  /// next run warns once, skips it and still finds the run before; its own
  /// line starts on a line of its own.
  func testALineCutShortIsSkippedWithOneWarning() throws {
    try write(try read("first.csv"), to: "posts.csv")
    _ = try run(["--input", "posts.csv", "--history", "runs.jsonl"])
    let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("runs.jsonl"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"time":"2026-12-02T09:00:00Z","query":"posts.c"#.utf8))
    try handle.close()
    let next = try run(["--input", "posts.csv", "--history", "runs.jsonl"])
    XCTAssertEqual(next.status, 0, next.stderr)
    XCTAssertEqual(
      next.stderr,
      "Warning: runs.jsonl: skipped 1 line that cannot be read (a run stopped while writing "
        + "leaves one)\n")
    XCTAssertTrue(next.stdout.contains("0 per 100 (90 %: 0 to 0), unclear"), next.stdout)
    let lines = try read("runs.jsonl").split(separator: "\n")
    XCTAssertEqual(lines.count, 3)
    XCTAssertTrue(lines[2].hasPrefix(#"{"time":"#) && lines[2].hasSuffix("}"))
  }

  /// A run by another model is not compared with: a warning says so.
  func testAnotherModelsRunSaysSo() throws {
    try write(try read("first.csv"), to: "posts.csv")
    _ = try run(["--input", "posts.csv", "--history", "runs.jsonl"])
    let kept = try read("runs.jsonl")
    let other = try XCTUnwrap(
      kept.replacingOccurrences(
        of: #""model":"fnv:[0-9a-f]{16}""#, with: #""model":"fnv:0000000000000000""#,
        options: .regularExpression) as String?)
    XCTAssertNotEqual(other, kept)
    try write(other, to: "runs.jsonl")
    let next = try run(["--input", "posts.csv", "--history", "runs.jsonl"])
    XCTAssertEqual(next.status, 0, next.stderr)
    XCTAssertEqual(next.stdout.split(separator: "\n").count, 1, next.stdout)
    XCTAssertTrue(
      next.stderr.hasPrefix(
        "Warning: the latest run of posts.csv in runs.jsonl was scored by another model "
          + "(fnv:0000000000000000, now fnv:"), next.stderr)
  }

  /// A history that cannot be written is an error that says what to do,
  /// and prints no score.
  func testAnUnwritableHistoryIsAnError() throws {
    try write(try read("first.csv"), to: "posts.csv")
    let failed = try run(["--input", "posts.csv", "--history", "missing/runs.jsonl"])
    XCTAssertEqual(failed.status, 73, failed.stderr)
    XCTAssertEqual(failed.stdout, "")
    XCTAssertTrue(
      failed.stderr.hasPrefix("Error: --history: cannot append to missing/runs.jsonl: "),
      failed.stderr)
    let input = try run(["--input", "posts.csv", "--history", "posts.csv"])
    XCTAssertEqual(input.status, 73, input.stderr)
    XCTAssertEqual(
      input.stderr,
      "Error: --history posts.csv is the input posts.csv itself; write the history to another "
        + "file\n")
    XCTAssertEqual(try read("posts.csv"), try read("first.csv"), "the input is unchanged")
  }
}

/// `tweetalyze history FILE [QUERY]` end to end: the runs listed as text,
/// CSV and JSON with the numbers the runs printed, the chart, and the
/// errors.
final class HistoryCommandEndToEndTests: XCTestCase {
  /// Two runs of `posts.csv` and one of `other.csv`, then the listings.
  func testListsTheRunsAsTheyWerePrinted() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let happy = (0..<10).map { "\($0),\"what a great day, I love it \($0)\"" }
    let angry = (0..<10).map { "\($0),\"I hate this awful delay \($0)\"" }
    try Data(("id,text\n" + happy.joined(separator: "\n") + "\n").utf8).write(
      to: directory.appendingPathComponent("posts.csv"))
    try Data(("id,text\n" + angry.joined(separator: "\n") + "\n").utf8).write(
      to: directory.appendingPathComponent("other.csv"))
    let run = { (arguments: [String]) in try BinaryRunner.run(arguments, directory: directory) }
    let first = try run(["--input", "posts.csv", "--history", "h.jsonl", "--json"])
    _ = try run(["--input", "other.csv", "--history", "h.jsonl", "-q"])
    _ = try run(["--input", "posts.csv", "--history", "h.jsonl", "-q"])
    let printed = try XCTUnwrap(
      JSONSerialization.jsonObject(with: first.stdoutData) as? [String: Any])
    let score = try XCTUnwrap(printed["score"] as? Int)

    let text = try run(["history", "h.jsonl", "posts.csv"])
    XCTAssertEqual(text.status, 0, text.stderr)
    XCTAssertEqual(text.stderr, "")
    let lines = text.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 2, text.stdout)
    for line in lines {
      XCTAssertNotNil(
        line.range(
          of:
            #"^20\d\d-\d\d-\d\d \d\d:\d\d UTC  \S+ \#(score)  \(.* to .*\)  10 posts  posts\.csv$"#,
          options: .regularExpression), String(line))
    }
    let all = try run(["history", "h.jsonl", "--csv"])
    let rows = all.stdout.split(separator: "\n")
    XCTAssertEqual(rows.count, 4, all.stdout)
    XCTAssertEqual(
      rows[0], "time,query,source,model,posts,positive,neutral,negative,score,low,high")
    XCTAssertTrue(rows[2].contains(",other.csv,input,fnv:"), String(rows[2]))
    let json = try run(["history", "h.jsonl", "posts.csv", "--json"])
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
    XCTAssertEqual(runs.map { $0["score"] as? Int }, [score, score])
    XCTAssertEqual(object["unreadable"] as? Int, 0)

    let chart = try run(["history", "h.jsonl", "posts.csv", "--plot", "h.svg"])
    XCTAssertEqual(chart.status, 0, chart.stderr)
    let svg = try String(contentsOf: directory.appendingPathComponent("h.svg"), encoding: .utf8)
    XCTAssertEqual(svg.components(separatedBy: "<circle class=\"point\"").count - 1, 2)
    XCTAssertTrue(svg.contains("data-score=\"\(score)\""))

    let several = try run(["history", "h.jsonl", "--plot", "x.svg"])
    XCTAssertEqual(several.status, 64, several.stderr)
    XCTAssertTrue(several.stderr.hasPrefix("Error: --plot draws one query's runs"), several.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.svg").path))
    let none = try run(["history", "h.jsonl", "@nobody"])
    XCTAssertEqual(none.status, 3, none.stderr)
    XCTAssertEqual(
      none.stderr, "Error: no runs of @nobody in h.jsonl; 'tweetalyze history h.jsonl' lists all\n")
    let missing = try run(["history", "missing.jsonl"])
    XCTAssertEqual(missing.status, 66, missing.stderr)
    XCTAssertEqual(missing.stdout, "")
  }
}
