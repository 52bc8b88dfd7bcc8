import Foundation
import TestSupport
import XCTest

@testable import SentimentCore
@testable import tweetalyze

final class AnalyzeReportTests: XCTestCase {
  /// Control characters from a tweet (or its id) neither split the TSV
  /// line nor reach the terminal: tab, CR and LF become spaces, the rest is
  /// escaped.
  func testTweetLineEscapesControlCharacters() {
    let tweet = Tweet(
      id: "12\n34", text: "a\tb\r\nc \u{1B}]0;owned\u{7}\u{1B}[2J d\u{9B}e\u{2028}f é 😀")
    let prediction = Prediction(label: .neutral, probabilities: [0.25, 0.5, 0.25])
    var buffer: [UInt8] = []
    AnalyzeReport.tweetLine(tweet, prediction, into: &buffer)
    let line = String(decoding: buffer, as: UTF8.self)
    XCTAssertEqual(line.filter { $0 == "\n" }.count, 1, line)
    XCTAssertTrue(line.hasSuffix("\n"))
    XCTAssertEqual(line.split(separator: "\t", omittingEmptySubsequences: false).count, 5, line)
    XCTAssertFalse(line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, line)
    XCTAssertFalse(line.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x2028 }, line)
    XCTAssertTrue(
      line.hasSuffix(
        "a b  c \\u{1B}]0;owned\\u{7}\\u{1B}[2J d\\u{9B}e\\u{2028}f é 😀\n"), line)
    XCTAssertTrue(line.hasPrefix("12\\n34\t"), line)
  }

  /// The bidirectional controls (U+202E shows the rest of the line
  /// reversed) are escaped in `--tweets` as the other controls are.
  func testTweetLineEscapesBidiControls() {
    let tweet = Tweet(id: "1", text: "a\u{202E}txet\u{202C} \u{2068}b\u{2069}\u{200F}")
    var buffer: [UInt8] = []
    AnalyzeReport.tweetLine(
      tweet, Prediction(label: .neutral, probabilities: [0.25, 0.5, 0.25]), into: &buffer)
    let line = String(decoding: buffer, as: UTF8.self)
    XCTAssertTrue(
      line.hasSuffix("\ta\\u{202E}txet\\u{202C} \\u{2068}b\\u{2069}\\u{200F}\n"), line)
  }

  /// The `--json` summary of three positive, one negative and one neutral
  /// tweet counted as labeled: one line, sorted keys, the optional sections
  /// only when asked; the post count, the estimate and its interval
  /// unscaled, and per 100 posts beside them (+2 of 5 scores 40).
  func testSummaryJSON() throws {
    let labels: [Sentiment] = [.positive, .positive, .positive, .negative, .neutral]
    let score = LabelCount(labels: labels)
    let posteriors = labels.map { label in
      PerClass(Sentiment.allCases.map { $0 == label ? 1.0 : 0 })
    }
    let estimate = ScoreEstimate(
      posteriors: posteriors, method: .count,
      context: nil)
    let band = estimate.band
    let bytes = AnalyzeReport.summaryJSON(
      query: "@Acme", score, estimate, band: band, details: false, mentions: nil, trend: nil)
    let line = String(decoding: bytes, as: UTF8.self)
    let decimal = { (value: Double) in FixedDecimal.string(value, decimals: 2) }
    let interval = estimate.interval
    XCTAssertEqual(
      line,
      #"{"band":"delighted","count":5,"count_score":2,"emoji":"😄","estimate":2.00,"#
        + #""estimator":"count","interval":["# + decimal(interval.lowerBound) + ","
        + decimal(interval.upperBound) + #"],"negative":1,"neutral":1,"positive":3,"#
        + #""query":"@Acme","scaled_estimate":40.00,"scaled_interval":["#
        + decimal(interval.lowerBound * 20) + "," + decimal(interval.upperBound * 20)
        + #"],"scaled_score":40.00,"score":40}"# + "\n")
    let detailed = AnalyzeReport.summaryJSON(
      query: "@Acme", score, estimate, band: band, details: true,
      mentions: (users: [], hashtags: []),
      trend: Trend(
        [(date: Date?, prediction: Prediction)](), estimate: { _ in estimate }))
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(detailed)) as? [String: Any])
    XCTAssertEqual(
      object.keys.sorted(),
      [
        "band", "count", "count_score", "details", "emoji", "estimate", "estimator", "interval",
        "mentions", "negative", "neutral", "positive", "query", "scaled_estimate",
        "scaled_interval", "scaled_score", "score", "trend",
      ])
  }

  // MARK: Groups: --trend and --mentions

  /// Days of 12 posts, 1, 4, 8 and 11 of them positive, then a day of 2.
  func risingTrend() -> Trend {
    var posts: [(date: Date?, prediction: Prediction)] = []
    for (day, (count, positive)) in [(12, 1), (12, 4), (12, 8), (12, 11), (2, 2)].enumerated() {
      for index in 0..<count {
        let label: Sentiment = index < positive ? .positive : .negative
        posts.append(
          (
            Date(timeIntervalSince1970: 1_772_323_200 + Double(day) * 86_400 + Double(index)),
            Prediction(label: label, probabilities: SoundClassifier.posterior(label))
          ))
      }
    }
    posts.append(
      (nil, Prediction(label: .neutral, probabilities: SoundClassifier.posterior(.neutral))))
    return Trend(posts, unit: .day, estimate: SoundClassifier.estimate)
  }

  func testTrendTextGivesEachDaysEstimateIntervalAndTheSlopesInterval() throws {
    let trend = risingTrend()
    let change = try XCTUnwrap(trend.change)
    XCTAssertEqual(change.verdict, .higher)
    let text = AnalyzeReport.trendText(trend, method: .adjusted, style: .plain)
    let lines = text.split(separator: "\n").map(String.init)
    // The change from the first day to the last, in compare's words.
    XCTAssertEqual(
      lines.first,
      "trend by day (UTC), adjusted score per 100 posts, 90 % interval: rising, "
        + "\(ReportNumbers.signed(change.difference, decimals: 0)) per 100 from the first day "
        + "to the last (90 %: \(ReportNumbers.range(change.interval))), a line through 5 days")
    let first = trend.buckets[0]
    XCTAssertEqual(
      lines[1],
      "2026-03-01  12 posts   \(first.estimate.band.emoji) \(first.estimate.score)"
        + String(repeating: " ", count: 5 - String(first.estimate.score).count)
        + "\(ReportNumbers.signed(first.scaled, decimals: 1)) "
        + "(\(ReportNumbers.signed(first.scaledInterval.lowerBound, decimals: 1)) to "
        + "\(ReportNumbers.signed(first.scaledInterval.upperBound, decimals: 1)))")
    XCTAssertTrue(lines[5].hasPrefix("2026-03-05  2 posts "), lines[5])
    XCTAssertFalse(text.contains("not in the slope"), "every bucket is in the slope")
    XCTAssertEqual(lines.last, "undated: 1 post (in no day)")
  }

  func testTrendTextSaysTooFewPostsAndWhy() {
    let posts = (0..<3).map { day in
      (
        date: Optional(Date(timeIntervalSince1970: 1_772_323_200 + Double(day) * 86_400)),
        prediction: Prediction(
          label: .positive, probabilities: SoundClassifier.posterior(.positive))
      )
    }
    let trend = Trend(posts, estimate: SoundClassifier.estimate)
    let text = AnalyzeReport.trendText(trend, method: .adjusted, style: .plain)
    XCTAssertTrue(
      text.hasPrefix(
        "trend by day (UTC), adjusted score per 100 posts, 90 % interval: too few posts (a "
          + "slope needs 3 days and 30 dated posts; these are 3 days, 3 posts)\n"), text)
    XCTAssertFalse(text.contains("undated"), "said only when some posts are undated")
    let none = AnalyzeReport.trendText(
      Trend([(date: Date?, prediction: Prediction)](), estimate: SoundClassifier.estimate),
      method: .count, style: .plain)
    XCTAssertEqual(
      none,
      "trend: no dates (0 posts undated); --input files give dates in a created_at or date "
        + "column (--date-column NAME)\n")
  }

  func testTrendJSONHasEachBucketsEstimateAndTheSlopePerDay() throws {
    let trend = risingTrend()
    var json = JSONWriter()
    AnalyzeReport.trendJSON(trend, into: &json)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
    XCTAssertEqual(
      object.keys.sorted(),
      [
        "buckets", "change", "minimum_buckets", "minimum_posts", "slope", "slope_interval",
        "slope_points", "undated", "unit", "verdict",
      ])
    let slope = try XCTUnwrap(trend.slope)
    XCTAssertEqual(try XCTUnwrap(object["slope"] as? Double), slope.perDay, accuracy: 1e-4)
    let interval = try XCTUnwrap(object["slope_interval"] as? [Double])
    XCTAssertEqual(interval[0], slope.interval.lowerBound, accuracy: 1e-4)
    XCTAssertEqual(interval[1], slope.interval.upperBound, accuracy: 1e-4)
    XCTAssertEqual(object["verdict"] as? String, "rising")
    let change = try XCTUnwrap(trend.change)
    let changeObject = try XCTUnwrap(object["change"] as? [String: Any])
    XCTAssertEqual(changeObject.keys.sorted(), ["days", "difference", "interval", "verdict"])
    XCTAssertEqual(try XCTUnwrap(changeObject["days"] as? Double), 4, accuracy: 1e-9)
    XCTAssertEqual(
      try XCTUnwrap(changeObject["difference"] as? Double), change.difference, accuracy: 0.005)
    let changeInterval = try XCTUnwrap(changeObject["interval"] as? [Double])
    XCTAssertEqual(changeInterval[0], change.interval.lowerBound, accuracy: 0.005)
    XCTAssertEqual(changeInterval[1], change.interval.upperBound, accuracy: 0.005)
    XCTAssertEqual(changeObject["verdict"] as? String, "higher")
    XCTAssertEqual(object["minimum_posts"] as? Int, 30)
    XCTAssertEqual(object["minimum_buckets"] as? Int, 3)
    XCTAssertEqual(object["slope_points"] as? Int, 5)
    let buckets = try XCTUnwrap(object["buckets"] as? [[String: Any]])
    XCTAssertEqual(
      buckets[0].keys.sorted(),
      [
        "band", "count", "count_score", "emoji", "estimate", "interval", "mean", "negative",
        "neutral", "position", "positive", "scaled_estimate", "scaled_interval", "scaled_score",
        "score", "start", "used",
      ])
    for (object, bucket) in zip(buckets, trend.buckets) {
      XCTAssertEqual(object["count"] as? Int, bucket.count)
      XCTAssertEqual(object["score"] as? Int, bucket.estimate.score)
      // The score is the day's estimate per 100 posts, rounded.
      XCTAssertEqual(
        object["score"] as? Int,
        Int((bucket.estimate.value * 100 / Double(bucket.count)).rounded()))
      XCTAssertEqual(object["scaled_score"] as? Double, (object["score"] as? Int).map(Double.init))
      XCTAssertEqual(object["count_score"] as? Int, bucket.score.value)
      XCTAssertEqual(
        try XCTUnwrap(object["estimate"] as? Double), bucket.estimate.value, accuracy: 0.005)
      let interval = try XCTUnwrap(object["interval"] as? [Double])
      XCTAssertEqual(interval[0], bucket.estimate.interval.lowerBound, accuracy: 0.005)
      XCTAssertEqual(interval[1], bucket.estimate.interval.upperBound, accuracy: 0.005)
      XCTAssertEqual(
        try XCTUnwrap(object["scaled_estimate"] as? Double), bucket.scaled, accuracy: 0.005)
      let scaled = try XCTUnwrap(object["scaled_interval"] as? [Double])
      XCTAssertEqual(scaled[0], bucket.scaledInterval.lowerBound, accuracy: 0.005)
      XCTAssertEqual(scaled[1], bucket.scaledInterval.upperBound, accuracy: 0.005)
      XCTAssertEqual(object["used"] as? Bool, true)
    }
    // Too few posts: no slope, null.
    var empty = JSONWriter()
    AnalyzeReport.trendJSON(
      Trend([(date: Date?, prediction: Prediction)](), estimate: SoundClassifier.estimate),
      into: &empty)
    XCTAssertEqual(
      String(decoding: empty.bytes, as: UTF8.self),
      #"{"buckets":[],"change":null,"minimum_buckets":3,"minimum_posts":30,"slope":null,"#
        + #""slope_interval":null,"slope_points":0,"#
        + #""undated":0,"unit":"hour","verdict":"too few posts"}"#)
  }

  func testMentionsTextAndJSONGiveEachNamesEstimate() throws {
    var tally = MentionTally()
    for (index, label) in [Sentiment.positive, .positive, .negative, .positive].enumerated() {
      tally.add(
        "@ada #x\(index % 2)",
        Prediction(label: label, probabilities: SoundClassifier.posterior(label)))
    }
    let top = tally.top(10, estimate: SoundClassifier.estimate)
    let ada = try XCTUnwrap(top.users.first)
    XCTAssertEqual(
      ada.estimate,
      SoundClassifier.estimate(
        [.positive, .positive, .negative, .positive].map {
          Prediction(label: $0, probabilities: SoundClassifier.posterior($0))
        }))
    let text = AnalyzeReport.mentionsText(top, method: .adjusted, style: .plain)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines[0], "mentions (posts, score, adjusted score per 100 posts, 90 % interval)")
    XCTAssertTrue(
      lines[1].hasPrefix(
        "@ada        4     \(ada.estimate.band.emoji) \(ada.estimate.score)"),
      lines[1])
    XCTAssertTrue(
      lines[1].hasSuffix(
        "\(ReportNumbers.signed(ada.scaled, decimals: 1)) "
          + "(\(ReportNumbers.signed(ada.scaledInterval.lowerBound, decimals: 1)) to "
          + "\(ReportNumbers.signed(ada.scaledInterval.upperBound, decimals: 1)))"), lines[1])
    var json = JSONWriter()
    AnalyzeReport.mentionsJSON(top, into: &json)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
    let user = try XCTUnwrap((object["users"] as? [[String: Any]])?.first)
    XCTAssertEqual(
      user.keys.sorted(),
      [
        "average_sentiment", "band", "emoji", "estimate", "interval", "name", "scaled_estimate",
        "scaled_interval", "scaled_score", "score", "tweets",
      ])
    XCTAssertEqual(try XCTUnwrap(user["estimate"] as? Double), ada.estimate.value, accuracy: 0.005)
    XCTAssertEqual(user["score"] as? Int, ada.estimate.score)
    // Per 100 posts, as the score line: 4 posts, so 25 times the estimate.
    XCTAssertEqual(ada.estimate.score, Int((ada.estimate.value * 25).rounded()))
    XCTAssertEqual(user["tweets"] as? Int, 4)
  }

  /// The note names the interval's ends per 100 posts, rounded as the
  /// score is (4 posts: -1.2 to 2.6 is -30 to 65), and the bands of those
  /// ends.
  func testUncertaintyNoteOnlyWhenTheIntervalReachesOtherBands() throws {
    var wide = SoundClassifier.estimate(
      [Sentiment.positive, .negative, .positive, .neutral].map {
        Prediction(label: $0, probabilities: SoundClassifier.posterior($0))
      })
    wide.interval = -1.2...2.6
    wide.value = 0.6
    XCTAssertGreaterThan(wide.bands.count, 1)
    let low = try XCTUnwrap(wide.bands.last)
    let high = try XCTUnwrap(wide.bands.first)
    XCTAssertEqual(low, EmojiBand(scaled: -30))
    XCTAssertEqual(high, EmojiBand(scaled: 65))
    XCTAssertEqual(
      AnalyzeReport.uncertaintyNote(wide, query: nil),
      "Note: the score's 90 % interval, -30 to 65, spans \(low.emoji) \(low.rawValue) to "
        + "\(high.emoji) \(high.rawValue); more posts would narrow it.\n")
    XCTAssertEqual(
      AnalyzeReport.uncertaintyNote(wide, query: "#a\u{1B}b")?.hasPrefix("Note: #a\\u{1B}b: the"),
      true)
    // When most of the doubt is the domain's, more posts would not narrow it:
    // the note says so, and what would.
    var foreign = wide
    foreign.doubt = Doubt(sampling: 0.1, labels: 0.1, domain: 1)
    XCTAssertEqual(
      AnalyzeReport.uncertaintyNote(foreign, query: nil),
      "Note: the score's 90 % interval, -30 to 65, spans \(low.emoji) \(low.rawValue) to "
        + "\(high.emoji) \(high.rawValue), mostly the model's doubt on posts unlike its "
        + "training data: more posts would not narrow it, labeled posts from this source would "
        + "(eval --test, train).\n")
    var sure = wide
    sure.interval = 0.9...1.1
    sure.value = 1
    XCTAssertEqual(sure.bands.count, 1)
    XCTAssertNil(AnalyzeReport.uncertaintyNote(sure, query: nil))
  }

  /// The part more posts do not narrow counts the interval's lean away
  /// from 0 (its centre moves, its far end with it): a lean larger than the
  /// domain's own margin makes that part the larger, and the note says more
  /// posts would not narrow it.
  func testTheDomainPartCountsTheLean() throws {
    var leaning = SoundClassifier.estimate(
      [Sentiment.positive, .negative, .positive, .neutral].map {
        Prediction(label: $0, probabilities: SoundClassifier.posterior($0))
      })
    leaning.doubt = Doubt(sampling: 0.5, labels: 0.5, domain: 0.01)
    leaning.interval = ScoreEstimate.interval(value: 0.6, doubt: leaning.doubt, count: 4)
    leaning.value = 0.6
    let z = ScoreEstimate.z
    XCTAssertEqual(DoubtSplit(leaning).posts, z * 25, accuracy: 1e-9)
    XCTAssertEqual(DoubtSplit(leaning).domain, z * 0.1 * 25, accuracy: 1e-9)
    XCTAssertTrue(DoubtSplit(leaning).postsDominate)
    leaning.doubt.lean = 4
    leaning.interval = ScoreEstimate.interval(value: 0.6, doubt: leaning.doubt, count: 4)
    let split = DoubtSplit(leaning)
    XCTAssertEqual(split.domain, (4 + z * 0.1) / 2 * 25, accuracy: 1e-9)
    XCTAssertFalse(split.postsDominate)
    let note = try XCTUnwrap(AnalyzeReport.uncertaintyNote(leaning, query: nil))
    XCTAssertTrue(note.contains("more posts would not narrow it"), note)
  }

  /// The issue's `#WWDC` case: 32 posts, estimate +3.51 in -7.33 to
  /// +14.34. Per set the note said -7 and named it 😠 furious (a band of
  /// the per-100 scale); per 100 posts the ends are -23 (😠, below -20)
  /// and 45 (😄), each in the band named for it, and the score 11 is 😊.
  func testTheNotesEndsAreOnTheScaleOfTheBands() throws {
    var wwdc = SoundClassifier.estimate(
      Array(
        repeating: Prediction(label: .neutral, probabilities: SoundClassifier.posterior(.neutral)),
        count: 32))
    wwdc.value = 3.51
    wwdc.interval = -7.33...14.34
    XCTAssertEqual(wwdc.score, 11)
    XCTAssertEqual(wwdc.band, .happy)
    XCTAssertEqual(wwdc.scoreInterval, -23...45)
    XCTAssertEqual(
      AnalyzeReport.uncertaintyNote(wwdc, query: nil),
      "Note: the score's 90 % interval, -23 to 45, spans 😠 furious to 😄 delighted; more "
        + "posts would narrow it.\n")
    // Near a band's edge the rounded end decides: -0.4 per 100 posts
    // prints 0 and is 😐, not 😞.
    wwdc.value = 1
    wwdc.interval = -0.128...2
    XCTAssertEqual(wwdc.scoreInterval, 0...6)
    XCTAssertEqual(wwdc.bands, [.pleased, .neutral])
  }

  /// `--details` gives the estimate and its interval both as counted and
  /// per 100 posts, and the printed score with its band's rule.
  func testDetailsGiveTheScalePer100() throws {
    let labels: [Sentiment] =
      Array(repeating: .positive, count: 7)
      + Array(
        repeating: .neutral, count: 43)
    let estimate = ScoreEstimate(
      posteriors: labels.map { label in PerClass(Sentiment.allCases.map { $0 == label ? 1.0 : 0 })
      },
      method: .count, context: nil)
    let text = AnalyzeReport.detailsText(
      LabelCount(labels: labels), estimate, calibrated: true, style: .plain)
    let lines = text.split(separator: "\n").map(String.init)
    let interval = estimate.interval
    XCTAssertTrue(lines.contains("estimate  +7.0 (count: positive 14.0 %, negative 0.0 %)"), text)
    XCTAssertTrue(
      lines.contains(
        "per 100   +14.0 (\(ReportNumbers.signed(interval.lowerBound * 2, decimals: 1)) to "
          + "\(ReportNumbers.signed(interval.upperBound * 2, decimals: 1)); estimate and "
          + "interval × 100 / posts)"), text)
    XCTAssertTrue(lines.contains("score     14 (per 100 posts, rounded)"), text)
    XCTAssertTrue(lines.contains("band      😊 happy (score > 10)"), text)
  }
}

