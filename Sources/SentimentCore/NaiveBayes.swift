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

  /// Additive (Lidstone) smoothing; 1 is Laplace smoothing.
  public var alpha: Double
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

  /// Creates options; the defaults are the ones chosen by cross-validation
  /// (see the README).
  public init(
    alpha: Double = 0.6, binarized: Bool = true, complement: Bool = false,
    priors: Priors = .uniform, bigrams: Bool = true, minCount: Int = 1
  ) {
    self.minCount = minCount
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
  /// The probability of each class, indexed by `Sentiment.rawValue`; they sum
  /// to 1.
  public var probabilities: [Double]

  /// The probability of the predicted class.
  public var confidence: Double { probabilities[label.rawValue] }
}

/// Counts features per class from labeled texts and builds a
/// ``NaiveBayesModel``.
///
/// ```swift
/// var trainer = NaiveBayesTrainer()
/// trainer.add("I love it", as: .positive)
/// trainer.add("I hate it", as: .negative)
/// let model = trainer.model()
/// model.predict("love").label   // .positive
/// ```
public struct NaiveBayesTrainer {
  /// The tokenizer settings the model will store.
  public let tokenizer: TokenizerSettings
  /// The options the model will store.
  public let options: NaiveBayesOptions
  private let scanner: Tokenizer
  /// The tokens seen; the table keys features by these ids.
  private var tokens = Vocabulary()
  private var table = FeatureTable()
  /// The current text's token ids; kept to reuse its memory.
  private var tokenIDs: [UInt32] = []
  private var documents = [Int](repeating: 0, count: Sentiment.count)
  /// The current document's number, for binarized counts.
  private var document: UInt32 = 0
  /// When recording, every document's feature ids and class, so that the
  /// model can be scored on its training data without tokenizing again.
  private var recorded: RecordedDocuments?

  /// Creates a trainer; `recordDocuments` keeps the feature ids of every
  /// document for ``trainingAccuracy(of:)``.
  public init(
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions(), recordDocuments: Bool = false
  ) {
    self.tokenizer = tokenizer
    self.options = options
    scanner = Tokenizer(settings: tokenizer)
    recorded = recordDocuments ? RecordedDocuments() : nil
  }

  /// The number of documents added so far, per class.
  public var documentCounts: [Int] { documents }

  /// Adds one labeled text.
  ///
  /// Its features are the ones ``Featurizer`` gives: each token, then the
  /// pair of it and the token before (when bigrams are on). Ids are given
  /// in order of first occurrence.
  ///
  /// - Complexity: O(*n*) in the text's length, amortized.
  public mutating func add(_ text: UnsafeBufferPointer<UInt8>, as label: Sentiment) {
    if !isKnownUniquelyReferenced(&table) { table = table.copy() }
    let offset = label.rawValue
    documents[offset] += 1
    if document == .max {
      table.resetSeen()
      document = 0
    }
    document += 1
    let current = options.binarized ? document : 0
    let table = self.table
    var ids = tokenIDs
    tokenIDs = []
    ids.removeAll(keepingCapacity: true)
    scanner.forEachToken(in: text) { ids.append(UInt32(truncatingIfNeeded: tokens.insert($0))) }
    defer { tokenIDs = ids }
    ids.withUnsafeBufferPointer { ids in
      if options.bigrams { table.prefetchPairs(of: ids) }
      for index in ids.indices {
        count(table.feature(ofToken: ids[index]))
        if options.bigrams && index > 0 {
          count(table.insertPair(first: ids[index - 1], second: ids[index]))
        }
      }
    }

    func count(_ feature: Int) {
      if current > 0 && table.markSeen(feature, in: current) { return }
      table.increment(feature, label: offset)
      recorded?.ids.append(Int32(truncatingIfNeeded: feature))
    }
    recorded?.end(label)
  }

  /// Adds one labeled text.
  public mutating func add(_ text: String, as label: Sentiment) {
    var text = text
    text.withUTF8 { add($0, as: label) }
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
    var kept: [UInt32] = []
    for feature in 0..<table.count {
      let total = Sentiment.allCases.reduce(0) { $0 + table.count(ofFeature: feature, label: $1) }
      if total >= options.minCount { kept.append(UInt32(feature)) }
    }
    return TrainedFeatures(table: table, tokens: tokens, kept: kept)
  }

