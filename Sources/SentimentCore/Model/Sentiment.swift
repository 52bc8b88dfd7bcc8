/// The three classes a tweet can be in.
///
/// The raw values are the classes' indexes in every per-class array of the
/// model, in alphabetical order of their names.
public enum Sentiment: Int, CaseIterable, Comparable, Sendable {
  case negative = 0
  case neutral = 1
  case positive = 2

  /// The class's name in files and output: `negative`, `neutral`, `positive`.
  public var name: String { literalName.description }

  /// ``name`` as a literal: its UTF-8 bytes without a `String`, for output
  /// written line by line.
  public var literalName: StaticString {
    switch self {
    case .negative: "negative"
    case .neutral: "neutral"
    case .positive: "positive"
    }
  }

  /// What a tweet of this class adds to a score: -1, 0 or +1.
  public var score: Int { rawValue - 1 }

  /// Reads a label as training files write it, ignoring case and surrounding
  /// spaces: `Pos`/`positive`, `Neg`/`negative`, `Neutral`.
  ///
  /// ```swift
  /// Sentiment(label: " Pos")   // .positive
  /// Sentiment(label: "irrelevant")   // nil
  /// ```
  public init?(label: some StringProtocol) {
    switch label.trimmingSpaces().lowercased() {
    case "pos", "positive": self = .positive
    case "neg", "negative": self = .negative
    case "neutral", "neu": self = .neutral
    default: return nil
    }
  }

  /// The number of classes.
  public static let count = allCases.count

  /// `values` scaled to sum to 1: shares of the classes (uniform when they
  /// sum to 0 or to a number that is not finite).
  ///
  ///     Sentiment.shares([1, 1, 2])  // [0.25, 0.25, 0.5]
  package static func shares(_ values: [Double]) -> [Double] {
    let total = values.reduce(0, +)
    guard total > 0, total.isFinite else {
      return values.map { _ in 1 / Double(values.count) }
    }
    return values.map { $0 / total }
  }

  /// Orders the classes as their raw values: negative, neutral, positive.
  public static func < (left: Sentiment, right: Sentiment) -> Bool {
    left.rawValue < right.rawValue
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
  /// `counts`, an array indexed by ``Sentiment/rawValue``.
  package mutating func perClass(_ counts: [Int]) {
    perClass { json, label in json.integer(counts[label.rawValue]) }
  }

  /// Writes `{"negative":…,"neutral":…,"positive":…}` with the numbers of
  /// `values`, an array indexed by ``Sentiment/rawValue``, each rounded to
  /// `decimals` places as ``JSONWriter/number(_:decimals:)`` writes it.
  package mutating func perClass(_ values: [Double], decimals: Int) {
    perClass { json, label in json.number(values[label.rawValue], decimals: decimals) }
  }
}
