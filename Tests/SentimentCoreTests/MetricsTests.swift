import XCTest

@testable import SentimentCore

final class MetricsTests: XCTestCase {
  /// Rows actual, columns predicted (negative, neutral, positive):
  ///
  ///              neg neu pos
  ///     neg       5   2   1    support 8
  ///     neu       1   6   3    support 10
  ///     pos       0   2   8    support 10
  private func example() -> ClassificationMetrics {
    var metrics = ClassificationMetrics()
    let matrix = [[5, 2, 1], [1, 6, 3], [0, 2, 8]]
    for actual in Sentiment.allCases {
      for predicted in Sentiment.allCases {
        for _ in 0..<matrix[actual.rawValue][predicted.rawValue] {
          metrics.add(actual: actual, predicted: predicted)
        }
      }
    }
    return metrics
  }

  func testConfusionMatrixAndCounts() {
    let metrics = example()
    XCTAssertEqual(metrics.confusion, [[5, 2, 1], [1, 6, 3], [0, 2, 8]])
    XCTAssertEqual(metrics.total, 28)
    XCTAssertEqual(metrics.correct, 19)
    XCTAssertEqual(metrics.support(.negative), 8)
    XCTAssertEqual(metrics.support(.neutral), 10)
    XCTAssertEqual(metrics.support(.positive), 10)
  }

  func testAccuracy() throws {
    XCTAssertEqual(try XCTUnwrap(example().accuracy), 19.0 / 28, accuracy: 1e-12)
  }

  func testPrecisionRecallAndF1ByHand() throws {
    let metrics = example()
    // Precision = diagonal / column sum: neg 5/6, neu 6/10, pos 8/12.
    XCTAssertEqual(try XCTUnwrap(metrics.precision(.negative)), 5.0 / 6, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(metrics.precision(.neutral)), 6.0 / 10, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(metrics.precision(.positive)), 8.0 / 12, accuracy: 1e-12)
    // Recall = diagonal / row sum: neg 5/8, neu 6/10, pos 8/10.
    XCTAssertEqual(try XCTUnwrap(metrics.recall(.negative)), 5.0 / 8, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(metrics.recall(.neutral)), 6.0 / 10, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(metrics.recall(.positive)), 8.0 / 10, accuracy: 1e-12)
    // F1 = 2PR / (P + R): neg 2·(25/48)/(35/24) = 5/7; neu 3/5; pos 2·(8/15)/(22/15) = 8/11.
    XCTAssertEqual(try XCTUnwrap(metrics.f1(.negative)), 5.0 / 7, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(metrics.f1(.neutral)), 3.0 / 5, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(metrics.f1(.positive)), 8.0 / 11, accuracy: 1e-12)
    // Macro-F1 = (5/7 + 3/5 + 8/11) / 3 = (275 + 231 + 280) / 385 / 3 = 786 / 1155.
    XCTAssertEqual(try XCTUnwrap(metrics.macroF1), 786.0 / 1155, accuracy: 1e-12)
    // Macro-recall = (5/8 + 6/10 + 8/10) / 3 = 2.025 / 3.
    XCTAssertEqual(try XCTUnwrap(metrics.macroRecall), 2.025 / 3, accuracy: 1e-12)
  }

  /// Macro-recall averages the classes with examples: a class never present
  /// counts for nothing, one present and never found counts 0.
  func testMacroRecallSkipsAbsentClasses() throws {
    var metrics = ClassificationMetrics()
    XCTAssertNil(metrics.macroRecall)
    metrics.add(actual: .positive, predicted: .neutral)
    metrics.add(actual: .negative, predicted: .negative)
    metrics.add(actual: .negative, predicted: .positive)
    XCTAssertEqual(try XCTUnwrap(metrics.macroRecall), (0.5 + 0) / 2, accuracy: 1e-12)
  }

