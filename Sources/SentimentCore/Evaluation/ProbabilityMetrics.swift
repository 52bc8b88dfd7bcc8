import Foundation

/// How well predicted probabilities match what happened: expected
/// calibration error, Brier score and log-loss.
///
/// ```swift
/// var metrics = ProbabilityMetrics()
/// metrics.add(PerClass(negative: 0.1, neutral: 0.2, positive: 0.7), actual: .positive)
/// metrics.logLoss  // -log(0.7)
/// ```
package struct ProbabilityMetrics: Equatable, Sendable {
  /// The number of bins of ``expectedCalibrationError``.
  package static let bins = 10
  private var count = 0
  private var brierSum = 0.0
  private var logLossSum = 0.0
  /// Per bin of top-label confidence: texts, summed confidence, correct.
  private var binCounts = [Int](repeating: 0, count: bins)
  private var binConfidence = [Double](repeating: 0, count: bins)
  private var binCorrect = [Int](repeating: 0, count: bins)

  /// Creates empty metrics.
  package init() {}

  /// Adds one text's class probabilities and its true class.
  package mutating func add(_ probabilities: PerClass<Double>, actual: Sentiment) {
    count += 1
    for label in Sentiment.allCases {
      let target = label == actual ? 1.0 : 0
      brierSum += (probabilities[label] - target) * (probabilities[label] - target)
    }
    // Probabilities of exactly 0 would make the loss infinite.
    logLossSum -= log(max(probabilities[actual], 1e-15))
    let predicted = Prediction.argmax(probabilities)
    let confidence = probabilities[predicted]
    let bin = min(Self.bins - 1, Int(confidence * Double(Self.bins)))
    binCounts[bin] += 1
    binConfidence[bin] += confidence
    if predicted == actual { binCorrect[bin] += 1 }
  }

  /// Adds all of `other`'s texts.
  package mutating func merge(_ other: ProbabilityMetrics) {
    count += other.count
    brierSum += other.brierSum
    logLossSum += other.logLossSum
    for bin in 0..<Self.bins {
      binCounts[bin] += other.binCounts[bin]
      binConfidence[bin] += other.binConfidence[bin]
      binCorrect[bin] += other.binCorrect[bin]
    }
  }

  /// The number of texts.
  package var total: Int { count }

  /// Expected calibration error over 10 equal-width bins of the top
  /// class's probability: the mean gap between confidence and accuracy,
  /// weighted by the bins' sizes (Naeini et al. 2015).
  package var expectedCalibrationError: Double? {
    guard count > 0 else { return nil }
    var error = 0.0
    for bin in 0..<Self.bins where binCounts[bin] > 0 {
      let n = Double(binCounts[bin])
      error += abs(binConfidence[bin] / n - Double(binCorrect[bin]) / n) * n
    }
    return error / Double(count)
  }

  /// The mean over texts of the squared distance between the probabilities
  /// and the one-hot true class (0 is perfect, 2 the worst).
  package var brier: Double? { count > 0 ? brierSum / Double(count) : nil }

  /// The mean negative log-probability of the true class.
  package var logLoss: Double? { count > 0 ? logLossSum / Double(count) : nil }
}
