import XCTest

@testable import SentimentCore

final class ComparisonTests: XCTestCase {
  static let context: QuantificationContext? = nil

  /// A set of `positive` sure positives, `negative` sure negatives and the
  /// rest sure neutrals, of `count` posts, labeled with certainty but for
  /// `doubtful` posts at 0.4 / 0.3 / 0.3.
  static func set(
    count: Int = 100, positive: Int, negative: Int, doubtful: Int = 0
  ) -> ScoreEstimate {
    var rows: [PerClass<Double>] = []
    for index in 0..<count {
      if index < doubtful {
        rows.append(PerClass(negative: 0.3, neutral: 0.3, positive: 0.4))
      } else if index < positive {
        rows.append(PerClass(negative: 0, neutral: 0, positive: 1))
      } else if index < positive + negative {
        rows.append(PerClass(negative: 1, neutral: 0, positive: 0))
      } else {
        rows.append(PerClass(negative: 0, neutral: 1, positive: 0))
      }
    }
    return ScoreEstimate(posteriors: rows, method: .count, context: context)
  }

  static let words = WordProfile(texts: ["the flight was late", "the crew was kind"])
  static let otherWords = WordProfile(texts: ["new iphone today", "battery dies fast"])

  /// The difference is that of the printed scores; the interval is centred
  /// on `scale` times it, and a clear difference between like sets gets a
  /// verdict in its direction.
  func testTheDifferenceIsThatOfThePrintedScoresAndTheIntervalIsScaled() {
    let low = Self.set(positive: 20, negative: 30, doubtful: 20)
    let high = Self.set(positive: 60, negative: 10, doubtful: 20)
    let up = Comparison((low, Self.words), (high, Self.words))
    XCTAssertEqual(up.difference, high.score - low.score)
    XCTAssertEqual(
      (up.interval.lowerBound + up.interval.upperBound) / 2,
      Comparison.scale * Double(up.difference), accuracy: 1e-9)
    XCTAssertEqual(up.likeness, 1, accuracy: 1e-12)
    XCTAssertEqual(up.verdict, .higher)
    let down = Comparison((high, Self.words), (low, Self.words))
    XCTAssertEqual(down.difference, -up.difference)
    XCTAssertEqual(down.verdict, .lower)
  }

  /// The same difference between sets whose words differ (another source,
  /// other misreadings) gets a wider interval, here too wide for a verdict.
  func testUnlikeSetsGetAWiderIntervalAndNoVerdict() {
    let first = Self.set(positive: 30, negative: 30, doubtful: 30)
    let second = Self.set(positive: 55, negative: 25, doubtful: 30)
    let alike = Comparison((first, Self.words), (second, Self.words))
    let unlike = Comparison((first, Self.words), (second, Self.otherWords))
    XCTAssertEqual(unlike.likeness, 0)
    XCTAssertEqual(alike.difference, unlike.difference)
    XCTAssertGreaterThan(
      unlike.interval.upperBound - unlike.interval.lowerBound,
      alike.interval.upperBound - alike.interval.lowerBound + 20)
    XCTAssertEqual(alike.verdict, .higher)
    XCTAssertEqual(unlike.verdict, .unclear)
  }

  /// Doubtful labels widen the interval: the misreadings that two sets
  /// from one source do not share.
  func testDoubtfulLabelsWidenTheInterval() {
    let sure = Comparison(
      (Self.set(positive: 30, negative: 30), Self.words),
      (Self.set(positive: 40, negative: 30), Self.words))
    let doubtful = Comparison(
      (Self.set(positive: 30, negative: 30, doubtful: 30), Self.words),
      (Self.set(positive: 40, negative: 30, doubtful: 30), Self.words))
    XCTAssertEqual(sure.difference, doubtful.difference)
    XCTAssertLessThan(
      sure.interval.upperBound - sure.interval.lowerBound,
      doubtful.interval.upperBound - doubtful.interval.lowerBound)
  }

  /// The verdict rule, which the trend's slope shares.
  func testTheVerdictIsTheIntervalsSide() {
    XCTAssertEqual(Comparison.verdict(0.5...3), .higher)
    XCTAssertEqual(Comparison.verdict(-3 ... -0.5), .lower)
    XCTAssertEqual(Comparison.verdict(-1...1), .unclear)
    XCTAssertEqual(Comparison.verdict(0...1), .unclear)
  }
}

extension ComparisonTests {
  /// All negative against all positive: the scaled difference (340) lies
  /// past what any two sets can differ by (200); the interval is held
  /// within ±200, its ends in order.
  func testTheIntervalStaysWithinWhatSetsCanDifferBy() {
    let negative = Self.set(count: 20, positive: 0, negative: 20)
    let positive = Self.set(count: 20, positive: 20, negative: 0)
    let up = Comparison((negative, Self.words), (positive, Self.words))
    XCTAssertEqual(up.difference, 200)
    XCTAssertLessThanOrEqual(up.interval.upperBound, 200)
    XCTAssertEqual(up.verdict, .higher)
    let down = Comparison((positive, Self.words), (negative, Self.words))
    XCTAssertGreaterThanOrEqual(down.interval.lowerBound, -200)
    XCTAssertEqual(down.verdict, .lower)
  }
}

/// Posts in both of two sets (a later run that fetched some of the same
/// posts) are counted once.
final class ComparisonSharedPostsTests: XCTestCase {
  /// Two copies of one set differ by nothing and are sure of it; sets that
  /// share posts are surer of their difference than sets that share none,
  /// and the side a history keeps judges as the set itself does.
  func testSharedPostsAreCountedOnce() throws {
    let model = try DefaultModel.load()
    let texts = (0..<40).map {
      $0 % 3 == 0 ? "I love this, great day \($0)" : "this is awful, I hate the delay \($0)"
    }
    let tweets = texts.enumerated().map { Tweet(id: "\($0)", text: $1) }
    let first = ComparedSet(name: "a", tweets: Array(tweets[0..<30]), model: model, method: .count)
    let same = ComparedSet(name: "a", tweets: Array(tweets[0..<30]), model: model, method: .count)
    let twice = Comparison(first.side, same.side, shared: same.sharedDoubt(with: Set(first.keys)))
    XCTAssertEqual(twice.difference, 0)
    XCTAssertEqual(twice.interval.lowerBound, 0, accuracy: 1e-9)
    XCTAssertEqual(twice.interval.upperBound, 0, accuracy: 1e-9)
    XCTAssertGreaterThan(first.sharedDoubt(with: Set(first.keys)), 0)

    let later = ComparedSet(
      name: "a", tweets: Array(tweets[10..<40]), model: model, method: .count)
    let shared = later.sharedDoubt(with: Set(first.keys))
    XCTAssertGreaterThan(shared, 0)
    let once = Comparison(first.side, later.side, shared: shared)
    let twiceCounted = Comparison(first.side, later.side, shared: 0)
    XCTAssertEqual(once.difference, twiceCounted.difference)
    let width = { (c: Comparison) in c.interval.upperBound - c.interval.lowerBound }
    XCTAssertLessThan(width(once), width(twiceCounted))

    let kept = try XCTUnwrap(
      HistoryRecord(
        line: HistoryRecord(time: Date(), query: "a", source: "x", model: "m", set: first).line
          .dropLast()))
    XCTAssertEqual(
      Comparison(kept.side, later.side, shared: later.sharedDoubt(with: Set(kept.keys))), once)
  }
}
