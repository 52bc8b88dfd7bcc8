import SentimentCore

/// `tweetalyze QUERY --csv`: a header, then one row per query, or with
/// `--tweets` one row per tweet. Pure functions, as the text and JSON forms.
extension AnalyzeReport {
  /// The header of the score table: the columns of ``csvRow(query:_:_:)``.
  static let csvHeader = CSVWriter.record([
    "query", "emoji", "band", "score", "estimate", "interval_low", "interval_high", "estimator",
    "scaled_score", "count", "count_score", "negative", "neutral", "positive",
  ])

  /// One query's row: the band and score that the text line prints, the
  /// estimate and its 90 % interval (2 decimals), and the labels counted.
  static func csvRow(query: String, _ score: SentimentScore, _ estimate: ScoreEstimate) -> String {
    let band = estimate.band
    let decimal = { (value: Double) in FixedDecimal.string(value, decimals: 2) }
    return CSVWriter.record([
      query, band?.emoji ?? "", band?.rawValue ?? "", String(estimate.score),
      decimal(estimate.value), decimal(estimate.interval.lowerBound),
      decimal(estimate.interval.upperBound), estimate.method.rawValue, decimal(estimate.scaled),
      String(score.count), String(score.value), String(score.negative), String(score.neutral),
      String(score.positive),
    ])
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
