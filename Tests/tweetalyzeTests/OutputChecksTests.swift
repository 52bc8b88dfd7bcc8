import XCTest

@testable import tweetalyze

/// The rules between `--json`, `--csv` and `--plot`, at the parser.
final class OutputChecksTests: XCTestCase {
  func parse(_ arguments: [String]) throws(UsageError) -> Command {
    try CommandLineParser.parse(arguments)
  }

  func refusal(_ arguments: [String]) -> String? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  func testFormatsAndChartsThatGoTogether() throws {
    guard case .analyze(let csv) = try parse(["@Apple", "--csv", "--tweets"]) else {
      return XCTFail("not analyze")
    }
    XCTAssertTrue(csv.csv)
    XCTAssertTrue(csv.tweets)
    guard case .analyze(let plotted) = try parse(["@Apple", "--trend", "--plot", "t.svg", "--csv"])
    else { return XCTFail("not analyze") }
    XCTAssertEqual(plotted.plot, "t.svg")
    XCTAssertTrue(plotted.trend && plotted.csv)
    guard case .analyze(let mentions) = try parse(["@Apple", "--plot=m.svg", "--mentions", "3"])
    else { return XCTFail("not analyze") }
    XCTAssertEqual(mentions.mentions, 3)
    XCTAssertEqual(mentions.plot, "m.svg")
    guard case .classify(let classify) = try parse(["classify", "--csv", "a", "b"]) else {
      return XCTFail("not classify")
    }
    XCTAssertTrue(classify.csv)
    XCTAssertEqual(classify.input.texts, ["a", "b"])
    guard case .eval(let eval) = try parse(["eval", "d.csv", "--csv", "-q"]) else {
      return XCTFail("not eval")
    }
    XCTAssertTrue(eval.csv && eval.quiet)
    XCTAssertEqual(try parse(["help", "--man"]), .manPage)
    XCTAssertEqual(try parse(["completions", "fish"]), .completions(.fish))
    XCTAssertEqual(try parse(["completions", "--help"]), .help(.completions))
  }

  func testRefusals() {
    let both = "Give --csv or --json, not both"
    XCTAssertEqual(refusal(["@Apple", "--json", "--csv"]), both)
    XCTAssertEqual(refusal(["classify", "--csv", "--json"]), both)
    XCTAssertEqual(refusal(["eval", "--json", "--csv"]), both)
    XCTAssertEqual(
      refusal(["@Apple", "--plot", "x.svg"]),
      "--plot draws --trend, --mentions or --why: add one of them, e.g. --trend --plot trend.svg")
    XCTAssertEqual(
      refusal(["@Apple", "--plot", "x.svg", "--trend", "--mentions"]),
      "--plot draws one chart: give one of --trend, --mentions and --why with it")
    XCTAssertNil(refusal(["@Apple", "--csv", "--mentions"]), "a table of names")
    XCTAssertNil(refusal(["@Apple", "--csv", "--trend"]), "a table of days")
    XCTAssertEqual(
      refusal(["@Apple", "--csv", "--mentions", "--trend"]),
      "--csv prints one table: give one of --tweets, --trend, --mentions and --why with it (or "
        + "--json for several)")
    XCTAssertNil(refusal(["@Apple", "--csv", "--why"]), "a table of terms")
    XCTAssertNil(refusal(["@Apple", "--plot", "w.svg", "--why", "3"]), "a chart of terms")
    XCTAssertNil(
      refusal(["@Apple", "--csv", "--tweets", "--trend", "--plot", "x.svg"]),
      "the tweets' table and the trend's chart")
    XCTAssertEqual(refusal(["@Apple", "--plot"]), "Missing value for '--plot FILE.svg'")
    XCTAssertEqual(
      refusal(["classify", "--csv", "--archive"]),
      "--csv prints texts' labels; --archive prints JSON objects")
    // Issue 45 §4: CSV in, CSV out.
    XCTAssertNil(refusal(["classify", "--csv", "--csv-column", "text"]))
    XCTAssertEqual(
      refusal(["@Apple", "#WWDC", "--trend", "--plot", "t.svg"]),
      "--plot draws the chart of one query: give one query with it")
    XCTAssertEqual(
      refusal(["@Apple", "--trend", "--plot", "-"]),
      "--plot takes a file name: on stdout the chart would mix with the score; "
        + "e.g. --plot trend.svg")
    XCTAssertEqual(refusal(["help", "--man", "x"]), "Unexpected argument 'x' with --man")
    XCTAssertEqual(
      refusal(["completions", "powershell"]),
      "Unsupported shell 'powershell'; supported: bash, zsh, fish")
    XCTAssertEqual(
      refusal(["completions", "bash", "zsh"]), "Unexpected argument 'zsh'; give one shell")
  }
}