  /// The model for what was added so far.
  public func model(
    metadata: ModelMetadata = ModelMetadata(), provenance: Provenance = Provenance()
  ) -> NaiveBayesModel {
    let features = keptFeatures()
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
      vocabulary: vocabulary, counts: counts, documents: documents)
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
    var scores = [Double](repeating: 0, count: Sentiment.count)
    var ids: [Int32] = []
    for (index, label) in recorded.labels.enumerated() {
      ids.removeAll(keepingCapacity: true)
      // Binarized documents were recorded without repeats, so every id scores once.
      for id in recorded.ids[recorded.ends[index]..<recorded.ends[index + 1]] {
        let mapped = remap[Int(id)]
        if mapped >= 0 { ids.append(mapped) }
      }
      ids.withUnsafeBufferPointer { model.scores(ofFeatureIDs: $0, into: &scores) }
      if Prediction.argmax(scores) == label { correct += 1 }
    }
    return Double(correct) / Double(recorded.labels.count)
  }

  /// What ``ModelFile`` writes for a model of what was added so far: the
  /// same file as encoding ``model(metadata:provenance:)``, without
  /// building the model's lookup tables and weights.
  func contents(metadata: ModelMetadata, provenance: Provenance) -> ModelContents<TrainedFeatures> {
    ModelContents(
      metadata: metadata, provenance: provenance, tokenizer: tokenizer, options: options,
      documents: documents, features: keptFeatures())
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
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try table.withFeature(at: kept.map { Int($0[index]) } ?? index, tokens: tokens, body)
  }
}

/// Feature ids of many documents in one array.
private struct RecordedDocuments {
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
  public var metadata: ModelMetadata
  /// Where the training data came from.
  public var provenance: Provenance
  /// How texts are tokenized.
  public let tokenizer: TokenizerSettings
  /// How the model was trained and scores.
  public let options: NaiveBayesOptions
  /// The features, with ids indexing ``counts``.
  public let vocabulary: Vocabulary
  /// Feature id × class → how often the feature occurred in documents of the
  /// class (documents containing it, when binarized).
  public let counts: [Int]
  /// The number of training documents per class.
  public let documents: [Int]

  let featurizer: Featurizer
  /// Feature id × class → what one occurrence adds to the class's score.
  let weights: [Double]
  /// The score each class starts from: its log prior.
  let logPriors: [Double]

  /// Creates a model from counts; ``ModelFile`` checks them before calling.
  init(
    metadata: ModelMetadata, provenance: Provenance, tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, vocabulary: Vocabulary, counts: [Int], documents: [Int]
  ) {
    self.metadata = metadata
    self.provenance = provenance
    self.tokenizer = tokenizer
    self.options = options
    self.vocabulary = vocabulary
    self.counts = counts
    self.documents = documents
    featurizer = Featurizer(tokenizer: Tokenizer(settings: tokenizer), bigrams: options.bigrams)
    (weights, logPriors) = Self.derive(counts: counts, documents: documents, options: options)
  }

