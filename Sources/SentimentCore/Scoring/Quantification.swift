import Foundation

/// How the share of each class in a set of tweets is estimated from the
/// classifier's output: the problem of *quantification* (Forman 2008;
/// Esuli, Fabris, Moreo & Sebastiani 2023).
///
/// Counting the predicted labels is biased whenever the set's class balance
/// differs from the training data's, which is always: a classifier that
/// errs toward neutral makes every set look more neutral than it is.
public enum QuantificationMethod: String, CaseIterable, Sendable {
  /// Classify and count: the share of tweets whose most probable class is
  /// each class (the original app's sum).
  case count
  /// Probabilistic classify and count: the mean calibrated probability of
  /// each class (Bella et al. 2010).
  case probabilities
  /// Probabilistic adjusted classify and count (Bella et al. 2010): the
  /// mean probabilities corrected with the classifier's held-out mean
  /// probabilities per true class, the probabilistic form of Forman's
  /// adjustment (2008). Both means are taken after each text's calibrated
  /// probabilities are re-weighted to equal class priors, which keeps the
  /// correction well conditioned when the training data is mostly one
  /// class. The default: the most robust in our measurements
  /// (`docs/score.md`).
  case adjusted
  /// Expectation-maximization of the set's class priors from the calibrated
  /// probabilities (Saerens, Latinne & Decaestecker 2002): best when only
  /// the class balance changes, but it amplifies a change of topic.
  case em
}

/// What a quantifier knows of the classifier beyond a set's probabilities:
/// the class balance it was trained on and its held-out confusion.
package struct QuantificationContext: Equatable, Sendable {
  /// The share of each class in the training data (sums to 1).
  package var trainingPrevalence: PerClass<Double>
  /// Held-out mean calibrated probabilities per true class:
  /// `rates[actual][c]`, each row summing to 1.
  package var rates: PerClass<PerClass<Double>>
  /// Whether `rates` are means of probabilities re-weighted to equal class
  /// priors, so that ``QuantificationMethod/adjusted`` re-weights a set's
  /// probabilities likewise before it corrects them.
  package var equalPriors: Bool
  /// The weight, in tweets, of a Dirichlet prior toward the training
  /// balance in ``QuantificationMethod/em`` (0: plain maximum likelihood).
  package var priorWeight: Double

  /// Creates a context.
  package init(
    trainingPrevalence: PerClass<Double>, rates: PerClass<PerClass<Double>>,
    equalPriors: Bool = false,
    priorWeight: Double = 0
  ) {
    self.trainingPrevalence = trainingPrevalence
    self.rates = rates
    self.equalPriors = equalPriors
    self.priorWeight = priorWeight
  }
}

