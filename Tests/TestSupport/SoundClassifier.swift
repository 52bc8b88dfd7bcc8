import SentimentCore

/// A sound classifier, right 80 % of the time, and the headline's estimator
/// under it: what the tests of groups (`--trend`, `--mentions`, charts)
/// score their posts with.
package enum SoundClassifier {
  /// The classifier's context: trained on 20 % negative, 60 % neutral and
  /// 20 % positive texts; each class read right 70–80 % of the time.
  package static let context = QuantificationContext(
    trainingPrevalence: [0.2, 0.6, 0.2],
    rates: [[0.7, 0.25, 0.05], [0.1, 0.8, 0.1], [0.05, 0.25, 0.7]])

  /// The headline's estimator on these predictions' probabilities.
  package static func estimate(_ predictions: [Prediction]) -> ScoreEstimate {
    ScoreEstimate(
      posteriors: predictions.map(\.probabilities), method: .adjusted, context: context)
  }

  /// Probabilities 0.9 for `label`, 0.05 for the others.
  package static func posterior(_ label: Sentiment) -> PerClass<Double> {
    var probabilities = PerClass(negative: 0.05, neutral: 0.05, positive: 0.05)
    probabilities[label] = 0.9
    return probabilities
  }
}
