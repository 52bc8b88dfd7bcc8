import XCTest

@testable import SentimentCore

/// How a ``QuantificationResult`` scores sets: error, emoji, and whether the
/// printed interval holds the truth.
final class PrevalenceSamplingTests: XCTestCase {
  private let context = QuantificationContext(
    trainingPrevalence: [0.3, 0.4, 0.3],
    rates: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

  private func oneHot(_ label: Sentiment) -> PerClass<Double> {
    PerClass(Sentiment.allCases.map { $0 == label ? 1 : 0 })
  }

  /// Probabilities that are the labels: every mean-based estimate is exact
  /// and its interval holds the truth.
  func testExactProbabilitiesAreCoveredEveryTime() throws {
    var result = QuantificationResult()
    let labels: [Sentiment] =
      Array(repeating: .positive, count: 30)
      + Array(repeating: .negative, count: 10) + Array(repeating: .neutral, count: 60)
    result.add(posteriors: labels.map(oneHot), labels: labels, context: context)
    for method in [QuantificationMethod.count, .probabilities, .adjusted] {
      XCTAssertEqual(try XCTUnwrap(result.meanAbsoluteError(method)), 0, accuracy: 1e-9)
      XCTAssertEqual(result.intervalCoverage(method), 1, method.rawValue)
      XCTAssertEqual(result.emojiAccuracy(method), 1, method.rawValue)
    }
    XCTAssertNil(result.intervalCoverage(.em))
  }

  /// A classifier sure of the wrong class: the interval is narrow and
  /// misses; merging adds the sets.
  func testAConfidentMisreadingIsNotCovered() throws {
    var result = QuantificationResult()
    let labels = [Sentiment](repeating: .positive, count: 50)
    result.add(
      posteriors: labels.map { _ in oneHot(.negative) }, labels: labels, context: context)
    XCTAssertEqual(try XCTUnwrap(result.meanAbsoluteError(.count)), 200, accuracy: 1e-9)
    XCTAssertEqual(result.intervalCoverage(.count), 0)
    var more = QuantificationResult()
    more.add(posteriors: labels.map { _ in oneHot(.positive) }, labels: labels, context: context)
    result.merge(more)
    XCTAssertEqual(result.sets, 2)
    XCTAssertEqual(result.intervalCoverage(.count), 0.5)
  }
}