/// Estimates the share of each class in a set of tweets.
///
/// ```swift
/// let posteriors = [
///   PerClass(negative: 0.1, neutral: 0.2, positive: 0.7),
///   PerClass(negative: 0.6, neutral: 0.3, positive: 0.1),
/// ]
/// Quantifier.prevalence(of: posteriors, method: .probabilities, context: context)
/// // negative 0.35, neutral 0.25, positive 0.4
/// ```
package enum Quantifier {
  /// The estimated share of each class (summing to 1) among texts whose calibrated class probabilities are
  /// `posteriors`; the training balance for an empty set.
  ///
  /// - Complexity: O(*n*) in the number of texts; for
  ///   ``QuantificationMethod/em``, O(*n*) per iteration, at most 1000.
  package static func prevalence(
    of posteriors: [PerClass<Double>], method: QuantificationMethod,
    context: QuantificationContext
  ) -> PerClass<Double> {
    prevalence(of: posteriors, method: method, context: context, iterations: maximumIterations)
  }

  /// The most iterations of ``QuantificationMethod/em``.
  static let maximumIterations = 1000

  /// ``prevalence(of:method:context:)`` with at most `iterations` of
  /// ``QuantificationMethod/em``: fewer for the fuzz target, which runs a
  /// million inputs.
  static func prevalence(
    of posteriors: [PerClass<Double>], method: QuantificationMethod,
    context: QuantificationContext, iterations: Int
  ) -> PerClass<Double> {
    guard !posteriors.isEmpty else { return context.trainingShares }
    guard let rows = meanRows(posteriors, method: method, context: context) else {
      return expectationMaximization(posteriors, context: context, iterations: iterations)
    }
    return shares(ofMean: meanPosterior(rows), method: method, context: context)
  }

  /// What each text adds to the mean that `method` starts from: its label
  /// as a one-hot row (``QuantificationMethod/count``), its probabilities
  /// (``QuantificationMethod/probabilities``, and
  /// ``QuantificationMethod/adjusted`` with plain rates), or its
  /// probabilities re-weighted to equal priors (``QuantificationMethod/adjusted``
  /// with equal-prior rates); `nil` for ``QuantificationMethod/em``, which
  /// is not a mean. ``ScoreEstimate``'s bootstrap resamples these rows.
  static func meanRows(
    _ posteriors: [PerClass<Double>], method: QuantificationMethod,
    context: QuantificationContext
  ) -> [PerClass<Double>]? {
    switch method {
    case .count:
      posteriors.map { row in
        // The label `classify` prints: the most probable class.
        let label = Prediction.argmax(row)
        return PerClass(
          negative: label == .negative ? 1 : 0, neutral: label == .neutral ? 1 : 0,
          positive: label == .positive ? 1 : 0)
      }
    case .probabilities: posteriors
    case .adjusted:
      context.equalPriors
        ? posteriors.map { equalPriors($0, training: context.trainingPrevalence) } : posteriors
    case .em: nil
    }
  }

  /// The shares a mean-based `method` estimates from the mean of its
  /// ``meanRows(_:method:context:)``: the mean itself, corrected with the
  /// held-out rates for ``QuantificationMethod/adjusted``.
  static func shares(
    ofMean mean: PerClass<Double>, method: QuantificationMethod, context: QuantificationContext
  ) -> PerClass<Double> {
    method == .adjusted ? adjusted(mean, rates: context.rates) : mean
  }

  /// Probabilities calibrated to the training balance `training`, re-weighted
  /// to equal class priors by Bayes' rule: `p(c) / training(c)`, normalized
  /// (0 for a class the training data did not have).
  ///
  /// ```swift
  /// let p = PerClass(negative: 0.2, neutral: 0.6, positive: 0.2)
  /// Quantifier.equalPriors(p, training: PerClass(negative: 0.2, neutral: 0.6, positive: 0.2))
  /// // negative 0.333…, neutral 0.333…, positive 0.333…
  /// ```
  package static func equalPriors(
    _ probabilities: PerClass<Double>, training: PerClass<Double>
  ) -> PerClass<Double> {
    func ratio(_ label: Sentiment) -> Double {
      let prior = training[label]
      return prior > 0 ? probabilities[label] / prior : 0
    }
    return PerClass(
      negative: ratio(.negative), neutral: ratio(.neutral), positive: ratio(.positive)
    )
    .shares
  }

  /// The mean of the rows, normalized: the mean probability of each class.
  static func meanPosterior(_ posteriors: [PerClass<Double>]) -> PerClass<Double> {
    var sums = PerClass(negative: 0.0, neutral: 0, positive: 0)
    for row in posteriors {
      sums.negative += row.negative
      sums.neutral += row.neutral
      sums.positive += row.positive
    }
    return sums.shares
  }

  /// Solves `observed = Σ_actual prevalence[actual] × rates[actual]` for the
  /// prevalence, then clips it to the simplex (Forman's adjustment); the
  /// observed shares when the rates are singular.
  ///
  /// - Complexity: O(1).
  static func adjusted(
    _ observed: PerClass<Double>, rates: PerClass<PerClass<Double>>
  ) -> PerClass<Double> {
    // The system's matrix is the transpose of the rates.
    let matrix = Sentiment.allCases.map { predicted in
      Sentiment.allCases.map { actual in rates[actual][predicted] }
    }
    guard let solution = CalibrationFit.solve(matrix, observed.array) else { return observed }
    return PerClass(
      negative: max(0, solution[0]), neutral: max(0, solution[1]), positive: max(0, solution[2])
    ).shares
  }

  /// The maximum a posteriori class priors of the set (Saerens et al.
  /// 2002): alternately re-weights each text's probabilities by the ratio
  /// of the current priors to the training priors, and sets the priors to
  /// the mean re-weighted probabilities, plus `priorWeight` pseudo-texts
  /// at the training balance.
  static func expectationMaximization(
    _ posteriors: [PerClass<Double>], context: QuantificationContext, iterations: Int
  ) -> PerClass<Double> {
    let shares = context.trainingShares
    let training = PerClass(
      negative: max(shares.negative, 1e-9), neutral: max(shares.neutral, 1e-9),
      positive: max(shares.positive, 1e-9))
    let pseudo = context.priorWeight
    var priors = training
    for _ in 0..<iterations {
      var sums = PerClass(
        negative: training.negative * pseudo, neutral: training.neutral * pseudo,
        positive: training.positive * pseudo)
      for row in posteriors {
        let weighted = PerClass(
          negative: row.negative * priors.negative / training.negative,
          neutral: row.neutral * priors.neutral / training.neutral,
          positive: row.positive * priors.positive / training.positive)
        let total = 0 + weighted.negative + weighted.neutral + weighted.positive
        guard total > 0 else { continue }
        sums.negative += weighted.negative / total
        sums.neutral += weighted.neutral / total
        sums.positive += weighted.positive / total
      }
      let next = sums.shares
      let change = max(
        abs(next.negative - priors.negative), abs(next.neutral - priors.neutral),
        abs(next.positive - priors.positive))
      priors = next
      if change < 1e-7 { break }
    }
    return priors
  }
}

extension QuantificationContext {
  /// ``trainingPrevalence`` as a value per class.
  package var trainingShares: PerClass<Double> {
    trainingPrevalence
  }

  /// What `model` knows for quantification: its training balance and its
  /// held-out confusion; `nil` for a model without a calibration (trained
  /// on too little data to cross-validate), whose probabilities are not fit
  /// for more than counting.
  package init?(model: NaiveBayesModel) {
    guard let heldOut = model.heldOut else { return nil }
    self.init(
      trainingPrevalence: heldOut.calibration.prior, rates: heldOut.equalPriorMeans,
      equalPriors: true)
  }
}
