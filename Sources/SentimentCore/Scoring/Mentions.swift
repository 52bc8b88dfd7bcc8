/// The `@handles` and `#hashtags` written in tweet texts, and how often and
/// in what mood they occur among analyzed tweets (Smashtag's mention list).
///
/// ```swift
/// Mentions.extract(from: "Thanks @Apple and @apple! #WWDC #wwdc 🎉")
/// // Mentions(users: ["apple"], hashtags: ["wwdc"])
/// ```
package struct Mentions: Equatable, Sendable {
  /// The handles mentioned (lower-cased, without `@`), each once, in order of
  /// first occurrence.
  package var users: [String]
  /// The hashtags carried (lower-cased, without `#`), each once, in order of
  /// first occurrence.
  package var hashtags: [String]

  /// Creates a set of mentions.
  package init(users: [String] = [], hashtags: [String] = []) {
    self.users = users
    self.hashtags = hashtags
  }

  /// The mentions in `text`, case-insensitive and each counted once.
  ///
  /// A handle is `@` followed by 1-15 ASCII letters, digits or `_` (X's
  /// rule), not preceded by one of those characters (so `ada@example.com` is
  /// no mention) and not followed by more of them (`@` and 16 letters is no
  /// handle). A hashtag is `#` followed by Unicode letters, digits,
  /// combining marks or `_`, not only digits (`#1` is no tag), not preceded
  /// by such a character (`C#` is no tag), at most 100 characters.
  ///
  /// - Complexity: O(*n*) in the text's length.
  package static func extract(from text: String) -> Mentions {
    var result = Mentions()
    var seenUsers: Set<String> = []
    var seenTags: Set<String> = []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let previous = index > 0 ? scalars[index - 1] : nil
      if scalar == "@" || scalar == "＠",
        previous.map({ !SearchQuery.isHandleScalar($0) && $0 != "@" }) ?? true
      {
        var end = index + 1
        while end < scalars.count && SearchQuery.isHandleScalar(scalars[end]) { end += 1 }
        let length = end - index - 1
        if length >= 1 && length <= 15 && (end == scalars.count || scalars[end] != "@") {
          let name = lowercased(scalars[(index + 1)..<end])
          if seenUsers.insert(name).inserted { result.users.append(name) }
        }
        index = max(end, index + 1)
        continue
      }
      if scalar == "#" || scalar == "＃",
        previous.map({ !SearchQuery.isHashtagScalar($0) && $0 != "&" }) ?? true
      {
        var end = index + 1
        while end < scalars.count && SearchQuery.isHashtagScalar(scalars[end]) { end += 1 }
        let body = scalars[(index + 1)..<end]
        if !body.isEmpty && body.count <= SearchQuery.maximumHashtagLength
          && !body.allSatisfy({ $0.properties.numericType != nil })
        {
          let tag = lowercased(body)
          if seenTags.insert(tag).inserted { result.hashtags.append(tag) }
        }
        index = max(end, index + 1)
        continue
      }
      index += 1
    }
    return result
  }

  private static func lowercased(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text.lowercased()
  }
}

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

extension SearchQuery {
  /// Whether `tweet` is one the search could have found: it mentions the
  /// `@handle` or carries the `#hashtag` (case-insensitive), or, for a
  /// handle, was written by that user; for a phrase, holds its words.
  ///
  /// ```swift
  /// SearchQuery.mention("Apple").matches(Tweet(id: "1", text: "hi @apple"))  // true
  /// ```
  public func matches(_ tweet: Tweet) -> Bool {
    let found = Mentions.extract(from: tweet.text)
    switch self {
    case .mention(let name):
      // A Bluesky handle is a domain name, which `extract` does not read.
      return found.users.contains(name.lowercased())
        || tweet.author?.lowercased() == name.lowercased()
        || (name.contains(".") && tweet.text.lowercased().contains("@" + name.lowercased()))
    case .hashtag(let tag):
      return found.hashtags.contains(tag.lowercased())
    case .phrase(let words):
      return tweet.text.range(of: words, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
