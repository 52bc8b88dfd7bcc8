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
/// let calibration = Calibration(
///   temperature: 4, biases: PerClass(negative: 0, neutral: 0.8, positive: -0.2))
/// calibration.probabilities(PerClass(negative: -20, neutral: -24, positive: -21))
/// // negative 0.41, neutral 0.33, positive 0.26 (rounded)
/// ```
package struct Calibration: Equatable, Sendable {
  /// What the scores are divided by; above 1 makes the model less sure.
  package var temperature: Double
  /// What is added to each class's scaled score; only differences between
  /// classes matter.
  package var biases: PerClass<Double>
  /// What each value of the lexicon reader's evidence for a class
  /// (``ReaderScores/evidence(for:)``) adds to the class's logit
  /// (`readerWeights[c][k]` for the `k`th of ``ReaderScores/featureNames``,
  /// neutral's all 0; none negative once fitted); `nil` for a model that
  /// does not use the reader.
  package var readerWeights: PerClass<SIMD2<Double>>?
  /// The class balance the probabilities are calibrated to: the prior
  /// behind the biases.
  package var prior: PerClass<Double>

  /// Creates a calibration.
  package init(
    temperature: Double, biases: PerClass<Double> = PerClass { _ in 0 },
    readerWeights: PerClass<SIMD2<Double>>? = nil,
    prior: PerClass<Double> = PerClass { _ in 1.0 / 3 }
  ) {
    self.temperature = temperature
    self.biases = biases
    self.readerWeights = readerWeights
    self.prior = prior
  }

  /// No change: the model's own probabilities.
  package static let identity = Calibration(temperature: 1)

  /// The largest magnitude of any value of the reader's evidence
  /// (``ReaderScores/evidence(for:)``): the compound's lean is at most 1,
  /// and the margin, a difference of `log1p`s of finite sums, is below 710
  /// (`log1p` of the largest `Double`).
  package static let largestFeature = 710.0

  /// The largest magnitude of a bias or a reader weight that a model file
  /// may hold: with every bias and every weight at most this, a logit (a
  /// bias plus each weight times a feature of at most ``largestFeature``)
  /// is at most a quarter of the largest `Double`, so that logits and their
  /// differences stay finite and the probabilities are never NaN. A fit
  /// gives values hundreds of orders of magnitude smaller: a larger one is
  /// not a file that `train` wrote.
  package static let largestWeight =
    Double.greatestFiniteMagnitude / 4
    / (Double(ReaderScores.featureNames.count + 1) * largestFeature)

  /// Whether `value` is a bias or reader weight a model may hold: finite
  /// and at most ``largestWeight`` in magnitude (the one rule of the
  /// loader and of `merge`).
  package static func isAllowedWeight(_ value: Double) -> Bool {
    value.isFinite && abs(value) <= largestWeight
  }

  /// Whether the calibration weighs the lexicon reader.
  package var usesReader: Bool { readerWeights != nil }

  /// The calibrated probability of each class for a text whose class scores
  /// (log prior plus evidence) are `scores` and whose reading is `reader`.
  ///
  /// - Complexity: O(1); no allocation.
  package func probabilities(_ scores: PerClass<Double>, reader: ReaderScores = .none)
    -> PerClass<Double>
  {
    let own = naiveBayesLogits(scores)
    let read = readerLogits(reader)
    return Calibration.softmax(
      PerClass(
        negative: own.negative + read.negative, neutral: own.neutral + read.neutral,
        positive: own.positive + read.positive))
  }

  /// Naive Bayes's part of each class's logit: the score less the highest,
  /// over the temperature, plus the class's bias.
  package func naiveBayesLogits(_ scores: PerClass<Double>) -> PerClass<Double> {
    // Scores are log-likelihoods, often in the hundreds: only differences
    // matter, so they are taken from the largest first.
    let top = max(scores.negative, scores.neutral, scores.positive)
    return PerClass(
      negative: (scores.negative - top) / temperature + biases.negative,
      neutral: (scores.neutral - top) / temperature + biases.neutral,
      positive: (scores.positive - top) / temperature + biases.positive)
  }

  /// What the reader adds to each class's logit for a text read as
  /// `reader`: the reader's part of the decision (zeros without a reader).
  package func readerLogits(_ reader: ReaderScores) -> PerClass<Double> {
    guard let readerWeights else { return PerClass(negative: 0, neutral: 0, positive: 0) }
    // Per post: a fixed-size evidence and two products, no array made.
    func part(_ label: Sentiment) -> Double {
      let weights = readerWeights[label]
      let evidence = reader.evidence(for: label)
      return weights[0] * evidence[0] + weights[1] * evidence[1]
    }
    return PerClass(negative: part(.negative), neutral: 0, positive: part(.positive))
  }

  /// The softmax of three logits, computed without overflow: the one
  /// softmax of the package (an uncalibrated model's probabilities are
  /// ``identity``'s).
  static func softmax(_ logits: PerClass<Double>) -> PerClass<Double> {
    let high = max(logits.negative, logits.neutral, logits.positive)
    guard high.isFinite, !logits.negative.isNaN, !logits.neutral.isNaN, !logits.positive.isNaN
    else { return limit(logits) }
    let e0 = exp(logits.negative - high)
    let e1 = exp(logits.neutral - high)
    let e2 = exp(logits.positive - high)
    let sum = e0 + e1 + e2
    return PerClass(negative: e0 / sum, neutral: e1 / sum, positive: e2 / sum)
  }

  /// The softmax's limit when a logit is not finite: the classes at +∞
  /// share the probability equally; without one, a NaN counts as −∞ and
  /// the finite logits share it by their softmax; with none, each class
  /// has a third. The shares always sum to 1 and are never NaN.
  private static func limit(_ logits: PerClass<Double>) -> PerClass<Double> {
    let values = [logits.negative, logits.neutral, logits.positive]
    let shares: [Double]
    let winners = values.filter { $0 == .infinity }.count
    if winners > 0 {
      shares = values.map { $0 == .infinity ? 1 / Double(winners) : 0 }
    } else if let high = values.filter(\.isFinite).max() {
      let exps = values.map { $0.isFinite ? exp($0 - high) : 0 }
      let sum = exps.reduce(0, +)
      shares = exps.map { $0 / sum }
    } else {
      shares = [1.0 / 3, 1.0 / 3, 1.0 / 3]
    }
    return PerClass(negative: shares[0], neutral: shares[1], positive: shares[2])
  }
}

