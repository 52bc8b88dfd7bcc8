import Foundation
import Synchronization

/// How well a model trained on one part of a corpus does on the rest: what
/// `tweetalyze eval` reports (a library user gets its
/// ``ClassificationMetrics`` from ``Evaluation/test(_:texts:labels:)`` and
/// ``Evaluation/crossValidate(texts:labels:folds:seed:tokenizer:options:)``).
package struct EvaluationResult: Equatable, Sendable {
  /// The share of the training part that the model classifies correctly.
  package var trainingAccuracy: Double
  /// The model's predictions on the held-out part.
  package var metrics: ClassificationMetrics
  /// The number of training examples.
  package var trainingCount: Int
  /// The model's own probabilities on the held-out part.
  package var raw = ProbabilityMetrics()
  /// The calibrated probabilities on the held-out part (what `classify`
  /// prints).
  package var calibrated = ProbabilityMetrics()
  /// Each held-out text's calibrated probabilities, for quantification.
  package var posteriors: [PerClass<Double>] = []
  /// Each held-out text's labels by each expert alone, for a model with
  /// the lexicon reader (empty otherwise): they widen a set's interval.
  package var votes: [ExpertVotes] = []
  /// Each held-out text's true class.
  package var labels: [Sentiment] = []
  /// What the part's model knows for quantification (`nil`: too little
  /// data to calibrate).
  package var context: QuantificationContext?
}

/// The results of k-fold cross-validation.
package struct CrossValidationResult: Equatable, Sendable {
  /// One result per fold.
  package var folds: [EvaluationResult]

  /// The results of the given folds (or of one split's held-out part).
  package init(folds: [EvaluationResult]) {
    self.folds = folds
  }

  /// The predictions of all folds together: every example once.
  package var pooled: ClassificationMetrics {
    var pooled = ClassificationMetrics()
    for fold in folds {
      for actual in Sentiment.allCases {
        for predicted in Sentiment.allCases {
          for _ in 0..<fold.metrics.confusion[actual][predicted] {
            pooled.add(actual: actual, predicted: predicted)
          }
        }
      }
    }
    return pooled
  }

  /// Mean and spread over the folds of the held-out accuracy.
  package var accuracy: Spread? { Spread(folds.compactMap(\.metrics.accuracy)) }
  /// Mean and spread over the folds of the held-out macro-averaged recall.
  package var macroRecall: Spread? { Spread(folds.compactMap(\.metrics.macroRecall)) }
  /// Mean and spread over the folds of the held-out macro-F1.
  package var macroF1: Spread? { Spread(folds.compactMap(\.metrics.macroF1)) }
  /// The raw probabilities of all folds together.
  package var raw: ProbabilityMetrics { folds.reduce(into: .init()) { $0.merge($1.raw) } }
  /// The calibrated probabilities of all folds together.
  package var calibrated: ProbabilityMetrics {
    folds.reduce(into: .init()) { $0.merge($1.calibrated) }
  }
  /// Mean and spread over the folds of the training accuracy.
  package var trainingAccuracy: Spread? { Spread(folds.map(\.trainingAccuracy)) }
}

/// Why an evaluation cannot run.
package enum EvaluationError: LocalizedError, Equatable {
  /// The split fraction leaves one part empty.
  case emptyPart(fraction: Double, count: Int)
  /// More folds than examples, or fewer than 2.
  case folds(Int, count: Int)

  package var errorDescription: String? {
    switch self {
    case .emptyPart(let fraction, let count):
      "a split of \(fraction) leaves no examples to train on or to test with (\(count) rows); "
        + "use a fraction between 0 and 1 that keeps some of each"
    case .folds(let folds, let count):
      "cannot make \(folds) folds of \(count) rows; use between 2 and \(max(2, count)) folds"
    }
  }
}

/// Held-out evaluation: a seeded stratified split, or stratified k-fold
/// cross-validation. Each part's model is trained from scratch, as `train`
/// would train it.
///
/// ```swift
/// let metrics = try Evaluation.crossValidate(texts: texts, labels: labels, folds: 5)
/// metrics.accuracy      // every text classified once, by a model that did not see it
/// metrics.macroRecall   // SemEval's measure
/// ```
public enum Evaluation {
  /// How `model` classifies `texts`, whose true classes are `labels`: a
  /// test on texts the model did not train on.
  ///
  /// ```swift
  /// let metrics = Evaluation.test(try DefaultModel.load(), texts: ["I love it"], labels: [.positive])
  /// metrics.accuracy   // 1.0
  /// ```
  ///
  /// - Complexity: O(*n*) in the texts' length, plus O(*V*) to set up a
  ///   ``Classifier``.
  public static func test(
    _ model: NaiveBayesModel, texts: [String], labels: [Sentiment]
  ) -> ClassificationMetrics {
    precondition(texts.count == labels.count, "one label per text")
    return test(model, on: LabeledCorpus(texts: texts, labels: labels)).metrics
  }

  /// Stratified k-fold cross-validation of a model trained as `tweetalyze
  /// train` trains it (calibrated on folds inside each training part): the
  /// held-out predictions of all folds together, every text once.
  ///
  /// Throws when `folds` is below 2 or above the number of texts.
  ///
  /// - Complexity: O(*k* × *n*) for *k* folds of *n* texts' length.
  public static func crossValidate(
    texts: [String], labels: [Sentiment], folds: Int = 10, seed: UInt64 = 1,
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions()
  ) throws -> ClassificationMetrics {
    precondition(texts.count == labels.count, "one label per text")
    return try crossValidate(
      LabeledCorpus(texts: texts, labels: labels), folds: folds, seed: seed,
      tokenizer: tokenizer, options: options
    ).pooled
  }

