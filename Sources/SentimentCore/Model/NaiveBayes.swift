import Foundation

/// How a Naive Bayes model is trained and scores a text.
public struct NaiveBayesOptions: Equatable, Sendable {
  /// Where the class priors come from.
  public enum Priors: String, CaseIterable, Sendable {
    /// The share of each class in the training data.
    case data
    /// The same prior for every class, so that a class that is rare in the
    /// training data is not penalized when it is common in use.
    case uniform
  }

  /// How a class's probability of a feature is smoothed: what a feature
  /// seen rarely (or never) in a class is assumed to weigh in it.
  public enum Smoothing: String, CaseIterable, Sendable {
    /// Additive (Lidstone) smoothing: `count + α` for every feature, so a
    /// feature's share of the smoothing mass is the same in every class.
    /// Every class gets the same mass `α·V` however much text it has, so
    /// the small classes' probabilities of common words are cut more than
    /// the large class's, and every common word leans towards the largest
    /// class (neutral, in tweets): longer tweets look more neutral.
    case additive
    /// Dirichlet smoothing towards the feature's share of all the training
    /// text (its *background* probability; Zhai & Lafferty 2001): `count +
    /// α·V × background`, the same mass `α·V` as additive smoothing, spread
    /// by how common each feature is. A feature as common in each class as
    /// in all the text carries no evidence, whatever the classes' sizes, so
    /// a tweet's length no longer decides how neutral it looks.
    case background
  }

  /// The smoothing's strength: `α` per feature (`α·V` per class for `V`
  /// features); 1 is Laplace smoothing in the additive form.
  public var alpha: Double
  /// The largest ``alpha`` that `train --alpha` takes and a model file may
  /// hold.
  package static let largestAlpha = 1000.0
  /// How the smoothing mass is spread over the features.
  public var smoothing: Smoothing
  /// Counts each feature at most once per tweet (binarized multinomial NB).
  public var binarized: Bool
  /// Complement Naive Bayes (Rennie et al. 2003): each class is scored by how
  /// unlike the other classes' text a tweet is.
  public var complement: Bool
  /// The class priors.
  public var priors: Priors
  /// Also counts pairs of neighbouring tokens.
  public var bigrams: Bool
  /// Features seen fewer times than this in all the training data are left
  /// out of the model: one-off typos and names are noise, and dropping them
  /// keeps the model small.
  public var minCount: Int
  /// The pseudo-count β that a ``Lexicon`` word adds to its class's count
  /// when the word's weights are derived (the class totals stay the
  /// data's); 0 leaves the lexicon out.
  public var lexiconWeight: Double
  /// Whether the lexicon reader (``LexiconReader``) is a second expert
  /// beside Naive Bayes: its reading of each text is weighed into the
  /// calibrated probabilities, with weights fitted on held-out data.
  public var reader: Bool

  /// Creates options; the defaults are the ones chosen by cross-validation
  /// (see the README).
  public init(
    alpha: Double = 0.6, binarized: Bool = true, complement: Bool = false,
    priors: Priors = .uniform, bigrams: Bool = true, minCount: Int = 1,
    lexiconWeight: Double = 1000, smoothing: Smoothing = .additive, reader: Bool = true
  ) {
    self.reader = reader
    self.smoothing = smoothing
    self.minCount = minCount
    self.lexiconWeight = lexiconWeight
    self.alpha = alpha
    self.binarized = binarized
    self.complement = complement
    self.priors = priors
    self.bigrams = bigrams
  }
}

/// A class and a probability per class.
public struct Prediction: Equatable, Sendable {
  /// The most probable class. A tie with neutral is neutral (a text of
  /// unknown words is no evidence); other ties go to the lower index.
  public var label: Sentiment
  /// The probability of each class; they sum to 1.
  public var probabilities: PerClass<Double>

  /// How each expert reads the text on its own, for a model with the
  /// lexicon reader; `nil` otherwise. Where the experts disagree about a
  /// set, its score's interval widens (``ScoreEstimate``).
  package var experts: ExpertVotes? = nil

  /// The probability of the predicted class.
  public var confidence: Double { probabilities[label] }

  /// Creates a prediction.
  package init(
    label: Sentiment, probabilities: PerClass<Double>, experts: ExpertVotes? = nil
  ) {
    self.label = label
    self.probabilities = probabilities
    self.experts = experts
  }
}

extension ReaderScores {
  /// The reader's own label, by its authors' rule: positive at a compound of
  /// 0.05 or more, negative at −0.05 or less, else neutral.
  package var label: Sentiment {
    compound >= 0.05 ? .positive : compound <= -0.05 ? .negative : .neutral
  }
}

