// The classifier's fast path: a text's tokens are looked up in the
// vocabulary (or the pair index) as they are scanned, and each feature's
// weights added once per text when binarized, with a stamp per feature in
// place of a set emptied between texts. It scores what
// `NaiveBayesModel/scores(ofFeatureIDs:into:)` scores plainly from a text's
// feature ids; `NaiveBayesTests` and `PipelineGoldenTests` check that both
// give the same predictions.

extension Classifier {
  /// The log prior plus the weights of the text's features, per class.
  ///
  /// The weights are summed feature by feature in the order of the text, as
  /// ``NaiveBayesModel/scores(ofFeatureIDs:into:)`` does.
  ///
  /// - Complexity: O(*n*) in the text's length; no allocation.
  mutating func scores(of span: Span<UInt8>) -> PerClass<Double> {
    // A copy of this classifier shares the text numbers until it scores.
    if !isKnownUniquelyReferenced(&rows) { rows = FeatureRows(rowOfFeature: model.weightRow) }
    let pairs = model.pairs?.view
    let tokenizer = self.tokenizer
    let stamp = rows.nextText()
    return model.weightRows.withUnsafeBufferPointer { weights in
      var sum = ScoreSum(
        scores: model.logPriors,
        rows: rows.entries, weights: weights, stamp: model.options.binarized ? stamp : 0)
      guard let pairs else {
        let vocabulary = model.vocabulary.view
        tokenizer.forEachPaddedToken(in: span) { token in
          if let id = vocabulary.id(ofPadded: token) { sum.add(id) }
        }
        return sum.scores
      }
      // The features in the featurizer's order: each token, then the pair
      // of the token before and it.
      var previous = -1
      tokenizer.forEachPaddedToken(in: span) { token in
        guard let key = pairs.key(ofPadded: token) else {
          previous = -1
          return
        }
        if key < pairs.featureCount { sum.add(key) }
        if previous >= 0, let pair = pairs.pair(previous, key) { sum.add(pair) }
        previous = key
      }
      return sum.scores
    }
  }
}

/// The per-class sums of a text's weights.
private struct ScoreSum {
  var scores: PerClass<Double>
  /// Feature id → its weight row and, when binarized, the last text that
  /// scored it (``FeatureRows``).
  let rows: UnsafeMutablePointer<UInt64>
  let weights: UnsafeBufferPointer<Double>
  /// The current text's number in the upper 32 bits, or 0 when counts are
  /// not binarized.
  let stamp: UInt64

  /// Adds the weights of feature `id`, once per text when binarized.
  @inline(__always)
  mutating func add(_ id: Int) {
    let entry = rows[id]
    if stamp != 0 {
      if entry & FeatureRows.stampMask == stamp { return }
      rows[id] = stamp | entry & ~FeatureRows.stampMask
    }
    let base = Int(truncatingIfNeeded: entry & ~FeatureRows.stampMask) &* Sentiment.count
    scores.negative += weights[base]
    scores.neutral += weights[base &+ 1]
    scores.positive += weights[base &+ 2]
  }
}

/// Each feature's weight row, and the number of the last text that scored
/// it: one load tells both whether a feature was seen in the current text
/// (binarized counts) and where its weights are, with no set to empty
/// between texts.
final class FeatureRows {
  /// The bits of an entry that hold the text number.
  static let stampMask: UInt64 = 0xFFFF_FFFF_0000_0000
  /// Feature id → its row of weights in the lower 32 bits, the number of
  /// the last text that scored it in the upper.
  let entries: UnsafeMutablePointer<UInt64>
  let count: Int
  /// The number of the current text.
  private(set) var text: UInt64 = 0

  init(rowOfFeature: [UInt32]) {
    count = rowOfFeature.count
    entries = .allocate(capacity: max(count, 1))
    for (id, row) in rowOfFeature.enumerated() { (entries + id).initialize(to: UInt64(row)) }
  }

  deinit {
    entries.deallocate()
  }

  /// Starts a new text; its number, in the bits of `stampMask`.
  func nextText() -> UInt64 {
    if text == UInt64(UInt32.max) {
      for id in 0..<count { entries[id] &= ~Self.stampMask }
      text = 0
    }
    text += 1
    return text << 32
  }
}