  /// The log-space tables: smoothed log likelihoods (or, for complement NB,
  /// negated complement log likelihoods) and log priors.
  private static func derive(counts: [Int], documents: [Int], options: NaiveBayesOptions) -> (
    [Double], [Double]
  ) {
    let classes = Sentiment.count
    let features = counts.count / classes
    var totals = [Double](repeating: 0, count: classes)
    for index in counts.indices { totals[index % classes] += Double(counts[index]) }
    let allTotal = totals.reduce(0, +)
    let smoothing = options.alpha * Double(features)
    var denominators = [Double](repeating: 0, count: classes)
    for c in 0..<classes {
      let total = options.complement ? allTotal - totals[c] : totals[c]
      denominators[c] = log(total + smoothing)
    }
    var weights = [Double](repeating: 0, count: counts.count)
    for id in 0..<features {
      let base = id * classes
      var all = 0
      if options.complement { for c in 0..<classes { all += counts[base + c] } }
      for c in 0..<classes {
        if options.complement {
          let others = Double(all - counts[base + c])
          weights[base + c] = denominators[c] - log(others + options.alpha)
        } else {
          weights[base + c] = log(Double(counts[base + c]) + options.alpha) - denominators[c]
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

  /// Classifies a text given as UTF-8 bytes.
  ///
  /// Features the model has never seen are ignored.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public func predict(_ text: UnsafeBufferPointer<UInt8>) -> Prediction {
    var classifier = Classifier(model: self)
    return classifier.predict(text)
  }

  /// Classifies a text.
  public func predict(_ text: String) -> Prediction {
    var text = text
    return text.withUTF8 { predict($0) }
  }

  /// Adds the log prior and the weights of the given features per class.
  func scores(ofFeatureIDs ids: UnsafeBufferPointer<Int32>, into scores: inout [Double]) {
    for c in 0..<Sentiment.count { scores[c] = logPriors[c] }
    weights.withUnsafeBufferPointer { weights in
      for id in ids {
        let base = Int(id) &* Sentiment.count
        scores[0] += weights[base]
        scores[1] += weights[base &+ 1]
        scores[2] += weights[base &+ 2]
      }
    }
  }

  /// The weight one occurrence of feature `id` adds to `label`'s score.
  public func weight(ofFeature id: Int, for label: Sentiment) -> Double {
    weights[id * Sentiment.count + label.rawValue]
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
  private var lastSeen: [Int32]
  private var document: Int32 = 0

  /// Creates a classifier for `model`.
  public init(model: NaiveBayesModel) {
    self.model = model
    lastSeen = model.options.binarized ? [Int32](repeating: 0, count: model.vocabulary.count) : []
  }

  /// Classifies a text given as UTF-8 bytes.
  ///
  /// The scores are summed feature by feature in the order of the text, as
  /// ``NaiveBayesModel/scores(ofFeatureIDs:into:)`` does.
  ///
  /// - Complexity: O(*n*) in the text's length; no allocation but the
  ///   prediction's probabilities.
  public mutating func predict(_ text: UnsafeBufferPointer<UInt8>) -> Prediction {
    if document == Int32.max {
      document = 0
      for index in lastSeen.indices { lastSeen[index] = 0 }
    }
    document += 1
    let current = document
    let binarized = model.options.binarized
    let vocabulary = model.vocabulary.view
    let featurizer = model.featurizer
    var scores = (model.logPriors[0], model.logPriors[1], model.logPriors[2])
    model.weights.withUnsafeBufferPointer { weights in
      lastSeen.withUnsafeMutableBufferPointer { lastSeen in
        featurizer.forEachFeature(in: text) { feature in
          guard let id = vocabulary.id(of: feature) else { return }
          if binarized {
            if lastSeen[id] == current { return }
            lastSeen[id] = current
          }
          let base = id &* Sentiment.count
          scores.0 += weights[base]
          scores.1 += weights[base &+ 1]
          scores.2 += weights[base &+ 2]
        }
      }
    }
    return Prediction(scores: scores)
  }

  /// Classifies a text.
  public mutating func predict(_ text: String) -> Prediction {
    var text = text
    return text.withUTF8 { predict($0) }
  }
}

extension Prediction {
  /// The prediction for per-class log scores: softmax turns them into
  /// probabilities.
  init(scores: (Double, Double, Double)) {
    self.init(scores: [scores.0, scores.1, scores.2])
  }

  /// The prediction for per-class log scores: softmax turns them into
  /// probabilities.
  init(scores: [Double]) {
    let label = Self.argmax(scores)
    let top = scores[label.rawValue]
    var probabilities = scores.map { top.isFinite ? exp($0 - top) : ($0 == top ? 1 : 0) }
    let sum = probabilities.reduce(0, +)
    for index in probabilities.indices { probabilities[index] /= sum }
    self.init(label: label, probabilities: probabilities)
  }

  /// The class with the highest score; a tie with neutral goes to neutral,
  /// another tie to the lower index.
  static func argmax(_ scores: [Double]) -> Sentiment {
    var best = 0
    for index in 1..<scores.count where scores[index] > scores[best] { best = index }
    // A tie that includes neutral is no evidence either way: a text of
    // unknown words must not count as negative.
    if scores[Sentiment.neutral.rawValue] == scores[best] { return .neutral }
    return Sentiment(rawValue: best) ?? .neutral
  }
}
