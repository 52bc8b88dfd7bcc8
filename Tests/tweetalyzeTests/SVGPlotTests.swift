import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `--plot` charts: parsed with Foundation's `XMLParser`, their data
/// points checked against the trend and mentions they draw.
final class SVGPlotTests: XCTestCase {
  typealias Parsed = SVGDocument

  func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws -> Parsed {
    try SVGDocument.checked(svg, file: file, line: line)
  }

  /// A trend of posts `days` apart: the i-th day's posts are `labels(i)`.
  func trend(
    days: Int, step: Double = 86_400, unit: Trend.Unit? = .day, labels: (Int) -> [Sentiment]
  ) -> Trend {
    var posts: [(date: Date?, prediction: Prediction)] = []
    for day in 0..<days {
      for label in labels(day) {
        posts.append(
          (
            Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * step),
            Prediction(label: label, probabilities: SoundClassifier.posterior(label))
          ))
      }
    }
    return Trend(posts, unit: unit, estimate: SoundClassifier.estimate)
  }

  /// A mention of `tweets` posts whose labels sum to `sum`.
  func mention(_ kind: MentionCount.Kind, _ name: String, tweets: Int, sum: Int) -> MentionCount {
    let labels = (0..<tweets).map { index -> Sentiment in
      index < abs(sum) ? (sum > 0 ? .positive : .negative) : .neutral
    }
    return MentionCount(
      kind: kind, name: name, tweets: tweets, sentimentSum: sum,
      estimate: SoundClassifier.estimate(
        labels.map { Prediction(label: $0, probabilities: SoundClassifier.posterior($0)) }))
  }

  // MARK: Trend

  func testTrendPointsIntervalsCountsAndFittedLineAreTheTrends() throws {
    // 12 posts a day, 0, 3, 6, 9 of them positive, the rest negative.
    let trend = trend(days: 4) { day in
      Array(repeating: .positive, count: 3 * day)
        + Array(repeating: .negative, count: 12 - 3 * day)
    }
    XCTAssertEqual(trend.verdict, .rising)
    let svg = try parse(SVGPlot.trend(trend, query: "@Acme", method: .adjusted))
    let points = svg.ofClass("point")
    XCTAssertEqual(points.count, 4)
    XCTAssertEqual(
      points.map { $0.attributes["data-scaled"] },
      trend.buckets.map { FixedDecimal.string($0.scaled, decimals: 2) })
    // The score is per 100 posts, as the trend rows print it.
    XCTAssertEqual(
      points.map { $0.attributes["data-score"] },
      trend.buckets.map { String(Int(($0.estimate.value * 100 / 12).rounded())) })
    XCTAssertEqual(points.map { $0.attributes["data-count"] }, ["12", "12", "12", "12"])
    XCTAssertEqual(points.map { $0.attributes["data-used"] }, ["true", "true", "true", "true"])
    XCTAssertEqual(
      points.map { $0.attributes["data-label"] },
      ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"])
    // Higher scores are drawn higher (smaller y), left to right.
    let ys = try points.map { try XCTUnwrap(Double($0.attributes["cy"] ?? "")) }
    let xs = try points.map { try XCTUnwrap(Double($0.attributes["cx"] ?? "")) }
    XCTAssertEqual(ys, ys.sorted(by: >))
    XCTAssertEqual(xs, xs.sorted())
    // Each point has its 90 % interval as a vertical bar through it.
    let intervals = svg.ofClass("interval")
    XCTAssertEqual(intervals.count, 4)
    for (index, (bar, bucket)) in zip(intervals, trend.buckets).enumerated() {
      XCTAssertEqual(
        bar.attributes["data-low"],
        FixedDecimal.string(bucket.scaledInterval.lowerBound, decimals: 2))
      XCTAssertEqual(
        bar.attributes["data-high"],
        FixedDecimal.string(bucket.scaledInterval.upperBound, decimals: 2))
      let low = try XCTUnwrap(Double(bar.attributes["y1"] ?? ""))
      let high = try XCTUnwrap(Double(bar.attributes["y2"] ?? ""))
      XCTAssertGreaterThan(low, high, "the low end is drawn lower")
      XCTAssertTrue((high...low).contains(ys[index]))
      XCTAssertEqual(bar.attributes["x1"], points[index].attributes["cx"])
    }
    // And its number of posts.
    XCTAssertEqual(svg.ofClass("n").map(\.text), ["n=12", "n=12", "n=12", "n=12"])
    let fit = try XCTUnwrap(svg.ofClass("fit").first)
    let slope = try XCTUnwrap(trend.slope)
    XCTAssertEqual(fit.attributes["data-slope"], FixedDecimal.string(slope.perDay, decimals: 4))
    XCTAssertEqual(
      fit.attributes["data-low"], FixedDecimal.string(slope.interval.lowerBound, decimals: 4))
    XCTAssertEqual(
      fit.attributes["data-high"], FixedDecimal.string(slope.interval.upperBound, decimals: 4))
    XCTAssertEqual(
      fit.attributes["data-intercept"], FixedDecimal.string(slope.intercept, decimals: 4))
    let title = try XCTUnwrap(svg.elements.first { $0.name == "title" })
    XCTAssertEqual(title.text, "@Acme: adjusted score per 100 posts per day (UTC), 90 % interval")
    XCTAssertEqual(
      svg.ofClass("verdict").first?.text,
      "trend: rising · - - fitted line: "
        + "\(ReportNumbers.signed(try XCTUnwrap(trend.change).difference, decimals: 0)) per 100, "
        + "first to last, 90 % " + ReportNumbers.range(try XCTUnwrap(trend.change).interval))
    let labels = svg.ofClass("label").map(\.text)
    XCTAssertTrue(labels.contains { $0.hasPrefix("score per 100 posts") }, "\(labels)")
    XCTAssertTrue(labels.contains { $0.hasPrefix("day (UTC)") }, "\(labels)")
    XCTAssertTrue(
      svg.ofClass("legend").first?.text.contains("| its 90 % interval · n: posts in each day")
        ?? false)
  }

  func testEveryBucketIsInTheSlopeAboveTheFloor() throws {
    let used = trend(days: 3) { day in Array(repeating: .positive, count: day == 1 ? 2 : 14) }
    let svg = try parse(SVGPlot.trend(used, query: "#x", method: .adjusted))
    let points = svg.ofClass("point")
    XCTAssertEqual(points.map { $0.attributes["data-used"] }, ["true", "true", "true"])
    XCTAssertEqual(svg.ofClass("n").map(\.text), ["n=14", "n=2", "n=14"])
    XCTAssertEqual(svg.ofClass("fit").count, 1)
    let few = trend(days: 3) { day in Array(repeating: .positive, count: 9) }
    let under = try parse(SVGPlot.trend(few, query: "#x", method: .adjusted))
    XCTAssertEqual(
      under.ofClass("point").map { $0.attributes["data-used"] }, ["false", "false", "false"])
    XCTAssertTrue(under.ofClass("fit").isEmpty, "27 posts: under the floor")
    XCTAssertEqual(
      under.ofClass("verdict").first?.text,
      "trend: too few posts (a slope needs 3 days and 30 posts)")
  }

  /// The width a 12 px label takes, at DejaVu Sans's digit width (0.636
  /// em, its widest common glyphs), and its box.
  func box(_ element: Parsed.Element) throws -> (
    left: Double, right: Double, top: Double, bottom: Double
  ) {
    let x = try XCTUnwrap(Double(element.attributes["x"] ?? ""))
    let y = try XCTUnwrap(Double(element.attributes["y"] ?? ""))
    let size = Double(element.attributes["font-size"] ?? "12") ?? 12
    let width = Double(element.text.count) * size * 0.636
    let left: Double
    switch element.attributes["text-anchor"] {
    case "middle": left = x - width / 2
    case "end": left = x - width
    default: left = x
    }
    return (left, left + width, y - size, y + 3)
  }

  /// Issue 36: no label overlaps another, nor leaves the chart, at any
  /// number of buckets from 2 to 60, by hour, day and week; the first
  /// point is clear of the y axis.
  func testNoLabelOverlapsAnotherFromTwoToSixtyBuckets() throws {
    for (unit, step) in [(Trend.Unit.hour, 3_600.0), (.day, 86_400), (.week, 604_800)] {
      for count in 2...60 {
        let trend = trend(days: count, step: step, unit: unit) { day in
          Array(repeating: day % 2 == 0 ? .positive : .negative, count: 100 + day * 37 % 900)
        }
        let svg = try parse(
          SVGPlot.trend(trend, query: "#a-rather-long-hashtag-name", method: .adjusted))
        let texts = svg.elements.filter { $0.name == "text" && $0.attributes["transform"] == nil }
        let boxes = try texts.map(box)
        for (i, a) in boxes.enumerated() {
          XCTAssertGreaterThanOrEqual(
            a.left, 0, "\(unit) \(count): \(texts[i].text) leaves the chart")
          XCTAssertLessThanOrEqual(a.right, SVGPlot.width, "\(unit) \(count): \(texts[i].text)")
          for j in boxes.indices where j > i {
            let b = boxes[j]
            let apart =
              a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
            XCTAssertTrue(apart, "\(unit) \(count): '\(texts[i].text)' overlaps '\(texts[j].text)'")
          }
        }
        let dates = svg.ofClass("label").filter { $0.text.first?.isNumber ?? false }
        XCTAssertGreaterThanOrEqual(dates.count, 2, "\(unit) \(count): first and last dates")
        XCTAssertEqual(
          dates.last?.text, SVGPlot.axisLabel(trend, trend.buckets[trend.buckets.count - 1]))
        XCTAssertGreaterThanOrEqual(svg.ofClass("n").count, 2, "\(unit) \(count)")
        let first = try XCTUnwrap(Double(svg.ofClass("point").first?.attributes["cx"] ?? ""))
        XCTAssertGreaterThanOrEqual(first, SVGPlot.margin.left + 20, "off the y axis")
      }
    }
  }

  func testZeroOneAndManyBucketsGiveFiniteCoordinates() throws {
    let empty = try parse(
      SVGPlot.trend(
        Trend(
          [
            (
              Date?.none,
              Prediction(label: .positive, probabilities: SoundClassifier.posterior(.positive))
            )
          ],
          estimate: SoundClassifier.estimate),
        query: "#none", method: .em))
    XCTAssertEqual(
      empty.elements.first { $0.name == "title" }?.text,
      "#none: em score per 100 posts per hour (UTC), 90 % interval", "the score line's method")
    XCTAssertEqual(empty.ofClass("point").count, 0)
    XCTAssertEqual(empty.ofClass("empty").first?.text, "no dated posts")
    XCTAssertTrue(empty.ofClass("fit").isEmpty)

    let one = try parse(
      SVGPlot.trend(trend(days: 1) { _ in [.positive] }, query: "#one", method: .adjusted))
    XCTAssertEqual(one.ofClass("point").count, 1)
    XCTAssertEqual(one.ofClass("interval").count, 1)
    XCTAssertTrue(one.ofClass("fit").isEmpty, "no slope, no fitted line")

    let many = trend(days: 10_000) { day in [day % 3 == 0 ? .negative : .positive] }
    XCTAssertEqual(many.unit, .day)
    XCTAssertEqual(many.buckets.count, 10_000)
    let parsed = try parse(SVGPlot.trend(many, query: "#many", method: .adjusted))
    XCTAssertEqual(parsed.ofClass("point").count, 10_000)
    XCTAssertEqual(parsed.ofClass("interval").count, 10_000)
    XCTAssertLessThan(parsed.ofClass("n").count, 100, "no room for every count: in each <title>")
    XCTAssertTrue(
      parsed.elements.contains { $0.name == "title" && $0.text.hasPrefix("2026-01-01: 1 post, ") })
    // Only the date labels that fit under the axis.
    XCTAssertLessThanOrEqual(
      parsed.ofClass("label").filter { $0.text.hasPrefix("20") }.count, 8)
  }

  // MARK: Mentions

  func testMentionBarsCarryTheirCountsEstimatesAndIntervals() throws {
    let users = [
      mention(.user, "bob", tweets: 4, sum: -1), mention(.user, "alice", tweets: 2, sum: 2),
    ]
    let hashtags = [mention(.hashtag, "launch", tweets: 3, sum: 0)]
    let svg = try parse(SVGPlot.mentions((users, hashtags), query: "@Acme", method: .adjusted))
    let bars = svg.ofClass("bar")
    XCTAssertEqual(bars.map { $0.attributes["data-name"] }, ["@bob", "@alice", "#launch"])
    XCTAssertEqual(bars.map { $0.attributes["data-tweets"] }, ["4", "2", "3"])
    XCTAssertEqual(
      bars.map { $0.attributes["data-score"] },
      (users + hashtags).map {
        String(Int(($0.estimate.value * 100 / Double($0.tweets)).rounded()))
      })
    XCTAssertEqual(
      bars.map { $0.attributes["data-value"] },
      (users + hashtags).map { FixedDecimal.string($0.scaled, decimals: 2) })
    let intervals = svg.ofClass("interval")
    XCTAssertEqual(
      intervals.map { $0.attributes["data-low"] },
      (users + hashtags).map { FixedDecimal.string($0.scaledInterval.lowerBound, decimals: 2) })
    XCTAssertEqual(
      intervals.map { $0.attributes["data-high"] },
      (users + hashtags).map { FixedDecimal.string($0.scaledInterval.upperBound, decimals: 2) })
    for bar in intervals {
      let low = try XCTUnwrap(Double(bar.attributes["x1"] ?? ""))
      let high = try XCTUnwrap(Double(bar.attributes["x2"] ?? ""))
      XCTAssertLessThan(low, high)
    }
    XCTAssertTrue(svg.ofClass("label").map(\.text).contains("@bob (n=4)"))
    // A negative bar ends at the zero line, a positive one starts there.
    let zero = try XCTUnwrap(Double(bars[1].attributes["x"] ?? ""))
    let negative = try XCTUnwrap(Double(bars[0].attributes["x"] ?? ""))
    let width = try XCTUnwrap(Double(bars[0].attributes["width"] ?? ""))
    XCTAssertEqual(negative + width, zero, accuracy: 0.01)
    XCTAssertLessThan(negative, zero)
    XCTAssertEqual(
      svg.elements.first { $0.name == "title" }?.text,
      "@Acme, top mentions: adjusted score per 100 posts, 90 % interval")

    let none = try parse(SVGPlot.mentions(([], []), query: "@Acme", method: .adjusted))
    XCTAssertTrue(none.ofClass("bar").isEmpty)
    XCTAssertEqual(
      none.ofClass("empty").first?.text, "no @user or #hashtag is in more than one post")
  }

  func testTextIsEscapedAndControlCharactersCannotBreakTheXML() throws {
    let name = "a<b>&c\"d'e\u{1B}[2J\u{0}\u{FFFE}"
    let users = [mention(.user, name, tweets: 2, sum: 1)]
    let svg = SVGPlot.mentions((users, []), query: "#<x>&", method: .adjusted)
    XCTAssertFalse(svg.contains("\u{1B}"))
    XCTAssertFalse(svg.contains("\u{0}"))
    let parsed = try parse(svg)
    XCTAssertEqual(
      parsed.ofClass("bar").first?.attributes["data-name"], "@a<b>&c\"d'e\\u{1B}[2J\\u{0}\\u{FFFE}")
    XCTAssertEqual(
      parsed.elements.first { $0.name == "title" }?.text,
      "#<x>&, top mentions: adjusted score per 100 posts, 90 % interval")
  }

  // MARK: End to end

}
