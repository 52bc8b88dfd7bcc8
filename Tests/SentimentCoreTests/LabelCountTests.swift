import XCTest

@testable import SentimentCore

final class LabelCountTests: XCTestCase {
  /// A score of `value` over 100 tweets.
  private func score(_ value: Int, of count: Int = 100) -> LabelCount {
    value >= 0
      ? LabelCount(positive: value, negative: 0, neutral: count - value)
      : LabelCount(positive: 0, negative: -value, neutral: count + value)
  }

  /// The original app's bands are strict on both sides: >-10 😞, >-20 😡,
  /// else 😠, so -10 itself is 😡 and -20 is 😠.
  func testBoundariesFor100Tweets() {
    let cases: [(Int, String)] = [
      (100, "😄"), (21, "😄"), (20, "😊"), (11, "😊"), (10, "🙂"), (1, "🙂"), (0, "😐"),
      (-1, "😞"), (-9, "😞"), (-10, "😡"), (-19, "😡"), (-20, "😠"), (-100, "😠"),
    ]
    for (value, emoji) in cases {
      let score = score(value)
      XCTAssertEqual(score.count, 100)
      XCTAssertEqual(score.value, value)
      XCTAssertEqual(score.emoji, emoji, "score \(value) of 100")
    }
  }

  func testMixedCountsUseTheDifference() {
    let score = LabelCount(positive: 40, negative: 26, neutral: 34)
    XCTAssertEqual(score.value, 14)
    XCTAssertEqual(score.emoji, "😊")
    XCTAssertEqual(LabelCount(positive: 30, negative: 30, neutral: 40).emoji, "😐")
    XCTAssertEqual(LabelCount(positive: 50, negative: 29, neutral: 21).emoji, "😄")
  }

