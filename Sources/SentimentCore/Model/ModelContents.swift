import Foundation

/// Who made a model and what it is for, like Create ML's `MLModelMetadata`.
package struct ModelMetadata: Equatable, Sendable {
  /// Who trained the model.
  package var author: String
  /// What the model is for.
  package var description: String
  /// The model's own version, chosen by its author.
  package var version: String
  /// Under which terms the model may be used.
  package var license: String

  /// Creates metadata; the defaults describe a model trained by `tweetalyze
  /// train` without flags.
  package init(
    author: String = "tweetalyze",
    description: String =
      "Multinomial Naive Bayes tweet sentiment classifier (negative, neutral, positive)",
    version: String = "1.0", license: String = ""
  ) {
    self.author = author
    self.description = description
    self.version = version
    self.license = license
  }
}

/// Where a model's training data came from.
package struct Provenance: Equatable, Sendable {
  /// The training file's name, without its directory.
  package var source: String
  /// The SHA-256 of the training file's bytes, in lower-case hex.
  package var sha256: String
  /// Rows used for training, per class.
  package var rows: PerClass<Int>
  /// Rows skipped because their label is not one of the three classes
  /// (`irrelevant` in the Sanders corpus).
  package var skipped: Int
  /// For a merged model (``ModelMerge``), the provenance of each part, in
  /// the order merged; empty for a model trained in one run.
  package var parts: [Provenance]

  /// Creates provenance.
  package init(
    source: String = "", sha256: String = "", rows: PerClass<Int> = PerClass { _ in 0 },
    skipped: Int = 0,
    parts: [Provenance] = []
  ) {
    self.source = source
    self.sha256 = sha256
    self.rows = rows
    self.skipped = skipped
    self.parts = parts
  }
}

/// The features of a model in id order, with a count per class: what a
/// model file lists.
protocol FeatureCounts {
  /// The number of features.
  var count: Int { get }
  /// How many training documents of class `label` had the feature.
  func count(ofFeature id: Int, label: Sentiment) -> Int
  /// Calls `body` with the feature's text.
  func withFeature<Result>(
    at id: Int, _ body: (Span<UInt8>) throws -> Result
  ) rethrows -> Result
}

/// Everything a model file holds, with the features from a model or a
/// trainer.
struct ModelContents<Features: FeatureCounts> {
  var metadata: ModelMetadata
  var provenance: Provenance
  var tokenizer: TokenizerSettings
  var options: NaiveBayesOptions
  var lexicon: Lexicon
  var documents: PerClass<Int>
  var heldOut: HeldOutFit?
  var features: Features
}