/// Fits a ``Calibration`` to held-out scores, readings and their true
/// labels by minimizing the log-loss with Newton's method.
///
/// The parameters are `a = 1 / T`, the biases of neutral and positive
/// (negative's is 0: only differences matter) and, with readings, the
/// weights of the reader's evidence for negative and for positive
/// (``ReaderScores/evidence(for:)``), two each, none negative: a weight
/// that would come out negative is held at 0 and the rest fitted again, so
/// that the reader can only push toward its own reading. Every
/// class weighs the same in the loss, whatever its share of the rows, so
/// the fit is the classifier's at equal class priors; the biases are then
/// moved to ``labelPrior``, the balance the labels are meant for. The loss
/// is convex, so Newton's method with a backtracking line search finds the
/// minimum in a few steps.
package enum CalibrationFit {
  /// The class balance the labels and probabilities are calibrated to:
  /// 30 % negative, 40 % neutral, 30 % positive (`docs/model.md`, "The
  /// label").
  package static let labelPrior = PerClass(negative: 0.3, neutral: 0.4, positive: 0.3)
  /// class scores per text) and, when given, the texts' `readings`, or
  /// ``Calibration/identity`` when there is nothing to fit (no texts, or
  /// only one class present).
  ///
  /// - Complexity: O(*n*) per Newton step in the number of texts; at most
  ///   100 steps.
  package static func fit(
    scores: [PerClass<Double>], labels: [Sentiment], readings: [ReaderScores]? = nil,
    prior: PerClass<Double> = labelPrior
  ) -> Calibration {
    precondition(scores.count == labels.count, "one label per text")
    precondition(readings.map { $0.count == labels.count } ?? true, "one reading per text")
    guard Set(labels).count > 1 else { return .identity }
    var problem = Problem(scores: scores, labels: labels, readings: readings)
    var parameters = minimize(problem)
    // The loss is convex, so holding at 0 each weight that comes out
    // negative and fitting the rest again reaches the constrained minimum
    // in at most one round per weight.
    while let worst = (3..<problem.width).filter({ !problem.held.contains($0) })
      .min(by: { parameters[$0] < parameters[$1] }), parameters[worst] < 0
    {
      problem.held.insert(worst)
      parameters = minimize(problem)
    }
    let shift = prior.map { log(max($0, 1e-12)) - log(max(prior.negative, 1e-12)) }
    var weights: PerClass<SIMD2<Double>>?
    if readings != nil {
      let k = ReaderScores.featureNames.count
      weights = PerClass(
        negative: SIMD2(parameters[3], parameters[3 + 1]), neutral: .zero,
        positive: SIMD2(parameters[3 + k], parameters[3 + k + 1]))
    }
    return Calibration(
      temperature: 1 / parameters[0],
      biases: PerClass(
        negative: 0, neutral: parameters[1] + shift.neutral,
        positive: parameters[2] + shift.positive),
      readerWeights: weights, prior: prior)
  }

  /// The parameters that minimize `problem`'s loss, by Newton's method with
  /// a backtracking line search; held parameters stay 0.
  static func minimize(_ problem: Problem) -> [Double] {
    var parameters = [1.0] + [Double](repeating: 0, count: problem.width - 1)
    var loss = problem.loss(parameters)
    let entries = problem.jacobianEntries()
    for _ in 0..<100 {
      let (gradient, hessian) = problem.derivatives(parameters, entries)
      guard let step = solve(hessian, gradient.map { -$0 }) else { break }
      var scale = 1.0
      var improved = false
      while scale > 1e-10 {
        let candidate = zip(parameters, step).map { $0 + scale * $1 }
        let candidateLoss = problem.loss(candidate)
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
    return parameters
  }

  /// The rows of a fit: each text's centred scores, reader features, label
  /// and weight (each class weighs the same in all).
  struct Problem {
    /// Each text's three centred scores, row after row.
    let scores: [Double]
    /// Each text's reader evidence for negative, then for positive, row
    /// after row (`width - 3` values a row; none without the reader).
    let features: [Double]
    let labels: [Int]
    let weights: [Double]
    /// The number of parameters.
    let width: Int
    /// The reader weights held at 0.
    var held: Set<Int> = []

    init(scores: [PerClass<Double>], labels: [Sentiment], readings: [ReaderScores]?) {
      self.scores = scores.flatMap { row in
        let top = max(row.negative, row.neutral, row.positive)
        return [row.negative - top, row.neutral - top, row.positive - top]
      }
      features =
        readings?.flatMap { reading in
          let negative = reading.evidence(for: .negative)
          let positive = reading.evidence(for: .positive)
          return [negative[0], negative[1], positive[0], positive[1]]
        } ?? []
      self.labels = labels.map(\.rawValue)
      var counts = [0.0, 0, 0]
      for label in labels { counts[label.rawValue] += 1 }
      let present = Double(counts.filter { $0 > 0 }.count)
      let n = Double(labels.count)
      weights = labels.map { n / (present * counts[$0.rawValue]) }
      width = 3 + (readings == nil ? 0 : 2 * ReaderScores.featureNames.count)
    }

    /// A ridge on the reader's weights keeps them finite when a feature
    /// separates the classes, and small where the data say little.
    static let ridge = 1e-3

    /// The logits of row `i`: the scores divided by the temperature, the
    /// biases, and the reader's weighted evidence toward negative and
    /// positive.
    ///
    /// - Complexity: O(1), with no allocation: the loss calls it for every
    ///   row at every step of the line search.
    func logitValues(_ p: [Double], _ i: Int) -> (Double, Double, Double) {
      var z0 = p[0] * scores[3 * i]
      let z1 = p[0] * scores[3 * i + 1] + p[1]
      var z2 = p[0] * scores[3 * i + 2] + p[2]
      if width > 3 {
        let row = (width - 3) * i
        let k = (width - 3) / 2
        for j in 0..<k {
          z0 += p[3 + j] * features[row + j]
          z2 += p[3 + k + j] * features[row + k + j]
        }
      }
      return (z0, z1, z2)
    }

    /// The derivative of row `i`'s logit for class `c` by parameter `a`:
    /// the entry `[c][a]` of the logits' Jacobian.
    func jacobian(_ i: Int, _ c: Int, _ a: Int, _ isHeld: [Bool]) -> Double {
      switch a {
      case 0: return scores[3 * i + c]
      case 1: return c == 1 ? 1 : 0
      case 2: return c == 2 ? 1 : 0
      default:
        let k = (width - 3) / 2
        let isNegative = a < 3 + k
        guard !isHeld[a], c == (isNegative ? 0 : 2) else { return 0 }
        return features[(width - 3) * i + a - 3]
      }
    }

    /// The weighted mean log-loss, plus the ridge.
    func loss(_ p: [Double]) -> Double {
      var total = 0.0
      for i in labels.indices {
        let (z0, z1, z2) = logitValues(p, i)
        let top = max(z0, z1, z2)
        let logSum = top + log(exp(z0 - top) + exp(z1 - top) + exp(z2 - top))
        let own = labels[i] == 0 ? z0 : labels[i] == 1 ? z1 : z2
        total += weights[i] * (logSum - own)
      }
      let penalty = p.dropFirst(3).reduce(0) { $0 + $1 * $1 } * Self.ridge / 2
      return total / Double(max(1, labels.count)) + penalty
    }

    /// Each row's non-zero entries of the logits' Jacobian, in increasing
    /// parameter order as ``jacobian(_:_:_:_:)`` gives them: they depend on
    /// the rows and the held weights, not on the parameters, so a Newton
    /// run lists them once.
    struct JacobianEntries {
      /// Class `c`'s entries of row `i` are `start[3 i + c] ..< start[3 i + c + 1]`.
      var start: [Int32] = [0]
      var parameter: [Int32] = []
      var value: [Double] = []
    }

    /// The non-zero Jacobian entries of every row, for the weights held now.
    func jacobianEntries() -> JacobianEntries {
      let isHeld = (0..<width).map { held.contains($0) }
      var entries = JacobianEntries()
      entries.start.reserveCapacity(3 * labels.count + 1)
      for i in labels.indices {
        for c in 0..<3 {
          for a in 0..<width {
            let ja = jacobian(i, c, a, isHeld)
            if ja != 0 {
              entries.parameter.append(Int32(a))
              entries.value.append(ja)
            }
          }
          entries.start.append(Int32(entries.parameter.count))
        }
      }
      return entries
    }

    /// The gradient and Hessian of ``loss(_:)``, given the rows' Jacobian
    /// entries (``jacobianEntries()``).
    ///
    /// - Complexity: O(*n*) in the number of texts, with no allocation per
    ///   text. The sums run over each row's non-zero Jacobian entries alone:
    ///   the same terms, added in the same order, as running over every
    ///   parameter and skipping the zeros.
    func derivatives(_ p: [Double], _ entries: JacobianEntries) -> ([Double], [[Double]]) {
      var gradient = [Double](repeating: 0, count: width)
      var hessian = [Double](repeating: 0, count: width * width)
      do {
        // Spans: the sums below write without a copy-on-write check each.
        var gradientSums = gradient.mutableSpan
        var hessianSums = hessian.mutableSpan
        let start = entries.start.span
        let parameter = entries.parameter.span
        let value = entries.value.span
        for i in labels.indices {
          let (z0, z1, z2) = logitValues(p, i)
          let q = Calibration.softmax(PerClass(negative: z0, neutral: z1, positive: z2))
          func probability(_ c: Int) -> Double {
            c == 0 ? q.negative : c == 1 ? q.neutral : q.positive
          }
          func row(_ c: Int) -> Range<Int> { Int(start[3 * i + c])..<Int(start[3 * i + c + 1]) }
          let w = weights[i]
          for c in 0..<3 {
            let residual = w * (probability(c) - (c == labels[i] ? 1 : 0))
            for e in row(c) {
              gradientSums[Int(parameter[e])] += residual * value[e]
            }
          }
          // Σ_cd J_c (δ_cd q_c − q_c q_d) J_d
          for c in 0..<3 {
            for d in 0..<3 {
              let weight = w * ((c == d ? probability(c) : 0) - probability(c) * probability(d))
              guard weight != 0 else { continue }
              for e in row(c) {
                let offset = Int(parameter[e]) * width
                let ja = value[e]
                for f in row(d) {
                  hessianSums[offset + Int(parameter[f])] += weight * ja * value[f]
                }
              }
            }
          }
        }
      }
      let n = Double(max(1, labels.count))
      return (
        gradient.indices.map { a in
          held.contains(a) ? 0 : gradient[a] / n + (a >= 3 ? Self.ridge * p[a] : 0)
        },
        (0..<width).map { a in
          (0..<width).map { b in
            // A held weight's row is the identity: its step is 0.
            held.contains(a) || held.contains(b)
              ? (a == b ? 1 : 0)
              : hessian[a * width + b] / n + (a == b ? (a >= 3 ? Self.ridge : 1e-9) : 0)
          }
        }
      )
    }
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

extension ReaderScores {
  /// The reading's evidence for `label`, the values the classifier's
  /// calibration weighs (``ReaderScores/featureNames``): how far the
  /// compound leans toward `label`, and by how much the words on `label`'s
  /// side outweigh the other side's (`log(1 + sum)`, the difference). Each
  /// is 0 unless the reading leans toward `label`, and neutral's are 0, so
  /// a positive weight can only push toward the reader's own reading.
  package func evidence(for label: Sentiment) -> SIMD2<Double> {
    let margin = log1p(positiveSum) - log1p(negativeSum)
    switch label {
    case .positive: return [max(compound, 0), max(margin, 0)]
    case .negative: return [max(-compound, 0), max(-margin, 0)]
    case .neutral: return [0, 0]
    }
  }

  /// The names of ``evidence(for:)``'s values, as `explain` and
  /// docs/model.md give them.
  package static let featureNames = ["compound", "margin"]
}
