import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class TrendTests: XCTestCase {
  /// 2026-03-01T00:00:00Z.
  let day0 = Date(timeIntervalSince1970: 1_772_323_200)

  func at(days: Double = 0, hours: Double = 0) -> Date {
    day0.addingTimeInterval(days * 86_400 + hours * 3_600)
  }

  /// A trend of labeled posts, scored under a sound classifier.
  func trend(_ posts: [(Date?, Sentiment)], unit: Trend.Unit? = nil) -> Trend {
    Trend(
      posts.map { ($0.0, Prediction(label: $0.1, probabilities: SoundClassifier.posterior($0.1))) },
      unit: unit,
      estimate: SoundClassifier.estimate)
  }

  /// `count` posts on day `day`: `positive` positive, the rest negative.
  func day(_ day: Double, _ count: Int, positive: Int) -> [(Date?, Sentiment)] {
    (0..<count).map { index in
      (at(days: day, hours: Double(index) / 2), index < positive ? .positive : .negative)
    }
  }

  func testWeightedSlopeOnHandComputedData() throws {
    // Equal σ = 1: the plain least-squares line. x 0 1 2 3, y 1 3 2 5:
    // x̄ 1.5, ȳ 2.75, Σ(x−x̄)(y−ȳ) = 5.5, Σ(x−x̄)² = 5; slope 1.1, intercept
    // 2.75 − 1.1 × 1.5 = 1.1. Residuals −0.1, 0.8, −1.3, 0.6: χ² = 2.7,
    // χ²/(4 − 2) = 1.35 > 1, so the standard error is √(1.35 / 5) =
    // √0.27 and the interval ±1.645 × 0.5196 = ±0.8547.
    let fit = try XCTUnwrap(
      Trend.weightedSlope([(0, 1, 1), (1, 3, 1), (2, 2, 1), (3, 5, 1)]))
    XCTAssertEqual(fit.perDay, 1.1, accuracy: 1e-12)
    XCTAssertEqual(fit.intercept, 1.1, accuracy: 1e-12)
    XCTAssertEqual(
      fit.interval.lowerBound, 1.1 - ScoreEstimate.z * 0.27.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(
      fit.interval.upperBound, 1.1 + ScoreEstimate.z * 0.27.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(fit.points, 4)
    // σ = 10: weights 1/100, Σw(x−x̄)² = 0.05, χ²/2 = 0.0135 < 1: the
    // standard error is √(1 / 0.05) = √20, and the interval holds 0.
    let wide = try XCTUnwrap(
      Trend.weightedSlope([(0, 1, 10), (1, 3, 10), (2, 2, 10), (3, 5, 10)]))
    XCTAssertEqual(wide.perDay, 1.1, accuracy: 1e-12)
    XCTAssertEqual(
      wide.interval.upperBound - wide.perDay, ScoreEstimate.z * 20.squareRoot(), accuracy: 1e-9)
    XCTAssertTrue(wide.interval.contains(0))
    // A point with a wide interval hardly moves the line: 0, 10, 20 with
    // σ 1, and −100 with σ 1000.
    let weighted = try XCTUnwrap(
      Trend.weightedSlope([(0, 0, 1), (1, 10, 1), (2, 20, 1), (3, -100, 1_000)]))
    XCTAssertEqual(weighted.perDay, 10, accuracy: 0.01)
    // A σ of 0 is taken as the floor, not divided by.
    let exact = try XCTUnwrap(Trend.weightedSlope([(0, 0, 0), (1, 1, 0), (2, 2, 0)]))
    XCTAssertEqual(exact.perDay, 1, accuracy: 1e-12)
    XCTAssertEqual(
      exact.interval.upperBound - 1, ScoreEstimate.z * Trend.sigmaFloor / 2.squareRoot(),
      accuracy: 1e-9)
    XCTAssertNil(Trend.weightedSlope([(0, 1, 1)]))
    XCTAssertNil(Trend.weightedSlope([(2, 1, 1), (2, 3, 1)]), "no spread in x")
    XCTAssertNil(Trend.weightedSlope([(0, .nan, 1), (1, 3, 1)]))
  }

  func testEachBucketIsTheHeadlineEstimatorOnItsPosts() throws {
    let posts =
      day(0, 12, positive: 3) + day(1, 4, positive: 4) + day(3, 15, positive: 9)
      + [(nil, .negative)]
    let trend = self.trend(posts, unit: .day)
    XCTAssertEqual(trend.buckets.map(\.position), [0, 1, 3])
    for (bucket, range) in zip(trend.buckets, [0..<12, 12..<16, 16..<31]) {
      let expected = SoundClassifier.estimate(
        posts[range].map { Prediction(label: $0.1, probabilities: SoundClassifier.posterior($0.1)) }
      )
      XCTAssertEqual(bucket.estimate, expected)
      XCTAssertEqual(bucket.count, range.count)
      XCTAssertEqual(bucket.scaled, expected.value * 100 / Double(range.count), accuracy: 1e-12)
      XCTAssertEqual(
        bucket.scaledInterval.lowerBound,
        expected.interval.lowerBound * 100 / Double(range.count), accuracy: 1e-12)
    }
    XCTAssertEqual(trend.slope?.points, 3, "every bucket is a point, the small one too")
    XCTAssertEqual(trend.datedPosts, 31)
    // The labels are still counted.
    XCTAssertEqual(trend.buckets.map(\.score.positive), [3, 4, 9])
  }

  func testRisingWithClearData() throws {
    // 12 posts a day, from 1 positive to 11: the score per 100 climbs by
    // about 45 a day, far beyond each day's interval.
    let trend = self.trend(
      day(0, 12, positive: 1) + day(1, 12, positive: 4) + day(2, 12, positive: 8)
        + day(3, 12, positive: 11), unit: .day)
    XCTAssertEqual(trend.unit, .day)
    let slope = try XCTUnwrap(trend.slope)
    XCTAssertGreaterThan(slope.interval.lowerBound, 0)
    XCTAssertEqual(slope.points, 4)
    XCTAssertEqual(trend.verdict, .rising)
    // The same slope from the buckets' own points.
    let points = trend.buckets.map { bucket in
      (
        Double(bucket.position), bucket.scaled,
        (bucket.scaledInterval.upperBound - bucket.scaledInterval.lowerBound) / 2
          / ScoreEstimate.z
      )
    }
    XCTAssertEqual(try XCTUnwrap(Trend.weightedSlope(points)), slope)
    let falling = self.trend(
      day(0, 12, positive: 11) + day(1, 12, positive: 8) + day(2, 12, positive: 4)
        + day(3, 12, positive: 1))
    XCTAssertEqual(falling.verdict, .falling)
  }

  func testFlatWhenTheSlopesIntervalHoldsZero() throws {
    // Days that swing up and down: a slope, but its interval spans 0.
    let trend = self.trend(
      day(0, 12, positive: 4) + day(1, 12, positive: 9) + day(2, 12, positive: 3)
        + day(3, 12, positive: 8) + day(4, 12, positive: 5))
    let slope = try XCTUnwrap(trend.slope)
    XCTAssertTrue(slope.interval.contains(0), "\(slope)")
    XCTAssertNotEqual(slope.perDay, 0)
    XCTAssertEqual(trend.verdict, .flat)
  }

  func testTooFewPostsUnderTheFloor() {
    // Three days of 9 posts, however steep: 27 posts, under the floor of 30.
    let small = self.trend(day(0, 9, positive: 0) + day(1, 9, positive: 5) + day(2, 9, positive: 9))
    XCTAssertNil(small.slope)
    XCTAssertEqual(small.verdict, .tooFewPosts)
    XCTAssertEqual(small.verdict.rawValue, "too few posts")
    // Two days of 20: too few buckets.
    let two = self.trend(day(0, 20, positive: 0) + day(5, 20, positive: 20), unit: .day)
    XCTAssertEqual(two.buckets.count, 2)
    XCTAssertEqual(two.verdict, .tooFewPosts)
    // Hours holding one post each: every one is a point, each weighing
    // little.
    let hours = self.trend(
      (0..<30).map { (at(hours: Double($0)), $0 < 15 ? .negative : .positive) }, unit: .hour)
    XCTAssertEqual(hours.unit, .hour)
    XCTAssertEqual(hours.buckets.count, 30)
    XCTAssertEqual(hours.slope?.points, 30)
    XCTAssertEqual(hours.verdict, .rising)
    let none = self.trend([(nil, .positive)])
    XCTAssertEqual(none.buckets, [])
    XCTAssertNil(none.slope)
    XCTAssertEqual(none.undated, 1)
    XCTAssertEqual(none.verdict, .tooFewPosts)
  }

  /// Issue 36: 40 posts over five days, 8 a day, from all negative to all
  /// positive, read `rising`: every day is a point, and 40 posts in 5 days
  /// clear the floor.
  func testFortyPostsFromAllNegativeToAllPositiveRise() throws {
    let posts = (0..<5).flatMap { day(Double($0), 8, positive: 2 * $0) }
    let trend = self.trend(posts)
    XCTAssertEqual(trend.unit, .day)
    XCTAssertEqual(trend.buckets.map(\.count), [8, 8, 8, 8, 8])
    XCTAssertEqual(trend.verdict, .rising)
    XCTAssertEqual(trend.slope?.points, 5)
  }

  func testTheUnitIsTheFinestWithAtMostTenRowsOfEnoughPosts() {
    func seconds(hours: [Double]) -> [Int] {
      hours.map { Int(at(hours: $0).timeIntervalSince1970) }
    }
    // 3 hours of 10 posts: hours.
    let threeHours = (0..<3).flatMap { hour in (0..<10).map { Double(hour) + Double($0) / 100 } }
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: threeHours)), .hour)
    // 10 posts each day for 4 days, 2 or 3 an hour, all within 6 hours:
    // 6 hours, the finest whose rows hold 10 posts.
    let days = (0..<4).flatMap { day in (0..<10).map { Double(day * 24) + Double($0) / 4 } }
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: days)), .sixHours)
    // 10 posts a day, one every 2 hours from midnight to 18:00: 12 hours
    // would hold 6 and 4; the day.
    let spread = (0..<4).flatMap { day in (0..<10).map { Double(day * 24 + $0 * 2) } }
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: spread)), .day)
    // 12 hours of 10 posts each, then 11 more hours: 23 hourly rows are too
    // many; 6 hours holds 10 or more in each.
    let hourly = (0..<40).map { Double($0) * 0.6 }
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: hourly)), .sixHours)
    // 10 posts a week, one every 12 hours: weeks.
    let weeks = (0..<4).flatMap { week in (0..<10).map { Double(week * 168 + $0 * 12) } }
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: weeks)), .week)
    // No unit has rows of 10: the coarsest with 3 buckets.
    let sparse = (0..<5).map { Double($0 * 24) }
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: sparse)), .day)
    // Two days only: the coarsest with 2 buckets; one post: hours.
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: [24, 50])), .day)
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: [5])), .hour)
    XCTAssertEqual(Trend.automaticUnit([]), .hour)
    // 12 weeks of 20 posts: every unit gives more than 10 rows; weeks.
    let months = (0..<12).flatMap { week in (0..<20).map { Double(week * 168 + $0) } }
    XCTAssertEqual(Trend.automaticUnit(seconds(hours: months)), .week)
  }

  func testWeeksStartOnMondayAndAUnitCanBeAsked() throws {
    // 2026-03-01 is a Sunday: its week starts on Monday 2026-02-23.
    let posts = day(0, 3, positive: 1) + day(1, 3, positive: 2) + day(8, 3, positive: 3)
    let weeks = trend(posts, unit: .week)
    XCTAssertEqual(weeks.unit, .week)
    XCTAssertEqual(
      weeks.buckets.map { weeks.label(of: $0) }, ["2026-02-23", "2026-03-02", "2026-03-09"])
    XCTAssertEqual(weeks.buckets.map(\.count), [3, 3, 3])
    XCTAssertEqual(weeks.buckets.map(\.position), [0, 1, 2])
    let hours = trend(posts, unit: .hour)
    XCTAssertEqual(hours.unit, .hour)
    XCTAssertEqual(hours.buckets.count, 6)
  }

  func testHourlyBucketsUnderTwoDaysAndSlopePerDay() throws {
    // Span 3 h: by hour; the slope's x is in days.
    let labels: [Sentiment] = [.negative, .neutral, .positive]
    var posts: [(Date?, Sentiment)] = []
    for (hour, label) in zip([10.0, 11, 13], labels) {
      posts += (0..<10).map { (at(hours: hour + Double($0) / 100), label) }
    }
    let trend = self.trend(posts)
    XCTAssertEqual(trend.unit, .hour)
    XCTAssertEqual(
      trend.buckets.map { trend.label(of: $0) },
      ["2026-03-01T10:00Z", "2026-03-01T11:00Z", "2026-03-01T13:00Z"])
    XCTAssertEqual(trend.verdict, .rising)
    let points = trend.buckets.map { bucket in
      (
        Double(bucket.position) / 24, bucket.scaled,
        (bucket.scaledInterval.upperBound - bucket.scaledInterval.lowerBound) / 2
          / ScoreEstimate.z
      )
    }
    XCTAssertEqual(try XCTUnwrap(trend.slope), Trend.weightedSlope(points))
  }

  func testDatesItCannotPlaceCountAsUndated() throws {
    // Found by the `svg` fuzz target: any of these trapped converting the
    // seconds to Int (or subtracting the earliest from the latest).
    let outside: [Double] = [
      .nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, Trend.dateLimit.nextUp,
      -Trend.dateLimit.nextUp,
    ]
    for seconds in outside {
      let trend = self.trend([
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
    let trend = self.trend([(first, .positive), (last, .negative)], unit: .day)
    XCTAssertEqual(trend.undated, 0)
    XCTAssertEqual(trend.unit, .day)
    XCTAssertEqual(
      trend.buckets.map { trend.label(of: $0) }, ["0000-12-31", "10000-01-0"])
    XCTAssertEqual(trend.buckets.last?.position, 3_652_060)
  }

  /// Posts a century apart, from all negative to all positive: a slope
  /// whose interval lies above 0 but under 0.005 a day printed `rising,
  /// slope 0.00 per day (0.00 to 0.00)`. A bound within
  /// ``Trend/smallestSlope`` of 0 counts as 0: the verdict is flat.
  func testASlopeThatPrintsAsZeroIsFlat() throws {
    let century = 36_524.0
    let posts = (0..<3).flatMap { cluster in
      (0..<12).map { index -> (Date?, Sentiment) in
        let positive = index < [0, 6, 12][cluster]
        return (
          at(days: -century * Double(2 - cluster), hours: Double(index) / 60),
          positive ? .positive : .negative
        )
      }
    }
    let trend = self.trend(posts)
    let slope = try XCTUnwrap(trend.slope)
    XCTAssertGreaterThan(slope.interval.lowerBound, 0, "above 0, as the verdict read it")
    XCTAssertLessThan(slope.interval.upperBound, Trend.smallestSlope, "\(slope)")
    XCTAssertEqual(trend.verdict, .flat)
    let falling = self.trend(posts.map { ($0.0, $0.1 == .positive ? .negative : .positive) })
    XCTAssertLessThan(try XCTUnwrap(falling.slope).interval.upperBound, 0)
    XCTAssertEqual(falling.verdict, .flat)
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
