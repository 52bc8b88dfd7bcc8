import Foundation

/// Turns a model's class scores into probabilities that mean what they say:
/// bias-corrected temperature scaling (Alexandari, Kundaje & Shrikumar
/// 2020), fitted on held-out predictions.
///
/// Naive Bayes adds up the evidence of every word as if the words were
/// independent, so its probabilities are far too sure of themselves (0.99
/// and more on most tweets). Calibration divides the scores by a
/// temperature and adds a bias per class before the softmax:
///
///     p(c | text) = softmax(score(c) / T + b(c))
///
/// The temperature tempers the confidence; the biases correct the class
/// balance, which the model's uniform priors leave out. The four numbers are
/// fitted by maximum likelihood (log-loss is convex in `1/T` and `b`) on
/// predictions that the model did not train on: out-of-fold scores from
/// cross-validation on the training data (``CalibrationFit``).
///
/// ```swift
/// let calibration = Calibration(temperature: 4, biases: [0, 0.8, -0.2])
/// calibration.probabilities([-20, -24, -21])  // [0.41, 0.33, 0.26] (rounded)
/// ```
package struct Calibration: Equatable, Sendable {
  /// What the scores are divided by; above 1 makes the model less sure.
  package var temperature: Double
  /// What is added to each class's scaled score, indexed by
  /// `Sentiment.rawValue`; only differences between classes matter.
  package var biases: [Double]

  /// Creates a calibration.
  package init(temperature: Double, biases: [Double] = [0, 0, 0]) {
    self.temperature = temperature
    self.biases = biases
  }

  /// No change: the model's own probabilities.
  package static let identity = Calibration(temperature: 1)

  /// The calibrated probability of each class for a text whose class scores
  /// (log prior plus evidence) are `scores`.
  ///
  /// - Complexity: O(1).
  package func probabilities(_ scores: [Double]) -> [Double] {
    probabilities(PerClass(negative: scores[0], neutral: scores[1], positive: scores[2])).array
  }

  /// The calibrated probabilities of three class scores.
  ///
  /// - Complexity: O(1); no allocation.
  package func probabilities(_ scores: PerClass<Double>) -> PerClass<Double> {
    // Scores are log-likelihoods, often in the hundreds: only differences
    // matter, so they are taken from the largest first.
    let top = max(scores.negative, scores.neutral, scores.positive)
    return Calibration.softmax(
      PerClass(
        negative: (scores.negative - top) / temperature + biases[0],
        neutral: (scores.neutral - top) / temperature + biases[1],
        positive: (scores.positive - top) / temperature + biases[2]))
  }

  /// The softmax of three logits, computed without overflow: the one
  /// softmax of the package (an uncalibrated model's probabilities are
  /// ``identity``'s).
  static func softmax(_ logits: PerClass<Double>) -> PerClass<Double> {
    let high = max(logits.negative, logits.neutral, logits.positive)
    guard high.isFinite else {
      return PerClass(
        negative: logits.negative == high ? 1 / 3 : 0, neutral: logits.neutral == high ? 1 / 3 : 0,
        positive: logits.positive == high ? 1 / 3 : 0)
    }
    let e0 = exp(logits.negative - high)
    let e1 = exp(logits.neutral - high)
    let e2 = exp(logits.positive - high)
    let sum = e0 + e1 + e2
    return PerClass(negative: e0 / sum, neutral: e1 / sum, positive: e2 / sum)
  }
}

