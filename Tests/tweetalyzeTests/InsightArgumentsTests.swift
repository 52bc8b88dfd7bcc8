import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

/// Parsing of the options of issue 6: `--mentions [N]`, `explain`,
/// `--version --json`.
final class InsightArgumentsTests: XCTestCase {
  func analyze(_ arguments: [String]) throws -> AnalyzeOptions {
    guard case .analyze(let options) = try CommandLineParser.parse(arguments) else {
      XCTFail("not analyze: \(arguments)")
      throw Requirement.Unmet(reason: "not an analyze command")
    }
    return options
  }

  func testMentionsTakesAnOptionalNumber() throws {
    XCTAssertEqual(try analyze(["@Apple", "--mentions"]).mentions, 10)
    XCTAssertEqual(try analyze(["--mentions", "@Apple"]).mentions, 10)
    XCTAssertEqual(try analyze(["--mentions", "@Apple"]).query, .mention("Apple"))
    XCTAssertEqual(try analyze(["--mentions", "3", "@Apple"]).mentions, 3)
    XCTAssertEqual(try analyze(["@Apple", "--mentions=7", "--trend"]).mentions, 7)
    XCTAssertEqual(try analyze(["#WWDC", "--mentions", "--json"]).json, true)
    XCTAssertNil(try analyze(["@Apple"]).mentions)
    XCTAssertThrowsError(try CommandLineParser.parse(["@Apple", "--mentions", "0"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message, "--mentions takes a whole number from 1 to 1000 (got '0')")
    }
  }

  func testInsightFlags() throws {
    let options = try analyze(["@Apple", "--tweets", "--details", "--trend", "-q"])
    XCTAssertTrue(options.tweets && options.details && options.trend && options.quiet)
  }

  func testExplainAndVersion() throws {
    XCTAssertEqual(
      try CommandLineParser.parse(["explain", "--json", "--model", "m.json", "a", "b"]),
      .explain(ExplainOptions(input: TextInput(texts: ["a", "b"]), model: "m.json", json: true)))
    XCTAssertEqual(try CommandLineParser.parse(["explain", "--help"]), .help(.explain))
    XCTAssertEqual(try CommandLineParser.parse(["help", "explain"]), .help(.explain))
    XCTAssertEqual(try CommandLineParser.parse(["--version", "--json"]), .versionJSON)
    XCTAssertEqual(try CommandLineParser.parse(["--json", "--version"]), .versionJSON)
    XCTAssertThrowsError(try CommandLineParser.parse(["--version", "@Apple"]))
  }
}
