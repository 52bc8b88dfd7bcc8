import Foundation

/// The estimated mood of a set of posts: how many more positive than
/// negative posts it holds, with a 90 % interval.
///
/// The estimate is `count × (share of positive − share of negative)`, the
/// shares coming from a ``QuantificationMethod`` (by default the labels'
/// own count); the printed score is the estimate per 100 posts
/// (`estimate × 100 ÷ count`) rounded, from -100 to 100, and its emoji is
/// that number's band (``EmojiBand/init(scaled:)``). For 100 posts counted
/// (``QuantificationMethod/count``) it is the original app's sum.
///
/// The interval is `centre ± 1.645 σ`, widened to hold the estimate and
/// clipped to what `count` posts can score, where σ² adds the sources of
/// doubt:
/// - how much the estimate moves with another sample of posts like these:
///   the variance of the estimate over 200 bootstrap resamples of the
///   posts (a fixed seed, so the same posts give the same interval);
/// - which label each post really has: Σ over the posts of the variance
///   of its +1/0/−1 label under its calibrated probabilities, which keeps
///   five posts that all look negative from reading as certain fury;
/// - for a model with the lexicon reader, how far the set lies from what
///   the model learned: ``disagreementWeight`` times half the range of the
///   estimate and each expert's own count (Naive Bayes alone, the reader
///   alone), plus ``domainFloor`` points per 100 posts. Posts unlike the
///   training data are where the experts part ways, and where the estimate
///   errs most (`docs/score.md`).
///
/// The centre is the estimate, or for a model with the lexicon reader the
/// estimate times ``domainSlope``, within what `count` posts can score
/// (the doubt's ``Doubt/lean``): on posts unlike the training data,
/// misread posts mostly land on neutral, so the truth usually lies farther
/// from 0 than the count.
///
/// ```swift
/// let model = try DefaultModel.load()
/// let estimate = ScoreEstimate(texts: posts, model: model, method: .adjusted)
/// estimate.value     // positives minus negatives among these posts
/// estimate.interval  // its 90 % interval
/// estimate.score     // the estimate per 100 tweets, rounded: what is printed
/// estimate.band      // the score's band: its emoji
/// ```
public struct ScoreEstimate: Equatable, Sendable {
  /// The number of tweets.
  public var count: Int
  /// How the shares were estimated.
  public var method: QuantificationMethod
  /// The estimated share of each class.
  public var prevalence: PerClass<Double>
  /// The estimated positives minus negatives, unrounded.
  public var value: Double
  /// The 90 % interval of ``value``.
  public var interval: ClosedRange<Double>
  /// Each expert's own score of the set (positives minus negatives among
  /// its labels), for a model with the lexicon reader; `nil` otherwise.
  package var experts: ExpertScores?
  /// The posts' labels (the most probable class of each) counted: what
  /// ``QuantificationMethod/count`` estimates.
  package var labels: LabelCount
  /// The sources of doubt behind ``interval``, as variances of ``value``:
  /// what more posts narrow and what they do not.
  package var doubt: Doubt

  /// What the experts' disagreement about a set adds to its interval's
  /// σ, per point of half their range. This and the two constants below
  /// were fitted on Sanders' topics held out, each read by a model trained
  /// on the other three (the interval holds the truth in 87 % or more of
  /// each topic's 100-post sets), and the design checked on the dev set
  /// (`Scripts/level-coverage.py`, `docs/score.md`).
  package static let disagreementWeight = 0.5
  /// The doubt, in points per 100 posts, that posts from another domain
  /// bring whatever the experts say (added to σ² as its square).
  package static let domainFloor = 17.5
  /// How much farther from 0 than the estimate the interval's centre lies
  /// for a model with the lexicon reader: the truth's slope on the count
  /// of posts unlike the training data, whose misread posts mostly read
  /// neutral.
  package static let domainSlope = 1.3

  /// The number of bootstrap resamples behind ``interval``.
  public static let resamples = 200
  /// The interval's coverage.
  public static let confidence = 0.9

  /// Estimates the score of posts whose calibrated class probabilities are
  /// `posteriors`, and, when given, each expert's label of each post.
  /// `labels` is the posts' labels already counted (each the most probable
  /// class of its row), or `nil` to count them here. Without a `context`
  /// (a model without a calibration, whose probabilities are fit for
  /// counting only) the method is ``QuantificationMethod/count`` whatever
  /// `method` says.
  ///
  /// - Complexity: O(*n* × *B*) for *n* posts and *B* =
  ///   ``resamples``, times the method's iterations.
  package init(
    posteriors: [PerClass<Double>], votes: [ExpertVotes]? = nil, labels: LabelCount? = nil,
    method: QuantificationMethod, context: QuantificationContext?
  ) {
    self.init(
      posteriors: posteriors, votes: votes, labels: labels, method: method, context: context,
      resamples: Self.resamples, iterations: Quantifier.maximumIterations)
  }

