import SentimentCore

/// `tweetalyze QUERY --csv`: a header, then one row per query, or with
/// `--tweets` one row per tweet, with `--trend` one per hour, day or week, with
/// `--mentions` one per name. Pure functions, as the text and JSON forms.
extension AnalyzeReport {
  /// The header of the score table: the columns of ``csvRow(query:_:_:)``.
  static let csvHeader = CSVWriter.record([
    "query", "emoji", "band", "score", "estimate", "interval_low", "interval_high", "estimator",
    "scaled_score", "count", "count_score", "negative", "neutral", "positive", "scaled_estimate",
    "scaled_low", "scaled_high",
  ])

  /// One query's row: the band and score (per 100 posts, rounded) that the
  /// text line prints, the estimate and its 90 % interval unscaled (2
  /// decimals), the score again as `scaled_score` (the column of earlier
  /// versions), the labels counted, and last the estimate and its interval
  /// per 100 posts (new columns go at the end, so that earlier columns keep
  /// their places).
  static func csvRow(query: String, _ score: LabelCount, _ estimate: ScoreEstimate) -> String {
    let band = estimate.bandIfAny
    let decimal = { (value: Double) in FixedDecimal.string(value, decimals: 2) }
    let scaled = estimate.scaledInterval
    return CSVWriter.record([
      query, band?.emoji ?? "", band?.rawValue ?? "", String(estimate.score),
      decimal(estimate.value), decimal(estimate.interval.lowerBound),
      decimal(estimate.interval.upperBound), estimate.method.rawValue,
      decimal(Double(estimate.score)), String(score.count), String(score.value),
      String(score.negative), String(score.neutral), String(score.positive),
      decimal(estimate.scaled), decimal(scaled.lowerBound), decimal(scaled.upperBound),
    ])
  }

  /// The columns of a group's estimate in the trend and mentions tables.
  static let groupColumns = [
    "emoji", "band", "score", "estimate", "interval_low", "interval_high", "scaled_score",
    "scaled_estimate", "scaled_low", "scaled_high", "estimator",
  ]

  /// A group's estimate as the ``groupColumns`` (2 decimals): as the score
  /// table's columns, the score per 100 posts rounded, the estimate and
  /// its 90 % interval unscaled, the score again (`scaled_score`), then the
  /// estimate and its interval per 100 posts (unrounded).
  static func groupFields(_ estimate: ScoreEstimate) -> [String] {
    let decimal = { (value: Double) in FixedDecimal.string(value, decimals: 2) }
    let scaled = estimate.scaledInterval
    return [
      estimate.bandIfAny?.emoji ?? "", estimate.bandIfAny?.rawValue ?? "", String(estimate.score),
      decimal(estimate.value), decimal(estimate.interval.lowerBound),
      decimal(estimate.interval.upperBound), decimal(Double(estimate.score)),
      decimal(estimate.scaled), decimal(scaled.lowerBound), decimal(scaled.upperBound),
      estimate.method.rawValue,
    ]
  }

  /// The header of the trend table (`--trend --csv`): a row per day or
  /// hour; the verdict, the slope (per day, with its 90 % interval) and the
  /// change from the first bucket to the last (with the 90 % interval of
  /// the true change, as `compare` judges) repeat on every row, empty
  /// without a slope.
  static let trendCSVHeader = CSVWriter.record(
    ["query", "unit", "start", "count"] + groupColumns + [
      "used", "count_score", "negative", "neutral", "positive", "verdict", "slope",
      "slope_low", "slope_high", "change", "change_low", "change_high",
    ])

  /// One query's trend rows.
  static func trendCSVRows(query: String, _ trend: Trend) -> String {
    let slope = trend.slope.map { slope in
      [slope.perDay, slope.interval.lowerBound, slope.interval.upperBound].map {
        FixedDecimal.string($0, decimals: 4)
      }
    }
    let change = trend.change.map { change in
      [change.difference, change.interval.lowerBound, change.interval.upperBound].map {
        FixedDecimal.string($0, decimals: 2)
      }
    }
    return trend.buckets.map { bucket in
      CSVWriter.record(
        [query, trend.unit.rawValue, ISO8601.string(bucket.start), String(bucket.count)]
          + groupFields(bucket.estimate)
          + [
            trend.slope != nil ? "true" : "false", String(bucket.score.value),
            String(bucket.score.negative), String(bucket.score.neutral),
            String(bucket.score.positive), trend.verdict.rawValue,
          ] + (slope ?? ["", "", ""]) + (change ?? ["", "", ""]))
    }.joined()
  }

  /// The header of the `--why` table (`--why --csv`): a row per term,
  /// strongest first.
  static let driversCSVHeader = CSVWriter.record(
    [
      "query", "term", "z", "log_odds", "posts", "positive", "negative", "part", "example",
      "clear",
    ])

  /// One query's `--why` rows.
  static func driversCSVRows(query: String, _ drivers: [Driver]) -> String {
    drivers.map { driver in
      CSVWriter.record(
        [
          query, driver.term, FixedDecimal.string(driver.z, decimals: 4),
          FixedDecimal.string(driver.logOdds, decimals: 4), String(driver.posts),
          String(driver.positive), String(driver.negative), String(driver.part),
          example(driver.example), driver.isClear ? "true" : "false",
        ])
    }.joined()
  }

  /// The header of the mentions table (`--mentions --csv`): a row per
  /// name, users then hashtags, as the text lists them.
  static let mentionsCSVHeader = CSVWriter.record(
    ["query", "kind", "name", "count"] + groupColumns + ["average_sentiment"])

  /// One query's mention rows.
  static func mentionsCSVRows(
    query: String, _ top: (users: [MentionCount], hashtags: [MentionCount])
  ) -> String {
    (top.users + top.hashtags).map { mention in
      CSVWriter.record(
        [query, mention.kind.rawValue, mention.name, String(mention.tweets)]
          + groupFields(mention.estimate)
          + [FixedDecimal.string(mention.averageSentiment, decimals: 4)])
    }.joined()
  }

  /// The header of the tweet table (`--tweets --csv`).
  static let tweetCSVHeader = CSVWriter.record([
    "query", "id", "created_at", "label", "probability", "text",
  ])

  /// One tweet's row: as the `--tweets` line, with the query first and the
  /// text whole (line breaks kept, quoted; see ``CSVWriter/text(_:)``).
  static func tweetCSVRow(query: String, _ tweet: Tweet, _ prediction: Prediction) -> String {
    CSVWriter.record([
      query, CSVWriter.text(tweet.id), tweet.createdAt.map(ISO8601.string) ?? "",
      prediction.label.name, FixedDecimal.string(prediction.confidence, decimals: 4),
      CSVWriter.text(tweet.text),
    ])
  }
}