/// The labels the two experts of a model give a text on their own: Naive
/// Bayes (the class with the highest score, at equal class priors) and the
/// lexicon reader (by its authors' rule, ``ReaderScores/label``).
package struct ExpertVotes: Equatable, Sendable {
  /// Naive Bayes's label.
  package var naiveBayes: Sentiment
  /// The lexicon reader's label.
  package var reader: Sentiment

  /// Creates the votes.
  package init(naiveBayes: Sentiment, reader: Sentiment) {
    self.naiveBayes = naiveBayes
    self.reader = reader
  }
}

/// Counts features per class from labeled texts and builds a
/// ``NaiveBayesModel``.
///
/// ```swift
/// var trainer = NaiveBayesTrainer()
/// trainer.add("I love it", as: .positive)
/// trainer.add("I hate it", as: .negative)
/// let model = trainer.model()
/// var classifier = Classifier(model: model)
/// classifier.predict("love").label   // .positive
/// ```
public struct NaiveBayesTrainer {
  /// The tokenizer settings the model will store.
  public let tokenizer: TokenizerSettings
  /// The options the model will store.
  public let options: NaiveBayesOptions
  /// The lexicon the model will store, as tokens; empty when
  /// ``NaiveBayesOptions/lexiconWeight`` is 0. Its words are the first
  /// features, whether the data has them or not.
  public let lexicon: Lexicon
  /// The number of lexicon entries left out because the tokenizer does not
  /// write them as they are (``Lexicon/usable(by:)``).
  public let lexiconSkipped: Int
  let scanner: Tokenizer
  /// The tokens seen; the table keys features by these ids.
  var tokens = Vocabulary()
  var table = FeatureTable()
  /// The most tokens read before they are counted: 512 bytes of ids and
  /// 1 KiB of pair hashes, which the trainer's fast path keeps on the stack
  /// (TrainerFastPath.swift).
  static let chunkSize = 128
  var documents = [Int](repeating: 0, count: Sentiment.count)
  /// The current document's number, for binarized counts.
  var document: UInt32 = 0
  /// When recording, every document's feature ids and class, so that the
  /// model can be scored on its training data without tokenizing again.
  var recorded: RecordedDocuments?

  /// Creates a trainer; `recordDocuments` keeps the feature ids of every
  /// document for ``trainingAccuracy(of:)``.
  public init(
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions(), lexicon: Lexicon = .builtIn,
    recordDocuments: Bool = false
  ) {
    self.tokenizer = tokenizer
    self.options = options
    scanner = Tokenizer(settings: tokenizer)
    recorded = recordDocuments ? RecordedDocuments() : nil
    if options.lexiconWeight > 0 {
      (self.lexicon, lexiconSkipped) = lexicon.usable(by: scanner)
    } else {
      (self.lexicon, lexiconSkipped) = (Lexicon(), 0)
    }
    for entry in self.lexicon.entries {
      let token = tokens.insert(entry.word)
      _ = table.feature(ofToken: UInt32(truncatingIfNeeded: token))
    }
  }

  /// The number of documents added so far, per class.
  public var documentCounts: [Int] { documents }

  /// Adds one labeled text.
  ///
  /// Its features are the ones ``Featurizer`` gives: each token, then the
  /// pair of it and the token before (when bigrams are on). Ids are given
  /// in order of first occurrence. The counting is the fast path of
  /// `TrainerFastPath.swift`; `ReferenceCounts` counts the same plainly.
  ///
  /// - Complexity: O(*n*) in the text's length, amortized.
  public mutating func add(_ text: Span<UInt8>, as label: Sentiment) {
    add(span: text, as: label)
  }

  /// Adds one labeled text.
  public mutating func add(_ text: String, as label: Sentiment) {
    var text = text
    text.withUTF8 { add(span: $0.span, as: label) }
  }

  /// The number of features the model will have: those seen at least
  /// `minCount` times.
  public var featureCount: Int { keptFeatures().count }

  /// The features that reach `minCount`, in id order (all of them when
  /// `minCount` is 1).
  func keptFeatures() -> TrainedFeatures {
    guard options.minCount > 1 else {
      return TrainedFeatures(table: table, tokens: tokens, kept: nil)
    }
    // The lexicon's words, the first features, stay whatever their counts.
    var kept = (0..<lexicon.entries.count).map(UInt32.init)
    for feature in lexicon.entries.count..<table.count {
      let total = Sentiment.allCases.reduce(0) { $0 + table.count(ofFeature: feature, label: $1) }
      if total >= options.minCount { kept.append(UInt32(feature)) }
    }
    return TrainedFeatures(table: table, tokens: tokens, kept: kept)
  }

  /// The model for what was added so far, uncalibrated: its probabilities
  /// are Naive Bayes's own (`tweetalyze train` also fits a calibration on
  /// held-out folds).
  ///
  /// - Complexity: O(*V*) in the number of features.
  public func model() -> NaiveBayesModel {
    model(metadata: ModelMetadata(), provenance: Provenance())
  }

