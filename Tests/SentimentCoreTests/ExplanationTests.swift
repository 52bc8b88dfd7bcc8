import Foundation
import SentimentCore
import XCTest

final class ExplanationTests: XCTestCase {
  /// Four documents: positive "good", positive "good fun", negative "bad",
  /// neutral "meh"; alpha 1, data priors, no bigrams. Vocabulary: good,
  /// fun, bad, meh (V = 4). Totals: positive 3, negative 1, neutral 1.
  /// Weight = log((count + 1) / (total + 4)):
  ///   good: negative log 1/5, neutral log 1/5, positive log 3/7
  ///   bad:  negative log 2/5, neutral log 1/5, positive log 1/7
  /// Priors: negative 1/4, neutral 1/4, positive 2/4. No lexicon.
  func model(binarized: Bool = true) -> NaiveBayesModel {
    var trainer = NaiveBayesTrainer(
      options: NaiveBayesOptions(alpha: 1, binarized: binarized, priors: .data, bigrams: false),
      lexicon: Lexicon())
    trainer.add("good", as: .positive)
    trainer.add("good fun", as: .positive)
    trainer.add("bad", as: .negative)
    trainer.add("meh", as: .neutral)
    return trainer.model()
  }

  func testNumbersCheckedByHand() throws {
    let explanation = Explanation(text: "good good bad xyz", model: model())
    XCTAssertEqual(explanation.logPriors[0], log(0.25), accuracy: 1e-12)
    XCTAssertEqual(explanation.logPriors[2], log(0.5), accuracy: 1e-12)
    // bad spreads log(2/5) - log(1/7) = log 2.8 = 1.0296; good log(3/7) -
    // log(1/5) = log(15/7) = 0.7621: bad first.
    XCTAssertEqual(explanation.features.map(\.feature), ["bad", "good"])
    XCTAssertEqual(explanation.features.map(\.count), [1, 1], "binarized: once")
    XCTAssertEqual(explanation.features.map(\.leans), [.negative, .positive])
    let bad = explanation.features[0]
    XCTAssertEqual(bad.spread, log(2.8), accuracy: 1e-12)
    XCTAssertEqual(bad.weights[0], log(2.0 / 5), accuracy: 1e-12)
    XCTAssertEqual(bad.weights[1], log(1.0 / 5), accuracy: 1e-12)
    XCTAssertEqual(bad.weights[2], log(1.0 / 7), accuracy: 1e-12)
    XCTAssertEqual(explanation.features[1].weights[2], log(3.0 / 7), accuracy: 1e-12)
    XCTAssertEqual(explanation.ignored, ["xyz"])
    // Scores: negative 1/4·1/5·2/5 = 2/100, neutral 1/4·1/5·1/5 = 1/100,
    // positive 1/2·3/7·1/7 = 3/98. Times 4900: 98, 49, 150; sum 297.
    XCTAssertEqual(explanation.scores[0], log(0.02), accuracy: 1e-12)
    XCTAssertEqual(explanation.scores[1], log(0.01), accuracy: 1e-12)
    XCTAssertEqual(explanation.scores[2], log(3.0 / 98), accuracy: 1e-12)
    XCTAssertEqual(explanation.prediction.label, .positive)
    XCTAssertEqual(explanation.prediction.probabilities[0], 98.0 / 297, accuracy: 1e-12)
    XCTAssertEqual(explanation.prediction.probabilities[1], 49.0 / 297, accuracy: 1e-12)
    XCTAssertEqual(explanation.prediction.probabilities[2], 150.0 / 297, accuracy: 1e-12)
    XCTAssertEqual(explanation.prediction, model().predict("good good bad xyz"))
  }

  func testCountsRepeatsWhenNotBinarized() throws {
    let model = model(binarized: false)
    let explanation = Explanation(text: "good good bad", model: model)
    XCTAssertEqual(explanation.features.map(\.count), [1, 2])
    // positive: 1/2 · (3/7)² · 1/7 = 9/686.
    XCTAssertEqual(explanation.scores[2], log(9.0 / 686), accuracy: 1e-12)
    let predicted = model.predict("good good bad")
    XCTAssertEqual(explanation.prediction.label, predicted.label)
    for index in 0..<3 {
      XCTAssertEqual(
        explanation.prediction.probabilities[index], predicted.probabilities[index],
        accuracy: 1e-12)
    }
  }

  func testNothingKnown() {
    let explanation = Explanation(text: "xyz xyz", model: model())
    XCTAssertEqual(explanation.features, [])
    XCTAssertEqual(explanation.ignored, ["xyz"])
    XCTAssertEqual(explanation.scores, explanation.logPriors)
    XCTAssertEqual(explanation.prediction.label, .positive, "the largest prior")
  }
}
