import Foundation

extension HeldOutFit {
  /// Cross-validates `corpus` with the model settings given and fits the
  /// calibration to the held-out scores; `nil` when the corpus has fewer
  /// texts than folds or only one class.
  ///
  /// - Complexity: O(*k* × *n*) for *k* folds of *n* texts.
  package static func fit(
    _ corpus: LabeledCorpus, folds: Int = defaultFolds, seed: UInt64 = seed,
    tokenizer: TokenizerSettings, options: NaiveBayesOptions, lexicon: Lexicon, jobs: Int = 1
  ) -> HeldOutFit? {
    guard corpus.count >= folds, Set(corpus.labels).count > 1 else { return nil }
    let scores = heldOutScores(
      corpus, folds: folds, seed: seed, tokenizer: tokenizer, options: options, lexicon: lexicon,
      jobs: jobs)
    let calibration = CalibrationFit.fit(scores: scores, labels: corpus.labels)
    var confusion = [[Int]](
      repeating: [Int](repeating: 0, count: Sentiment.count), count: Sentiment.count)
    let zero = [[Double]](
      repeating: [Double](repeating: 0, count: Sentiment.count), count: Sentiment.count)
    var sums = zero
    var equalPriorSums = zero
    let training = Sentiment.shares(
      corpus.labels.reduce(into: [0.0, 0, 0]) { $0[$1.rawValue] += 1 })
    for (row, actual) in zip(scores, corpus.labels) {
      let probabilities = calibration.probabilities(row)
      // The label `classify` prints: the class with the highest score.
      confusion[actual.rawValue][Prediction.argmax(row).rawValue] += 1
      let equal = Quantifier.equalPriors(probabilities, training: training)
      for c in probabilities.indices {
        sums[actual.rawValue][c] += probabilities[c]
        equalPriorSums[actual.rawValue][c] += equal[c]
      }
    }
    return HeldOutFit(
      calibration: calibration, confusion: confusion,
      meanProbabilities: sums.map { Sentiment.shares($0) },
      equalPriorMeans: equalPriorSums.map { Sentiment.shares($0) }, folds: folds,
      rows: corpus.count)
  }

  /// Each text's class scores from the model of the folds it is not in;
  /// the folds run `jobs` at a time, with the same result.
  ///
  /// - Complexity: O(*k* × *n*) for *k* folds of *n* texts.
  package static func heldOutScores(
    _ corpus: LabeledCorpus, folds k: Int, seed: UInt64, tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon, jobs: Int = 1
  ) -> [[Double]] {
    let folds = StratifiedFolds.folds(labels: corpus.labels, k: k, seed: seed)
    let foldScores = Parallel.map(folds.count, jobs: jobs) { fold in
      let held = folds[fold]
      let isHeld = Set(held)
      var trainer = NaiveBayesTrainer(tokenizer: tokenizer, options: options, lexicon: lexicon)
      for index in corpus.labels.indices where !isHeld.contains(index) {
        trainer.add(corpus.bytes(at: index).span, as: corpus.labels[index])
      }
      var classifier = Classifier(model: trainer.model())
      return held.map { classifier.scores(corpus.bytes(at: $0).span) }
    }
    var scores = [[Double]](repeating: [], count: corpus.count)
    for (held, rows) in zip(folds, foldScores) {
      for (index, row) in zip(held, rows) { scores[index] = row }
    }
    return scores
  }
}

/// A seeded uniform sample of at most ``HeldOutFit/maximumRows`` labeled
/// texts from a stream (reservoir sampling, Vitter's algorithm R): every
/// row, in order, while there are fewer.
package struct HeldOutSample {
  private var texts: [[UInt8]] = []
  private var labels: [Sentiment] = []
  private var seen = 0
  private var generator = SeededGenerator(seed: HeldOutFit.seed)
  private let capacity: Int

  /// Creates an empty sample of at most `capacity` rows.
  package init(capacity: Int = HeldOutFit.maximumRows) {
    self.capacity = capacity
  }

  /// Offers one row to the sample.
  ///
  /// - Complexity: O(*k*) in the text's length.
  package mutating func add(_ text: Span<UInt8>, as label: Sentiment) {
    offer(label) { [UInt8](copying: text) }
  }

  /// Offers one row held in an array of its own, which the sample keeps
  /// without copying: the same sample as ``add(_:as:)`` of its bytes.
  package mutating func add(_ text: [UInt8], as label: Sentiment) {
    offer(label) { text }
  }

  /// Keeps the row or not, by algorithm R; `text` is called only for a row
  /// that is kept.
  private mutating func offer(_ label: Sentiment, _ text: () -> [UInt8]) {
    seen += 1
    if texts.count < capacity {
      texts.append(text())
      labels.append(label)
    } else {
      let slot = generator.next(below: seen)
      if slot < capacity {
        texts[slot] = text()
        labels[slot] = label
      }
    }
  }

  /// The sampled rows.
  package var corpus: LabeledCorpus {
    var corpus = LabeledCorpus()
    for (text, label) in zip(texts, labels) { corpus.append(text[...], label: label) }
    return corpus
  }
}