  /// The model for what was added so far, with who made it and from what.
  package func model(
    metadata: ModelMetadata = ModelMetadata(), provenance: Provenance
  ) -> NaiveBayesModel {
    contents(metadata: metadata, provenance: provenance, heldOut: nil).model()
  }

  /// The share of the recorded documents that `model` classifies as labeled,
  /// or `nil` when documents were not recorded or none were added.
  public func trainingAccuracy(of model: NaiveBayesModel) -> Double? {
    guard let recorded, recorded.labels.count > 0 else { return nil }
    // The model's ids differ from ours when rare features were dropped.
    let remap = (0..<table.count).map { id in
      table.withFeature(at: id, tokens: tokens) {
        model.vocabulary.id(of: $0).map(Int32.init) ?? -1
      }
    }
    var correct = 0
    var ids: [Int32] = []
    for (index, label) in recorded.labels.enumerated() {
      ids.removeAll(keepingCapacity: true)
      // Binarized documents were recorded without repeats, so every id scores once.
      for id in recorded.ids[recorded.ends[index]..<recorded.ends[index + 1]] {
        let mapped = remap[Int(id)]
        if mapped >= 0 { ids.append(mapped) }
      }
      if Prediction.argmax(model.scores(ofFeatureIDs: ids)) == label { correct += 1 }
    }
    return Double(correct) / Double(recorded.labels.count)
  }

  /// What ``ModelFile`` writes for a model of what was added so far: the
  /// same file as encoding ``model(metadata:provenance:)``, without
  /// building the model's lookup tables and weights.
  func contents(
    metadata: ModelMetadata, provenance: Provenance, heldOut: HeldOutFit?
  ) -> ModelContents<TrainedFeatures> {
    ModelContents(
      metadata: metadata, provenance: provenance, tokenizer: tokenizer, options: options,
      lexicon: lexicon, documents: documents, heldOut: heldOut, features: keptFeatures())
  }
}

extension ModelContents where Features == TrainedFeatures {
  /// The model of a trainer's counts (one thread's or several's), with its
  /// vocabulary and weights built.
  ///
  /// - Complexity: O(*V*) in the number of features.
  func model() -> NaiveBayesModel {
    var vocabulary = Vocabulary(capacity: features.count)
    var counts: [Int] = []
    counts.reserveCapacity(features.count * Sentiment.count)
    for index in 0..<features.count {
      features.withFeature(at: index) { _ = vocabulary.insert($0) }
      for label in Sentiment.allCases {
        counts.append(features.count(ofFeature: index, label: label))
      }
    }
    return NaiveBayesModel(
      metadata: metadata, provenance: provenance, tokenizer: tokenizer, options: options,
      lexicon: lexicon, vocabulary: vocabulary, counts: counts, documents: documents)
  }
}

/// A trainer's features that reach the minimum count, renumbered densely in
/// id order.
struct TrainedFeatures: FeatureCounts {
  let table: FeatureTable
  let tokens: Vocabulary
  /// The table's ids of the kept features; `nil` when all are kept.
  let kept: [UInt32]?

  var count: Int { kept?.count ?? table.count }

  func count(ofFeature index: Int, label: Sentiment) -> Int {
    table.count(ofFeature: kept.map { Int($0[index]) } ?? index, label: label)
  }

  func withFeature<Result>(
    at index: Int, _ body: (Span<UInt8>) throws -> Result
  ) rethrows -> Result {
    try table.withFeature(at: kept.map { Int($0[index]) } ?? index, tokens: tokens, body)
  }
}

/// Feature ids of many documents in one array.
struct RecordedDocuments {
  var ids: [Int32] = []
  var ends: [Int] = [0]
  var labels: [Sentiment] = []

