import Foundation
import SentimentCore
import XCTest

final class TrendTests: XCTestCase {
  /// 2026-03-01T00:00:00Z.
  let day0 = Date(timeIntervalSince1970: 1_772_323_200)

  func at(days: Double = 0, hours: Double = 0) -> Date {
    day0.addingTimeInterval(days * 86_400 + hours * 3_600)
  }

  func testLeastSquaresSlopeOnHandComputedData() throws {
    // x 0 1 2 3, y 1 3 2 5: x̄ 1.5, ȳ 2.75; Σ(x−x̄)(y−ȳ) = (-1.5)(-1.75)
    // + (-0.5)(0.25) + (0.5)(-0.75) + (1.5)(2.25) = 2.625 - 0.125 - 0.375
    // + 3.375 = 5.5; Σ(x−x̄)² = 5; slope 1.1.
    let slope = try XCTUnwrap(
      Trend.leastSquaresSlope([(0, 1), (1, 3), (2, 2), (3, 5)]))
    XCTAssertEqual(slope, 1.1, accuracy: 1e-12)
    XCTAssertNil(Trend.leastSquaresSlope([(0, 1)]))
    XCTAssertNil(Trend.leastSquaresSlope([(2, 1), (2, 3)]), "no spread in x")
  }

  func testDailyBucketsSlopeAndVerdict() throws {
    // Means per day: -1 (2 negative), 0 (1 positive, 1 negative), +1, and a
    // gap on day 2 (position 3 for the last day). Points (0,-1) (1,0) (3,1):
    // x̄ 4/3, ȳ 0; Σ(x−x̄)y = (-4/3)(-1) + (5/3)(1) = 3; Σ(x−x̄)² = 16/9 + 1/9
    // + 25/9 = 42/9; slope 27/42 = 0.642857…
    let trend = Trend([
      (at(days: 0, hours: 1), .negative), (at(days: 0, hours: 23), .negative),
      (at(days: 1, hours: 5), .positive), (at(days: 1, hours: 6), .negative),
      (at(days: 3, hours: 12), .positive), (nil, .negative), (nil, .positive),
    ])
    XCTAssertEqual(trend.unit, .day)
    XCTAssertEqual(trend.undated, 2)
    XCTAssertEqual(trend.buckets.map(\.position), [0, 1, 3])
    XCTAssertEqual(trend.buckets.map(\.mean), [-1, 0, 1])
    XCTAssertEqual(
      trend.buckets.map { trend.label(of: $0) }, ["2026-03-01", "2026-03-02", "2026-03-04"])
    XCTAssertEqual(try XCTUnwrap(trend.slope), 27.0 / 42.0, accuracy: 1e-12)
    XCTAssertEqual(trend.verdict, .rising)
  }

  func testHourlyBucketsUnderTwoDays() {
    // Span 3 h: by hour. Means +1, 0, -1 at positions 0, 1, 3: slope
    // points (0,1) (1,0) (3,-1) → -27/42, falling.
    let trend = Trend([
      (at(hours: 10.25), .positive), (at(hours: 11.5), .neutral),
      (at(hours: 13.9), .negative),
    ])
    XCTAssertEqual(trend.unit, .hour)
    XCTAssertEqual(
      trend.buckets.map { trend.label(of: $0) },
      [
        "2026-03-01T10:00Z", "2026-03-01T11:00Z", "2026-03-01T13:00Z",
      ])
    XCTAssertEqual(trend.verdict, .falling)
  }

  func testDatesItCannotPlaceCountAsUndated() throws {
    // Found by the `svg` fuzz target: any of these trapped converting the
    // seconds to Int (or subtracting the earliest from the latest).
    let outside: [Double] = [
      .nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, Trend.dateLimit.nextUp,
      -Trend.dateLimit.nextUp,
    ]
    for seconds in outside {
      let trend = Trend([
        (Date(timeIntervalSince1970: seconds), .negative), (at(hours: 1), .positive),
      ])
      XCTAssertEqual(trend.undated, 1, "\(seconds)")
      XCTAssertEqual(trend.buckets.map(\.position), [0], "\(seconds)")
      XCTAssertEqual(trend.buckets.map { trend.label(of: $0) }, ["2026-03-01T01:00Z"])
    }
    // The earliest and latest dates a tweet can carry (years 1 and 9999,
    // with any UTC offset) are well inside the limit.
    let first = Date(timeIntervalSince1970: -62_135_596_800 - 86_400)
    let last = Date(timeIntervalSince1970: 253_402_300_799 + 86_400)
    let trend = Trend([(first, .positive), (last, .negative)])
    XCTAssertEqual(trend.undated, 0)
    XCTAssertEqual(trend.unit, .day)
    XCTAssertEqual(
      trend.buckets.map { trend.label(of: $0) }, ["0000-12-31", "10000-01-0"])
    XCTAssertEqual(trend.buckets.last?.position, 3_652_060)
  }

  func testFlatBelowThresholdOrWithFewBuckets() {
    // Two buckets are never a trend, however steep.
    let two = Trend([(at(days: 0), .negative), (at(days: 5), .positive)])
    XCTAssertEqual(two.slope, 2.0 / 5.0)
    XCTAssertEqual(two.verdict, .flat)
    // Means 0, 0, 0: slope 0.
    let level = Trend([
      (at(days: 0), .neutral), (at(days: 1), .positive), (at(days: 1), .negative),
      (at(days: 2), .neutral),
    ])
    XCTAssertEqual(level.slope, 0)
    XCTAssertEqual(level.verdict, .flat)
    let none = Trend([(Date?.none, Sentiment.positive)])
    XCTAssertEqual(none.buckets, [])
    XCTAssertNil(none.slope)
    XCTAssertEqual(none.undated, 1)
  }

  func testISO8601() {
    XCTAssertEqual(ISO8601.string(day0), "2026-03-01T00:00:00Z")
    XCTAssertEqual(
      ISO8601.string(Date(timeIntervalSince1970: 951_782_400 + 86_399.9)), "2000-02-29T23:59:59Z")
    XCTAssertEqual(ISO8601.string(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
    XCTAssertEqual(
      TweetDate.parseISO8601(ISO8601.string(Date(timeIntervalSince1970: 1_700_000_000))),
      Date(timeIntervalSince1970: 1_700_000_000))
  }
}
