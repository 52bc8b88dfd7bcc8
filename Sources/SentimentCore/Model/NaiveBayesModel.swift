import Foundation

/// A trained multinomial Naive Bayes classifier: the counts it was trained
/// on, the settings to tokenize as it was trained, and the log-space tables
/// derived from them.
public struct NaiveBayesModel: Sendable {
  /// Who made the model and what it is for.
  package var metadata: ModelMetadata
  /// Where the training data came from.
  package var provenance: Provenance
  /// How texts are tokenized.
  public let tokenizer: TokenizerSettings
  /// How the model was trained and scores.
  public let options: NaiveBayesOptions
  /// The words whose weights ``NaiveBayesOptions/lexiconWeight`` raises in
  /// their class; each is a feature.
  public let lexicon: Lexicon
  /// The features, with ids indexing ``counts``.
  package let vocabulary: Vocabulary
  /// The number of training documents per class.
  public let documents: PerClass<Int>
  /// The calibration fitted on held-out predictions, and their confusion;
  /// `nil` for a model trained on too little data to cross-validate (fewer
  /// texts than folds, or one class), whose probabilities are the raw Naive
  /// Bayes ones.
  package var heldOut: HeldOutFit?

  /// How scores become probabilities: ``heldOut``'s calibration, or none.
  package var calibration: Calibration? { heldOut?.calibration }

  /// The prediction for a text's class scores and its reading by the
  /// lexicon reader (ignored by a model that does not use it): calibrated
  /// probabilities when the model is calibrated, else the scores' softmax.
  ///
  /// The label is the most probable class of the probabilities given:
  /// one rule from probability to label (`docs/model.md`, "The label").
  func prediction(scores: PerClass<Double>, reading: ReaderScores = .none) -> Prediction {
    let probabilities = (calibration ?? .identity).probabilities(scores, reader: reading)
    return Prediction(
      label: Prediction.argmax(probabilities), probabilities: probabilities,
      experts: usesReader
        ? ExpertVotes(naiveBayes: Prediction.argmax(scores), reader: reading.label) : nil)
  }

  /// Whether the model's probabilities weigh the lexicon reader's reading.
  package var usesReader: Bool { calibration?.usesReader ?? false }

  /// Feature id × class → how often the feature occurred in documents of the
  /// class (documents containing it, when binarized).
  ///
  /// - Complexity: O(*n*) in the number of features: the model keeps each
  ///   distinct row of counts once (``count(ofFeature:label:)`` reads one).
  public var counts: [Int] {
    var counts: [Int] = []
    counts.reserveCapacity(weightRow.count * Sentiment.count)
    for row in weightRow {
      let base = Int(row) * Sentiment.count
      counts.append(contentsOf: countRows[base..<(base + Sentiment.count)])
    }
    return counts
  }

  /// How often feature `id` occurred in documents of class `label`
  /// (documents containing it, when binarized).
  public func count(ofFeature id: Int, label: Sentiment) -> Int {
    countRows[Int(weightRow[id]) * Sentiment.count + label.rawValue]
  }

  /// The pair features by their tokens, when the model counts pairs.
  let pairs: PairIndex?
  /// Feature id → its row of ``countRows`` and ``weightRows``. Features
  /// with the same counts share a row: most features are seen once or
  /// twice, so there are a few hundred rows for tens of thousands of
  /// features, and what a classifier reads per feature stays small enough
  /// for the cache.
  let weightRow: [UInt32]
  /// Row × class → count.
  let countRows: [Int]
  /// Row × class → what one occurrence of a feature adds to the class's
  /// score.
  let weightRows: [Double]
  /// The score each class starts from: its log prior.
  let logPriors: PerClass<Double>

  /// Creates a model from counts, feature id × class.
  init(
    metadata: ModelMetadata, provenance: Provenance, tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon = Lexicon(), vocabulary: Vocabulary,
    counts: [Int], documents: PerClass<Int>
  ) {
    self.init(
      metadata: metadata, provenance: provenance, tokenizer: tokenizer, options: options,
      lexicon: lexicon, vocabulary: vocabulary, rows: CountRows(table: counts),
      documents: documents)
  }

