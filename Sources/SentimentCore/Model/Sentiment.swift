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

  /// Orders the classes as their raw values: negative, neutral, positive.
  public static func < (left: Sentiment, right: Sentiment) -> Bool {
    left.rawValue < right.rawValue
  }
}
