import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze QUERY`: fetch, classify, score, print `EMOJI SCORE`.
  func analyze(_ options: AnalyzeOptions) async throws {
    let source = try tweetSource(options)
    let model = try loadModel(options.model)
    let tweets = try await source.tweets(for: options.query, count: options.count)
    guard !tweets.isEmpty else {
      throw RuntimeError(
        "no tweets found for \(options.query); there is no score without tweets")
    }
    var classifier = Classifier(model: model)
    var score = SentimentScore()
    for tweet in tweets { score.add(classifier.predict(tweet.text).label) }
    // A score exists whenever there are tweets.
    guard let band = score.band, let scaled = score.scaled else { return }
    if options.json {
      var json = JSONWriter()
      json.beginObject()
      json.key("band")
      json.string(band.rawValue)
      json.key("count")
      json.integer(score.count)
      json.key("emoji")
      json.string(band.emoji)
      json.key("negative")
      json.integer(score.negative)
      json.key("neutral")
      json.integer(score.neutral)
      json.key("positive")
      json.integer(score.positive)
      json.key("query")
      json.string(options.query.description)
      json.key("scaled_score")
      json.number(scaled, decimals: 2)
      json.key("score")
      json.integer(score.value)
      json.endObject()
      try stdout.write(json.bytes + [0x0A])
    } else {
      try stdout.write("\(band.emoji) \(score.value)\n")
    }
  }

  private func tweetSource(_ options: AnalyzeOptions) throws -> TweetSource {
    if let fixtures = options.fixtures {
      return FixtureTweetSource(location: URL(fileURLWithPath: fixtures))
    }
    throw RuntimeError(
      "fetching from the X API is not available in this version yet; "
        + "use --fixtures PATH to analyze recorded responses (e.g. --fixtures Fixtures/tweets)")
  }
}