  func testScaling() throws {
    let fifty = LabelCount(positive: 7, negative: 0, neutral: 43)
    let hundred = LabelCount(positive: 14, negative: 0, neutral: 86)
    XCTAssertEqual(try XCTUnwrap(fifty.scaled), 14, accuracy: 1e-12)
    XCTAssertEqual(fifty.band, hundred.band)
    XCTAssertEqual(fifty.emoji, "😊")
    XCTAssertEqual(hundred.emoji, "😊")
    // 10 of 50 scales to exactly 20 (😊, not 😄); 11 of 50 to 22.
    XCTAssertEqual(score(10, of: 50).emoji, "😊")
    XCTAssertEqual(score(11, of: 50).emoji, "😄")
    XCTAssertEqual(score(5, of: 50).emoji, "🙂")
    XCTAssertEqual(score(-4, of: 50).emoji, "😞")
    // -5 of 50 is exactly -10 per 100: not above -10, so 😡.
    XCTAssertEqual(score(-5, of: 50).emoji, "😡")
    // 1 of 3 tweets is 33.3 per 100.
    XCTAssertEqual(try XCTUnwrap(score(1, of: 3).scaled), 100.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(score(1, of: 3).emoji, "😄")
    // 1 of 10 is exactly 10 per 100; 1 of 9 is 11.1.
    XCTAssertEqual(score(1, of: 10).emoji, "🙂")
    XCTAssertEqual(score(1, of: 9).emoji, "😊")
    // Scores at the bounds over 200 tweets: 40 ≡ 20, 41 ≡ 20.5.
    XCTAssertEqual(score(40, of: 200).emoji, "😊")
    XCTAssertEqual(score(41, of: 200).emoji, "😄")
    XCTAssertEqual(try XCTUnwrap(score(-3, of: 7).scaled), -300.0 / 7, accuracy: 1e-12)
  }

  /// The band is that of the score per 100 tweets as printed, rounded half
  /// away from zero: 1 of 300 (0.33) prints 0 and is 😐, 1 of 200 (0.5)
  /// prints 1 and is 🙂, -1 of 300 is 😐; the same band as the count
  /// estimator's.
  func testTheBandIsThatOfTheRoundedScore() {
    XCTAssertEqual(score(1, of: 300).band, .neutral)
    XCTAssertEqual(score(-1, of: 300).band, .neutral)
    XCTAssertEqual(score(1, of: 200).band, .pleased)
    XCTAssertEqual(score(-1, of: 200).band, .sad)
    let context: QuantificationContext? = nil
    for (value, count) in [(1, 300), (4, 32), (-31, 150), (-5, 50), (7, 50)] {
      let labels = score(value, of: count)
      let rows =
        [PerClass<Double>](repeating: [0, 0, 1], count: labels.positive)
        + [PerClass<Double>](repeating: [1, 0, 0], count: labels.negative)
        + [PerClass<Double>](repeating: [0, 1, 0], count: labels.neutral)
      let estimate = ScoreEstimate(posteriors: rows, method: .count, context: context)
      XCTAssertEqual(labels.band, estimate.band, "\(value) of \(count)")
    }
  }

  func testNegativeBoundsScaleTheSameWay() {
    // -10 of 50 is -20 per 100, -11 of 50 is -22.
    XCTAssertEqual(score(-10, of: 50).band, score(-20).band)
    XCTAssertEqual(score(-11, of: 50).band, score(-22).band)
    XCTAssertEqual(score(-1, of: 10).band, score(-10).band)
  }

  func testZeroTweets() {
    let score = LabelCount()
    XCTAssertEqual(score.count, 0)
    XCTAssertEqual(score.value, 0)
    XCTAssertNil(score.scaled)
    XCTAssertNil(score.band)
    XCTAssertNil(score.emoji)
  }

  func testFromLabels() {
    let labels: [Sentiment] = [.positive, .positive, .negative, .neutral, .positive]
    let score = LabelCount(labels: labels)
    XCTAssertEqual(score, LabelCount(positive: 3, negative: 1, neutral: 1))
    XCTAssertEqual(score.value, 2)
    XCTAssertEqual(score.count, 5)
    var added = LabelCount()
    for label in labels { added.add(label) }
    XCTAssertEqual(added, score)
  }

  func testBandEmoji() {
    XCTAssertEqual(
      EmojiBand.allCases.map(\.emoji), ["😄", "😊", "🙂", "😐", "😞", "😡", "😠"])
    XCTAssertEqual(score(50).band, .delighted)
    XCTAssertEqual(score(0).band, .neutral)
    XCTAssertEqual(score(-50).band, .furious)
  }

  func testRulesOfThePositiveBands() {
    XCTAssertEqual(EmojiBand.delighted.rule, "> 20")
    XCTAssertEqual(EmojiBand.happy.rule, "> 10")
    XCTAssertEqual(EmojiBand.pleased.rule, "> 0")
    XCTAssertEqual(EmojiBand.neutral.rule, "= 0")
  }

  func testEveryRuleAgreesWithTheBandChosen() throws {
    // The rules are shown to users; read as conditions on the score per 100
    // tweets, the band chosen must satisfy its rule and no earlier band's.
    func holds(_ rule: String, _ value: Int) throws -> Bool {
      let parts = rule.split(separator: " ")
      XCTAssertEqual(parts.count, 2, rule)
      let bound = try XCTUnwrap(Int(parts[1]), rule)
      switch parts[0] {
      case ">": return value > bound
      case "≥", ">=": return value >= bound
      case "=": return value == bound
      case "<": return value < bound
      case "≤", "<=": return value <= bound
      default:
        XCTFail("unknown rule \(rule)")
        return false
      }
    }
    for value in -100...100 {
      let band = try XCTUnwrap(score(value).band)
      XCTAssertTrue(try holds(band.rule, value), "\(value) in \(band) (\(band.rule))")
      for earlier in EmojiBand.allCases.prefix(while: { $0 != band }) {
        XCTAssertFalse(try holds(earlier.rule, value), "\(value) also fits \(earlier)")
      }
    }
  }
}
