import Foundation

// `predict`'s hot loop, `scores(of:)`, and the `FeatureRows` it scores with are in
// Speed/ClassifierFastPath.swift; `NaiveBayesModel.scores(ofFeatureIDs:into:)` is its plain twin.

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