  /// The estimate with `resamples` bootstrap resamples and at most
  /// `iterations` of ``QuantificationMethod/em``: fewer for the fuzz target,
  /// which runs a million inputs.
  init(
    posteriors: [PerClass<Double>], votes: [ExpertVotes]? = nil, labels: LabelCount? = nil,
    method: QuantificationMethod, context: QuantificationContext?, resamples: Int, iterations: Int
  ) {
    let method = context == nil ? .count : method
    let labels = labels ?? LabelCount(labels: posteriors.lazy.map(Prediction.argmax))
    // Each post's share of the mean the method starts from, built once for
    // the estimate and its bootstrap.
    let rows = Self.meanRows(posteriors, method: method, context: context)
    count = posteriors.count
    self.method = method
    self.labels = labels
    prevalence = Self.prevalence(
      posteriors, rows: rows, labels: labels, method: method, context: context,
      iterations: iterations)
    value = Self.score(prevalence, count: count)
    experts = votes.flatMap { $0.count == posteriors.count ? ExpertScores(votes: $0) : nil }
    doubt = Self.doubt(
      posteriors, rows: rows, value: value, experts: experts, method: method, context: context,
      resamples: resamples, iterations: iterations)
    interval = Self.interval(value: value, doubt: doubt, count: count)
  }

  /// What each post adds to the mean that `method` starts from
  /// (``Quantifier/meanRows(_:method:context:)``): for
  /// ``QuantificationMethod/count``, which needs no context, each post's
  /// label as a one-hot row; `nil` for ``QuantificationMethod/em``.
  static func meanRows(
    _ posteriors: [PerClass<Double>], method: QuantificationMethod,
    context: QuantificationContext?
  ) -> [PerClass<Double>]? {
    if let context, method != .count {
      return Quantifier.meanRows(posteriors, method: method, context: context)
    }
    return posteriors.map { row in
      // The label `classify` prints: the most probable class.
      let label = Prediction.argmax(row)
      return PerClass(
        negative: label == .negative ? 1 : 0, neutral: label == .neutral ? 1 : 0,
        positive: label == .positive ? 1 : 0)
    }
  }

  /// The estimated share of each class: the labels' shares for
  /// ``QuantificationMethod/count``, else what ``Quantifier`` makes of
  /// `rows` (or of the posteriors, for ``QuantificationMethod/em``); the
  /// training balance (equal shares without a context) for no posts.
  static func prevalence(
    _ posteriors: [PerClass<Double>], rows: [PerClass<Double>]?, labels: LabelCount,
    method: QuantificationMethod, context: QuantificationContext?, iterations: Int
  ) -> PerClass<Double> {
    guard !posteriors.isEmpty else {
      return context?.trainingShares ?? PerClass(negative: 0.0, neutral: 0, positive: 0).shares
    }
    guard let context, method != .count else {
      return PerClass(
        negative: Double(labels.negative), neutral: Double(labels.neutral),
        positive: Double(labels.positive)
      ).shares
    }
    guard let rows else {
      return Quantifier.expectationMaximization(
        posteriors, context: context, iterations: iterations)
    }
    return Quantifier.shares(
      ofMean: Quantifier.meanPosterior(rows), method: method, context: context)
  }

  /// The printed score: the estimate per 100 tweets (``scaled``) rounded
  /// half away from zero, from -100 to 100; 0 for no tweets.
  public var score: Int { Self.perHundred(value, count: count) }

  /// The estimate per 100 tweets, unrounded: `value × 100 ÷ count`, from
  /// -100 to 100; 0 for no tweets.
  public var scaled: Double { Self.scaled(value, count: count) }

  /// ``interval`` per 100 tweets, unrounded.
  package var scaledInterval: ClosedRange<Double> {
    let low = Self.scaled(interval.lowerBound, count: count)
    let high = Self.scaled(interval.upperBound, count: count)
    return min(low, high)...max(low, high)
  }

  /// The ends of ``interval`` per 100 tweets, rounded as ``score`` is: the
  /// interval on the printed scale, whose bands ``bands`` names.
  package var scoreInterval: ClosedRange<Int> {
    let low = Self.perHundred(interval.lowerBound, count: count)
    let high = Self.perHundred(interval.upperBound, count: count)
    return min(low, high)...max(low, high)
  }

