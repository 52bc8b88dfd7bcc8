/// One `@handle` or `#hashtag` with the number of posts that carry it and
/// their score, by the same estimator as the whole set.
package struct MentionCount: Equatable, Sendable {
  /// Whether it is a user or a hashtag.
  package enum Kind: String, Sendable {
    /// An `@handle`.
    case user
    /// A `#hashtag`.
    case hashtag
  }

  /// A user or a hashtag.
  package var kind: Kind
  /// The lower-cased name, without `@` or `#`.
  package var name: String
  /// The number of posts that carry it (each post counts once).
  package var tweets: Int
  /// The sum of those posts' labels (+1 positive, 0 neutral, -1 negative).
  package var sentimentSum: Int
  /// Those posts' score, by the estimator of the whole set.
  package var estimate: ScoreEstimate

  /// Creates a count.
  package init(
    kind: Kind, name: String, tweets: Int, sentimentSum: Int, estimate: ScoreEstimate
  ) {
    self.kind = kind
    self.name = name
    self.tweets = tweets
    self.sentimentSum = sentimentSum
    self.estimate = estimate
  }

  /// The mean label of the posts that carry it, from -1 to 1.
  package var averageSentiment: Double {
    tweets == 0 ? 0 : Double(sentimentSum) / Double(tweets)
  }

  /// The estimate per 100 posts, unrounded.
  package var scaled: Double { estimate.scaled }

  /// The estimate's 90 % interval per 100 posts.
  package var scaledInterval: ClosedRange<Double> { estimate.scaledInterval }

  /// The name with its sigil: `@apple`, `#wwdc`.
  package var display: String { (kind == .user ? "@" : "#") + name }
}

/// Counts the `@handles` and `#hashtags` of analyzed posts, and scores the
/// most frequent ones.
///
/// ```swift
/// var tally = MentionTally(excluding: .mention("Apple"))
/// var classifier = Classifier(model: model)
/// for text in ["Love @Apple and @tim_cook #iPhone", "@TIM_COOK fix it #iphone"] {
///   tally.add(text, classifier.predict(text))
/// }
/// tally.top(10) { ScoreEstimate(predictions: $0, model: model, method: .count) }.users
/// // [@tim_cook: 2 posts, its estimate]
/// ```
package struct MentionTally: Sendable {
  /// The query's own handle or tag (lower-cased), left out of the counts.
  package let excludedUser: String?
  /// The query's own tag (lower-cased), left out of the counts.
  package let excludedHashtag: String?
  /// Per name: the label sum and the indices of its posts in `predictions`.
  private var users: [String: (sum: Int, posts: [Int])] = [:]
  private var hashtags: [String: (sum: Int, posts: [Int])] = [:]
  /// The prediction of every post added that names someone, in order.
  private var predictions: [Prediction] = []

  /// Creates an empty tally that leaves out the query's own handle or tag.
  package init(excluding query: SearchQuery? = nil) {
    switch query {
    case .mention(let name): (excludedUser, excludedHashtag) = (name.lowercased(), nil)
    case .hashtag(let tag): (excludedUser, excludedHashtag) = (nil, tag.lowercased())
    case .phrase, nil: (excludedUser, excludedHashtag) = (nil, nil)
    }
  }

  /// Counts the mentions of one post with its prediction.
  package mutating func add(_ text: String, _ prediction: Prediction) {
    let label = prediction.label
    let mentions = Mentions.extract(from: text)
    let index = predictions.count
    var kept = false
    for user in mentions.users where user != excludedUser {
      users[user, default: (0, [])].sum += label.score
      users[user, default: (0, [])].posts.append(index)
      kept = true
    }
    for tag in mentions.hashtags where tag != excludedHashtag {
      hashtags[tag, default: (0, [])].sum += label.score
      hashtags[tag, default: (0, [])].posts.append(index)
      kept = true
    }
    // Only posts that name someone are held.
    if kept { predictions.append(prediction) }
  }

  /// The `limit` most frequent users and hashtags that occur in at least two
  /// posts, most posts first, ties in alphabetical order of the name
  /// (by Unicode scalar values), each scored by `estimate` on the
  /// predictions of its posts (one call per name shown).
  package func top(
    _ limit: Int, estimate: ([Prediction]) -> ScoreEstimate
  ) -> (users: [MentionCount], hashtags: [MentionCount]) {
    (
      rank(users, kind: .user, limit: limit, estimate: estimate),
      rank(hashtags, kind: .hashtag, limit: limit, estimate: estimate)
    )
  }

  private func rank(
    _ table: [String: (sum: Int, posts: [Int])], kind: MentionCount.Kind, limit: Int,
    estimate: ([Prediction]) -> ScoreEstimate
  ) -> [MentionCount] {
    let sorted = table.filter { $0.value.posts.count >= 2 }.sorted {
      $0.value.posts.count != $1.value.posts.count
        ? $0.value.posts.count > $1.value.posts.count
        : $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
    }
    return sorted.prefix(max(0, limit)).map { name, entry in
      MentionCount(
        kind: kind, name: name, tweets: entry.posts.count, sentimentSum: entry.sum,
        estimate: estimate(entry.posts.map { predictions[$0] }))
    }
  }
}
