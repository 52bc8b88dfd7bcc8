/// One value per class, read and written by ``Sentiment``: a text's class
/// scores, their probabilities.
///
/// ```swift
/// var scores = PerClass(negative: -20.0, neutral: -24, positive: -21)
/// scores[.positive] += 1
/// Prediction.argmax(scores)   // .positive
/// ```
package struct PerClass<Value> {
  /// The value of ``Sentiment/negative``.
  package var negative: Value
  /// The value of ``Sentiment/neutral``.
  package var neutral: Value
  /// The value of ``Sentiment/positive``.
  package var positive: Value

  /// Creates the values of the three classes.
  package init(negative: Value, neutral: Value, positive: Value) {
    self.negative = negative
    self.neutral = neutral
    self.positive = positive
  }

  /// The value of `label`.
  package subscript(label: Sentiment) -> Value {
    get {
      switch label {
      case .negative: negative
      case .neutral: neutral
      case .positive: positive
      }
    }
    set {
      switch label {
      case .negative: negative = newValue
      case .neutral: neutral = newValue
      case .positive: positive = newValue
      }
    }
  }

  /// The values in the classes' order, as arrays indexed by
  /// ``Sentiment/rawValue`` hold them.
  package var array: [Value] { [negative, neutral, positive] }
}

extension PerClass: Equatable where Value: Equatable {}
extension PerClass: Sendable where Value: Sendable {}
