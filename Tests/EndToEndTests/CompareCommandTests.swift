import Foundation
import TestSupport
import XCTest

/// `tweetalyze compare` end to end: sets from files and from recorded
/// responses, the text, JSON and CSV forms, and the usage errors.
final class CompareCommandTests: XCTestCase {
  var directory: URL!

  /// Ten happy posts about flights, ten angry ones in much the same words,
  /// and ten happy posts about phones.
  override func setUpWithError() throws {
    directory = try BinaryRunner.temporaryDirectory(for: self)
    let happy = (1...10).map { "this flight was great, the crew was kind and I love the day \($0)" }
    let angry = (1...10).map {
      "this flight was awful, the crew was rude and I hate the delay \($0)"
    }
    let phones = (1...10).map { "my new phone: I love its great screen, great battery \($0)" }
    for (name, texts) in [("happy.csv", happy), ("angry.csv", angry), ("phones.csv", phones)] {
      let rows = texts.enumerated().map { "\($0),\"\($1)\"" }
      try Data(("id,text\n" + rows.joined(separator: "\n") + "\n").utf8).write(
        to: directory.appendingPathComponent(name))
    }
  }

  func run(_ arguments: [String]) throws -> BinaryRun {
    let run = try BinaryRunner.run(arguments, directory: directory)
    XCTAssertFalse(run.timedOut, "\(arguments)")
    return run
  }

  /// Each set's score line with its posts, then the second against the
  /// first in words; the JSON's numbers are the ones the text prints.
  func testTwoFilesInTextAndJSON() throws {
    let text = try run(["compare", "--input", "angry.csv", "--input", "happy.csv"])
    XCTAssertEqual(text.status, 0, text.stderr)
    XCTAssertEqual(text.stderr, "")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, text.stdout)
    XCTAssertTrue(lines[0].contains("angry.csv") && lines[0].hasSuffix("(10 posts)"), lines[0])
    XCTAssertTrue(lines[1].contains("happy.csv") && lines[1].hasSuffix("(10 posts)"), lines[1])
    let json = try run(["compare", "--input", "angry.csv", "--input", "happy.csv", "--json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let sets = try XCTUnwrap(object["sets"] as? [[String: Any]])
    XCTAssertEqual(sets.map { $0["query"] as? String }, ["angry.csv", "happy.csv"])
    let scores = try sets.map { try XCTUnwrap($0["score"] as? Int) }
    let difference = try XCTUnwrap(object["difference"] as? Int)
    XCTAssertEqual(difference, scores[1] - scores[0], "the difference of the printed scores")
    XCTAssertGreaterThan(difference, 50)
    let interval = try XCTUnwrap(object["interval"] as? [Double])
    XCTAssertEqual(interval.count, 2)
    XCTAssertGreaterThan(interval[0], 0)
    XCTAssertEqual(object["verdict"] as? String, "higher")
    XCTAssertEqual(
      lines[2],
      "happy.csv reads happier than angry.csv: +\(difference) per 100 (90 %: "
        + "+\(Int(interval[0].rounded())) to +\(Int(interval[1].rounded())))")
    XCTAssertNil(object["comparisons"], "two sets: one comparison, at the top level")
  }

  /// Three sets: each later one against the first, in a `comparisons`
  /// array and a CSV row each; sets with other words get a wider interval.
  func testThreeSetsInJSONAndCSV() throws {
    let arguments = [
      "compare", "--input", "happy.csv", "--input", "angry.csv", "--input",
      "phones.csv",
    ]
    let json = try run(arguments + ["--json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
    let comparisons = try XCTUnwrap(object["comparisons"] as? [[String: Any]])
    XCTAssertEqual(comparisons.map { $0["second"] as? String }, ["angry.csv", "phones.csv"])
    XCTAssertEqual(comparisons.map { $0["first"] as? String }, ["happy.csv", "happy.csv"])
    XCTAssertEqual(comparisons[0]["verdict"] as? String, "lower")
    let likeness = try comparisons.map { try XCTUnwrap($0["likeness"] as? Double) }
    XCTAssertGreaterThan(likeness[0], likeness[1], "flights are more like flights than phones")
    let csv = try run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    let rows = csv.stdout.split(separator: "\n")
    XCTAssertEqual(rows.count, 3, csv.stdout)
    XCTAssertTrue(rows[0].hasPrefix("first,second,first_score,second_score,difference,"))
    XCTAssertTrue(rows[1].hasPrefix("happy.csv,angry.csv,"), String(rows[1]))
    XCTAssertTrue(rows[1].contains(",lower,"), String(rows[1]))
  }

  /// Queries replayed from recorded responses, as the main command reads
  /// them.
  func testQueriesFromFixtures() throws {
    let fixtures = BinaryRunner.packageRoot.appendingPathComponent("Fixtures/tweets").path
    let result = try run(["compare", "@Apple", "@Apple", "--fixtures", fixtures, "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    XCTAssertEqual(object["difference"] as? Int, 0)
    XCTAssertEqual(object["verdict"] as? String, "unclear", "the same posts: no difference")
    XCTAssertEqual(object["likeness"] as? Double, 1)
  }

  /// Fewer than two sets, or queries with files: exit 64 with what to do.
  func testUsageErrors() throws {
    for (arguments, message) in [
      (["compare", "--input", "happy.csv"], "Give two or more sets to compare"),
      (["compare", "@united"], "Give two or more sets to compare"),
      (["compare", "@united", "--input", "happy.csv"], "Give queries or --input files, not both"),
      (
        ["compare", "--input", "a.csv", "--input", "b.csv", "--json", "--csv"],
        "Give --csv or --json, not both"
      ),
    ] {
      let result = try run(arguments)
      XCTAssertEqual(result.status, 64, "\(arguments)")
      XCTAssertTrue(result.stderr.hasPrefix("Error: \(message)"), result.stderr)
      XCTAssertEqual(result.stdout, "")
    }
    let missing = try run(["compare", "--input", "happy.csv", "--input", "nope.csv"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.stderr.hasPrefix("Error: "), missing.stderr)
    XCTAssertEqual(missing.stdout, "", "no half answer")
  }
}