  /// Indices for a stratified split: within each class, a `fraction` share
  /// (rounded) goes to training, chosen by a seeded shuffle.
  public static func stratifiedSplit(
    labels: [Sentiment], fraction: Double, seed: UInt64
  ) -> (train: [Int], test: [Int]) {
    StratifiedFolds.split(labels: labels, fraction: fraction, seed: seed)
  }

  /// The held-out indices of each of `k` stratified folds: each class is
  /// shuffled and dealt round-robin, continuing across classes so that the
  /// folds differ in size by at most one.
  public static func stratifiedFolds(labels: [Sentiment], k: Int, seed: UInt64) -> [[Int]] {
    StratifiedFolds.folds(labels: labels, k: k, seed: seed)
  }

  /// Trains on the examples at `train` and tests on those at `test`.
  package static func evaluate(
    _ corpus: LabeledCorpus, train: [Int], test: [Int], tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon = .builtIn
  ) -> EvaluationResult {
    var part = LabeledCorpus()
    for index in train { part.append(corpus.bytes(at: index), label: corpus.labels[index]) }
    let (model, trainingAccuracy) = self.train(
      part, tokenizer: tokenizer, options: options, lexicon: lexicon)
    var result = self.test(model, on: corpus, rows: test)
    result.trainingAccuracy = trainingAccuracy
    result.trainingCount = train.count
    return result
  }

  /// The model `train` would write for `corpus` (calibrated by
  /// cross-validation inside it), and its accuracy on the corpus itself.
  package static func train(
    _ corpus: LabeledCorpus, tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions(), lexicon: Lexicon = .builtIn
  ) -> (model: NaiveBayesModel, trainingAccuracy: Double) {
    var trainer = NaiveBayesTrainer(
      tokenizer: tokenizer, options: options, lexicon: lexicon, recordDocuments: true)
    for index in corpus.labels.indices {
      trainer.add(corpus.bytes(at: index).span, as: corpus.labels[index])
    }
    var model = trainer.model()
    let trainingAccuracy = trainer.trainingAccuracy(of: model) ?? 0
    model.heldOut = HeldOutFit.fit(
      corpus, tokenizer: tokenizer, options: options, lexicon: lexicon)
    return (model, trainingAccuracy)
  }

  /// Tests a trained model on labeled texts it did not see: the rows at
  /// `rows` of `corpus` (every row when `nil`).
  ///
  /// ```swift
  /// let result = Evaluation.test(try DefaultModel.load(), on: labeledTweets)
  /// result.metrics.macroRecall   // SemEval's measure
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of the texts.
  package static func test(
    _ model: NaiveBayesModel, on corpus: LabeledCorpus, rows: [Int]? = nil
  ) -> EvaluationResult {
    var classifier = Classifier(model: model)
    var result = EvaluationResult(
      trainingAccuracy: 0, metrics: ClassificationMetrics(), trainingCount: 0)
    result.context = QuantificationContext(model: model)
    for index in rows ?? Array(corpus.labels.indices) {
      let text = corpus.bytes(at: index).span
      let scores = classifier.scores(of: text)
      let actual = corpus.labels[index]
      let raw = Prediction(scores: scores).probabilities
      let prediction = model.prediction(scores: scores, reading: classifier.reading(text))
      let calibrated = prediction.probabilities
      result.metrics.add(actual: actual, predicted: prediction.label)
      result.raw.add(raw, actual: actual)
      result.calibrated.add(calibrated, actual: actual)
      result.posteriors.append(calibrated)
      if let experts = prediction.experts { result.votes.append(experts) }
      result.labels.append(actual)
    }
    return result
  }

  /// A seeded stratified split: trains on `fraction` of each class.
  package static func split(
    _ corpus: LabeledCorpus, fraction: Double, seed: UInt64,
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions(), lexicon: Lexicon = .builtIn
  ) throws -> EvaluationResult {
    let (train, test) = stratifiedSplit(labels: corpus.labels, fraction: fraction, seed: seed)
    guard !train.isEmpty, !test.isEmpty else {
      throw EvaluationError.emptyPart(fraction: fraction, count: corpus.count)
    }
    return evaluate(
      corpus, train: train, test: test, tokenizer: tokenizer, options: options, lexicon: lexicon)
  }

  /// Stratified k-fold cross-validation: each fold is held out once.
  /// The folds run `jobs` at a time, with the same result.
  package static func crossValidate(
    _ corpus: LabeledCorpus, folds k: Int, seed: UInt64,
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions(), lexicon: Lexicon = .builtIn, jobs: Int = 1,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) throws -> CrossValidationResult {
    guard k >= 2, k <= corpus.count else { throw EvaluationError.folds(k, count: corpus.count) }
    let folds = stratifiedFolds(labels: corpus.labels, k: k, seed: seed)
    var inFold = [Int](repeating: 0, count: corpus.count)
    for (fold, members) in folds.enumerated() {
      for member in members { inFold[member] = fold }
    }
    let foldOf = inFold
    let done = DoneCounter()
    let results = Parallel.map(folds.count, jobs: jobs) { fold in
      let train = corpus.labels.indices.filter { foldOf[$0] != fold }
      let result = evaluate(
        corpus, train: train, test: folds[fold], tokenizer: tokenizer, options: options,
        lexicon: lexicon)
      progress?(done.increment(), folds.count)
      return result
    }
    return CrossValidationResult(folds: results)
  }
}

/// Counts finished pieces of work from several threads, for progress.
final class DoneCounter: Sendable {
  private let count = Atomic(0)

  /// Adds one; returns the new count.
  func increment() -> Int {
    count.add(1, ordering: .relaxed).newValue
  }
}
