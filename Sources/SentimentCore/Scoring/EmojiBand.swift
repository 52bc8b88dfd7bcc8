/// The original app's score bands, for a score per 100 tweets: >20 😄,
/// >10 😊, >0 🙂, 0 😐, >-10 😞, >-20 😡, else 😠.
///
/// ```swift
/// EmojiBand(scaled: 13).emoji   // "😊"
/// EmojiBand(scaled: -20).emoji  // "😠"
/// ```
public enum EmojiBand: String, CaseIterable, Sendable {
  case delighted, happy, pleased, neutral, sad, angry, furious

  /// The band of a score per 100 tweets: the first band, from 😄 down,
  /// whose bound the score passes (strictly, but for 😐's `= 0`). The one
  /// rule from a number to its emoji: ``ScoreEstimate/band`` gives it the
  /// printed score. A value that is not a number is 😐.
  public init(scaled: Double) {
    guard !scaled.isNaN else {
      self = .neutral
      return
    }
    self =
      Self.allCases.first { band in
        guard let bound = band.lowerBound.map(Double.init) else { return true }
        return band.isInclusive ? scaled >= bound : scaled > bound
      } ?? .furious
  }

  /// The band's emoji.
  public var emoji: String {
    switch self {
    case .delighted: "😄"
    case .happy: "😊"
    case .pleased: "🙂"
    case .neutral: "😐"
    case .sad: "😞"
    case .angry: "😡"
    case .furious: "😠"
    }
  }

  /// The bound the scaled score must pass, `nil` for the last band.
  public var lowerBound: Int? {
    switch self {
    case .delighted: 20
    case .happy: 10
    case .pleased: 0
    case .neutral: 0
    case .sad: -10
    case .angry: -20
    case .furious: nil
    }
  }

  /// Whether the bound itself belongs to the band (only 😐's 0 does).
  public var isInclusive: Bool { self == .neutral }

  /// The band's rule as text: `> 20`, `= 0`, `≤ -20`.
  public var rule: String {
    switch self {
    case .neutral: "= 0"
    case .furious: "≤ -20"
    default: "> \(lowerBound ?? 0)"
    }
  }
}

extension EmojiBand {
  /// The band of `value` (positives minus negatives) among `count` posts:
  /// the band of the printed score (``perHundred(_:count:)``); `nil` for no
  /// posts. The one rule for empty groups, which ``ScoreEstimate/bandIfAny``
  /// and ``LabelCount/band`` follow.
  package init?(_ value: Double, among count: Int) {
    guard count > 0 else { return nil }
    self.init(scaled: Double(Self.perHundred(value, count: count)))
  }

  /// `value` among `count` posts scaled to 100 posts; 0 for no posts.
  package static func scaled(_ value: Double, count: Int) -> Double {
    count > 0 ? value * 100 / Double(count) : 0
  }

  /// `value` among `count` posts per 100 posts, rounded half away from
  /// zero and held within -100...100: the printed score (7 of 50 is 14); 0
  /// for no posts or a value that is not finite.
  package static func perHundred(_ value: Double, count: Int) -> Int {
    let rounded = scaled(value, count: count).rounded()
    return rounded.isFinite ? Int(max(-100, min(100, rounded))) : 0
  }
}
