import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

#if canImport(FoundationXML)
  import FoundationXML
#endif

final class SVGPlotEndToEndTests: XCTestCase {
  static let context = QuantificationContext(
    trainingPrevalence: [0.2, 0.6, 0.2],
    rates: [[0.7, 0.25, 0.05], [0.1, 0.8, 0.1], [0.05, 0.25, 0.7]])
  typealias Parsed = SVGDocument

  func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws -> Parsed {
    try SVGDocument.checked(svg, file: file, line: line)
  }

  /// The insight fixture and its tiny model (see ``InsightEndToEndTests``).
  func acme(_ options: [String]) throws -> BinaryRun {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let model = directory.appendingPathComponent("insight.json").path
    let train = try BinaryRunner.run(["train", "Fixtures/train/insight.csv", "--out", model])
    XCTAssertEqual(train.status, 0, train.stderr)
    return try BinaryRunner.run(
      ["@Acme", "--fixtures", "Fixtures/tweets/insight", "--model", model] + options)
  }

  func testTrendPlotIsWrittenBesideTheUnchangedOutput() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let path = directory.appendingPathComponent("trend.svg").path
    let plotted = try acme(["--trend", "--plot", path])
    XCTAssertEqual(plotted.status, 0, plotted.stderr)
    // Issue 45 §4: the file written is said last, as `train` says it.
    XCTAssertEqual(plotted.stderr, InsightEndToEndTests.note + "Wrote \(path).\n")
    XCTAssertEqual(plotted.stdout, try acme(["--trend"]).stdout)
    let quiet = try acme(["--trend", "--plot", path, "-q"])
    XCTAssertEqual(quiet.stderr, "", "-q: errors only")
    let svg = try parse(try String(contentsOfFile: path, encoding: .utf8))
    // The fixture's days (see InsightEndToEndTests): 3 posts each, too few
    // for a slope.
    XCTAssertEqual(
      svg.ofClass("point").map { $0.attributes["data-scaled"] },
      ["-66.67", "-33.33", "0.00", "66.67"])
    XCTAssertEqual(svg.ofClass("n").map(\.text), ["n=3", "n=3", "n=3", "n=3"])
    XCTAssertEqual(svg.ofClass("interval").count, 4)
    XCTAssertTrue(svg.ofClass("fit").isEmpty)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path), ["trend.svg"],
      "no temporary file left")
  }

  func testMentionsPlot() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let path = directory.appendingPathComponent("mentions.svg").path
    let run = try acme(["--mentions", "2", "--plot", path])
    XCTAssertEqual(run.status, 0, run.stderr)
    let svg = try parse(try String(contentsOfFile: path, encoding: .utf8))
    XCTAssertEqual(
      svg.ofClass("bar").map { $0.attributes["data-name"] ?? "" },
      ["@bob", "@alice", "#launch", "#beta"])
    XCTAssertEqual(
      svg.ofClass("bar").map { $0.attributes["data-value"] ?? "" },
      ["-25.00", "0.00", "-33.33", "0.00"])
    XCTAssertEqual(svg.ofClass("interval").count, 4)
  }

  func testAPathInAMissingDirectoryIsACleanErrorBeforeAnyOutput() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let path = directory.appendingPathComponent("missing/trend.svg").path
    let run = try acme(["--trend", "--plot", path])
    XCTAssertEqual(run.status, 73)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderrLines,
      [
        "Error: cannot write the chart \(path): no directory "
          + "\(directory.appendingPathComponent("missing").path); give --plot a file in a "
          + "directory that exists"
      ])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
  }

  func testADirectoryIsRefusedWithItsOwnHint() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self).appendingPathComponent("c.svg")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let run = try acme(["--mentions", "--plot", directory.path])
    XCTAssertEqual(run.status, 73)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderrLines,
      [
        "Error: cannot write the chart \(directory.path): it is a directory; give a file name "
          + "such as \(directory.path)/chart.svg"
      ])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
  }

  func testPlotNeedsExactlyOneOfTrendAndMentions() throws {
    for (options, message) in [
      (
        ["--plot", "x.svg"],
        "Error: --plot draws --trend, --mentions or --why: add one of them, e.g. --trend --plot trend.svg"
      ),
      (
        ["--plot", "x.svg", "--trend", "--mentions"],
        "Error: --plot draws one chart: give one of --trend, --mentions and --why with it"
      ),
    ] {
      let run = try BinaryRunner.run(["@Apple", "--fixtures", "Fixtures/tweets"] + options)
      XCTAssertEqual(run.status, 64, "\(options)")
      XCTAssertEqual(run.stdout, "")
      XCTAssertEqual(run.stderrLines.first.map(String.init), message)
    }
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: BinaryRunner.packageRoot.appendingPathComponent("x.svg").path))
  }

  func testCSVWithAPlottedTrendPrintsTheTrendTableAndWritesTheChart() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let path = directory.appendingPathComponent("trend.svg").path
    let run = try acme(["--csv", "--trend", "--plot", path])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(try CSVText.table(run.stdout).map { $0["start"] ?? "" }.count, 4)
    XCTAssertEqual(
      try parse(try String(contentsOfFile: path, encoding: .utf8)).ofClass("point").count, 4)
  }
}

extension SVGPlotEndToEndTests {
  /// Posts without dates have no trend: `--trend --plot` writes no empty
  /// chart and exits 3 (no posts to draw) with what to do, and `--trend`
  /// alone says "no dates".
  func testUndatedPostsDrawNoChart() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let posts = directory.appendingPathComponent("posts.txt")
    try Data("I love it\nI hate it\nit is fine\n".utf8).write(to: posts)
    let path = directory.appendingPathComponent("trend.svg").path
    let plotted = try BinaryRunner.run(["--input", posts.path, "--trend", "--plot", path])
    XCTAssertEqual(plotted.status, 3, plotted.stderr)
    XCTAssertEqual(plotted.stdout, "")
    XCTAssertTrue(
      plotted.stderr.hasPrefix("Error: --plot: none of the 3 posts has a date"), plotted.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no chart written")
    let text = try BinaryRunner.run(["--input", posts.path, "--trend", "-q"])
    XCTAssertEqual(text.status, 0, text.stderr)
    XCTAssertTrue(text.stdout.contains("\ntrend: no dates (3 posts undated)"), text.stdout)
  }
}