extension AnalyzeReportTests {
  /// Posts without dates: one line that says so, no table and no slope.
  func testTrendTextOfUndatedPostsSaysNoDates() {
    let posts = (0..<5).map { _ in
      (
        date: Date?.none,
        prediction: Prediction(
          label: .positive, probabilities: SoundClassifier.posterior(.positive))
      )
    }
    let trend = Trend(posts, estimate: SoundClassifier.estimate)
    XCTAssertEqual(
      AnalyzeReport.trendText(trend, method: .count, style: .plain),
      "trend: no dates (5 posts undated); --input files give dates in a created_at or date "
        + "column (--date-column NAME)\n")
  }

  /// When the automatic unit finds no table of at most 10 rows of 10 posts,
  /// a line under the heading says so; an asked unit (`--by`) gets none.
  func testTrendTextSaysWhenNoUnitGivesReadableRows() {
    // One post a day for 5 days: rows of 1 post whatever the unit.
    let posts = (0..<5).map { day in
      (
        date: Date?.some(Date(timeIntervalSince1970: 1_772_323_200 + Double(day) * 86_400)),
        prediction: Prediction(
          label: .positive, probabilities: SoundClassifier.posterior(.positive))
      )
    }
    let automatic = Trend(posts, estimate: SoundClassifier.estimate)
    XCTAssertEqual(automatic.unit, .day)
    XCTAssertFalse(automatic.isReadable)
    let lines = AnalyzeReport.trendText(automatic, method: .count, style: .plain).split(
      separator: "\n")
    XCTAssertEqual(
      lines[1],
      "rows: no bucket of hour, 6 or 12 hours, day or week gives these posts 3 to 10 rows of 10 "
        + "posts each")
    let asked = Trend(posts, unit: .day, estimate: SoundClassifier.estimate)
    XCTAssertFalse(
      AnalyzeReport.trendText(asked, method: .count, style: .plain).contains("rows:"))
    XCTAssertFalse(
      AnalyzeReport.trendText(risingTrend(), method: .count, style: .plain).contains("rows:"))
  }
}
