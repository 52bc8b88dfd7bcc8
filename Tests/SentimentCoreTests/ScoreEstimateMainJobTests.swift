import Foundation
import SentimentCore
import XCTest

/// The main job as a library user writes it, with the public API only:
/// tweets from a source, the built-in model, one call for the score.
final class ScoreEstimateMainJobTests: XCTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tweets")

  /// `ScoreEstimate(texts:model:)` on the `#WWDC` fixture reads what
  /// `tweetalyze --fixtures Fixtures/tweets "#WWDC"` prints: the labels'
  /// count per 100 posts and its band, with an interval that holds the
  /// written score (+4 of 32).
  func testOneCallScoresTheWWDCFixtureAsTheBinaryDoes() async throws {
    let source = FixtureTweetSource(location: Self.fixtures)
    let tweets = try await source.tweets(for: try SearchQuery("#WWDC"), count: 100)
    XCTAssertEqual(tweets.count, 32)
    let model = try DefaultModel.load()
    let estimate = ScoreEstimate(texts: tweets.map(\.text), model: model)
    XCTAssertEqual(estimate.score, Int((estimate.value * 100 / 32).rounded()))
    XCTAssertEqual(estimate.method, .count)
    XCTAssertEqual(estimate.band, EmojiBand(scaled: Double(estimate.score)))
    XCTAssertTrue(estimate.interval.contains(4), "\(estimate.interval)")
    // The plain count is the labels' sum, printed per 100 posts.
    var classifier = Classifier(model: model)
    let labels = tweets.map { classifier.predict($0.text).label }
    let count = ScoreEstimate(texts: tweets.map(\.text), model: model, method: .count)
    let sum = labels.filter { $0 == .positive }.count - labels.filter { $0 == .negative }.count
    XCTAssertEqual(count.value, Double(sum), accuracy: 1e-9)
    XCTAssertEqual(count.score, Int((Double(sum) * 100 / 32).rounded()))
  }

  /// A model too small to calibrate counts labels, whatever is asked.
  func testAnUncalibratedModelCounts() {
    var trainer = NaiveBayesTrainer()
    trainer.add("love it", as: .positive)
    trainer.add("hate it", as: .negative)
    let model = trainer.model()
    XCTAssertNil(model.calibration)
    let estimate = ScoreEstimate(texts: ["love it", "love love", "hate it"], model: model)
    XCTAssertEqual(estimate.method, .count)
    XCTAssertEqual(estimate.value, 1, accuracy: 1e-9)
    XCTAssertEqual(estimate.score, 33, "+1 of 3 tweets is 33 per 100")
  }
}
