import SentimentCore

/// How the reports write a number, an interval and a column: one definition
/// each, shared by the analysis, comparison and history reports (which
/// would otherwise use one another for them).
enum ReportNumbers {
  /// `text` padded with spaces to `width` characters (at least one space).
  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  /// `+0.50`, `-1.00`, `0.00`.
  static func signed(_ value: Double, decimals: Int) -> String {
    let text = FixedDecimal.string(value, decimals: decimals)
    return text.hasPrefix("-") || text.allSatisfy({ $0 == "0" || $0 == "." }) ? text : "+" + text
  }

  /// `+5 to +43`: an interval rounded to whole points.
  static func range(_ interval: ClosedRange<Double>) -> String {
    signed(interval.lowerBound, decimals: 0) + " to " + signed(interval.upperBound, decimals: 0)
  }
}
