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
  package var trainingPrevalence: [Double]
  /// Held-out mean calibrated probabilities per true class:
  /// `rates[actual][c]`, each row summing to 1.
  package var rates: [[Double]]
  /// Whether `rates` are means of probabilities re-weighted to equal class
  /// priors, so that ``QuantificationMethod/adjusted`` re-weights a set's
  /// probabilities likewise before it corrects them.
  package var equalPriors: Bool
  /// The weight, in tweets, of a Dirichlet prior toward the training
  /// balance in ``QuantificationMethod/em`` (0: plain maximum likelihood).
  package var priorWeight: Double

  /// Creates a context.
  package init(
    trainingPrevalence: [Double], rates: [[Double]], equalPriors: Bool = false,
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
/// let posteriors = [[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]]
/// Quantifier.prevalence(of: posteriors, method: .probabilities, context: context)
/// // [0.35, 0.25, 0.4]
/// ```
package enum Quantifier {
  /// The estimated share of each class (indexed by `Sentiment.rawValue`,
  /// summing to 1) among texts whose calibrated class probabilities are
  /// `posteriors`; the training balance for an empty set.
  ///
  /// - Complexity: O(*n*) in the number of texts; for
  ///   ``QuantificationMethod/em``, O(*n*) per iteration, at most 1000.
  package static func prevalence(
    of posteriors: [[Double]], method: QuantificationMethod, context: QuantificationContext
  ) -> [Double] {
    prevalence(of: posteriors, method: method, context: context, iterations: maximumIterations)
  }

  /// The most iterations of ``QuantificationMethod/em``.
  static let maximumIterations = 1000

  /// ``prevalence(of:method:context:)`` with at most `iterations` of
  /// ``QuantificationMethod/em``: fewer for the fuzz target, which runs a
  /// million inputs.
  static func prevalence(
    of posteriors: [[Double]], method: QuantificationMethod, context: QuantificationContext,
    iterations: Int
  ) -> [Double] {
    guard !posteriors.isEmpty else { return context.trainingPrevalence }
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
    _ posteriors: [[Double]], method: QuantificationMethod, context: QuantificationContext
  ) -> [[Double]]? {
    switch method {
    case .count:
      posteriors.map { row in
        // The label `classify` prints: the most probable class.
        let label = Prediction.argmax(row)
        return Sentiment.allCases.map { $0 == label ? 1 : 0 }
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
    ofMean mean: [Double], method: QuantificationMethod, context: QuantificationContext
  ) -> [Double] {
    method == .adjusted ? adjusted(mean, rates: context.rates) : mean
  }

  /// Probabilities calibrated to the training balance `training`, re-weighted
  /// to equal class priors by Bayes' rule: `p(c) / training(c)`, normalized
  /// (0 for a class the training data did not have).
  ///
  /// ```swift
  /// Quantifier.equalPriors([0.2, 0.6, 0.2], training: [0.2, 0.6, 0.2])
  /// // [0.333…, 0.333…, 0.333…]
  /// ```
  package static func equalPriors(_ probabilities: [Double], training: [Double]) -> [Double] {
    Sentiment.shares(
      probabilities.indices.map { training[$0] > 0 ? probabilities[$0] / training[$0] : 0 })
  }

  /// The mean of the rows, normalized: the mean probability of each class.
  static func meanPosterior(_ posteriors: [[Double]]) -> [Double] {
    var sums = [Double](repeating: 0, count: Sentiment.count)
    for row in posteriors {
      for c in sums.indices { sums[c] += row[c] }
    }
    return Sentiment.shares(sums)
  }

  /// Solves `observed = Σ_actual prevalence[actual] × rates[actual]` for the
  /// prevalence, then clips it to the simplex (Forman's adjustment); the
  /// observed shares when the rates are singular.
  ///
  /// - Complexity: O(1).
  static func adjusted(_ observed: [Double], rates: [[Double]]) -> [Double] {
    // The system's matrix is the transpose of the rates.
    let matrix = Sentiment.allCases.map { predicted in
      Sentiment.allCases.map { actual in rates[actual.rawValue][predicted.rawValue] }
    }
    guard let solution = CalibrationFit.solve(matrix, observed) else { return observed }
    return Sentiment.shares(solution.map { max(0, $0) })
  }

  /// The maximum a posteriori class priors of the set (Saerens et al.
  /// 2002): alternately re-weights each text's probabilities by the ratio
  /// of the current priors to the training priors, and sets the priors to
  /// the mean re-weighted probabilities, plus `priorWeight` pseudo-texts
  /// at the training balance.
  static func expectationMaximization(
    _ posteriors: [[Double]], context: QuantificationContext, iterations: Int
  ) -> [Double] {
    let training = context.trainingPrevalence.map { max($0, 1e-9) }
    let pseudo = context.priorWeight
    var priors = training
    for _ in 0..<iterations {
      var sums = training.map { $0 * pseudo }
      for row in posteriors {
        let weighted = row.indices.map { row[$0] * priors[$0] / training[$0] }
        let total = weighted.reduce(0, +)
        guard total > 0 else { continue }
        for c in sums.indices { sums[c] += weighted[c] / total }
      }
      let next = Sentiment.shares(sums)
      let change = zip(next, priors).map { abs($0 - $1) }.max() ?? 0
      priors = next
      if change < 1e-7 { break }
    }
    return priors
  }
}

extension QuantificationContext {
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