  func testUndefinedPrecisionIsNil() throws {
    var metrics = ClassificationMetrics()
    metrics.add(actual: .positive, predicted: .negative)
    metrics.add(actual: .negative, predicted: .negative)
    // Nothing predicted positive: precision undefined; recall 0 of 1.
    XCTAssertNil(metrics.precision(.positive))
    XCTAssertEqual(metrics.recall(.positive), 0)
    XCTAssertNil(metrics.f1(.positive))
    // No neutral examples and none predicted: everything undefined.
    XCTAssertNil(metrics.precision(.neutral))
    XCTAssertNil(metrics.recall(.neutral))
    XCTAssertNil(metrics.f1(.neutral))
    // Negative: precision 1/2, recall 1/1, F1 2·(1/2)/(3/2) = 2/3.
    XCTAssertEqual(try XCTUnwrap(metrics.f1(.negative)), 2.0 / 3, accuracy: 1e-12)
    // Macro-F1 over the classes with examples (negative, positive), positive counting 0.
    XCTAssertEqual(try XCTUnwrap(metrics.macroF1), (2.0 / 3 + 0) / 2, accuracy: 1e-12)
    XCTAssertEqual(metrics.accuracy, 0.5)
  }

  func testF1IsZeroWhenPrecisionAndRecallAreZero() {
    var metrics = ClassificationMetrics()
    metrics.add(actual: .neutral, predicted: .positive)
    metrics.add(actual: .positive, predicted: .neutral)
    XCTAssertEqual(metrics.precision(.positive), 0)
    XCTAssertEqual(metrics.recall(.positive), 0)
    XCTAssertEqual(metrics.f1(.positive), 0)
    XCTAssertEqual(metrics.macroF1, 0)
    XCTAssertEqual(metrics.accuracy, 0)
  }

  func testEmptyMetrics() {
    let metrics = ClassificationMetrics()
    XCTAssertEqual(metrics.total, 0)
    XCTAssertEqual(metrics.correct, 0)
    XCTAssertNil(metrics.accuracy)
    XCTAssertNil(metrics.macroF1)
    XCTAssertNil(metrics.precision(.neutral))
    XCTAssertEqual(metrics.confusion, [[0, 0, 0], [0, 0, 0], [0, 0, 0]])
  }

  func testPerfectPredictions() {
    var metrics = ClassificationMetrics()
    for label in Sentiment.allCases { metrics.add(actual: label, predicted: label) }
    XCTAssertEqual(metrics.accuracy, 1)
    XCTAssertEqual(metrics.macroF1, 1)
  }

  // MARK: Spread

  func testSpread() throws {
    // Mean 40 / 8 = 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32 / 7.
    let spread = try XCTUnwrap(Spread([2, 4, 4, 4, 5, 5, 7, 9]))
    XCTAssertEqual(spread.mean, 5, accuracy: 1e-12)
    XCTAssertEqual(spread.standardDeviation, (32.0 / 7).squareRoot(), accuracy: 1e-12)
  }

  func testSpreadOfTwo() throws {
    // Mean 0.8; deviations ±0.1; sample variance 0.02 / 1.
    let spread = try XCTUnwrap(Spread([0.7, 0.9]))
    XCTAssertEqual(spread.mean, 0.8, accuracy: 1e-12)
    XCTAssertEqual(spread.standardDeviation, 0.02.squareRoot(), accuracy: 1e-12)
  }

  func testSpreadOfOneAndOfNone() throws {
    let one = try XCTUnwrap(Spread([0.25]))
    XCTAssertEqual(one.mean, 0.25)
    XCTAssertEqual(one.standardDeviation, 0)
    XCTAssertNil(Spread([]))
  }

  func testSpreadOfEqualValues() throws {
    let spread = try XCTUnwrap(Spread([3, 3, 3]))
    XCTAssertEqual(spread.mean, 3)
    XCTAssertEqual(spread.standardDeviation, 0)
  }
}