  /// The chance, from 0 to 1, that the posts hold more positives than
  /// negatives: the share of the interval's normal (mean its centre,
  /// `value` plus the doubt's lean, σ² the doubt's total) above 0; 1 or 0
  /// for a sure estimate on either side, ½ for a sure 0.
  package var chanceMorePositive: Double {
    let sigma = doubt.total.squareRoot()
    let centre = value + doubt.lean
    guard sigma > 0, sigma.isFinite else { return centre > 0 ? 1 : centre < 0 ? 0 : 0.5 }
    return 0.5 * erfc(-centre / sigma / 2.0.squareRoot())
  }

  /// The band of the printed ``score`` (😐 for no tweets, whose score is 0).
  public var band: EmojiBand { EmojiBand(scaled: Double(score)) }

  /// The band as a group of posts shows it: ``band``, or `nil` for a group
  /// without posts (an empty trend bucket), whose columns stay empty and
  /// keys `null` (``EmojiBand/init(_:among:)``, the one rule for empty
  /// groups).
  package var bandIfAny: EmojiBand? { EmojiBand(value, among: count) }

  /// The bands that the interval reaches on the printed scale
  /// (``scoreInterval``), from the highest, and always ``band``: one band
  /// when the estimate is sure of its emoji.
  public var bands: [EmojiBand] {
    guard count > 0 else { return [] }
    let printed = band
    let ends = scoreInterval
    let all = EmojiBand.allCases
    let reached = [
      EmojiBand(scaled: Double(ends.upperBound)), printed,
      EmojiBand(scaled: Double(ends.lowerBound)),
    ]
    .compactMap { all.firstIndex(of: $0) }
    guard let from = reached.min(), let to = reached.max() else { return [] }
    return Array(all[from...to])
  }

  /// `value` among `count` tweets scaled to 100 tweets; 0 for no tweets.
  package static func scaled(_ value: Double, count: Int) -> Double {
    EmojiBand.scaled(value, count: count)
  }

  /// `value` among `count` tweets per 100 tweets, rounded half away from
  /// zero and held within -100...100: the printed score (7 of 50 is 14);
  /// 0 for no tweets or a value that is not finite.
  package static func perHundred(_ value: Double, count: Int) -> Int {
    EmojiBand.perHundred(value, count: count)
  }

  /// Positives minus negatives among `count` tweets with these shares.
  static func score(_ prevalence: PerClass<Double>, count: Int) -> Double {
    Double(count) * (prevalence.positive - prevalence.negative)
  }

  /// The sources of doubt about the estimate `value` (see the type's
  /// documentation), as variances.
  static func doubt(
    _ posteriors: [PerClass<Double>], rows: [PerClass<Double>]?, value: Double,
    experts: ExpertScores? = nil, method: QuantificationMethod, context: QuantificationContext?,
    resamples: Int, iterations: Int
  ) -> Doubt {
    let n = Double(posteriors.count)
    let labels = posteriors.reduce(0.0) { sum, p in
      let positive = p.positive
      let negative = p.negative
      return sum + max(0, positive + negative - (positive - negative) * (positive - negative))
    }
    let variance = bootstrapVariance(
      posteriors, rows: rows, method: method, context: context, resamples: resamples,
      iterations: iterations)
    var domain = 0.0
    var lean = 0.0
    if let experts {
      let all = [value, experts.naiveBayes, experts.reader]
      let half = ((all.max() ?? 0) - (all.min() ?? 0)) / 2
      let floor = domainFloor * n / 100
      domain = disagreementWeight * disagreementWeight * half * half + floor * floor
      // The centre stays within what the set can score.
      lean = max(-n, min(n, domainSlope * value)) - value
    }
    return Doubt(sampling: variance, labels: labels, domain: domain, lean: lean)
  }

  /// `centre ± 1.645 σ`, the centre `value` plus the doubt's lean and σ²
  /// its total variance, widened to hold `value` and clipped to what
  /// `count` posts can score.
  static func interval(value: Double, doubt: Doubt, count: Int) -> ClosedRange<Double> {
    let n = Double(count)
    let half = z * doubt.total.squareRoot()
    let centre = value + (doubt.lean.isFinite ? doubt.lean : 0)
    let low = max(-n, min(value, centre - half))
    let high = min(n, max(value, centre + half))
    return min(low, high)...max(low, high)
  }

  /// The two-sided 90 % quantile of the normal distribution.
  package static let z = 1.6448536269514722

