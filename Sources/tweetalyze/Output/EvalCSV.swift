import SentimentCore

/// `eval --csv`: the per-class table and the confusion matrix as one table,
/// a row per actual class.
extension EvalReport {
  /// The header: the class, its precision, recall, F1 and support (pooled
  /// over folds, as the text prints them), then how many of its rows were
  /// predicted as each class.
  static let csvHeader = CSVWriter.record(
    ["class", "precision", "recall", "f1", "support"]
      + Sentiment.allCases.map { "predicted_\($0.name)" })

  /// The header and a row per class; a measure that is undefined (no row
  /// predicted as the class, say) is an empty field.
  func csv() -> String {
    let decimal = { (value: Double?) in value.map { FixedDecimal.string($0, decimals: 4) } ?? "" }
    var text = Self.csvHeader
    for label in Sentiment.allCases {
      text += CSVWriter.record(
        [
          label.name, decimal(metrics.precision(label)), decimal(metrics.recall(label)),
          decimal(metrics.f1(label)), String(metrics.support(label)),
        ]
          + Sentiment.allCases.map { String(metrics.confusion[label][$0]) })
    }
    return text
  }
}
