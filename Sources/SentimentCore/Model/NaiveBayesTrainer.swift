import Foundation

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
  /// The number of documents added so far, per class.
  var documents = PerClass(negative: 0, neutral: 0, positive: 0)
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
  public var documentCounts: PerClass<Int> { documents }

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
