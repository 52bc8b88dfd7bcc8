import Foundation

/// How well a model trained on one part of a corpus does on the rest.
public struct EvaluationResult: Equatable, Sendable {
  /// The share of the training part that the model classifies correctly.
  public var trainingAccuracy: Double
  /// The model's predictions on the held-out part.
  public var metrics: ClassificationMetrics
  /// The number of training examples.
  public var trainingCount: Int
}

/// The results of k-fold cross-validation.
public struct CrossValidationResult: Equatable, Sendable {
  /// One result per fold.
  public var folds: [EvaluationResult]

  /// The predictions of all folds together: every example once.
  public var pooled: ClassificationMetrics {
    var pooled = ClassificationMetrics()
    for fold in folds {
      for actual in Sentiment.allCases {
        for predicted in Sentiment.allCases {
          for _ in 0..<fold.metrics.confusion[actual.rawValue][predicted.rawValue] {
            pooled.add(actual: actual, predicted: predicted)
          }
        }
      }
    }
    return pooled
  }

  /// Mean and spread over the folds of the held-out accuracy.
  public var accuracy: Spread? { Spread(folds.compactMap(\.metrics.accuracy)) }
  /// Mean and spread over the folds of the held-out macro-F1.
  public var macroF1: Spread? { Spread(folds.compactMap(\.metrics.macroF1)) }
  /// Mean and spread over the folds of the training accuracy.
  public var trainingAccuracy: Spread? { Spread(folds.map(\.trainingAccuracy)) }
}

/// Why an evaluation cannot run.
public enum EvaluationError: LocalizedError, Equatable {
  /// The split fraction leaves one part empty.
  case emptyPart(fraction: Double, count: Int)
  /// More folds than examples, or fewer than 2.
  case folds(Int, count: Int)

  public var errorDescription: String? {
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
public enum Evaluation {
  /// Indices for a stratified split: within each class, a `fraction` share
  /// (rounded) goes to training, chosen by a seeded shuffle.
  public static func stratifiedSplit(
    labels: [Sentiment], fraction: Double, seed: UInt64
  ) -> (train: [Int], test: [Int]) {
    var generator = SeededGenerator(seed: seed)
    var train: [Int] = []
    var test: [Int] = []
    for label in Sentiment.allCases {
      var members = labels.indices.filter { labels[$0] == label }
      generator.shuffle(&members)
      let cut = Int((Double(members.count) * fraction).rounded())
      train += members[..<cut]
      test += members[cut...]
    }
    return (train.sorted(), test.sorted())
  }

  /// The held-out indices of each of `k` stratified folds: each class is
  /// shuffled and dealt round-robin, continuing across classes so that the
  /// folds differ in size by at most one.
  public static func stratifiedFolds(labels: [Sentiment], k: Int, seed: UInt64) -> [[Int]] {
    var generator = SeededGenerator(seed: seed)
    var folds = [[Int]](repeating: [], count: k)
    var next = 0
    for label in Sentiment.allCases {
      var members = labels.indices.filter { labels[$0] == label }
      generator.shuffle(&members)
      for member in members {
        folds[next].append(member)
        next = (next + 1) % k
      }
    }
    return folds.map { $0.sorted() }
  }

  /// Trains on the examples at `train` and tests on those at `test`.
  public static func evaluate(
    _ corpus: LabeledCorpus, train: [Int], test: [Int], tokenizer: TokenizerSettings,
    options: NaiveBayesOptions, lexicon: Lexicon = .builtIn
  ) -> EvaluationResult {
    var trainer = NaiveBayesTrainer(
      tokenizer: tokenizer, options: options, lexicon: lexicon, recordDocuments: true)
    for index in train {
      trainer.add(corpus.bytes(at: index).span, as: corpus.labels[index])
    }
    let model = trainer.model()
    var classifier = Classifier(model: model)
    var metrics = ClassificationMetrics()
    for index in test {
      let predicted = classifier.predict(corpus.bytes(at: index).span).label
      metrics.add(actual: corpus.labels[index], predicted: predicted)
    }
    return EvaluationResult(
      trainingAccuracy: trainer.trainingAccuracy(of: model) ?? 0, metrics: metrics,
      trainingCount: train.count)
  }

  /// A seeded stratified split: trains on `fraction` of each class.
  public static func split(
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
  public static func crossValidate(
    _ corpus: LabeledCorpus, folds k: Int, seed: UInt64,
    tokenizer: TokenizerSettings = TokenizerSettings(),
    options: NaiveBayesOptions = NaiveBayesOptions(), lexicon: Lexicon = .builtIn
  ) throws -> CrossValidationResult {
    guard k >= 2, k <= corpus.count else { throw EvaluationError.folds(k, count: corpus.count) }
    let folds = stratifiedFolds(labels: corpus.labels, k: k, seed: seed)
    var inFold = [Int](repeating: 0, count: corpus.count)
    for (fold, members) in folds.enumerated() {
      for member in members { inFold[member] = fold }
    }
    let results = folds.indices.map { fold in
      let train = corpus.labels.indices.filter { inFold[$0] != fold }
      return evaluate(
        corpus, train: train, test: folds[fold], tokenizer: tokenizer, options: options,
        lexicon: lexicon)
    }
    return CrossValidationResult(folds: results)
  }
}
