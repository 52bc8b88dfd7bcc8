/// One value per class, read and written by ``Sentiment``: a text's class
/// scores, their probabilities, a set's shares of the classes.
///
/// ```swift
/// var scores = PerClass(negative: -20.0, neutral: -24, positive: -21)
/// scores[.positive] += 1
/// scores.positive   // -20
/// ```
public struct PerClass<Value> {
  /// The value of ``Sentiment/negative``.
  public var negative: Value
  /// The value of ``Sentiment/neutral``.
  public var neutral: Value
  /// The value of ``Sentiment/positive``.
  public var positive: Value

  /// Creates the values of the three classes.
  public init(negative: Value, neutral: Value, positive: Value) {
    self.negative = negative
    self.neutral = neutral
    self.positive = positive
  }

  /// The value of `label`.
  public subscript(label: Sentiment) -> Value {
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

  /// Creates the values of the three classes, each `value(label)`, in the
  /// classes' order.
  ///
  /// ```swift
  /// PerClass { $0 == .positive ? 1 : 0 }   // negative 0, neutral 0, positive 1
  /// ```
  public init(_ value: (Sentiment) throws -> Value) rethrows {
    self.init(
      negative: try value(.negative), neutral: try value(.neutral), positive: try value(.positive))
  }

  /// Each class's value transformed by `transform`.
  public func map<T>(_ transform: (Value) throws -> T) rethrows -> PerClass<T> {
    PerClass<T>(
      negative: try transform(negative), neutral: try transform(neutral),
      positive: try transform(positive))
  }

  /// Each class's value of `self` and of `other`, combined by `combine`.
  ///
  /// ```swift
  /// counts.zip(weights) { Double($0) * $1 }
  /// ```
  public func zip<Other, T>(
    _ other: PerClass<Other>, _ combine: (Value, Other) throws -> T
  ) rethrows -> PerClass<T> {
    PerClass<T>(
      negative: try combine(negative, other.negative), neutral: try combine(neutral, other.neutral),
      positive: try combine(positive, other.positive))
  }

  /// The values in the classes' order, as arrays indexed by
  /// ``Sentiment/rawValue`` hold them: for the matrix code of a fit.
  package var array: [Value] { [negative, neutral, positive] }

  /// The values of `values` in the classes' order, as arrays indexed by
  /// ``Sentiment/rawValue`` hold them (a model file's rows); `nil` unless
  /// there is one value per class.
  package init?(exactly values: [Value]) {
    guard values.count == Sentiment.count else { return nil }
    self.init(negative: values[0], neutral: values[1], positive: values[2])
  }
}

extension PerClass: Equatable where Value: Equatable {}
extension PerClass: Hashable where Value: Hashable {}
extension PerClass: Sendable where Value: Sendable {}

extension PerClass where Value: AdditiveArithmetic {
  /// The sum of the three values, taken in the classes' order.
  public var sum: Value { negative + neutral + positive }
}

extension PerClass where Value == Double {
  /// The values scaled to sum to 1: shares of the classes (uniform when
  /// they sum to 0 or to a number that is not finite). The sum is taken in
  /// the classes' order.
  ///
  /// ```swift
  /// PerClass(negative: 1.0, neutral: 1, positive: 2).shares
  /// // negative 0.25, neutral 0.25, positive 0.5
  /// ```
  package var shares: PerClass<Double> {
    let total = 0 + negative + neutral + positive
    guard total > 0, total.isFinite else {
      return PerClass(negative: 1.0 / 3, neutral: 1.0 / 3, positive: 1.0 / 3)
    }
    return PerClass(
      negative: negative / total, neutral: neutral / total, positive: positive / total)
  }
}

extension JSONWriter {
  /// Writes an object with a member per class, named by ``Sentiment/name`` in
  /// the classes' order (which is alphabetical, so the keys stay sorted);
  /// `value` writes each member's value.
  ///
  ///     json.perClass { json, label in json.bool(label == .positive) }
  ///     // {"negative":false,"neutral":false,"positive":true}
  package mutating func perClass<Failure: Error>(
    _ value: (inout JSONWriter, Sentiment) throws(Failure) -> Void
  ) throws(Failure) {
    beginObject()
    for label in Sentiment.allCases {
      key(label.name)
      try value(&self, label)
    }
    endObject()
  }

  /// Writes `{"negative":…,"neutral":…,"positive":…}` with the integers of
  /// `counts`.
  package mutating func perClass(_ counts: PerClass<Int>) {
    perClass { json, label in json.integer(counts[label]) }
  }

  /// Writes `{"negative":…,"neutral":…,"positive":…}` with `values`, each
  /// rounded to `decimals` places as ``JSONWriter/number(_:decimals:)``
  /// writes it.
  package mutating func perClass(_ values: PerClass<Double>, decimals: Int) {
    perClass { json, label in json.number(values[label], decimals: decimals) }
  }
}
