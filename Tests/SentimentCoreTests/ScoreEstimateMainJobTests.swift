import Foundation
import SentimentCore
import XCTest

/// The main job's checks that need the package's view. The flows a library
/// user writes with the public API only (the README's example, the `#WWDC`
/// fixture scored as the binary scores it, train → model file → classify,
/// evaluate) are checked by `Examples/LibraryClient`, a separate package
/// that cannot see `package` symbols (`.ci/run` builds and runs it).
final class ScoreEstimateMainJobTests: XCTestCase {
  /// A model too small to calibrate has no calibration and counts labels,
  /// whatever is asked.
  func testAnUncalibratedModelCounts() {
    var trainer = NaiveBayesTrainer()
    trainer.add("love it", as: .positive)
    trainer.add("hate it", as: .negative)
    let model = trainer.model()
    XCTAssertNil(model.calibration)
    let estimate = ScoreEstimate(
      texts: ["love it", "love love", "hate it"], model: model, method: .adjusted)
    XCTAssertEqual(estimate.method, .count)
    XCTAssertEqual(estimate.value, 1, accuracy: 1e-9)
    XCTAssertEqual(estimate.score, 33, "+1 of 3 tweets is 33 per 100")
    XCTAssertEqual(estimate.band, .delighted, "33 per 100 is above 20: 😄")
  }
}
