/// The original app's score bands, for 100 tweets: >20 😄, >10 😊, >0 🙂,
/// 0 😐, >-10 😞, >-20 😡, else 😠.
public enum EmojiBand: String, CaseIterable, Sendable {
  case delighted, happy, pleased, neutral, sad, angry, furious

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
