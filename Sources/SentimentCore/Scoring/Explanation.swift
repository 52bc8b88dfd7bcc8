import Foundation

/// Why a Naive Bayes model classifies a text as it does: the features it
/// sees, the evidence (log likelihood) each adds to each class, the priors,
/// and the resulting probabilities.
///
/// A class's score is its log prior plus, for each known feature, the
/// feature's weight for the class times how often it counts (once when the
/// model is binarized); the probabilities are the calibrated softmax of the
/// scores plus the lexicon reader's part, so the explanation predicts exactly
/// what ``Classifier/predict(_:)-(String)`` predicts.
///
/// ```swift
/// let explanation = Explanation(text: "love it", model: model)
/// explanation.features[0].feature   // "love", the strongest evidence
/// explanation.prediction.label      // .positive
/// ```
package struct Explanation: Equatable, Sendable {
  /// One known feature and its evidence.
  package struct Feature: Equatable, Sendable {
    /// The feature as the model stores it: a token, or two tokens joined by a
    /// space.
    package var feature: String
    /// How many times it counts: 1 for a binarized model, else the number of
    /// occurrences in the text.
    package var count: Int
    /// The log-likelihood weight of one occurrence per class.
    package var weights: PerClass<Double>

    /// The largest minus the smallest weight: how strongly the feature tells
    /// the classes apart.
    package var spread: Double {
      max(weights.negative, weights.neutral, weights.positive)
        - min(weights.negative, weights.neutral, weights.positive)
    }

    /// The class it favours most (ties go to the lower index).
    package var leans: Sentiment {
      var best = Sentiment.negative
      for label in [Sentiment.neutral, .positive] where weights[label] > weights[best] {
        best = label
      }
      return best
    }
  }

  /// The text explained.
  package var text: String
  /// The log prior of each class.
  package var logPriors: PerClass<Double>
  /// The known features, strongest evidence (largest spread) first; ties in
  /// order of first occurrence.
  package var features: [Feature]
  /// The features the model never saw, each once, in order of occurrence:
  /// they do not change the scores.
  package var ignored: [String]
  /// Each class's score: log prior plus the weighted evidence.
  package var scores: PerClass<Double>
  /// The label and probabilities the scores give, calibrated when the
  /// model is.
  package var prediction: Prediction
  /// How the scores became probabilities; `nil` for a model without a
  /// calibration, whose probabilities are the scores' softmax.
  package var calibration: Calibration?
  /// The lexicon reader's reading of the text; `nil` for a model that does
  /// not use the reader.
  package var reading: ReaderScores?
  /// What the reading adds to each class's calibrated logit: the reader's
  /// part of the decision (zeros without a reader).
  package var readerPart: PerClass<Double>
  /// Naive Bayes's part of each class's calibrated logit: the score, less
  /// the highest, over the temperature, plus the class's bias (the scores
  /// themselves without a calibration). The probabilities are the softmax
  /// of this part plus ``readerPart``.
  package var naiveBayesPart: PerClass<Double>

  /// Explains how `model` classifies `text`.
  package init(text: String, model: NaiveBayesModel) {
    self.text = text
    let featurizer = Featurizer(
      tokenizer: Tokenizer(settings: model.tokenizer), bigrams: model.options.bigrams)
    var order: [String] = []
    var counts: [String: Int] = [:]
    var ignored: [String] = []
    var ignoredSet: Set<String> = []
    for feature in featurizer.features(in: text) {
      if model.vocabulary.id(of: feature) == nil {
        if ignoredSet.insert(feature).inserted { ignored.append(feature) }
        continue
      }
      if counts[feature] == nil { order.append(feature) }
      counts[feature, default: 0] += 1
    }
    let binarized = model.options.binarized
    var features: [Feature] = []
    for feature in order {
      guard let id = model.vocabulary.id(of: feature) else { continue }
      features.append(
        Feature(
          feature: feature, count: binarized ? 1 : counts[feature] ?? 1,
          weights: PerClass(
            negative: model.weight(ofFeature: id, for: .negative),
            neutral: model.weight(ofFeature: id, for: .neutral),
            positive: model.weight(ofFeature: id, for: .positive))))
    }
    logPriors = model.logPriors
    var scores = logPriors
    for feature in features {
      for label in Sentiment.allCases {
        scores[label] += Double(feature.count) * feature.weights[label]
      }
    }
    self.scores = scores
    calibration = model.calibration
    let reading = model.usesReader ? FastLexiconReader.shared.read(text) : nil
    self.reading = reading
    readerPart = (model.calibration ?? .identity).readerLogits(reading ?? .none)
    naiveBayesPart = model.calibration?.naiveBayesLogits(scores) ?? scores
    prediction = model.prediction(scores: scores, reading: reading ?? .none)
    // A stable sort: strongest first, ties in order of occurrence.
    self.features = features.enumerated().sorted {
      $0.element.spread != $1.element.spread
        ? $0.element.spread > $1.element.spread : $0.offset < $1.offset
    }.map(\.element)
    self.ignored = ignored
  }
}