/// Fits a ``Calibration`` to held-out scores and their true labels by
/// minimizing the log-loss with Newton's method.
///
/// The parameters are `a = 1 / T` and the biases of neutral and positive
/// (negative's is 0: only differences matter). The loss is convex in them,
/// so Newton's method with a backtracking line search finds the minimum in a
/// few steps.
package enum CalibrationFit {
  /// The calibration that best explains `labels` from `scores` (one array of
  /// class scores per text), or ``Calibration/identity`` when there is
  /// nothing to fit (no texts, or only one class present).
  ///
  /// - Complexity: O(*n*) per Newton step in the number of texts; at most
  ///   100 steps.
  package static func fit(scores: [[Double]], labels: [Sentiment]) -> Calibration {
    precondition(scores.count == labels.count, "one label per text")
    guard Set(labels).count > 1 else { return .identity }
    let centered = scores.map { row in row.map { $0 - (row.max() ?? 0) } }
    var parameters = [1.0, 0, 0]
    var loss = logLoss(parameters, centered, labels)
    for _ in 0..<100 {
      let (gradient, hessian) = derivatives(parameters, centered, labels)
      guard let step = solve(hessian, gradient.map { -$0 }) else { break }
      var scale = 1.0
      var improved = false
      while scale > 1e-10 {
        let candidate = zip(parameters, step).map { $0 + scale * $1 }
        let candidateLoss = logLoss(candidate, centered, labels)
        if candidate[0] > 1e-6 && candidateLoss <= loss {
          improved = loss - candidateLoss > 1e-12 * max(1, abs(loss))
          parameters = candidate
          loss = candidateLoss
          break
        }
        scale /= 2
      }
      if !improved { break }
    }
    return Calibration(temperature: 1 / parameters[0], biases: [0, parameters[1], parameters[2]])
  }

  /// The mean log-loss of the parameters `[a, b_neutral, b_positive]`.
  static func logLoss(_ parameters: [Double], _ scores: [[Double]], _ labels: [Sentiment])
    -> Double
  {
    var total = 0.0
    for (row, label) in zip(scores, labels) {
      let logits = self.logits(parameters, row)
      let top = logits.max() ?? 0
      let logSum = top + log(logits.reduce(0) { $0 + exp($1 - top) })
      total += logSum - logits[label.rawValue]
    }
    return total / Double(max(1, scores.count))
  }

  private static func logits(_ parameters: [Double], _ row: [Double]) -> [Double] {
    [
      parameters[0] * row[0], parameters[0] * row[1] + parameters[1],
      parameters[0] * row[2] + parameters[2],
    ]
  }

  /// The gradient and Hessian of the mean log-loss.
  private static func derivatives(
    _ parameters: [Double], _ scores: [[Double]], _ labels: [Sentiment]
  ) -> ([Double], [[Double]]) {
    var gradient = [0.0, 0, 0]
    var hessian = [[Double]](repeating: [0, 0, 0], count: 3)
    for (row, label) in zip(scores, labels) {
      let logits = self.logits(parameters, row)
      let p = Calibration.softmax(
        PerClass(negative: logits[0], neutral: logits[1], positive: logits[2])
      ).array
      // d logit_c / d params: [s_c, c == neutral, c == positive].
      let jacobian = (0..<3).map { c in [row[c], c == 1 ? 1.0 : 0, c == 2 ? 1.0 : 0] }
      for c in 0..<3 {
        let residual = p[c] - (c == label.rawValue ? 1 : 0)
        for i in 0..<3 { gradient[i] += residual * jacobian[c][i] }
      }
      // Σ_cd J_c (δ_cd p_c − p_c p_d) J_d
      for c in 0..<3 {
        for d in 0..<3 {
          let weight = (c == d ? p[c] : 0) - p[c] * p[d]
          guard weight != 0 else { continue }
          for i in 0..<3 {
            for j in 0..<3 { hessian[i][j] += weight * jacobian[c][i] * jacobian[d][j] }
          }
        }
      }
    }
    let n = Double(max(1, scores.count))
    // A tiny ridge keeps the system solvable when a class never occurs.
    return (
      gradient.map { $0 / n },
      hessian.indices.map { i in
        hessian[i].indices.map { hessian[i][$0] / n + (i == $0 ? 1e-9 : 0) }
      }
    )
  }

  /// Solves `matrix × x = vector` by Gaussian elimination with partial
  /// pivoting; `nil` when the matrix is singular.
  static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
    var a = matrix
    var b = vector
    let n = b.count
    for column in 0..<n {
      guard
        let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
        abs(a[pivot][column]) > 1e-15
      else { return nil }
      a.swapAt(column, pivot)
      b.swapAt(column, pivot)
      for row in (column + 1)..<n {
        let factor = a[row][column] / a[column][column]
        for k in column..<n { a[row][k] -= factor * a[column][k] }
        b[row] -= factor * b[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = b[row]
      for k in (row + 1)..<n { sum -= a[row][k] * x[k] }
      x[row] = sum / a[row][row]
    }
    return x.allSatisfy(\.isFinite) ? x : nil
  }
}
