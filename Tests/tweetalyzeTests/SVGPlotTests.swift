import Foundation
import SentimentCore
import XCTest

@testable import tweetalyze

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `--plot` charts: parsed with Foundation's `XMLParser`, their data
/// points checked against the trend and mentions they draw.
final class SVGPlotTests: XCTestCase {
  /// What an SVG document holds, as `XMLParser` reads it.
  final class Parsed: NSObject, XMLParserDelegate {
    struct Element {
      var name: String
      var attributes: [String: String]
      var text = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []
    var error: Error?

    init(_ text: String) {
      super.init()
      let parser = XMLParser(data: Data(text.utf8))
      parser.delegate = self
      if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let index = open.last { elements[index].text += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      open.removeLast()
    }

    /// The elements of class `name`.
    func ofClass(_ name: String) -> [Element] {
      elements.filter { $0.attributes["class"] == name }
    }
  }

  /// Parses `svg`, failing on malformed XML, and checks what every chart
  /// has: an `<svg>` root, a `<title>`, and finite numbers in every
  /// coordinate.
  func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws -> Parsed {
    let parsed = Parsed(svg)
    XCTAssertNil(parsed.error, "not well-formed XML", file: file, line: line)
    XCTAssertEqual(parsed.elements.first?.name, "svg", file: file, line: line)
    XCTAssertEqual(parsed.elements.dropFirst().first?.name, "title", file: file, line: line)
    let geometry = ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height"]
    for element in parsed.elements {
      for key in geometry {
        guard let value = element.attributes[key], !value.hasSuffix("%") else { continue }
        let number = try XCTUnwrap(
          Double(value), "\(element.name) \(key)=\(value)", file: file, line: line)
        XCTAssertTrue(number.isFinite, "\(element.name) \(key)=\(value)", file: file, line: line)
      }
      for point in (element.attributes["points"] ?? "").split(whereSeparator: {
        $0 == " " || $0 == ","
      }) {
        XCTAssertNotNil(Double(point).flatMap { $0.isFinite ? $0 : nil }, "points \(point)")
      }
    }
    return parsed
  }

  /// A trend of tweets `days` apart: the i-th day's tweets are `labels(i)`.
  func trend(days: Int, labels: (Int) -> [Sentiment]) -> Trend {
    var tweets: [(date: Date?, label: Sentiment)] = []
    for day in 0..<days {
      for label in labels(day) {
        tweets.append((Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400), label))
      }
    }
    return Trend(tweets)
  }

  // MARK: Trend

