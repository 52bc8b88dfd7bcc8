import Foundation

/// How close each ``QuantificationMethod`` comes to the true score of sets
/// of held-out tweets: the mean absolute error of the score per 100 tweets,
/// and the share of sets whose emoji is the true one.
package struct QuantificationResult: Equatable, Sendable {
  /// The number of sets drawn.
  package var sets = 0
  /// Summed absolute errors per 100 tweets, by method (in `allCases` order).
  private var errorSums = [Double](repeating: 0, count: QuantificationMethod.allCases.count)
  /// Sets with the true emoji, by method.
  private var emojiRight = [Int](repeating: 0, count: QuantificationMethod.allCases.count)
  /// Sets whose 90 % interval holds the true score, by method (not counted
  /// for ``QuantificationMethod/em``, whose bootstrap reruns EM 200 times).
  private var intervalHeld = [Int](repeating: 0, count: QuantificationMethod.allCases.count)
  /// Summed interval widths per 100 tweets, by method (not for em).
  private var widthSums = [Double](repeating: 0, count: QuantificationMethod.allCases.count)

  /// Creates an empty result.
  package init() {}

  /// Scores one set: its texts' calibrated probabilities, the experts'
  /// labels when the model has them, and the true classes.
  package mutating func add(
    posteriors: [PerClass<Double>], votes: [ExpertVotes]? = nil, labels: [Sentiment],
    context: QuantificationContext
  ) {
    guard !labels.isEmpty else { return }
    sets += 1
    let truth = LabelCount(labels: labels)
    let n = Double(labels.count)
    for (index, method) in QuantificationMethod.allCases.enumerated() {
      let shares = Quantifier.prevalence(of: posteriors, method: method, context: context)
      let value = ScoreEstimate.score(shares, count: labels.count)
      errorSums[index] += abs(value - Double(truth.value)) * 100 / n
      let band = EmojiBand(scaled: Double(ScoreEstimate.perHundred(value, count: labels.count)))
      if band == truth.band { emojiRight[index] += 1 }
      guard method != .em else { continue }
      let doubt = ScoreEstimate.doubt(
        posteriors, rows: ScoreEstimate.meanRows(posteriors, method: method, context: context),
        value: value, experts: votes.flatMap(ExpertScores.init(votes:)),
        method: method, context: context, resamples: ScoreEstimate.resamples,
        iterations: Quantifier.maximumIterations)
      let interval = ScoreEstimate.interval(value: value, doubt: doubt, count: labels.count)
      if interval.contains(Double(truth.value)) { intervalHeld[index] += 1 }
      widthSums[index] += (interval.upperBound - interval.lowerBound) * 100 / n
    }
  }

  /// Adds another result's sets.
  package mutating func merge(_ other: QuantificationResult) {
    sets += other.sets
    for index in errorSums.indices {
      errorSums[index] += other.errorSums[index]
      emojiRight[index] += other.emojiRight[index]
      intervalHeld[index] += other.intervalHeld[index]
      widthSums[index] += other.widthSums[index]
    }
  }

  /// The mean absolute error of `method`'s score per 100 tweets.
  package func meanAbsoluteError(_ method: QuantificationMethod) -> Double? {
    guard sets > 0, let index = QuantificationMethod.allCases.firstIndex(of: method) else {
      return nil
    }
    return errorSums[index] / Double(sets)
  }

  /// The share of sets whose 90 % interval (as `tweetalyze QUERY` prints
  /// it) holds the true score; `nil` for ``QuantificationMethod/em``.
  package func intervalCoverage(_ method: QuantificationMethod) -> Double? {
    guard sets > 0, method != .em,
      let index = QuantificationMethod.allCases.firstIndex(of: method)
    else { return nil }
    return Double(intervalHeld[index]) / Double(sets)
  }

  /// The mean width of `method`'s 90 % interval per 100 tweets: what the
  /// coverage costs; `nil` for ``QuantificationMethod/em``.
  package func meanIntervalWidth(_ method: QuantificationMethod) -> Double? {
    guard sets > 0, method != .em,
      let index = QuantificationMethod.allCases.firstIndex(of: method)
    else { return nil }
    return widthSums[index] / Double(sets)
  }

  /// The share of sets whose emoji `method` got right.
  package func emojiAccuracy(_ method: QuantificationMethod) -> Double? {
    guard sets > 0, let index = QuantificationMethod.allCases.firstIndex(of: method) else {
      return nil
    }
    return Double(emojiRight[index]) / Double(sets)
  }
}

