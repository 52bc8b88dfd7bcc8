import Foundation

extension HeldOutFit {
  /// Cross-validates `corpus` with the model settings given and fits the
  /// calibration to the held-out scores (and, with
  /// ``NaiveBayesOptions/reader``, the lexicon reader's readings); `nil`
  /// when the corpus has fewer texts than folds or only one class.
  ///
  /// A corpus with groups (`train --fit-groups Topic`) is held out a group
  /// at a time instead of in `folds` folds, so that the calibration learns
  /// how far to trust the model on a topic it was not trained on.
  ///
  /// - Complexity: O(*k* × *n*) for *k* folds of *n* texts.
  package static func fit(
    _ corpus: LabeledCorpus, folds: Int = defaultFolds, seed: UInt64 = seed,
    tokenizer: TokenizerSettings, options: NaiveBayesOptions, lexicon: Lexicon, jobs: Int = 1
  ) -> HeldOutFit? {
    let parts = heldOutParts(corpus, folds: folds, seed: seed)
    guard corpus.count >= folds, parts.count > 1, Set(corpus.labels).count > 1 else { return nil }
    let scores = heldOutScores(
      corpus, parts: parts, tokenizer: tokenizer, options: options, lexicon: lexicon, jobs: jobs)
    let readings =
      options.reader
      ? corpus.labels.indices.map {
        FastLexiconReader.shared.read(corpus.bytes(at: $0).span)
      }
      : nil
    let calibration = CalibrationFit.fit(
      scores: scores, labels: corpus.labels, readings: readings)
    var confusion = PerClass { _ in PerClass { _ in 0 } }
    var sums = PerClass { _ in PerClass { _ in 0.0 } }
    var equalPriorSums = sums
    for (index, actual) in corpus.labels.enumerated() {
      let probabilities = calibration.probabilities(
        scores[index], reader: readings?[index] ?? .none)
      // The label `classify` prints: the most probable class.
      confusion[actual][Prediction.argmax(probabilities)] += 1
      let equal = Quantifier.equalPriors(probabilities, training: calibration.prior)
      for label in Sentiment.allCases {
        sums[actual][label] += probabilities[label]
        equalPriorSums[actual][label] += equal[label]
      }
    }
    return HeldOutFit(
      calibration: calibration, confusion: confusion, meanProbabilities: sums.map(\.shares),
      equalPriorMeans: equalPriorSums.map(\.shares), folds: parts.count,
      rows: corpus.count)
  }

  /// The parts a corpus is held out in: its groups, in the order of their
  /// names, when it has two or more; else `folds` seeded stratified folds.
  static func heldOutParts(_ corpus: LabeledCorpus, folds: Int, seed: UInt64) -> [[Int]] {
    let names = Set(corpus.groups).sorted()
    guard names.count > 1, corpus.groups.count == corpus.count else {
      guard corpus.count >= folds else { return [] }
      return StratifiedFolds.folds(labels: corpus.labels, k: folds, seed: seed)
    }
    let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    var parts = [[Int]](repeating: [], count: names.count)
    for (index, group) in corpus.groups.enumerated() {
      if let part = number[group] { parts[part].append(index) }
    }
    return parts
  }

  /// Each text's class scores from the model of the folds it is not in;
  /// the folds run `jobs` at a time, with the same result.
  ///
  /// - Complexity: O(*k* × *n*) for *k* folds of *n* texts.
  package static func heldOutScores(
    _ corpus: LabeledCorpus, folds k: Int, seed: UInt64, tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon, jobs: Int = 1
  ) -> [PerClass<Double>] {
    heldOutScores(
      corpus, parts: StratifiedFolds.folds(labels: corpus.labels, k: k, seed: seed),
      tokenizer: tokenizer, options: options, lexicon: lexicon, jobs: jobs)
  }

  /// Each text's class scores from the model of the other parts.
  static func heldOutScores(
    _ corpus: LabeledCorpus, parts folds: [[Int]], tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon, jobs: Int
  ) -> [PerClass<Double>] {
    let foldScores = Parallel.map(folds.count, jobs: jobs) { fold in
      let held = folds[fold]
      let isHeld = Set(held)
      var trainer = NaiveBayesTrainer(tokenizer: tokenizer, options: options, lexicon: lexicon)
      for index in corpus.labels.indices where !isHeld.contains(index) {
        trainer.add(corpus.bytes(at: index).span, as: corpus.labels[index])
      }
      var classifier = Classifier(model: trainer.model())
      return held.map { classifier.scores(of: corpus.bytes(at: $0).span) }
    }
    var scores = [PerClass<Double>](
      repeating: PerClass(negative: 0, neutral: 0, positive: 0), count: corpus.count)
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
  private var groups: [String] = []
  private var seen = 0
  /// The distinct groups of all rows offered (not only those kept), up to
  /// one more than ``HeldOutFit/maximumGroups``.
  private var distinctGroups: Set<String> = []
  private var generator = SeededGenerator(seed: HeldOutFit.seed)
  private let capacity: Int

  /// Creates an empty sample of at most `capacity` rows.
  package init(capacity: Int = HeldOutFit.maximumRows) {
    self.capacity = capacity
  }

  /// Offers one row to the sample, with its group when the rows are
  /// grouped (every row then has one).
  ///
  /// - Complexity: O(*k*) in the text's length.
  package mutating func add(_ text: Span<UInt8>, as label: Sentiment, group: String? = nil) {
    offer(label, group) { [UInt8](copying: text) }
  }

  /// Offers one row held in an array of its own, which the sample keeps
  /// without copying: the same sample as ``add(_:as:group:)`` of its bytes.
  package mutating func add(_ text: [UInt8], as label: Sentiment, group: String? = nil) {
    offer(label, group) { text }
  }

  /// Keeps the row or not, by algorithm R; `text` is called only for a row
  /// that is kept.
  private mutating func offer(_ label: Sentiment, _ group: String?, _ text: () -> [UInt8]) {
    seen += 1
    if let group, distinctGroups.count <= HeldOutFit.maximumGroups {
      distinctGroups.insert(group)
    }
    if texts.count < capacity {
      texts.append(text())
      labels.append(label)
      if let group { groups.append(group) }
    } else {
      let slot = generator.next(below: seen)
      if slot < capacity {
        texts[slot] = text()
        labels[slot] = label
        if let group, slot < groups.count { groups[slot] = group }
      }
    }
  }

  /// Checks the groups of the rows offered, when `column` names them: as
  /// `eval --group-column` does, two groups at least (one group, or every
  /// value empty, was a silent fall-back to random folds) and at most
  /// ``HeldOutFit/maximumGroups`` (one group per row took time quadratic
  /// in the rows).
  ///
  /// - Throws: ``TrainingDataError/groups(column:found:option:)``.
  package func checkGroups(column: String?) throws(TrainingDataError) {
    guard let column else { return }
    let found = distinctGroups.count
    guard found > 1, found <= HeldOutFit.maximumGroups else {
      throw .groups(column: column, found: found, empty: distinctGroups == [""])
    }
  }

  /// The sampled rows, with their groups when every row had one.
  package var corpus: LabeledCorpus {
    var corpus = LabeledCorpus()
    for (text, label) in zip(texts, labels) { corpus.append(text[...], label: label) }
    if groups.count == labels.count { corpus.groups = groups }
    return corpus
  }
}
