/// How well predictions match labels: accuracy, per-class precision, recall
/// and F1, macro-F1, and the confusion matrix.
///
/// ```swift
/// var metrics = ClassificationMetrics()
/// metrics.add(actual: .positive, predicted: .positive)
/// metrics.add(actual: .negative, predicted: .positive)
/// metrics.accuracy               // 0.5
/// metrics.precision(.positive)   // 0.5
/// metrics.recall(.neutral)       // nil: no neutral examples
/// ```
public struct ClassificationMetrics: Equatable, Sendable {
  /// `confusion[actual][predicted]`: how many examples of class `actual`
  /// were predicted as `predicted`.
  public private(set) var confusion: PerClass<PerClass<Int>> = PerClass { _ in PerClass { _ in 0 } }

  /// Creates empty metrics.
  public init() {}

  /// Counts one prediction.
  public mutating func add(actual: Sentiment, predicted: Sentiment) {
    confusion[actual][predicted] += 1
  }

  /// The number of examples.
  public var total: Int { confusion.map(\.sum).sum }

  /// The number of correct predictions.
  public var correct: Int {
    Sentiment.allCases.reduce(0) { $0 + confusion[$1][$1] }
  }

  /// The share of correct predictions, or `nil` with no examples.
  public var accuracy: Double? {
    total == 0 ? nil : Double(correct) / Double(total)
  }

  /// The examples of `label` (its support).
  public func support(_ label: Sentiment) -> Int {
    confusion[label].sum
  }

  /// Of the examples predicted as `label`, the share that are; `nil` when
  /// none was predicted as `label`.
  public func precision(_ label: Sentiment) -> Double? {
    let predicted = Sentiment.allCases.reduce(0) { $0 + confusion[$1][label] }
    return predicted == 0
      ? nil : Double(confusion[label][label]) / Double(predicted)
  }

  /// Of the examples of `label`, the share predicted as `label`; `nil`
  /// without examples of `label`.
  public func recall(_ label: Sentiment) -> Double? {
    let actual = support(label)
    return actual == 0 ? nil : Double(confusion[label][label]) / Double(actual)
  }

  /// The harmonic mean of precision and recall; 0 when both are 0, `nil`
  /// when either is undefined.
  public func f1(_ label: Sentiment) -> Double? {
    guard let precision = precision(label), let recall = recall(label) else { return nil }
    return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
  }

  /// The mean recall over the classes that have examples: SemEval's
  /// measure for tweet sentiment (Rosenthal et al. 2017), which a
  /// classifier cannot raise by leaning to the largest class.
  public var macroRecall: Double? {
    let present = Sentiment.allCases.filter { support($0) > 0 }
    guard !present.isEmpty else { return nil }
    return present.reduce(0) { $0 + (recall($1) ?? 0) } / Double(present.count)
  }

  /// The mean F1 over the classes that have examples; a class with examples
  /// whose F1 is undefined (never predicted) counts as 0, as in scikit-learn.
  public var macroF1: Double? {
    let present = Sentiment.allCases.filter { support($0) > 0 }
    guard !present.isEmpty else { return nil }
    return present.reduce(0) { $0 + (f1($1) ?? 0) } / Double(present.count)
  }
}

/// The mean and the sample standard deviation of some figures.
package struct Spread: Equatable, Sendable {
  /// The mean.
  package var mean: Double
  /// The sample standard deviation (n − 1); 0 for a single figure.
  package var standardDeviation: Double

  /// The spread of `values`, or `nil` when there are none.
  package init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    let mean = values.reduce(0, +) / Double(values.count)
    self.mean = mean
    guard values.count > 1 else {
      standardDeviation = 0
      return
    }
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    standardDeviation = (squares / Double(values.count - 1)).squareRoot()
  }
}