  /// Creates a model from the rows of its counts; ``ModelFile`` checks them
  /// (and that every lexicon word is a feature) before calling. `pairs`
  /// says how to get the index of the vocabulary's pairs, when the model
  /// counts them.
  init(
    metadata: ModelMetadata, provenance: Provenance, tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon, vocabulary: Vocabulary, rows: CountRows,
    documents: PerClass<Int>, pairs: PairSource = .vocabulary
  ) {
    self.metadata = metadata
    self.provenance = provenance
    self.tokenizer = tokenizer
    self.options = options
    self.lexicon = lexicon
    self.vocabulary = vocabulary
    self.documents = documents
    if options.bigrams {
      switch pairs {
      case .vocabulary: self.pairs = PairIndex(vocabulary: vocabulary)
      case .keys(let keys): self.pairs = PairIndex(vocabulary: vocabulary, keys: keys)
      }
    } else {
      self.pairs = nil
    }
    // A lexicon word gets a row of its own, which its boost makes unlike
    // any other feature's with the same counts.
    var rows = rows
    var boosted: [(row: Int, label: Sentiment)] = []
    if options.lexiconWeight > 0 {
      for entry in lexicon.entries {
        guard let id = vocabulary.id(of: entry.word) else { continue }
        boosted.append((rows.separateRow(ofFeature: id), entry.label))
      }
    }
    // Row → label, as an array rather than a dictionary: a dictionary keyed
    // by `Int` would be the first use of `Int: Hashable` in a process, which
    // scans the binary's conformance records (0.1 ms at start-up).
    var boosts = [Sentiment?](repeating: nil, count: rows.counts.count / Sentiment.count)
    for (row, label) in boosted { boosts[row] = label }
    weightRow = rows.rowOfFeature
    countRows = rows.counts
    (weightRows, logPriors) = Self.derive(
      rows: rows, boosts: boosts, documents: documents, options: options)
  }

  /// The log-space tables: smoothed log likelihoods (or, for complement NB,
  /// negated complement log likelihoods) per distinct row of counts, and log
  /// priors. A row with a label in `boosts` (a lexicon word's) counts
  /// ``NaiveBayesOptions/lexiconWeight`` more in its class; the class totals
  /// are the data's.
  ///
  /// - Complexity: O(*r*) in the number of distinct rows of counts: one
  ///   logarithm per class for each.
  private static func derive(
    rows: CountRows, boosts: [Sentiment?], documents: PerClass<Int>, options: NaiveBayesOptions
  ) -> (rows: [Double], logPriors: PerClass<Double>) {
    let classes = Sentiment.count
    let features = rows.featureCount
    let totals = rows.totals
    let allTotal = totals.sum
    let mass = options.alpha * Double(features)
    let denominators = totals.map { total in
      log((options.complement ? allTotal - total : total) + mass)
    }
    var weights = [Double](repeating: 0, count: rows.counts.count)
    for number in 0..<rows.rowCount {
      var counts = rows.row(number).map(Double.init)
      let data = counts.sum
      // The feature's pseudo-count in each class: α, or its share of the
      // mass α·V by its background probability (from the data's counts, not
      // the lexicon's boost).
      let pseudo: Double
      switch options.smoothing {
      case .additive: pseudo = options.alpha
      case .background: pseudo = mass * (data + options.alpha) / (allTotal + mass)
      }
      if let label = boosts[number] { counts[label] += options.lexiconWeight }
      let all = options.complement ? counts.sum : 0
      let row = counts.zip(denominators) { count, denominator in
        options.complement
          ? denominator - log(all - count + pseudo) : log(count + pseudo) - denominator
      }
      let base = number * classes
      weights[base] = row.negative
      weights[base + 1] = row.neutral
      weights[base + 2] = row.positive
    }
    let documentTotal = Double(documents.sum)
    let logPriors = documents.map { count -> Double in
      switch options.priors {
      case .uniform: return -log(Double(classes))
      case .data: return count > 0 ? log(Double(count) / documentTotal) : -Double.infinity
      }
    }
    return (weights, logPriors)
  }

  /// The log prior plus the weights of the given features, per class.
  func scores(ofFeatureIDs ids: [Int32]) -> PerClass<Double> {
    var scores = logPriors
    for id in ids {
      let base = Int(weightRow[Int(id)]) &* Sentiment.count
      scores.negative += weightRows[base]
      scores.neutral += weightRows[base &+ 1]
      scores.positive += weightRows[base &+ 2]
    }
    return scores
  }

  /// The weight one occurrence of feature `id` adds to `label`'s score.
  public func weight(ofFeature id: Int, for label: Sentiment) -> Double {
    weightRows[Int(weightRow[id]) * Sentiment.count + label.rawValue]
  }

  /// The score every class starts from.
  public func logPrior(of label: Sentiment) -> Double {
    logPriors[label]
  }
}
