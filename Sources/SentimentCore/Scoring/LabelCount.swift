/// A count of labels: the summed sentiment of a set of tweets and the emoji
/// for it.
///
/// Each positive tweet adds 1, each negative one subtracts 1, neutral ones add
/// nothing. The original app's thresholds were set for 100 tweets, so the
/// emoji is the band of the score per 100 tweets rounded, as
/// ``ScoreEstimate/score`` prints it (`score × 100 / count`): 7 of 50 tweets
/// is the same mood as 14 of 100.
///
/// ```swift
/// let score = LabelCount(positive: 40, negative: 26, neutral: 34)
/// score.value   // 14
/// score.emoji   // "😊"
/// ```
package struct LabelCount: Equatable, Sendable {
  /// Tweets classified positive.
  package var positive: Int
  /// Tweets classified negative.
  package var negative: Int
  /// Tweets classified neutral.
  package var neutral: Int

  /// Creates a score from class counts.
  package init(positive: Int = 0, negative: Int = 0, neutral: Int = 0) {
    self.positive = positive
    self.negative = negative
    self.neutral = neutral
  }

  /// Creates a score from the labels of the analyzed tweets.
  package init(labels: some Sequence<Sentiment>) {
    self.init()
    for label in labels { add(label) }
  }

  /// Counts one more tweet.
  package mutating func add(_ label: Sentiment) {
    switch label {
    case .positive: positive += 1
    case .negative: negative += 1
    case .neutral: neutral += 1
    }
  }

  /// The number of tweets.
  package var count: Int { positive + negative + neutral }

  /// The summed sentiment: positives minus negatives.
  package var value: Int { positive - negative }

  /// The score scaled to 100 tweets (`nil` for no tweets).
  package var scaled: Double? {
    count == 0 ? nil : Double(value) * 100 / Double(count)
  }

  /// The band of the score per 100 tweets, rounded as the printed score
  /// is, or `nil` for no tweets: ``EmojiBand/init(_:among:)``.
  package var band: EmojiBand? { EmojiBand(Double(value), among: count) }

  /// The emoji for the score, or `nil` for no tweets.
  package var emoji: String? { band?.emoji }
}
