import Foundation

/// What `tweetalyze QUERY` computes for a set of posts, before any printing:
/// each post's prediction, the labels counted, the estimated score and, when
/// asked, the names mentioned, the trend over time and the words that
/// drive the score. The command only picks a printer (text, JSON, CSV or
/// SVG) for it.
///
/// One estimator scores the whole set, each bucket of the trend and each
/// name mentioned: ``ScoreEstimate`` with `method`, on the predictions of
/// the posts concerned.
///
/// ```swift
/// let analysis = Analysis(tweets, model: model, method: .adjusted, mentions: 10)
/// analysis.estimate.score   // what the score line prints
/// analysis.mentions?.users  // the most mentioned users, each with its estimate
/// ```
package struct Analysis {
  /// The predictions, one per post in order.
  package var predictions: [Prediction]
  /// The posts' labels counted.
  package var labels: LabelCount
  /// The score of the whole set.
  package var estimate: ScoreEstimate
  /// The most mentioned users and hashtags with their estimates, when
  /// asked for.
  package var mentions: (users: [MentionCount], hashtags: [MentionCount])?
  /// The score over time, when asked for.
  package var trend: Trend?
  /// The terms that separate the positive and negative posts most, when
  /// asked for.
  package var drivers: [Driver]?

  /// Classifies `tweets` with `model` and scores them with `method`; with
  /// `mentions`, the that many most mentioned names of each kind, with
  /// `trend` the score over time by `unit` (`nil`: the automatic unit),
  /// with `drivers` the that many terms that drive the score. `excluding`
  /// (the query) is left out of mentions and drivers. `each` sees every
  /// post's prediction as it is made, in order (for output written post by
  /// post); an error it throws ends the analysis.
  ///
  /// - Complexity: O(*n*) in the posts' length, plus the estimates'
  ///   bootstraps: one for the set, one per trend bucket and one per name
  ///   shown.
  package init<Failure: Error>(
    _ tweets: [Tweet], model: NaiveBayesModel, method: QuantificationMethod,
    mentions: Int? = nil, trend: Bool = false, unit: Trend.Unit? = nil, drivers: Int? = nil,
    excluding query: SearchQuery? = nil,
    each: (Tweet, Prediction) throws(Failure) -> Void
  ) throws(Failure) {
    var classifier = Classifier(model: model)
    var labels = LabelCount()
    var predictions: [Prediction] = []
    predictions.reserveCapacity(tweets.count)
    var tally = mentions.map { _ in MentionTally(excluding: query) }
    var driverTally = drivers.map { _ in DriverTally(excluding: query) }
    var dated: [(date: Date?, prediction: Prediction)] = []
    for tweet in tweets {
      let prediction = classifier.predict(tweet.text)
      labels.add(prediction.label)
      predictions.append(prediction)
      tally?.add(tweet.text, prediction)
      driverTally?.add(tweet.text, label: prediction.label)
      if trend { dated.append((tweet.createdAt, prediction)) }
      try each(tweet, prediction)
    }
    let estimator = { (group: [Prediction]) in
      ScoreEstimate(predictions: group, model: model, method: method)
    }
    self.predictions = predictions
    self.labels = labels
    // The set's labels were counted above, post by post.
    estimate = ScoreEstimate(
      predictions: predictions, labels: labels, model: model, method: method)
    self.mentions = mentions.flatMap { count in tally?.top(count, estimate: estimator) }
    self.trend = trend ? Trend(dated, unit: unit, estimate: estimator) : nil
    self.drivers = drivers.flatMap { count in driverTally?.top(count) }
  }

  /// ``init(_:model:method:mentions:trend:unit:drivers:excluding:each:)``
  /// without a look at each post.
  package init(
    _ tweets: [Tweet], model: NaiveBayesModel, method: QuantificationMethod,
    mentions: Int? = nil, trend: Bool = false, unit: Trend.Unit? = nil, drivers: Int? = nil,
    excluding query: SearchQuery? = nil
  ) {
    self.init(
      tweets, model: model, method: method, mentions: mentions, trend: trend, unit: unit,
      drivers: drivers, excluding: query
    ) { (_: Tweet, _: Prediction) throws(Never) in }
  }
}
