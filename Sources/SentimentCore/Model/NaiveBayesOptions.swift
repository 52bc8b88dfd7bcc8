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