  mutating func end(_ label: Sentiment) {
    ends.append(ids.count)
    labels.append(label)
  }
}

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
  public let documents: [Int]
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
  let logPriors: [Double]

  /// Creates a model from counts, feature id × class.
  init(
    metadata: ModelMetadata, provenance: Provenance, tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon = Lexicon(), vocabulary: Vocabulary,
    counts: [Int], documents: [Int]
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
    documents: [Int], pairs: PairSource = .vocabulary
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
    rows: CountRows, boosts: [Sentiment?], documents: [Int], options: NaiveBayesOptions
  ) -> (rows: [Double], logPriors: [Double]) {
    let classes = Sentiment.count
    let features = rows.featureCount
    let totals = rows.totals
    let allTotal = totals.reduce(0, +)
    let mass = options.alpha * Double(features)
    var denominators = [Double](repeating: 0, count: classes)
    for c in 0..<classes {
      let total = options.complement ? allTotal - totals[c] : totals[c]
      denominators[c] = log(total + mass)
    }
    var weights = [Double](repeating: 0, count: rows.counts.count)
    var counts = [Double](repeating: 0, count: classes)
    for base in stride(from: 0, to: rows.counts.count, by: classes) {
      var data = 0.0
      for c in 0..<classes {
        counts[c] = Double(rows.counts[base + c])
        data += counts[c]
      }
      // The feature's pseudo-count in each class: α, or its share of the
      // mass α·V by its background probability (from the data's counts, not
      // the lexicon's boost).
      let pseudo: Double
      switch options.smoothing {
      case .additive: pseudo = options.alpha
      case .background: pseudo = mass * (data + options.alpha) / (allTotal + mass)
      }
      if let label = boosts[base / classes] { counts[label.rawValue] += options.lexiconWeight }
      var all = 0.0
      if options.complement { for c in 0..<classes { all += counts[c] } }
      for c in 0..<classes {
        if options.complement {
          weights[base + c] = denominators[c] - log(all - counts[c] + pseudo)
        } else {
          weights[base + c] = log(counts[c] + pseudo) - denominators[c]
        }
      }
    }
    let documentTotal = Double(documents.reduce(0, +))
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
    var scores = PerClass(negative: logPriors[0], neutral: logPriors[1], positive: logPriors[2])
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
    logPriors[label.rawValue]
  }
}

/// Classifies many texts with one model, reusing its scratch space.
///
/// ```swift
/// var classifier = Classifier(model: model)
/// for line in lines { print(classifier.predict(line).label) }
/// ```
public struct Classifier {
  /// The model used.
  public let model: NaiveBayesModel
  /// Tokenizes as the model was trained.
  let tokenizer: Tokenizer
  /// Each feature's weights, and whether the current text has scored it.
  var rows: FeatureRows

  /// Creates a classifier for `model`.
  ///
  /// - Complexity: O(*n*) in the number of features.
  public init(model: NaiveBayesModel) {
    self.model = model
    tokenizer = Tokenizer(settings: model.tokenizer)
    rows = FeatureRows(rowOfFeature: model.weightRow)
  }

  /// Classifies a text given as UTF-8 bytes.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public mutating func predict(_ text: Span<UInt8>) -> Prediction {
    // Each part first: `model.prediction(scores: scores(of:), …)` copied
    // the whole model (a retain per array) for every text.
    let scores = scores(of: text)
    let reading = reading(text)
    return model.prediction(scores: scores, reading: reading)
  }

  /// The lexicon reader's reading of a text, for a model that uses it;
  /// ``ReaderScores/none`` for one that does not.
  ///
  /// - Complexity: O(*n*) in the text's length.
  package func reading(_ text: Span<UInt8>) -> ReaderScores {
    model.usesReader ? FastLexiconReader.shared.read(text) : .none
  }

  /// Classifies a text given as UTF-8 bytes, and gives the probability of
  /// the class found: ``predict(_:)-(Span<UInt8>)`` for callers that print
  /// only these two.
  ///
  /// - Complexity: O(*n*) in the text's length.
  package mutating func classify(
    _ text: Span<UInt8>
  ) -> (label: Sentiment, confidence: Double) {
    let scores = scores(of: text)
    let reading = reading(text)
    let prediction = model.prediction(scores: scores, reading: reading)
    return (prediction.label, prediction.confidence)
  }

  /// Classifies a text given as UTF-8 bytes, and gives the lexicon
  /// reader's reading of it, read once (also for a model that does not
  /// weigh it): `classify --json` and `--csv` print its compound, as VADER
  /// does.
  ///
  /// - Complexity: O(*n*) in the text's length.
  package mutating func predictAndRead(
    _ text: Span<UInt8>
  ) -> (prediction: Prediction, reading: ReaderScores) {
    let reading = FastLexiconReader.shared.read(text)
    let prediction = model.prediction(
      scores: scores(of: text), reading: model.usesReader ? reading : .none)
    return (prediction, reading)
  }

  /// Classifies a text.
  public mutating func predict(_ text: String) -> Prediction {
    var text = text
    return text.withUTF8 { predict($0.span) }
  }
}

extension Prediction {
  /// The prediction for per-class log scores: softmax turns them into
  /// probabilities.
  init(scores: PerClass<Double>) {
    self.init(
      label: Self.argmax(scores), probabilities: Calibration.identity.probabilities(scores))
  }

  /// The class with the highest score; a tie with neutral goes to neutral
  /// (a text of unknown words must not count as negative), another tie to
  /// the lower index. The one argmax of the package.
  static func argmax(_ scores: PerClass<Double>) -> Sentiment {
    var best = Sentiment.negative
    if scores.neutral > scores[best] { best = .neutral }
    if scores.positive > scores[best] { best = .positive }
    return scores.neutral == scores[best] ? .neutral : best
  }
}
