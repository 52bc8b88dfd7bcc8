/// One set of posts as `compare` sees it: its name, its labels counted, its
/// score and its words (``WordProfile``), which ``Comparison`` weighs two
/// sets by.
///
/// ```swift
/// let united = ComparedSet(name: "@united", tweets: posts, model: model, method: .count)
/// united.estimate.score  // what the score line prints
/// ```
package struct ComparedSet: Sendable {
  /// The query, or the file's name.
  package var name: String
  /// The posts' labels counted.
  package var labels: LabelCount
  /// The set's score.
  package var estimate: ScoreEstimate
  /// The set's words.
  package var words: WordProfile
  /// Each post's key (``postKey(_:)``) with its label variance, which a
  /// post in both of two sets is counted once by.
  package var posts: [(key: UInt32, labelDoubt: Double)]

  /// Classifies `tweets` with `model` and scores them with `method`, as
  /// `tweetalyze QUERY` does.
  ///
  /// - Complexity: O(*n*) in the posts' length, plus the estimate's
  ///   bootstrap.
  package init(
    name: String, tweets: [Tweet], model: NaiveBayesModel, method: QuantificationMethod
  ) {
    self.init(name: name, tweets: tweets, analysis: Analysis(tweets, model: model, method: method))
  }

  /// The set of `tweets` already analyzed (`analysis` is of these posts, in
  /// order).
  package init(name: String, tweets: [Tweet], analysis: Analysis) {
    self.name = name
    labels = analysis.labels
    estimate = analysis.estimate
    words = WordProfile(texts: tweets.lazy.map(\.text))
    posts = zip(tweets, analysis.predictions).map { tweet, prediction in
      let p = prediction.probabilities
      let doubt = max(
        0, p.positive + p.negative - (p.positive - p.negative) * (p.positive - p.negative))
      return (Self.postKey(tweet), doubt)
    }
  }

  /// What ``Comparison`` needs of the set.
  package var side: Comparison.Side { Comparison.Side(estimate, words: words.sketch) }

  /// The posts' keys, in order.
  package var keys: [UInt32] { posts.map(\.key) }

  /// The summed label variance of this set's posts whose keys are in
  /// `earlier`: the posts it shares with another set.
  package func sharedDoubt(with earlier: Set<UInt32>) -> Double {
    posts.reduce(0.0) { sum, post in earlier.contains(post.key) ? sum + post.labelDoubt : sum }
  }

  /// A post's key: 24 bits of the FNV-1a hash of its id and text. Two runs
  /// that fetch the same post give it the same key; the text is in it
  /// because files without ids number their posts by line, and two files'
  /// line numbers name different posts. Two posts share a key about once
  /// in 1,700 pairs of 100-post runs, and then only that post's label doubt
  /// is misjudged.
  package static func postKey(_ tweet: Tweet) -> UInt32 {
    var bytes = Array(tweet.id.utf8)
    bytes.append(0)
    bytes += tweet.text.utf8
    return UInt32(truncatingIfNeeded: FNV1a.hash(bytes) & 0xff_ffff)
  }
}
