import Foundation

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

extension ReaderScores {
  /// The reader's own label, by its authors' rule: positive at a compound of
  /// 0.05 or more, negative at −0.05 or less, else neutral.
  package var label: Sentiment {
    compound >= 0.05 ? .positive : compound <= -0.05 ? .negative : .neutral
  }
}
