import SentimentCore

// Tests write a value per class as a literal in the classes' order,
// `[negative, neutral, positive]`, and read it by a class's index.
extension PerClass: ExpressibleByArrayLiteral {
  public init(arrayLiteral values: Value...) {
    precondition(values.count == Sentiment.count, "one value per class")
    self.init(negative: values[0], neutral: values[1], positive: values[2])
  }

  /// The value of the class whose raw value is `index`.
  package subscript(index: Int) -> Value {
    switch index {
    case 0: negative
    case 1: neutral
    default: positive
    }
  }
}

extension NaiveBayesModel {
  /// Classifies one text with a classifier of its own (O(V) to set up: fine
  /// for a test, not for many texts).
  package func predict(_ text: String) -> Prediction {
    var classifier = Classifier(model: self)
    return classifier.predict(text)
  }
}

// Tests sum, zip and compare a value per class as a sequence in the
// classes' order.
extension PerClass: Sequence {
  public func makeIterator() -> IndexingIterator<[Value]> { array.makeIterator() }
}

extension PerClass {
  /// The values of `array`, indexed by ``Sentiment/rawValue``.
  package init(_ array: [Value]) {
    self.init(negative: array[0], neutral: array[1], positive: array[2])
  }
}

extension Prediction {
  /// A prediction of `label` with `probabilities` indexed by
  /// ``Sentiment/rawValue``.
  package init(label: Sentiment, probabilities: [Double]) {
    self.init(label: label, probabilities: PerClass(probabilities))
  }
}
