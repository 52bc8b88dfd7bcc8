/// Gathers tweets from pages: drops repeated ids, stops at a limit.
package struct TweetCollector: Sendable {
  /// The most tweets kept.
  package let limit: Int
  /// The tweets kept, in order.
  package private(set) var tweets: [Tweet] = []
  private var seen: Set<String> = []

  /// Creates a collector keeping at most `limit` tweets.
  package init(limit: Int) {
    self.limit = limit
  }

  /// Whether the limit is reached.
  package var isFull: Bool { tweets.count >= limit }

  /// Adds tweets not seen before, up to the limit.
  package mutating func add(_ page: [Tweet]) {
    for tweet in page where !isFull && seen.insert(tweet.id).inserted {
      tweets.append(tweet)
    }
  }
}
