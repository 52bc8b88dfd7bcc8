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

  /// Classifies `tweets` with `model` and scores them with `method`, as
  /// `tweetalyze QUERY` does.
  ///
  /// - Complexity: O(*n*) in the posts' length, plus the estimate's
  ///   bootstrap.
  package init(
    name: String, tweets: [Tweet], model: NaiveBayesModel, method: QuantificationMethod
  ) {
    self.name = name
    let analysis = Analysis(tweets, model: model, method: method)
    labels = analysis.labels
    estimate = analysis.estimate
    words = WordProfile(texts: tweets.lazy.map(\.text))
  }
}