/// The standard protocols for measuring quantification (Esuli et al.
/// 2023, QuaPy): sets drawn from held-out predictions, scored against their
/// labels' true score.
package enum PrevalenceSampling {
  /// The artificial-prevalence protocol: from each held-out part, sets of
  /// `size` texts at every class balance on a grid of step 0.1 (66
  /// balances), `repeats` sets each, drawn with replacement within each
  /// class. Tests how the estimate follows a balance unlike the training
  /// data's.
  ///
  /// - Complexity: O(*p* × 66 × `repeats` × `size`) for *p* parts.
  package static func artificialPrevalence(
    _ parts: [EvaluationResult], size: Int = 100, repeats: Int = 5, seed: UInt64,
    progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) -> QuantificationResult {
    var generator = SeededGenerator(seed: seed)
    var result = QuantificationResult()
    for (index, part) in parts.enumerated() {
      defer { progress?(index + 1, parts.count) }
      guard let context = part.context else { continue }
      let pools = PerClass { label in part.labels.indices.filter { part.labels[$0] == label } }
      guard !pools.negative.isEmpty, !pools.neutral.isEmpty, !pools.positive.isEmpty else {
        continue
      }
      for negative in 0...10 {
        for neutral in 0...(10 - negative) {
          let shares = PerClass(
            negative: negative, neutral: neutral, positive: 10 - negative - neutral
          )
          .map { Double($0) / 10 }
          for _ in 0..<repeats {
            var posteriors: [PerClass<Double>] = []
            var votes: [ExpertVotes] = []
            var labels: [Sentiment] = []
            for label in Sentiment.allCases {
              let count = Int((shares[label] * Double(size)).rounded())
              for _ in 0..<count {
                let pool = pools[label]
                let index = pool[generator.next(below: pool.count)]
                posteriors.append(part.posteriors[index])
                if part.hasVotes { votes.append(part.votes[index]) }
                labels.append(label)
              }
            }
            result.add(
              posteriors: posteriors, votes: part.hasVotes ? votes : nil, labels: labels,
              context: context)
          }
        }
      }
    }
    return result
  }

  /// Sets of `size` texts drawn without replacement from a held-out part at
  /// its own balance (all of it when smaller), `count` times.
  package static func naturalSets(
    _ part: EvaluationResult, count: Int = 30, size: Int = 100, seed: UInt64
  ) -> QuantificationResult {
    var result = QuantificationResult()
    guard let context = part.context else { return result }
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<count {
      var indices = Array(part.labels.indices)
      generator.shuffle(&indices)
      let chosen = indices.prefix(size)
      result.add(
        posteriors: chosen.map { part.posteriors[$0] },
        votes: part.hasVotes ? chosen.map { part.votes[$0] } : nil,
        labels: chosen.map { part.labels[$0] }, context: context)
    }
    return result
  }

  /// The most groups ``leaveOneGroupOut(_:tokenizer:options:lexicon:)``
  /// is given by `eval --group-column`: it trains and calibrates a model per
  /// group, so thousands of groups (an id column named by mistake) would
  /// run for hours.
  package static let maximumGroups = HeldOutFit.maximumGroups

  /// Leave one group out (Sanders' topics): for each group, a model trained
  /// on all other groups (and calibrated on them), tested on the group.
  ///
  /// - Complexity: O(*g* × *n*) for *g* groups of *n* texts in all.
  package static func leaveOneGroupOut(
    _ corpus: LabeledCorpus, tokenizer: TokenizerSettings, options: NaiveBayesOptions,
    lexicon: Lexicon
  ) -> [(group: String, result: EvaluationResult)] {
    let names = Array(Set(corpus.groups)).sorted()
    return names.map { name in
      let test = corpus.labels.indices.filter { corpus.groups[$0] == name }
      let train = corpus.labels.indices.filter { corpus.groups[$0] != name }
      return (
        name,
        Evaluation.evaluate(
          corpus, train: train, test: test, tokenizer: tokenizer, options: options,
          lexicon: lexicon)
      )
    }
  }
}

extension EvaluationResult {
  /// Whether every held-out text has the experts' labels.
  var hasVotes: Bool { !votes.isEmpty && votes.count == labels.count }
}
