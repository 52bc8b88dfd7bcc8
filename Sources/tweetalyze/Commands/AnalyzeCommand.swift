import Foundation
import SentimentCore

extension Context {
  /// `tweetalyze QUERY`: fetch, classify, score, print `EMOJI SCORE`.
  nonisolated(nonsending) func analyze(_ options: AnalyzeOptions) async throws {
    let (source, display) = try tweetSource(options)
    let model = try loadModel(options.model)
    let tweets: [Tweet]
    do {
      defer { display.stop() }
      tweets = try await source.tweets(for: options.query, count: options.count)
    }
    guard !tweets.isEmpty else {
      throw RuntimeError(
        "no tweets found for \(options.query); there is no score without tweets")
    }
    var classifier = Classifier(model: model)
    var score = SentimentScore()
    var posteriors: [[Double]] = []
    var tally = options.mentions.map { _ in MentionTally(excluding: options.query) }
    var dated: [(date: Date?, label: Sentiment)] = []
    for tweet in tweets {
      let prediction = classifier.predict(tweet.text)
      score.add(prediction.label)
      posteriors.append(prediction.probabilities)
      tally?.add(tweet.text, label: prediction.label)
      if options.trend { dated.append((tweet.createdAt, prediction.label)) }
      if options.tweets {
        if options.json {
          try stdout.write(AnalyzeReport.tweetJSON(tweet, prediction))
        } else {
          try stdout.append { AnalyzeReport.tweetLine(tweet, prediction, into: &$0) }
        }
      }
    }
    // An uncalibrated model's probabilities are fit for counting only.
    let context = QuantificationContext(model: model)
    let estimate = ScoreEstimate(
      posteriors: posteriors, method: context == nil ? .count : options.estimator,
      context: context ?? QuantificationContext(trainingPrevalence: [1, 1, 1], rates: []))
    // A score exists whenever there are tweets.
    guard let band = estimate.band else { return }
    let top = options.mentions.flatMap { count in tally?.top(count) }
    let trend = options.trend ? Trend(dated) : nil
    if options.json {
      var json = JSONWriter()
      json.beginObject()
      json.key("band")
      json.string(band.rawValue)
      json.key("count")
      json.integer(score.count)
      json.key("count_score")
      json.integer(score.value)
      if options.details {
        json.key("details")
        AnalyzeReport.detailsJSON(score, estimate, into: &json)
      }
      json.key("emoji")
      json.string(band.emoji)
      json.key("estimate")
      json.number(estimate.value, decimals: 2)
      json.key("estimator")
      json.string(estimate.method.rawValue)
      json.key("interval")
      json.beginArray()
      json.number(estimate.interval.lowerBound, decimals: 2)
      json.number(estimate.interval.upperBound, decimals: 2)
      json.endArray()
      if let top {
        json.key("mentions")
        AnalyzeReport.mentionsJSON(top, into: &json)
      }
      json.key("negative")
      json.integer(score.negative)
      json.key("neutral")
      json.integer(score.neutral)
      json.key("positive")
      json.integer(score.positive)
      json.key("query")
      json.string(options.query.description)
      json.key("scaled_score")
      json.number(estimate.scaled, decimals: 2)
      json.key("score")
      json.integer(estimate.score)
      if let trend {
        json.key("trend")
        AnalyzeReport.trendJSON(trend, into: &json)
      }
      json.endObject()
      try stdout.write(json.bytes + [0x0A])
      return
    }
    let style = Style(output: stdout, environment: environment)
    let value = style.paint("\(estimate.score)", Style.colour(ofValue: Double(estimate.score)))
    try stdout.write("\(band.emoji) \(value)\n")
    if options.details {
      try stdout.write(
        "\n"
          + AnalyzeReport.detailsText(
            score, estimate, calibrated: context != nil, style: style))
    }
    if let top { try stdout.write("\n" + AnalyzeReport.mentionsText(top, style: style)) }
    if let trend { try stdout.write("\n" + AnalyzeReport.trendText(trend, style: style)) }
  }

  /// The source the options ask for, and its display of progress and
  /// warnings (to stop when fetching ends).
  private func tweetSource(_ options: AnalyzeOptions) throws -> (TweetSource, FetchDisplay) {
    // Progress and warnings go straight to stderr while fetching; anything
    // buffered goes first.
    try stderr.flush()
    let display = FetchDisplay(
      query: options.query.description, isTerminal: stderr.isTerminal, quiet: options.quiet)
    if let fixtures = options.fixtures {
      // A replay warns about the API's partial errors as the live run did;
      // it reports no progress, so no spinner starts.
      var source = FixtureTweetSource(path: fixtures)
      source.warning = { display.warn($0) }
      return (source, display)
    }
    var variables: [String: String] = [:]
    for name in BearerToken.variables { variables[name] = environment[name] }
    let token = try BearerToken.load(environment: variables, file: options.tokenFile)
    let base = environment["TWEETALYZE_API_BASE"].flatMap { $0.isEmpty ? nil : $0 }
    var configuration = HTTPTweetSource.Configuration(
      token: token, userAgent: "tweetalyze/\(Tweetalyze.version)",
      baseURL: base ?? HTTPTweetSource.Configuration.defaultBaseURL)
    configuration.allowInsecureHTTP = environment["TWEETALYZE_ALLOW_HTTP"] == "1"
    do {
      // Checked before anything is sent: a usage error, with the reason.
      _ = try HTTPTweetSource(configuration).searchURL(
        for: options.query, maxResults: 10, nextToken: nil)
    } catch let error as HTTPSourceError {
      if case .insecureBaseURL = error {
        throw UsageError(message: error.localizedDescription, command: .analyze)
      }
    }
    configuration.language = options.language
    configuration.includeRetweets = options.includeRetweets
    configuration.timeout = options.timeout
    configuration.waitForRateLimit = options.wait
    configuration.recordDirectory = options.record.map { URL(fileURLWithPath: $0) }
    configuration.progress = { display.show($0) }
    configuration.warning = { display.warn($0) }
    return (HTTPTweetSource(configuration), display)
  }
}