  func testTrendPointsAndFittedLineAreTheTrends() throws {
    let trend = trend(days: 4) { day in
      [[.negative, .negative], [.negative, .neutral], [.neutral, .positive], [.positive]][day]
    }
    let svg = try parse(SVGPlot.trend(trend, query: "@Acme"))
    let points = svg.ofClass("point")
    XCTAssertEqual(points.count, 4)
    XCTAssertEqual(
      points.map { $0.attributes["data-mean"] }, ["-1.0000", "-0.5000", "0.5000", "1.0000"])
    XCTAssertEqual(points.map { $0.attributes["data-count"] }, ["2", "2", "2", "1"])
    XCTAssertEqual(
      points.map { $0.attributes["data-label"] },
      ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"])
    // Higher sentiment is drawn higher (smaller y), left to right.
    let ys = try points.map { try XCTUnwrap(Double($0.attributes["cy"] ?? "")) }
    let xs = try points.map { try XCTUnwrap(Double($0.attributes["cx"] ?? "")) }
    XCTAssertEqual(ys, ys.sorted(by: >))
    XCTAssertEqual(xs, xs.sorted())
    let fit = try XCTUnwrap(svg.ofClass("fit").first)
    let slope = try XCTUnwrap(trend.slope)
    XCTAssertEqual(Double(fit.attributes["data-slope"] ?? ""), (slope * 10_000).rounded() / 10_000)
    // The fit passes through the points' mean: intercept = ȳ − slope·x̄.
    let intercept = 0.0 / 4 - slope * 1.5
    XCTAssertEqual(
      Double(fit.attributes["data-intercept"] ?? "") ?? .nan, intercept, accuracy: 1e-4)
    let title = try XCTUnwrap(svg.elements.first { $0.name == "title" })
    XCTAssertEqual(title.text, "tweetalyze: sentiment of @Acme per day (UTC), rising")
    let labels = svg.ofClass("label").map(\.text)
    XCTAssertTrue(labels.contains { $0.hasPrefix("mean sentiment") }, "\(labels)")
    XCTAssertTrue(labels.contains { $0.hasPrefix("day (UTC)") }, "\(labels)")
  }

  func testZeroOneAndManyBucketsGiveFiniteCoordinates() throws {
    let empty = try parse(SVGPlot.trend(Trend([(nil, .positive)]), query: "#none"))
    XCTAssertEqual(empty.ofClass("point").count, 0)
    XCTAssertEqual(empty.ofClass("empty").first?.text, "no dated tweets")
    XCTAssertTrue(empty.ofClass("fit").isEmpty)

    let one = try parse(SVGPlot.trend(trend(days: 1) { _ in [.positive] }, query: "#one"))
    XCTAssertEqual(one.ofClass("point").map { $0.attributes["data-mean"] }, ["1.0000"])
    XCTAssertTrue(one.ofClass("fit").isEmpty, "no slope, no fitted line")

    let many = trend(days: 10_000) { day in [day % 3 == 0 ? .negative : .positive] }
    XCTAssertEqual(many.buckets.count, 10_000)
    let parsed = try parse(SVGPlot.trend(many, query: "#many"))
    XCTAssertEqual(parsed.ofClass("point").count, 10_000)
    XCTAssertEqual(parsed.ofClass("fit").count, 1)
    // At most six date labels under the axis.
    XCTAssertLessThanOrEqual(
      parsed.ofClass("label").filter { $0.text.hasPrefix("20") }.count, 6)
  }

  // MARK: Mentions

  func testMentionBarsCarryTheirCountsAndAverages() throws {
    let users = [
      MentionCount(kind: .user, name: "bob", tweets: 4, sentimentSum: -1),
      MentionCount(kind: .user, name: "alice", tweets: 2, sentimentSum: 2),
    ]
    let hashtags = [MentionCount(kind: .hashtag, name: "launch", tweets: 3, sentimentSum: 0)]
    let svg = try parse(SVGPlot.mentions((users, hashtags), query: "@Acme"))
    let bars = svg.ofClass("bar")
    XCTAssertEqual(bars.map { $0.attributes["data-name"] }, ["@bob", "@alice", "#launch"])
    XCTAssertEqual(bars.map { $0.attributes["data-tweets"] }, ["4", "2", "3"])
    XCTAssertEqual(bars.map { $0.attributes["data-value"] }, ["-0.2500", "1.0000", "0.0000"])
    // A negative bar ends at the zero line, a positive one starts there.
    let zero = try XCTUnwrap(Double(bars[1].attributes["x"] ?? ""))
    let negative = try XCTUnwrap(Double(bars[0].attributes["x"] ?? ""))
    let width = try XCTUnwrap(Double(bars[0].attributes["width"] ?? ""))
    XCTAssertEqual(negative + width, zero, accuracy: 0.01)
    XCTAssertLessThan(negative, zero)

    let none = try parse(SVGPlot.mentions(([], []), query: "@Acme"))
    XCTAssertTrue(none.ofClass("bar").isEmpty)
    XCTAssertEqual(
      none.ofClass("empty").first?.text, "no @user or #hashtag is in more than one tweet")
  }

  func testTextIsEscapedAndControlCharactersCannotBreakTheXML() throws {
    let name = "a<b>&c\"d'e\u{1B}[2J\u{0}\u{FFFE}"
    let users = [MentionCount(kind: .user, name: name, tweets: 2, sentimentSum: 1)]
    let svg = SVGPlot.mentions((users, []), query: "#<x>&")
    XCTAssertFalse(svg.contains("\u{1B}"))
    XCTAssertFalse(svg.contains("\u{0}"))
    let parsed = try parse(svg)
    XCTAssertEqual(
      parsed.ofClass("bar").first?.attributes["data-name"], "@a<b>&c\"d'e\\u{1B}[2J\\u{0}\\u{FFFE}")
    XCTAssertEqual(
      parsed.elements.first { $0.name == "title" }?.text,
      "tweetalyze: average sentiment of the top mentions in tweets for #<x>&")
  }

  // MARK: End to end

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
    XCTAssertEqual(plotted.stderr, "")
    XCTAssertEqual(plotted.stdout, try acme(["--trend"]).stdout)
    let svg = try parse(try String(contentsOfFile: path, encoding: .utf8))
    // The fixture's days, worked out by hand in InsightEndToEndTests.
    XCTAssertEqual(
      svg.ofClass("point").map { $0.attributes["data-mean"] },
      ["-0.6667", "-0.3333", "0.0000", "0.6667"])
    XCTAssertEqual(svg.ofClass("fit").first?.attributes["data-slope"], "0.4333")
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
      ["-0.2500", "0.0000", "-0.3333", "0.0000"])
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
    let directory = try BinaryRunner.temporaryDirectory(for: self)
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
        "Error: --plot draws --trend or --mentions: add one of them, e.g. --trend --plot trend.svg"
      ),
      (
        ["--plot", "x.svg", "--trend", "--mentions"],
        "Error: --plot draws one chart: give --trend or --mentions with it, not both"
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

  func testCSVWithAPlottedTrendPrintsTheRowAndWritesTheChart() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let path = directory.appendingPathComponent("trend.svg").path
    let run = try acme(["--csv", "--trend", "--plot", path])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(try CSVWriterTests.table(run.stdout).count, 1)
    XCTAssertEqual(
      try parse(try String(contentsOfFile: path, encoding: .utf8)).ofClass("point").count, 4)
  }
}
