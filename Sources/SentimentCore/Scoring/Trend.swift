import Foundation

/// How sentiment changed over time among analyzed posts: posts bucketed by
/// UTC hour, day or week (Monday to Sunday), each bucket scored by the same
/// estimator as the whole set (a ``ScoreEstimate`` with its 90 % interval),
/// and a weighted least-squares slope with a verdict.
///
/// The unit is asked for, or else the finest of hour, 6 hours, 12 hours,
/// day and week that gives ``minimumBuckets`` to ``maximumRows`` buckets of
/// at least ``enoughPosts`` posts each; when none does, among the units that give at
/// most ``maximumRows`` buckets, the coarsest that gives
/// ``minimumBuckets`` buckets, else the coarsest that gives two, else the
/// hour (the week when every unit gives more rows).
///
/// Each bucket's point is its estimate per 100 posts (`value × 100 ÷
/// count`, from -100 to 100) at its time in days since the first bucket.
/// The slope is the weighted least-squares fit through every bucket's
/// point, each weighted by 1 / σ², σ being the bucket's label doubt per 100
/// posts (``Doubt/labels`` × (100 / count)², as ``Comparison`` counts a
/// set's doubt; at least ``sigmaFloor``): a bucket of few posts weighs
/// little. The model's doubt on posts unlike its training data is left out,
/// as ``Comparison`` leaves it out of two sets from one source: the buckets
/// of one query share it, and it cancels in their differences. The slope's
/// standard error is √(1 / Σ w (x − x̄)²), times √(χ² / (k − 2)) when the
/// points scatter around the line more than their doubt says (χ² the
/// weighted sum of squared residuals, k points).
///
/// The ``change`` is the fitted line's rise from the first bucket to the
/// last (slope × days), judged as `compare` judges two sets: its 90 %
/// interval for the true change is ``Comparison/interval(difference:labels:likeness:)``
/// with the slope's variance × days² as the label doubt and the sets alike
/// (one query). The verdict is `rising` when that interval lies above 0,
/// `falling` when it lies below, else `unclear`. One floor on the total:
/// with fewer than ``minimumBuckets`` buckets or ``minimumPosts`` dated
/// posts there is no slope and the verdict is `too few posts`.
///
/// ```swift
/// let trend = Trend(posts) { ScoreEstimate(predictions: $0, model: model, method: .count) }
/// trend.verdict   // .rising
/// ```
package struct Trend: Equatable, Sendable {
  /// The bucket size.
  package enum Unit: String, CaseIterable, Sendable {
    /// One UTC hour.
    case hour
    /// Six UTC hours, from midnight, 06:00, 12:00 or 18:00.
    case sixHours = "6h"
    /// Twelve UTC hours, from midnight or noon.
    case twelveHours = "12h"
    /// One UTC day.
    case day
    /// One UTC week, from Monday 00:00.
    case week

    /// The bucket's length in seconds.
    package var seconds: Int {
      switch self {
      case .hour: 3_600
      case .sixHours: 21_600
      case .twelveHours: 43_200
      case .day: 86_400
      case .week: 604_800
      }
    }

    /// The bucket as a heading names it: `hour`, `6 hours`, `day`.
    package var name: String {
      switch self {
      case .sixHours: "6 hours"
      case .twelveHours: "12 hours"
      default: rawValue
      }
    }

    /// One bucket in words: `hour`, `6-hour period`, `day`.
    package var noun: String {
      switch self {
      case .sixHours: "6-hour period"
      case .twelveHours: "12-hour period"
      default: rawValue
      }
    }

    /// `count` buckets in words: `3 days`, `1 hour`, `2 6-hour periods`.
    package func count(_ count: Int) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Whether a bucket is shorter than a day: its label gives the hour.
    package var withinDay: Bool { seconds < 86_400 }

    /// Where buckets start, in seconds since 1970: weeks on a Monday
    /// (1970-01-05), the others on the hour or at midnight.
    var origin: Int { self == .week ? 4 * 86_400 : 0 }

    /// The start of the bucket that holds `seconds`.
    func floor(_ seconds: Int) -> Int {
      let remainder = (seconds - origin) % self.seconds
      return seconds - (remainder < 0 ? remainder + self.seconds : remainder)
    }
  }

  /// The summary of the slope.
  package enum Verdict: String, Sendable {
    /// The change's 90 % interval lies above 0.
    case rising
    /// The change's 90 % interval lies below 0.
    case falling
    /// The change's 90 % interval holds 0: no clear change either way.
    case unclear
    /// Fewer than ``Trend/minimumBuckets`` buckets or
    /// ``Trend/minimumPosts`` dated posts: no slope.
    case tooFewPosts = "too few posts"
  }

  /// The posts of one day or hour.
  package struct Bucket: Equatable, Sendable {
    /// The bucket's start (UTC, on the hour or at midnight).
    package var start: Date
    /// The bucket's position: whole days or hours since the first bucket.
    package var position: Int
    /// The class counts of its posts, as labeled.
    package var score: LabelCount
    /// Its posts' score, by the same estimator as the whole set.
    package var estimate: ScoreEstimate

    /// Creates a bucket.
    package init(start: Date, position: Int, score: LabelCount, estimate: ScoreEstimate) {
      self.start = start
      self.position = position
      self.score = score
      self.estimate = estimate
    }

    /// The mean label of its posts (+1, 0, -1), from -1 to 1.
    package var mean: Double { Double(score.value) / Double(max(score.count, 1)) }

    /// The number of posts.
    package var count: Int { estimate.count }

    /// The estimate per 100 posts, unrounded: the bucket's point.
    package var scaled: Double { estimate.scaled }

    /// The estimate's 90 % interval per 100 posts.
    package var scaledInterval: ClosedRange<Double> { estimate.scaledInterval }
  }

  /// The weighted least-squares line through the buckets' points.
  package struct Slope: Equatable, Sendable {
    /// The change of the score per 100 posts per day.
    package var perDay: Double
    /// The 90 % interval of ``perDay``.
    package var interval: ClosedRange<Double>
    /// The fitted score per 100 posts at the first bucket's start.
    package var intercept: Double
    /// The number of buckets it is fitted to.
    package var points: Int

    /// Creates a slope.
    package init(
      perDay: Double, interval: ClosedRange<Double>, intercept: Double, points: Int
    ) {
      self.perDay = perDay
      self.interval = interval
      self.intercept = intercept
      self.points = points
    }
  }

  /// The floor on the total: the fewest dated posts with a slope.
  package static let minimumPosts = 30
  /// The floor on the total: the fewest buckets with a slope.
  package static let minimumBuckets = 3
  /// The posts of a bucket that the automatic unit looks for.
  package static let enoughPosts = 10
  /// The most rows the automatic unit gives when the posts allow.
  package static let maximumRows = 10
  /// The smallest σ of a point, per 100 posts: a bucket whose interval has
  /// no width still gets a finite weight.
  package static let sigmaFloor = 0.01
  /// The farthest a date may lie from 1970, in seconds, to be bucketed
  /// (about 31,700 years; posts' dates lie within years 1 to 9999): a
  /// date farther away, or not finite, counts as undated.
  package static let dateLimit: TimeInterval = 1e12

  /// The bucket size used.
  package var unit: Unit
  /// Whether the unit was asked for (`--by`) rather than chosen from the
  /// dates.
  package var asked: Bool
  /// The non-empty buckets, oldest first.
  package var buckets: [Bucket]
  /// Posts without a date (or with one past ``dateLimit``), counted in no
  /// bucket.
  package var undated: Int
  /// The weighted least-squares slope, or `nil` with too few posts (see
  /// ``Verdict/tooFewPosts``).
  package var slope: Slope?
  /// The fitted change from the first bucket to the last, judged as
  /// `compare` judges two sets; `nil` without a slope.
  package var change: Change?

  /// The fitted line's rise from the first bucket to the last, per 100
  /// posts, with the 90 % interval of the true change and its verdict.
  package struct Change: Equatable, Sendable {
    /// The fitted line's rise per 100 posts from the first bucket's start
    /// to the last's (slope × ``days``), on the printed scores' scale.
    package var difference: Double
    /// The days from the first bucket's start to the last's.
    package var days: Double
    /// The 90 % interval of the true change per 100 posts.
    package var interval: ClosedRange<Double>
    /// Whether the interval lies above 0, below it, or holds it.
    package var verdict: Comparison.Verdict

    /// The change of a fitted slope over `days`: see ``Trend``.
    package init(_ slope: Slope, days: Double) {
      self.days = days
      difference = slope.perDay * days
      let sigma = (slope.interval.upperBound - slope.perDay) / ScoreEstimate.z * days
      interval = Comparison.interval(difference: difference, labels: sigma * sigma, likeness: 1)
      verdict = Comparison.verdict(interval)
    }
  }

  /// Buckets posts by their dates, by `unit` (`nil`: the automatic unit,
  /// see ``Trend``), and estimates each bucket's score with `estimate`, the
  /// call that scores the whole set (one call per bucket, on the
  /// predictions of its posts, in their order).
  package init(
    _ posts: some Sequence<(date: Date?, prediction: Prediction)>,
    unit asked: Unit? = nil, estimate: ([Prediction]) -> ScoreEstimate
  ) {
    var dated: [(seconds: Int, prediction: Prediction)] = []
    var undated = 0
    for post in posts {
      // A date past the limit (or NaN) would overflow the seconds below.
      guard let seconds = post.date?.timeIntervalSince1970, abs(seconds) <= Self.dateLimit
      else {
        undated += 1
        continue
      }
      dated.append((Int(seconds.rounded(.down)), post.prediction))
    }
    self.undated = undated
    let unit = asked ?? Self.automaticUnit(dated.map(\.seconds))
    self.unit = unit
    self.asked = asked != nil
    var groups: [Int: (score: LabelCount, predictions: [Prediction])] = [:]
    for post in dated {
      groups[unit.floor(post.seconds), default: (LabelCount(), [])].score.add(
        post.prediction.label)
      groups[unit.floor(post.seconds), default: (LabelCount(), [])].predictions.append(
        post.prediction)
    }
    let first = unit.floor(dated.map(\.seconds).min() ?? 0)
    buckets = groups.keys.sorted().compactMap { start in
      guard let group = groups[start] else { return nil }
      return Bucket(
        start: Date(timeIntervalSince1970: Double(start)), position: (start - first) / unit.seconds,
        score: group.score, estimate: estimate(group.predictions))
    }
    slope = Self.slope(of: buckets, unit: unit)
    let days = Double((buckets.last?.position ?? 0) * unit.seconds) / 86_400
    change = slope.map { Change($0, days: days) }
  }

  /// The unit for posts at `seconds` when none is asked for: see ``Trend``.
  package static func automaticUnit(_ seconds: [Int]) -> Unit {
    let sizes = Unit.allCases.map { unit in
      Dictionary(grouping: seconds, by: unit.floor).values.map(\.count)
    }
    let units = Array(zip(Unit.allCases, sizes))
    if let unit = units.first(where: { Self.readable($1) }) { return unit.0 }
    let few = units.filter { $1.count <= maximumRows }
    if let unit = few.reversed().first(where: { $1.count >= minimumBuckets }) { return unit.0 }
    if let unit = few.reversed().first(where: { $1.count >= 2 }) { return unit.0 }
    return seconds.isEmpty || few.contains(where: { $0.0 == .hour }) ? .hour : .week
  }

  /// Whether buckets of these sizes make a table worth reading: from
  /// ``minimumBuckets`` (a slope's) to ``maximumRows`` rows of at least
  /// ``enoughPosts`` posts each.
  static func readable(_ sizes: [Int]) -> Bool {
    (minimumBuckets...maximumRows).contains(sizes.count) && sizes.allSatisfy { $0 >= enoughPosts }
  }

  /// Whether the buckets make a table worth reading (see
  /// ``readable(_:)``): when the automatic unit finds none, the output
  /// says so.
  package var isReadable: Bool { Self.readable(buckets.map(\.count)) }

  /// The verdict for the slope: see ``Trend``.
  package var verdict: Verdict {
    switch change?.verdict {
    case nil: .tooFewPosts
    case .higher: .rising
    case .lower: .falling
    case .unclear: .unclear
    }
  }

  package var datedPosts: Int { buckets.reduce(0) { $0 + $1.count } }

  /// The slope through every bucket, or `nil` below the floor on the total
  /// (``minimumBuckets`` buckets, ``minimumPosts`` posts).
  static func slope(of buckets: [Bucket], unit: Unit) -> Slope? {
    guard buckets.count >= minimumBuckets,
      buckets.reduce(0, { $0 + $1.count }) >= minimumPosts
    else { return nil }
    return weightedSlope(
      buckets.map { bucket in
        (
          Double(bucket.position) * Double(unit.seconds) / 86_400, bucket.scaled,
          bucket.estimate.doubt.labels.squareRoot() * 100 / Double(max(bucket.count, 1))
        )
      })
  }

  /// The weighted least-squares line through points `(x, y)` with standard
  /// deviations `sigma` (at least ``sigmaFloor``), and its 90 % interval
  /// (see ``Trend``); `nil` with fewer than two distinct x or a point that
  /// is not finite.
  package static func weightedSlope(_ points: [(x: Double, y: Double, sigma: Double)]) -> Slope? {
    guard points.count >= 2,
      points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && !$0.sigma.isNaN })
    else { return nil }
    let weights = points.map { 1 / (max($0.sigma, sigmaFloor) * max($0.sigma, sigmaFloor)) }
    let total = weights.reduce(0, +)
    var meanX = 0.0
    var meanY = 0.0
    for (point, weight) in zip(points, weights) {
      meanX += weight * point.x
      meanY += weight * point.y
    }
    meanX /= total
    meanY /= total
    var sxx = 0.0
    var sxy = 0.0
    for (point, weight) in zip(points, weights) {
      sxx += weight * (point.x - meanX) * (point.x - meanX)
      sxy += weight * (point.x - meanX) * (point.y - meanY)
    }
    guard sxx > 0, sxx.isFinite else { return nil }
    let slope = sxy / sxx
    let intercept = meanY - slope * meanX
    var chiSquare = 0.0
    for (point, weight) in zip(points, weights) {
      let residual = point.y - intercept - slope * point.x
      chiSquare += weight * residual * residual
    }
    let dispersion = points.count > 2 ? max(1, chiSquare / Double(points.count - 2)) : 1
    let half = ScoreEstimate.z * (dispersion / sxx).squareRoot()
    guard slope.isFinite, half.isFinite else { return nil }
    return Slope(
      perDay: slope, interval: (slope - half)...(slope + half), intercept: intercept,
      points: points.count)
  }

  /// A bucket's start as ISO 8601 UTC: `2026-11-20` by day or week (its
  /// Monday), `2026-11-20T13:00Z` by hour.
  package func label(of bucket: Bucket) -> String {
    let text = ISO8601.string(bucket.start)
    return unit.withinDay ? String(text.prefix(16)) + "Z" : String(text.prefix(10))
  }
}