  /// The variance of the estimate over bootstrap resamples of the tweets,
  /// whose ``meanRows(_:method:context:)`` are `rows`.
  ///
  /// - Complexity: O(*B* × *n*); the mean-based methods sum each resample
  ///   in place, without copying it.
  static func bootstrapVariance(
    _ posteriors: [PerClass<Double>], rows: [PerClass<Double>]?, method: QuantificationMethod,
    context: QuantificationContext?, resamples: Int, iterations: Int
  ) -> Double {
    guard posteriors.count > 1, resamples > 0 else { return 0 }
    var generator = SeededGenerator(seed: 1)
    var sample = posteriors
    var sum = 0.0
    var squares = 0.0
    for _ in 0..<resamples {
      let shares: PerClass<Double>
      if let rows {
        var sums = PerClass(negative: 0.0, neutral: 0, positive: 0)
        for _ in 0..<posteriors.count {
          let row = rows[generator.next(below: posteriors.count)]
          sums.negative += row.negative
          sums.neutral += row.neutral
          sums.positive += row.positive
        }
        shares =
          context.map { Quantifier.shares(ofMean: sums.shares, method: method, context: $0) }
          ?? sums.shares
      } else if let context {
        for index in sample.indices {
          sample[index] = posteriors[generator.next(below: posteriors.count)]
        }
        shares = Quantifier.prevalence(
          of: sample, method: method, context: context, iterations: iterations)
      } else {
        return 0
      }
      let value = score(shares, count: posteriors.count)
      sum += value
      squares += value * value
    }
    let mean = sum / Double(resamples)
    return max(0, squares / Double(resamples) - mean * mean)
  }
}

extension ScoreEstimate {
  /// The main job in one call: classifies `texts` with `model` and estimates
  /// their score, as `tweetalyze QUERY` prints it.
  ///
  /// ```swift
  /// import SentimentCore
  ///
  /// let model = try DefaultModel.load()
  /// let estimate = ScoreEstimate(texts: ["I love it", "worst update ever"], model: model)
  /// print(estimate.band.emoji, estimate.score)  // per 100 tweets, as printed
  /// ```
  ///
  /// A model without a calibration (trained on too little data to
  /// cross-validate) gives the plain count whatever `method` says.
  ///
  /// - Complexity: O(*n*) in the texts' length, plus O(*t* × *B*) for the
  ///   interval's *B* = ``resamples`` over *t* texts.
  public init(
    texts: some Sequence<String>, model: NaiveBayesModel,
    method: QuantificationMethod = .count
  ) {
    var classifier = Classifier(model: model)
    self.init(predictions: texts.map { classifier.predict($0) }, model: model, method: method)
  }

  /// The estimate for posts whose predictions under `model` are
  /// `predictions`, whose labels are `labels` when already counted:
  /// `method`, or the plain count for a model without a calibration, whose
  /// probabilities are fit for counting only.
  package init(
    predictions: [Prediction], labels: LabelCount? = nil, model: NaiveBayesModel,
    method: QuantificationMethod
  ) {
    let votes = predictions.compactMap(\.experts)
    self.init(
      posteriors: predictions.map(\.probabilities),
      votes: votes.count == predictions.count ? votes : nil,
      labels: labels ?? LabelCount(labels: predictions.lazy.map(\.label)), method: method,
      context: QuantificationContext(model: model))
  }
}

/// The sources of doubt about a set's estimate, three variances of
/// ``ScoreEstimate/value`` (in posts²) and a lean (in posts): the first two
/// variances shrink, per 100 posts, as the set grows; the third and the
/// lean do not.
package struct Doubt: Equatable, Sendable {
  /// How much the estimate moves with another sample of posts like these
  /// (the bootstrap's variance).
  package var sampling: Double
  /// Which label each post really has: the sum of each post's label
  /// variance under its calibrated probabilities.
  package var labels: Double
  /// How far the set lies from what the model learned: the experts'
  /// disagreement and the domain floor (0 without the lexicon reader).
  package var domain: Double
  /// How far, in posts, the interval's centre lies from the estimate: away
  /// from 0 on posts unlike the training data, whose misread posts mostly
  /// read neutral (0 without the lexicon reader). Like ``domain``, more
  /// posts of the same kind do not shrink it per 100 posts.
  package var lean: Double

  /// Creates the doubt.
  package init(sampling: Double, labels: Double, domain: Double, lean: Double = 0) {
    self.sampling = sampling
    self.labels = labels
    self.domain = domain
    self.lean = lean
  }

  /// The total variance.
  package var total: Double { sampling + labels + domain }

  /// The variance that more posts of the same kind narrow (per 100 posts):
  /// sampling and labels.
  package var narrowedByPosts: Double { sampling + labels }
}

/// Each expert's own score of a set: positives minus negatives among its
/// labels.
package struct ExpertScores: Equatable, Sendable {
  /// Naive Bayes alone.
  package var naiveBayes: Double
  /// The lexicon reader alone.
  package var reader: Double

  /// The scores of the experts' labels of a set; `nil` for no posts.
  package init?(votes: [ExpertVotes]) {
    guard !votes.isEmpty else { return nil }
    naiveBayes = Double(votes.reduce(0) { $0 + $1.naiveBayes.score })
    reader = Double(votes.reduce(0) { $0 + $1.reader.score })
  }
}
