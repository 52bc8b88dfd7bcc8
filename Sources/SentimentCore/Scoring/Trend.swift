import Foundation

/// How sentiment changed over time among analyzed tweets: tweets bucketed by
/// UTC day (or by UTC hour when they span less than two days), the score of
/// each bucket, and a least-squares slope with a one-word verdict.
///
/// The slope is the least-squares fit of each non-empty bucket's **mean
/// sentiment** (score ÷ tweets, from -1 to 1) against the bucket's position
/// (0 for the first bucket, 1 for the next day or hour, …; empty buckets in
/// between keep their place but are not points). The verdict is `rising`
/// when the slope is at least 0.02 per bucket, `falling` when it is at most
/// -0.02, else `flat`; with fewer than 3 buckets it is always `flat`.
///
/// ```swift
/// let trend = Trend(tweets.map { ($0.createdAt, label(of: $0)) })
/// trend.verdict   // .rising
/// ```
package struct Trend: Equatable, Sendable {
  /// The bucket size.
  package enum Unit: String, Sendable {
    /// One UTC hour.
    case hour
    /// One UTC day.
    case day

    /// The bucket's length in seconds.
    package var seconds: Int { self == .hour ? 3_600 : 86_400 }
  }

  /// The one-word summary of the slope.
  package enum Verdict: String, Sendable {
    /// Mean sentiment goes up by at least ``Trend/threshold`` per bucket.
    case rising
    /// Mean sentiment goes down by at least ``Trend/threshold`` per bucket.
    case falling
    /// Neither, or fewer than ``Trend/minimumBuckets`` buckets.
    case flat
  }

  /// The tweets of one day or hour.
  package struct Bucket: Equatable, Sendable {
    /// The bucket's start (UTC, on the hour or at midnight).
    package var start: Date
    /// The bucket's position: whole days or hours since the first bucket.
    package var position: Int
    /// The class counts of its tweets.
    package var score: SentimentScore

    /// The mean sentiment of its tweets, from -1 to 1.
    package var mean: Double { Double(score.value) / Double(max(score.count, 1)) }
  }

  /// The smallest slope, in mean sentiment per bucket, that is not `flat`.
  package static let threshold = 0.02
  /// The fewest buckets with a verdict other than `flat`.
  package static let minimumBuckets = 3
  /// Tweets that span less than this many seconds are bucketed by hour.
  package static let hourlySpan: TimeInterval = 2 * 86_400

  /// The farthest a date may lie from 1970, in seconds, to be bucketed
  /// (about 31,700 years; tweets' dates lie within years 1 to 9999): a
  /// date farther away, or not finite, counts as undated.
  package static let dateLimit: TimeInterval = 1e12

  /// The bucket size used.
  package var unit: Unit
  /// The non-empty buckets, oldest first.
  package var buckets: [Bucket]
  /// Tweets without a date (or with one past ``dateLimit``), counted in no
  /// bucket.
  package var undated: Int
  /// The least-squares slope of the buckets' mean sentiment per bucket, or
  /// `nil` with fewer than two buckets.
  package var slope: Double?

  /// Buckets labeled tweets by their dates.
  package init(_ tweets: some Sequence<(date: Date?, label: Sentiment)>) {
    var dated: [(seconds: Int, label: Sentiment)] = []
    var undated = 0
    for tweet in tweets {
      // A date past the limit (or NaN) would overflow the seconds below.
      guard let seconds = tweet.date?.timeIntervalSince1970, abs(seconds) <= Self.dateLimit
      else {
        undated += 1
        continue
      }
      dated.append((Int(seconds.rounded(.down)), tweet.label))
    }
    self.undated = undated
    let low = dated.map(\.seconds).min() ?? 0
    let high = dated.map(\.seconds).max() ?? 0
    unit = Double(high - low) < Self.hourlySpan ? .hour : .day
    let size = unit.seconds
    let floor = { (seconds: Int) in
      let remainder = seconds % size
      return seconds - (remainder < 0 ? remainder + size : remainder)
    }
    var scores: [Int: SentimentScore] = [:]
    for tweet in dated { scores[floor(tweet.seconds), default: SentimentScore()].add(tweet.label) }
    let first = floor(low)
    buckets = scores.keys.sorted().compactMap { start in
      guard let score = scores[start] else { return nil }
      return Bucket(
        start: Date(timeIntervalSince1970: Double(start)), position: (start - first) / size,
        score: score)
    }
    slope = Self.leastSquaresSlope(buckets.map { (Double($0.position), $0.mean) })
  }

  /// The verdict for the slope: see ``Trend``.
  package var verdict: Verdict {
    guard buckets.count >= Self.minimumBuckets, let slope else { return .flat }
    if slope >= Self.threshold { return .rising }
    if slope <= -Self.threshold { return .falling }
    return .flat
  }

  /// The slope of the least-squares line through the points,
  /// Σ(x−x̄)(y−ȳ) / Σ(x−x̄)², or `nil` with fewer than two distinct x.
  package static func leastSquaresSlope(_ points: [(x: Double, y: Double)]) -> Double? {
    guard points.count >= 2 else { return nil }
    let n = Double(points.count)
    let meanX = points.reduce(0) { $0 + $1.x } / n
    let meanY = points.reduce(0) { $0 + $1.y } / n
    var covariance = 0.0
    var variance = 0.0
    for point in points {
      covariance += (point.x - meanX) * (point.y - meanY)
      variance += (point.x - meanX) * (point.x - meanX)
    }
    guard variance > 0 else { return nil }
    return covariance / variance
  }

  /// A bucket's start as ISO 8601 UTC: `2026-11-20` by day,
  /// `2026-11-20T13:00Z` by hour.
  package func label(of bucket: Bucket) -> String {
    let text = ISO8601.string(bucket.start)
    return unit == .day ? String(text.prefix(10)) : String(text.prefix(16)) + "Z"
  }
}

/// Formats dates as ISO 8601 in UTC without `DateFormatter`.
package enum ISO8601 {
  /// `2026-11-20T13:58:30Z` (whole seconds, UTC).
  package static func string(_ date: Date) -> String {
    let total = Int(date.timeIntervalSince1970.rounded(.down))
    var days = total / 86_400
    var seconds = total % 86_400
    if seconds < 0 {
      seconds += 86_400
      days -= 1
    }
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(year)
    let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
    return "\(paddedYear)-\(two(month))-\(two(day))T\(two(seconds / 3_600)):"
      + "\(two(seconds % 3_600 / 60)):\(two(seconds % 60))Z"
  }
}
